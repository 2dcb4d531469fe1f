"""`gcacw-ref board check|show|move|attack|retreat|command FILE ...`: a player's own board
put to the rules engine (docs/contract.md, "Board"). Each question's `--json` is the
calculator's `--json` for the input derived from the board, plus `input` and `board`."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gcacw_ref.commands import command_help
from gcacw_ref.errors import InputError, one_line
from gcacw_ref.i18n import _
from gcacw_ref.paths import atomic_write_text

if TYPE_CHECKING:
    from gcacw_ref.board.answer import Answer, Marks
    from gcacw_ref.board.load import Situation


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "board",
        help=command_help("board"),
        description=_(
            "A board is a scenario file with short defaults plus where the game stands. "
            "Each question derives a calculator's input from the board and runs it."
        ),
    )
    q = p.add_subparsers(dest="question", metavar="QUESTION", required=True)
    c = q.add_parser("check", help=_("validate a board file (exit 2 naming the hex or unit)"))
    _file(c)
    c.set_defaults(func=cmd_check)

    s = q.add_parser("show", help=_("the board as text, JSON or an SVG picture"))
    _file(s)
    _common(s)
    s.set_defaults(func=cmd_show)

    m = q.add_parser("move", help=_("where a unit can go this march, with costs and paths"))
    _file(m)
    m.add_argument("unit", metavar="UNIT", help=_("the unit's id, or the hex it alone holds"))
    m.add_argument("--to", metavar="HEX", help=_("the cheapest path to this hex, or why not"))
    m.add_argument("--mp", type=int, metavar="N", help=_("the movement allowance rolled"))
    _common(m)
    m.set_defaults(func=cmd_move)

    a = q.add_parser("attack", help=_("an attack on a hex: allowed?, odds, modifiers, outcomes"))
    _file(a)
    a.add_argument("--on", required=True, metavar="HEX", help=_("the hex attacked"))
    a.add_argument("--by", required=True, metavar="UNIT,...", help=_("the attacking units"))
    a.add_argument(
        "--type",
        default="normal",
        # board.attack.ATTACK_TYPES, spelled out: the board is imported only when asked
        choices=["assault", "grand_assault", "column", "hasty", "normal", "prepared"],
        help=_(
            "assault, grand assault (units of several hexes), or the attack type of a march "
            "attack (default normal)"
        ),
    )
    a.add_argument("--dice", nargs=2, type=int, metavar=("A", "D"), help=_("the two dice"))
    _common(a)
    a.set_defaults(func=cmd_attack)

    r = q.add_parser("retreat", help=_("where a unit may retreat, with priorities and losses"))
    _file(r)
    r.add_argument("unit", metavar="UNIT", help=_("the unit's id, or the hex it alone holds"))
    r.add_argument(
        "--result",
        required=True,
        metavar="R",
        help=_("the combat result (Dr, 1DR ...) or retreat, rout, cavalry, optional"),
    )
    _common(r)
    r.set_defaults(func=cmd_retreat)

    k = q.add_parser("command", help=_("the units in a leader's command range, and why not"))
    _file(k)
    k.add_argument("leader", metavar="LEADER", help=_("the leader's id"))
    _common(k)
    k.set_defaults(func=cmd_command)


def _file(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", metavar="FILE", help=_("the board file (TOML or JSON)"))


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--json", action="store_true", help=_("print the answer as JSON"))
    p.add_argument("--svg", metavar="OUT", help=_("also write the board and answer as SVG"))


def _load(args: argparse.Namespace) -> Situation:
    # lazy: the engine loads only when a board command runs; --help stays fast
    from gcacw_ref.board import load

    return load(args.file)


def cmd_check(args: argparse.Namespace) -> int:
    sit = _load(args)
    print(
        _("{file}: a valid board ({units} units, {leaders} leaders, turn {turn})").format(
            file=sit.where,
            units=len(sit.state.units),
            leaders=len(sit.state.leaders),
            turn=sit.state.turn,
        )
    )
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    # lazy: see _load
    from gcacw_ref.board.picture import text_picture
    from gcacw_ref.board.save import board_data

    sit = _load(args)
    _write_svg(args, sit, None)
    if args.json:
        data: dict[str, Any] = {
            "board": board_data(sit.board),
            "units": {uid: u.model_dump(mode="json") for uid, u in sit.state.units.items()},
            "leaders": {lid: ld.model_dump(mode="json") for lid, ld in sit.state.leaders.items()},
        }
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print(text_picture(sit))
    return 0


def cmd_move(args: argparse.Namespace) -> int:
    from gcacw_ref.board.move import ask_move  # lazy: see _load

    sit = _load(args)
    return _show(args, sit, ask_move(sit, args.unit, args.to, args.mp))


def cmd_attack(args: argparse.Namespace) -> int:
    from gcacw_ref.board.attack import ask_attack  # lazy: see _load

    sit = _load(args)
    by = [b.strip() for b in args.by.split(",") if b.strip()]
    if not by:
        raise InputError(_("--by: name at least one attacking unit"))
    dice: tuple[int, int] | None = None
    if args.dice:
        for d in args.dice:
            if not 1 <= d <= 6:
                raise InputError(_("--dice: each die is 1 to 6, not {d}").format(d=d))
        dice = (args.dice[0], args.dice[1])
    answer = ask_attack(sit, args.on, by, args.type, dice)
    return _show(args, sit, answer)


def cmd_retreat(args: argparse.Namespace) -> int:
    from gcacw_ref.board.retreat import ask_retreat  # lazy: see _load

    sit = _load(args)
    return _show(args, sit, ask_retreat(sit, args.unit, args.result))


def cmd_command(args: argparse.Namespace) -> int:
    from gcacw_ref.board.command import ask_command  # lazy: see _load

    sit = _load(args)
    return _show(args, sit, ask_command(sit, args.leader))


def _show(args: argparse.Namespace, sit: Situation, answer: Answer) -> int:
    _write_svg(args, sit, answer.marks)
    if args.json:
        print(json.dumps(answer.to_json(), indent=2, ensure_ascii=False))
    else:
        print(answer.text())
    return 0


def _write_svg(args: argparse.Namespace, sit: Situation, marks: Marks | None) -> None:
    if not getattr(args, "svg", None):
        return
    from gcacw_ref.board.svg import board_svg  # lazy: see _load

    try:
        atomic_write_text(Path(args.svg), board_svg(sit, marks, _caption(args)))
    except OSError as exc:
        raise InputError(
            _("{path}: cannot write ({reason})").format(
                path=one_line(args.svg), reason=exc.strerror or type(exc).__name__
            )
        ) from None


def _caption(args: argparse.Namespace) -> str:
    """The question as typed (without the file), drawn under the picture."""
    words = [args.question]
    for key in ("unit", "leader"):
        if getattr(args, key, None):
            words.append(str(getattr(args, key)))
    for key in ("to", "on", "by", "type", "result"):
        if getattr(args, key, None):
            words.append(f"--{key} {getattr(args, key)}")
    if getattr(args, "dice", None):
        words.append("--dice {} {}".format(*args.dice))
    return "gcacw-ref board " + " ".join(words)
