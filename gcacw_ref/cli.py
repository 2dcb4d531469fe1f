"""`gcacw-ref`: the command-line front end. With no arguments it launches the TUI.

Every command exits 0 on success and 2 on a user's mistake, with one line on stderr.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from gcacw_ref import __version__
from gcacw_ref.errors import InputError, one_line
from gcacw_ref.i18n import _


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]

        self.exit(2, f"gcacw-ref: {one_line(message)} (see --help)\n")


def build_parser() -> argparse.ArgumentParser:
    # lazy: each subcommand loads its layer only when run; --help stays fast
    from gcacw_ref.commands import bench, calc, game, serve, text

    parser = _Parser(prog="gcacw-ref", description=_("GCACW rules assistant"))
    parser.add_argument("--version", action="version", version=f"gcacw-ref {__version__}")
    parser.add_argument(
        "--lang",
        choices=["ja", "en"],
        help=_("language of the interface (else $GCACW_REF_LANG, else the locale)"),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in (text, calc, game, bench, serve):
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
        args.lang_option = lang_option  # `serve` hands it on to its app processes
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
