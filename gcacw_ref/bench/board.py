"""Benchmark section `board`: each board question's time, from the parsed board to the
answer (the board read for the engine included, as one CLI question pays it), on the
built-in combat example and on a generated 20x20 board (the bench map's terrain, roads,
creeks and rivers; twelve units a side). Median of several runs, in ms; goal < 100 ms."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from gcacw_ref.bench.move import generated_document
from gcacw_ref.board import Board, read_board, situation
from gcacw_ref.board.attack import ask_attack
from gcacw_ref.board.command import ask_command
from gcacw_ref.board.load import EXAMPLES
from gcacw_ref.board.move import ask_move
from gcacw_ref.board.retreat import ask_retreat
from gcacw_ref.board.svg import board_svg
from gcacw_ref.i18n import _

RUNS = 7
SIZE = 20


def big_board() -> Board:
    """A 20x20 board: Union units down column 8, Confederate ones down column 9 (land hexes
    only), a leader with each side's first unit."""
    doc = generated_document(SIZE, SIZE, seed=3)
    doc["map"].pop("id")
    bad = {"water", "mountain", "swamp"}
    hexes = doc["hexes"]

    def inside(h: str) -> bool:
        return 1 <= int(h[:2]) <= SIZE and 1 <= int(h[2:]) <= SIZE

    sides = [s for s in doc["hexsides"] if all(inside(h) for h in s["between"])]
    units: list[dict[str, Any]] = []
    for col, side in ((8, "union"), (9, "confederate")):
        rows = [
            r
            for r in range(2, SIZE)
            if hexes.get(f"{col:02d}{r:02d}", {}).get("terrain") not in bad
        ][:12]
        for r in rows:
            units.append(
                {
                    "hex": f"{col:02d}{r:02d}",
                    "side": side,
                    "strength": 6,
                    "tactical": 2,
                    "artillery": 1,
                    "corps": f"{side[0].upper()}I",
                }
            )
    leaders = [
        {"id": "ul", "with_unit": units[0]["hex"], "command": 4, "tactical": 2},
        {"id": "cl", "with_unit": units[12]["hex"], "command": 4, "tactical": 2},
    ]
    return Board.model_validate(
        {
            "map": doc["map"],
            "hexes": hexes,
            "hexsides": sides,
            "units": units,
            "leaders": leaders,
        }
    )


def _median_ms(fn: Callable[[], object]) -> float:
    times = []
    for _i in range(RUNS):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return round(statistics.median(times), 2)


def _questions(board: Board) -> dict[str, float]:
    sit0 = situation(board)
    units = list(sit0.state.units.values())
    mover = units[0].id
    enemy = next(u for u in units if u.side != units[0].side)
    assert enemy.hex is not None
    attackers = [
        u.id for u in units if u.side != enemy.side and u.hex in sit0.map.neighbors(enemy.hex)
    ][:1] or [mover]
    leader = next(iter(sit0.state.leaders))
    return {
        "load_ms": _median_ms(lambda: situation(board)),
        "move_ms": _median_ms(lambda: ask_move(situation(board), mover)),
        "attack_ms": _median_ms(lambda: ask_attack(situation(board), enemy.hex or "", attackers)),
        "retreat_ms": _median_ms(lambda: ask_retreat(situation(board), enemy.id, "1DR")),
        "command_ms": _median_ms(lambda: ask_command(situation(board), leader)),
        "svg_ms": _median_ms(lambda: board_svg(situation(board))),
    }


def run() -> dict[str, Any]:
    return {
        "board": {
            "example": _questions(read_board(EXAMPLES / "combat.toml")),
            "board_20x20": _questions(big_board()),
        }
    }


def render(result: dict[str, Any]) -> str:
    b = result.get("board")
    if not b:
        return ""
    lines = []
    for name, label in (("example", _("combat example")), ("board_20x20", _("20x20 board"))):
        r = b[name]
        lines.append(
            _(
                "board ({label}): load {load} ms, move {move} ms, attack {attack} ms, "
                "retreat {retreat} ms, command {command} ms, SVG {svg} ms"
            ).format(
                label=label,
                load=r["load_ms"],
                move=r["move_ms"],
                attack=r["attack_ms"],
                retreat=r["retreat_ms"],
                command=r["command_ms"],
                svg=r["svg_ms"],
            )
        )
    return "\n".join(lines)
