"""Zones of control as rules: across one hexside (2.4, 10.2, 12.0), what a ZOC does to a
moving unit (6.2), and how a destroyed crossing reads (10.2).

Pure functions of plain values; the map-wide views (every hex in enemy ZOC) are built
by `gcacw_ref.game.model.zoc` from `zoc_across`, and movement by `gcacw_ref.game.model.pathing` from
`zoc_move`. The engine, `calc move` and the TUI call these same functions.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from gcacw_ref.i18n import N_
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.terrain import (
    CROSSINGS,
    RIVERS,
    ROADS,
    ROADS_AND_TRAIL,
    HexsideFeature,
    Terrain,
    closed_terrain,
)

F = HexsideFeature
LEAVE_ZOC_MP = Fraction(1)
"""6.2: the extra MP for leaving enemy normal ZOC into a hex outside it."""


class ZocKind(StrEnum):
    """A hex's ZOC status for one side: normal beats limited when both apply."""

    NORMAL = "normal"
    LIMITED = "limited"


def crossings_left(features: frozenset[HexsideFeature], destroyed: bool) -> frozenset[F]:
    """10.2: the crossings a river hexside still has. A destroyed bridge or ferry is gone;
    on a minor river the place counts as a ford, on a major river as nothing."""
    crossings = features & CROSSINGS
    if not destroyed:
        return crossings
    crossings -= {F.BRIDGE, F.FERRY}
    if F.MAJOR_RIVER not in features:
        crossings |= {F.FORD}
    return crossings


def river_carries_zoc(features: frozenset[HexsideFeature], rain: bool, destroyed: bool) -> bool:
    """2.4, 10.2, 12.0: a river hexside lets ZOC across only at a crossing; in rain not at
    a ford (a destroyed minor-river crossing counts as one)."""
    crossings = set(crossings_left(features, destroyed))
    if rain:
        crossings.discard(F.FORD)
    return bool(crossings)


def zoc_across_steps(
    from_terrain: Terrain,
    to_terrain: Terrain,
    features: frozenset[HexsideFeature],
    *,
    rain: bool = False,
    destroyed: bool = False,
) -> tuple[ZocKind | None, list[Step]]:
    """`zoc_across` with the step that decided it."""
    if to_terrain is Terrain.WATER or from_terrain is Terrain.WATER or F.WATER in features:
        return None, [Step(rule="2.4", label=N_("no ZOC over water"))]
    if features & RIVERS and not river_carries_zoc(features, rain, destroyed):
        rule = "12.0" if rain else ("10.2" if destroyed else "2.4")
        return None, [Step(rule=rule, label=N_("no ZOC across a river without a crossing"))]
    closed = closed_terrain(from_terrain, rain) or closed_terrain(to_terrain, rain)
    if closed and not features & ROADS:
        return None, [
            Step(rule="2.4", label=N_("no ZOC into or out of mountain or swamp off the road"))
        ]
    if (
        rain
        and F.CREEK in features
        and not features & ROADS_AND_TRAIL
        and Terrain.CITY not in (from_terrain, to_terrain)
    ):
        return None, [Step(rule="12.0", label=N_("no ZOC across a creek in rain off the road"))]
    woods = Terrain.WOODS in (from_terrain, to_terrain)
    if woods and not features & ROADS_AND_TRAIL:
        return ZocKind.LIMITED, [
            Step(rule="2.4", label=N_("woods without a road: limited ZOC"), value=N_("limited"))
        ]
    return ZocKind.NORMAL, [Step(rule="2.4", label=N_("ZOC crosses"), value=N_("normal"))]


def zoc_across(
    from_terrain: Terrain,
    to_terrain: Terrain,
    features: frozenset[HexsideFeature],
    *,
    rain: bool = False,
    destroyed: bool = False,
) -> ZocKind | None:
    """2.4 (10.2, 12.0): the ZOC a unit in a `from_terrain` hex exerts into the adjacent
    `to_terrain` hex across `features`; None when none crosses.

    Never over water; across a river only at a crossing (`crossings_left`, not a ford in
    rain); into or out of mountain or swamp only across a road, pike or railroad; in rain
    not across a creek without road, pike, railroad or trail unless a city is beside it.
    Across a woods hexside without road, pike, railroad or trail the ZOC is limited.
    """
    return zoc_across_steps(from_terrain, to_terrain, features, rain=rain, destroyed=destroyed)[0]


@dataclass(frozen=True)
class ZocMove:
    """6.2: what enemy normal ZOC does to one step of a march.

    `allowed`; `extra_mp` on top of the terrain cost; `all_mp`: the step takes all the
    unit's MP and ends the march (ZOC to ZOC); `must_stop`: entering ZOC stops movement;
    `disorganizes`: ZOC to ZOC off road, pike, railroad and trail.
    """

    allowed: bool
    extra_mp: Fraction
    all_mp: bool
    must_stop: bool
    disorganizes: bool
    steps: tuple[Step, ...]


def zoc_move(
    leaving_zoc: bool, entering_zoc: bool, first_action: bool, road_or_trail: bool
) -> ZocMove:
    """6.2: a unit may leave enemy normal ZOC only as the first thing it does in a march;
    into a hex outside ZOC that costs +1 MP; straight into another ZOC hex it costs all
    its MP, ends the march and disorganizes it unless a road, pike, railroad or trail
    joins the two hexes. Entering ZOC from outside stops its movement. Limited ZOC does
    not count (the caller passes normal ZOC only)."""
    zero = Fraction(0)
    if leaving_zoc:
        if not first_action:
            step = Step(rule="6.2", label=N_("enemy ZOC can be left only as the first move"))
            return ZocMove(False, zero, False, False, False, (step,))
        if entering_zoc:
            steps = [
                Step(
                    rule="6.2",
                    label=N_("enemy ZOC to enemy ZOC: all MP, march ends"),
                    value=N_("all MP"),
                )
            ]
            if not road_or_trail:
                steps.append(
                    Step(rule="6.2", label=N_("no road, pike, railroad or trail: disorganized"))
                )
            return ZocMove(True, zero, True, False, not road_or_trail, tuple(steps))
        step = Step(rule="6.2", label=N_("leaving enemy ZOC: +1 MP"), value=N_("+1 MP"))
        return ZocMove(True, LEAVE_ZOC_MP, False, False, False, (step,))
    if entering_zoc:
        step = Step(rule="6.2", label=N_("enters enemy ZOC: movement stops"))
        return ZocMove(True, zero, False, True, False, (step,))
    return ZocMove(True, zero, False, False, False, ())
