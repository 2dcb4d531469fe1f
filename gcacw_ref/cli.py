"""`gcacw-ref`: the command-line front end. With no arguments it launches the TUI.

Every command exits 0 on success and 2 on a user's mistake, with one line on stderr.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any

from gcacw_ref import __version__
from gcacw_ref.argv import arguments
from gcacw_ref.commands import COMMANDS, Parser, command_help
from gcacw_ref.errors import InputError, one_line
from gcacw_ref.i18n import _, shown_error
from gcacw_ref.rules.games import DEFAULT_GAME, GAMES
from gcacw_ref.terminal import GuardedOutput, OutputError, discard_pending_output

# The module that registers each command (`gcacw_ref.commands.<module>`). A run parses
# with its own command's module alone, so `search` never imports the calculators or the
# game engine; `--help`, `--version`, no command or an unknown one import none of them.
COMMAND_MODULES: dict[str, str] = {name: module for name, (module, _help) in COMMANDS.items()}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or (given a known command) the parser of that command alone."""
    parser = Parser(prog="gcacw-ref", description=_("GCACW rules assistant"))
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
    parser.add_argument(
        "--game",
        choices=list(GAMES),
        help=_(
            "your game, for the calculators and game-specific notes of this command "
            "(else the saved setting, else {default}); allowed before or after the command"
        ).format(default=DEFAULT_GAME),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    only = COMMAND_MODULES.get(command or "")
    if only is None:  # help, version or a usage error: each command's name and help alone
        for name in COMMANDS:
            sub.add_parser(name, help=command_help(name), add_help=False)
    else:
        _registrar(only)(sub)
    return parser


def command_word(args: list[str]) -> str | None:
    """The command a command line names: its first word that is not an option."""
    return next((a for a in args if not a.startswith("-")), None)


def _registrar(module: str) -> Callable[[Any], None]:
    """`register` of one module of `gcacw_ref.commands`, imported now (lazily: each
    subcommand loads its layer only when run, and --help stays fast)."""
    if module == "text":
        from gcacw_ref.commands import text  # lazy: see above

        return text.register
    if module == "calc":
        from gcacw_ref.commands import calc  # lazy: see above

        return calc.register
    if module == "game":
        from gcacw_ref.commands import game  # lazy: see above

        return game.register
    if module == "bench":
        from gcacw_ref.commands import bench  # lazy: see above

        return bench.register
    if module == "board":
        from gcacw_ref.commands import board  # lazy: see above

        return board.register
    from gcacw_ref.commands import serve  # lazy: see above

    return serve.register


def main(argv: Sequence[str] | None = None) -> int:
    args_list = arguments(list(sys.argv[1:] if argv is None else argv))
    saved = sys.stdout, sys.stderr
    if sys.stderr is None:  # closed (2>&-): errors go nowhere, never to standard output
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    reconfigure = getattr(sys.stderr, "reconfigure", None)  # a text file's, not every stream's
    with contextlib.suppress(AttributeError, ValueError):  # a line in any encoding
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    try:
        return _main(args_list, whole_process=argv is None)
    finally:
        if sys.stderr is not saved[1]:
            sys.stderr.close()
        sys.stdout, sys.stderr = saved


def _main(args_list: list[str], whole_process: bool = False) -> int:
    real_stdout = sys.stdout
    try:
        # lazy: each subcommand loads its layer only when run; --help stays fast
        from gcacw_ref import i18n

        # lazy: each subcommand loads its layer only when run; --help stays fast
        from gcacw_ref.settings import load_settings, split_game_option

        lang_option, args_list = i18n.split_lang_option(args_list)
        i18n.set_language(i18n.choose_language(lang_option))  # before any message
        game_option, args_list = split_game_option(args_list)
        if not args_list:  # the TUI: the language saved there comes after --lang and the env
            # lazy: each subcommand loads its layer only when run; --help stays fast
            from gcacw_ref.tui import run_app

            settings, problem = load_settings()
            i18n.set_language(i18n.choose_language(lang_option, saved=settings.language))
            return run_app(settings_problem=problem, game=game_option)
        sys.stdout = GuardedOutput(real_stdout)
        parser = build_parser(command_word(args_list))
        try:
            args = parser.parse_args(args_list)
        except SystemExit as exc:  # --help, --version, or a usage error (already printed)
            sys.stdout.flush()
            return int(exc.code or 0)
        if not getattr(args, "func", None):
            raise InputError(_("choose a command (see --help)"))
        args.player_game = game_option
        args.whole_process = whole_process  # the process is this one command (its own argv)
        args.lang_option = lang_option  # `serve` hands it on to its app processes
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a full disk or a closed pipe is found here, not at exit
        return code
    except InputError as exc:
        if isinstance(exc, OutputError):
            discard_pending_output(real_stdout)
        print(_("gcacw-ref: {exc}").format(exc=one_line(shown_error(exc))), file=sys.stderr)
        return 2
    except RecursionError:  # a last guard: every reader refuses deep nesting itself
        print("gcacw-ref: " + _input_too_deep(), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        discard_pending_output(real_stdout)
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
