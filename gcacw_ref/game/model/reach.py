"""Every hex a unit can reach this march, with its least MP cost (6.2).

The same rules as `pathing.evaluate_path` (a test checks that no legal path is cheaper
than the cost given here), as one Dijkstra search over a prepared `MoveView`: the terrain
cost of each step (`rules.movement.step_cost`) is kept per map, weather and unit in the
map's memo, half-MP integers throughout.
"""

from __future__ import annotations

import heapq
from fractions import Fraction

from gcacw_ref.game.model.geometry import hexside_key
from gcacw_ref.game.model.pathing import MoveView, MovingUnit
from gcacw_ref.game.model.zoc import ZocKind
from gcacw_ref.rules.movement import effective_terrain, friendly_occupied_penalty, step_cost
from gcacw_ref.rules.terrain import UnitKind
from gcacw_ref.rules.zoc import LEAVE_ZOC_MP


def _terrain_costs(board: MoveView, unit: MovingUnit) -> dict[str, tuple[tuple[str, int], ...]]:
    """Per hex, its neighbours with the terrain cost to enter them in half MP (-1 = no entry).

    Depends only on the map, weather, destroyed crossings and the unit, so it is kept in
    the map's memo and filled in lazily; the friendly-occupied penalty is added apart.
    """
    key = ("step-costs", board.weather, board.destroyed, unit.kind, unit.strength)
    table = board.hexmap.memo.get(key)
    if table is None:
        if len(board.hexmap.memo) > 64:
            board.hexmap.memo.clear()
        table = board.hexmap.memo[key] = {}
    assert isinstance(table, dict)
    return table


def _row(board: MoveView, unit: MovingUnit, h: str) -> tuple[tuple[str, int], ...]:
    m = board.hexmap
    combos = m.memo.setdefault(("step-combos", board.weather, unit.kind, unit.strength), {})
    assert isinstance(combos, dict)
    src = m.terrain(h)
    out = []
    for n in m.neighbors(h):
        features = m.hexside(h, n)
        gone = bool(board.destroyed) and hexside_key(h, n) in board.destroyed
        key = (src, m.terrain(n), features, gone)
        c2 = combos.get(key)
        if c2 is None:
            sc = step_cost(
                from_terrain=src,
                to_terrain=key[1],
                hexside=features,
                kind=unit.kind,
                strength=unit.strength,
                weather=board.weather,
                destroyed=gone,
            )
            c2 = combos[key] = -1 if sc.cost is None else int(sc.cost * 2)
        out.append((n, c2))
    return tuple(out)


def reachable(
    board: MoveView,
    unit: MovingUnit,
    start: str,
    allowance: Fraction,
    *,
    attacked: bool = False,
    first_action: bool = True,
    moved: bool = False,
    parents: dict[str, str] | None = None,
) -> dict[str, Fraction]:
    """Every hex the unit can reach this march, with its least MP cost (Dijkstra).

    `allowance`: the MP it has left; `attacked` / `moved` / `first_action` as in
    `move_step`. Costs are kept in half-MP integers; the start hex is included at 0.
    Agrees with `evaluate_path`: no legal path is cheaper than the cost given here.
    `parents`, when given, is filled with each reached hex's previous hex on a cheapest
    path (the board's answer draws those paths).
    """
    budget = int(allowance * 2)
    best: dict[str, int] = {start: 0}
    heap: list[tuple[int, str]] = []
    enemy = board.enemy_hexes
    zoc = board.zoc
    normal = ZocKind.NORMAL
    table = _terrain_costs(board, unit)
    friendly = board.friendly_strength if unit.kind is not UnitKind.CAVALRY else {}
    rain = board.weather.rain

    def row(h: str) -> tuple[tuple[str, int], ...]:
        r = table.get(h)
        if r is None:
            r = table[h] = _row(board, unit, h)
        return r

    def extra2(n: str) -> int:
        fs = friendly.get(n)
        if not fs:
            return 0
        dst = effective_terrain(board.hexmap.terrain(n), rain)
        return 2 * friendly_occupied_penalty(unit.kind, dst, fs)

    start_zoc = zoc.get(start) is normal
    leave2 = int(LEAVE_ZOC_MP * 2)  # 6.2, in half MP
    if start_zoc and not first_action:
        return {start: Fraction(0)}
    for n, c2 in row(start):
        if c2 < 0 or n in enemy:
            continue
        if start_zoc:
            cost2 = budget if zoc.get(n) is normal else c2 + extra2(n) + leave2
        else:
            cost2 = c2 + extra2(n)
        if cost2 > budget:
            if attacked or moved:
                continue
            cost2 = budget
        if cost2 < best.get(n, budget + 1):
            best[n] = cost2
            heapq.heappush(heap, (cost2, n))
            if parents is not None:
                parents[n] = start
    while heap:
        cost2, h = heapq.heappop(heap)
        if cost2 > best[h] or zoc.get(h) is normal:
            continue
        for n, c2 in row(h):
            if c2 < 0 or n in enemy or n == start:
                continue
            total = cost2 + c2 + (extra2(n) if friendly else 0)
            if total < best.get(n, budget + 1):
                best[n] = total
                heapq.heappush(heap, (total, n))
                if parents is not None:
                    parents[n] = h
    return {h: Fraction(c, 2) for h, c in best.items()}
