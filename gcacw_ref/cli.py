"""`gcacw-ref`: the command-line front end. With no arguments it launches the TUI.

Every command exits 0 on success and 2 on a user's mistake, with one line on stderr.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Sequence
from typing import Any

from gcacw_ref import __version__
from gcacw_ref.errors import InputError, one_line
from gcacw_ref.i18n import N_, _

# argparse writes its own words (the usage prefix, section titles, its help option, its
# errors) in English; these are the same words through the catalog, so `--help` and a
# usage error speak the chosen language.
ARGPARSE_ERRORS = (
    (
        r"the following arguments are required: (?P<args>.*)",
        N_("the following arguments are required: {args}"),
    ),
    (r"unrecognized arguments: (?P<args>.*)", N_("unrecognized arguments: {args}")),
    (
        r"argument (?P<arg>[^:]+): invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
        N_("argument {arg}: invalid choice: {value} (choose from {choices})"),
    ),
    (
        r"argument (?P<arg>[^:]+): expected one argument",
        N_("argument {arg}: expected one argument"),
    ),
    (
        r"argument (?P<arg>[^:]+): invalid (?P<type>\w+) value: (?P<value>.*)",
        N_("argument {arg}: invalid {type} value: {value}"),
    ),
    (
        r"argument (?P<arg>[^:]+): not allowed with argument (?P<other>.*)",
        N_("argument {arg}: not allowed with argument {other}"),
    ),
    (
        r"ambiguous option: (?P<arg>\S+) could match (?P<choices>.*)",
        N_("ambiguous option: {arg} could match {choices}"),
    ),
)


def translate_argparse_error(message: str) -> str:
    """One of argparse's error messages in the interface language (as it is when unknown)."""
    for pattern, msgid in ARGPARSE_ERRORS:
        found = re.fullmatch(pattern, message)
        if found:
            return _(msgid).format(**found.groupdict())
    return message


class _Formatter(argparse.HelpFormatter):
    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse with its own words in the interface language and one-line errors."""

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs["add_help"] = False  # ours below, in the interface language
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", help=_("show this help and exit"))

    def format_help(self) -> str:
        """The help, its section titles closed the language's way (「オプション：」)."""
        text = super().format_help()
        for group in self._action_groups:
            if group.title:
                text = text.replace(
                    f"{group.title}:\n", _("{title}:").format(title=group.title) + "\n"
                )
        return text

    def error(self, message: str) -> None:  # type: ignore[override]
        text = one_line(translate_argparse_error(message))
        self.exit(2, _("gcacw-ref: {message} (see --help)").format(message=text) + "\n")


def build_parser() -> argparse.ArgumentParser:
    # lazy: each subcommand loads its layer only when run; --help stays fast
    from gcacw_ref.commands import bench, calc, game, text

    parser = _Parser(prog="gcacw-ref", description=_("GCACW rules assistant"))
    parser.add_argument(
        "--version",
        action="version",
        version=f"gcacw-ref {__version__}",
        help=_("show the version and exit"),
    )
    parser.add_argument(
        "--lang",
        choices=["ja", "en"],
        help=_("language of the interface (else $GCACW_REF_LANG, else the locale)"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in (text, calc, game, bench):
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        # lazy: each subcommand loads its layer only when run; --help stays fast
        from gcacw_ref import i18n

        lang_option, args_list = i18n.split_lang_option(args_list)
        if not args_list:  # the TUI: the language saved there comes after --lang and the env
            # lazy: each subcommand loads its layer only when run; --help stays fast
            from gcacw_ref.settings import load_settings

            # lazy: each subcommand loads its layer only when run; --help stays fast
            from gcacw_ref.tui import run_app

            settings, problem = load_settings()
            i18n.set_language(i18n.choose_language(lang_option, saved=settings.language))
            return run_app(settings_problem=problem)
        i18n.set_language(i18n.choose_language(lang_option))
        parser = build_parser()
        try:
            args = parser.parse_args(args_list)
        except SystemExit as exc:  # --help, --version, or a usage error (already printed)
            return int(exc.code or 0)
        if not getattr(args, "func", None):
            raise InputError(_("choose a command (see --help)"))
        return int(args.func(args) or 0)
    except InputError as exc:
        print(_("gcacw-ref: {exc}").format(exc=one_line(str(exc))), file=sys.stderr)
        return 2
    except RecursionError:  # a last guard: every reader refuses deep nesting itself
        print("gcacw-ref: " + _input_too_deep(), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as exc:  # a bug: say so in one line unless debugging
        if os.environ.get("GCACW_REF_DEBUG"):
            raise

        print(
            _("gcacw-ref: internal error: {name}: {exc}").format(
                name=type(exc).__name__, exc=one_line(str(exc))[:300]
            ),
            file=sys.stderr,
        )
        return 1


def _input_too_deep() -> str:
    return _("the input is nested too deeply")


if __name__ == "__main__":
    raise SystemExit(main())
