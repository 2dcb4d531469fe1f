"""The oracle's check of the retreats offered (7.6, 7.7): every path a retreat frame
offers keeps the retreat restrictions: adjacent steps, the start hex and no hex entered
twice, mountain and swamp only along a road, pike, trail or railroad, rivers only at a
crossing, never into the active enemy unit's hex nor nearer to it than the hex being
left (register retreat-closer-measured-from), the length of its kind, and no end beside
the start hex (a one-hex optional retreat aside) nor in an enemy hex."""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from typing import TYPE_CHECKING

from gcacw_ref.oracle.board import Board, neighbours
from gcacw_ref.oracle.position import frame_named

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally

LENGTH = {"retreat": (2, 4), "rout": (4, 6), "cavalry": (4, 6), "optional": (1, 4)}


def distances(board: Board, origin: str) -> dict[str, int]:
    """Hexes counted along the shortest run of adjacent hexes (terrain aside)."""
    return _distances(board.columns, board.rows, origin)


@lru_cache(maxsize=256)
def _distances(columns: int, rows: int, origin: str) -> dict[str, int]:
    out = {origin: 0}
    todo = deque([origin])
    while todo:
        h = todo.popleft()
        for n in neighbours(h, columns, rows):
            if n is not None and n not in out:
                out[n] = out[h] + 1
                todo.append(n)
    return out


def retreat_options(t: Tally, seen: Seen, board: Board) -> None:
    pre = seen.pre
    frame = frame_named(pre, "RetreatFrame")
    if frame is None or frame is not pre.stack[-1] or frame.path:
        return  # judged once, when the retreat is first offered
    side = frame.side
    enemy_hexes = {u.hex for u in pre.units.values() if u.hex and u.side != side}
    near = distances(board, frame.active_hex) if frame.active_hex else {}
    low, high = LENGTH[str(frame.retreat_kind)]
    for option in frame.paths:
        hexes = list(option.hexes)
        where = f"{frame.start}->{'/'.join(hexes)}"
        path = [frame.start, *hexes]
        if any(frozenset(p) in board.uncertain for p in zip(path, path[1:], strict=False)):
            continue
        ok_steps = all(b in board.around(a) for a, b in zip(path, path[1:], strict=False))
        t.check("7.6 retreat adjacent", ok_steps, where)
        t.check("7.6 retreat start/repeat", len(set(path)) == len(path), where)
        closed = [
            b
            for a, b in zip(path, path[1:], strict=False)
            if board.closed(b) and not board.road(a, b)
        ]
        t.check("7.6 retreat mountain/swamp", not closed, where)
        rivers = [
            b for a, b in zip(path, path[1:], strict=False) if board.river_without_crossing(a, b)
        ]
        t.check("7.6 retreat river", not rivers, where)
        t.check("7.6 retreat into the active unit", frame.active_hex not in hexes, where)
        if near:
            nearer = [
                b for a, b in zip(path, path[1:], strict=False) if near.get(b, 99) < near.get(a, 99)
            ]
            t.check("7.6 retreat nearer the active unit", not nearer, where)
        if option.dies:
            continue
        through_enemy = sum(1 for h in hexes if h in enemy_hexes)
        t.check("7.6 retreat length", low <= len(hexes) <= high + through_enemy, where)
        t.check("7.6 retreat ends in an enemy hex", hexes[-1] not in enemy_hexes, where)
        beside = hexes[-1] in board.around(frame.start)
        t.check(
            "7.6 retreat ends beside its start",
            not beside or str(frame.retreat_kind) == "optional",
            where,
        )
