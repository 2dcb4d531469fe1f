"""A scenario grown by extra units, to measure how the engine's cost grows with size.

`scaled_scenario(base, extra)` copies `extra` units from the base scenario's own units
(alternating sides, each copy a clone of one of its side's units under a new id) and
places them on land hexes of their side's half of the map, never in a hex an enemy unit
holds. The result passes `check_scenario`; it is used by `gcacw-ref bench` (the units-vs-
time table) and by the engine tests. Nothing here is a rule.
"""

from __future__ import annotations

from gcacw_ref.game.model.hexmap import HexMap, parse_map
from gcacw_ref.game.model.scenario import Scenario, check_scenario
from gcacw_ref.game.model.scenario_doc import UnitSetup
from gcacw_ref.rules.games import Side


def _side_hexes(board: HexMap, scen: Scenario, side: Side) -> list[str]:
    """Land hexes nearer this side's own units than the enemy's (by column), in a
    fixed order, free of enemy units."""
    own = [int(u.hex[:2]) for u in scen.units if u.side == side]
    other = [int(u.hex[:2]) for u in scen.units if u.side != side]
    mid = (sum(own) / len(own) + sum(other) / len(other)) / 2
    west = sum(own) / len(own) < mid
    enemy = {u.hex for u in scen.units if u.side != side}
    out = []
    for h in sorted(board.all_hexes()):
        col = int(h[:2])
        if (col < mid) != west or h in enemy or board.terrain(h) == "water":
            continue
        out.append(h)
    return out


def scaled_scenario(base: Scenario, extra: int) -> Scenario:
    """`base` with `extra` more units (half each side, the Union first)."""
    if extra <= 0:
        return base
    board = parse_map(base.map_document or {}, base.id)
    added: list[UnitSetup] = []
    by_side = {s: [u for u in base.units if u.side == s] for s in (Side.UNION, Side.CONFEDERATE)}
    hexes = {s: _side_hexes(board, base, s) for s in by_side}
    for i in range(extra):
        side = Side.UNION if i % 2 == 0 else Side.CONFEDERATE
        n = i // 2
        proto = by_side[side][n % len(by_side[side])]
        spots = hexes[side]
        # spread the copies: a stride through the side's hexes
        hex_ = spots[(n * 7) % len(spots)]
        copy = {"id": f"{proto.id}-x{n}", "name": f"{proto.name} x{n}", "hex": hex_}
        added.append(proto.model_copy(update=copy))
    scen = base.model_copy(update={"units": [*base.units, *added]})
    check_scenario(scen, f"{base.id}+{extra}")
    return scen
