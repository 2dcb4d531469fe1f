"""`gcacw-ref board check|show|move|attack|retreat|command FILE ...`: a player's own board
put to the rules engine (docs/contract.md, "Board")."""

from __future__ import annotations

import argparse

from gcacw_ref.i18n import _


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "board",
        help=_("put your own board to the rules engine: check it, show it, ask about it"),
        description=_(
            "A board is a scenario file with short defaults plus where the game stands. "
            "Each question derives a calculator's input from the board and runs it."
        ),
    )
    q = p.add_subparsers(dest="question", metavar="QUESTION", required=True)
    c = q.add_parser("check", help=_("validate a board file (exit 2 naming the hex or unit)"))
    c.add_argument("file", metavar="FILE", help=_("the board file (TOML or JSON)"))
    c.set_defaults(func=cmd_check)


def cmd_check(args: argparse.Namespace) -> int:
    # lazy: the engine loads only when a board command runs; --help stays fast
    from gcacw_ref.board import load

    sit = load(args.file)
    print(
        _("{file}: a valid board ({units} units, {leaders} leaders, turn {turn})").format(
            file=sit.where,
            units=len(sit.state.units),
            leaders=len(sit.state.leaders),
            turn=sit.state.turn,
        )
    )
    return 0
