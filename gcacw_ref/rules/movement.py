"""The MP cost of one step of movement, from plain values (6.1, 6.2, 10.0, 12.0).

This is the one place the cost of entering a hex is decided; the map calculator, the
game engine and the TUI all call `step_cost`. It knows nothing of maps or game state:
the caller passes the two hexes' terrain, the features of the hexside between them,
the weather, the unit and the friendly strength already in the hex entered. Enemy
zones of control are a matter of the whole path and live in `gcacw_ref.game.model.pathing`.

Every result carries `Step`s citing the rule that produced each number.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from gcacw_ref.i18n import N_
from gcacw_ref.rules.explain import Step, english
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.rules.terrain import CLOSED_TERRAIN as CLOSED_TERRAIN
from gcacw_ref.rules.terrain import (
    RIVERS,
    ROADS,
    ROADS_AND_TRAIL,
    HexsideFeature,
    Terrain,
    UnitKind,
    friendly_occupied_table,
    terrain_chart,
)
from gcacw_ref.rules.zoc import crossings_left

F = HexsideFeature


@dataclass(frozen=True)
class Weather:
    """Turn conditions that change movement (12.0).

    `minor_uncrossable` / `major_uncrossable`: the "river uncrossable" marker of that
    river class is still on the turn track (fords, and on minor rivers destroyed
    crossings, cannot be used even after the rain has stopped).
    """

    rain: bool = False
    minor_uncrossable: bool = False
    major_uncrossable: bool = False


@dataclass(frozen=True)
class StepCost:
    """The cost of entering one hex. `cost` is None when the step is prohibited."""

    cost: Fraction | None
    steps: tuple[Step, ...]
    reason: str | None = None
    rule: str | None = None
    ferry_penalty: Fraction = Fraction(0)
    basis: Step | None = None  # the step that set the base cost (terrain or road type)

    @property
    def legal(self) -> bool:
        return self.cost is not None


def _mp(value: Fraction | int) -> str:
    return f"{format_strength(Fraction(value))} MP"


def effective_terrain(terrain: Terrain, rain: bool) -> Terrain:
    """6.2/12.0: a provisional swamp is rough terrain, but a swamp on a rain turn."""
    if terrain is Terrain.PROVISIONAL_SWAMP:
        return Terrain.SWAMP if rain else Terrain.ROUGH
    return terrain


def terrain_cost(terrain: Terrain, rain: bool) -> Fraction | None:
    """6.1: MP to enter a hex of `terrain` off-road (the terrain chart); None = prohibited."""
    return terrain_chart().terrain[terrain].mp(rain)


def road_cost(feature: HexsideFeature, rain: bool) -> Fraction:
    """6.2/12.0: MP to move along a road, pike or railroad hexside (replaces terrain)."""
    cost = terrain_chart().hexside[feature].mp(rain)
    assert cost is not None
    return cost


def trail_cost(into_mountain: bool, rain: bool) -> Fraction:
    """6.2/12.0: MP to move along a trail hexside: 2 (rain 3) into mountain, else 1 (rain 2)."""
    t = terrain_chart().trail
    if into_mountain:
        return t.into_mountain_rain if rain else t.into_mountain_normal
    return t.elsewhere_rain if rain else t.elsewhere_normal


def ferry_penalty(strength: Fraction) -> Fraction:
    """6.2 (register "ferry-penalty"): the unit's strength divided by 3, fractions dropped."""
    return Fraction(int(strength // terrain_chart().ferry.divisor))


def joined_by_road_or_trail(features: frozenset[HexsideFeature]) -> bool:
    """6.2: the hexside carries a road, pike, railroad or trail (no ZOC-to-ZOC disorder)."""
    return bool(features & ROADS_AND_TRAIL)


def friendly_occupied_penalty(kind: UnitKind, terrain: Terrain, friendly_strength: Fraction) -> int:
    """6.2: extra MP for infantry/artillery entering a hex with friendly infantry/artillery.

    `terrain` is the effective terrain of the hex entered; `friendly_strength` the total
    combat strength of the friendly infantry and artillery already there.
    """
    if kind is UnitKind.CAVALRY:
        return 0
    table = friendly_occupied_table()
    column = "close" if terrain in table.columns.close else "open"
    for band in table.band:
        if friendly_strength >= band.at_least and (
            band.below is None or friendly_strength < band.below
        ):
            return band.close if column == "close" else band.open
    return 0


@dataclass(frozen=True)
class RiverCrossing:
    """How a river hexside is crossed: `allowed`, and whether a ferry penalty is due."""

    allowed: bool
    via: str | None
    penalty_due: bool
    rule: str


def river_crossing(
    features: frozenset[HexsideFeature], weather: Weather, destroyed: bool = False
) -> RiverCrossing:
    """6.2, 10.0, 10.2, 12.0: can a unit cross this river hexside, and how?

    Bridges and dams always carry units; fords only outside rain and while the river's
    uncrossable marker is off; a destroyed bridge or ferry on a minor river counts as a
    ford, on a major river as nothing. A ferry is free on a minor river outside rain;
    on a major river, in rain, or while the minor river is uncrossable, it costs the
    ferry penalty. A dam with no road is crossed as a bridge with none, at the terrain's
    cost (register "dam-without-road").
    """
    major = F.MAJOR_RIVER in features
    crossings = crossings_left(features, destroyed)
    closed = weather.major_uncrossable if major else weather.minor_uncrossable
    if F.BRIDGE in crossings or F.DAM in crossings:
        return RiverCrossing(
            True, N_("bridge") if F.BRIDGE in crossings else N_("dam"), False, "10.0"
        )
    if F.FORD in crossings and not weather.rain and not closed:
        return RiverCrossing(
            True, N_("destroyed crossing") if destroyed else N_("ford"), False, "10.0"
        )
    if F.FERRY in crossings:
        due = major or weather.rain or closed
        return RiverCrossing(True, N_("ferry"), due, "6.2")
    if F.FORD in crossings:
        why = (
            N_("ford unusable (rain turn)")
            if weather.rain
            else N_("ford unusable (river uncrossable marker)")
        )
        return RiverCrossing(False, why, False, "12.0")
    return RiverCrossing(False, None, False, "6.2")


def creek_passable(features: frozenset[HexsideFeature], rain: bool, city_beside: bool) -> bool:
    """6.2/12.0: creeks cost nothing; in rain only along road/pike/railroad/trail or by a city."""
    if F.CREEK not in features or not rain:
        return True
    return city_beside or bool(features & ROADS_AND_TRAIL)


@lru_cache(maxsize=8192)
def step_cost(
    *,
    from_terrain: Terrain,
    to_terrain: Terrain,
    hexside: frozenset[HexsideFeature],
    kind: UnitKind,
    strength: Fraction,
    weather: Weather = Weather(),
    friendly_strength: Fraction = Fraction(0),
    destroyed: bool = False,
) -> StepCost:
    """MP to move from a hex of `from_terrain` into an adjacent hex of `to_terrain`.

    `hexside`: the features of the hexside crossed; `strength`: the unit's strength (for
    the ferry penalty); `friendly_strength`: friendly infantry/artillery combat strength
    already in the hex entered; `destroyed`: a bridge/ferry on this hexside is destroyed.
    """
    rain = weather.rain
    steps: list[Step] = []

    def no(reason: str, rule: str, **args: Any) -> StepCost:
        steps.append(
            Step(rule=rule, label=N_("prohibited: {reason}"), args={"reason": reason, **args})
        )
        return StepCost(None, tuple(steps), english(reason, args), rule)

    if to_terrain is Terrain.WATER:
        return no(N_("units cannot enter water hexes"), "6.2")
    if F.WATER in hexside:
        return no(N_("all-water hexside"), "6.2")
    src = effective_terrain(from_terrain, rain)
    dst = effective_terrain(to_terrain, rain)
    if to_terrain is Terrain.PROVISIONAL_SWAMP:
        steps.append(
            Step(rule="12.0" if rain else "6.2", label=N_("provisional swamp counts as"), value=dst)
        )

    penalty = Fraction(0)
    ferry_step: Step | None = None
    if hexside & RIVERS:
        crossing = river_crossing(hexside, weather, destroyed)
        if not crossing.allowed:
            what = crossing.via or N_("no bridge, dam, ferry or ford")
            return no(N_("river crossing: {what}"), crossing.rule, what=what)
        if crossing.penalty_due:
            penalty = ferry_penalty(strength)
            rule_of = terrain_chart().ferry
            ferry_step = Step(
                rule="6.2",
                label=(
                    N_(
                        "ferry penalty: strength {strength} / {divisor}, rounded down (register "
                        "{register_entry})"
                    )
                ),
                value=N_("+{mp}"),
                args={
                    "strength": format_strength(strength),
                    "divisor": rule_of.divisor,
                    "register_entry": rule_of.register_entry,
                    "mp": _mp(penalty),
                },
            )
        else:
            steps.append(
                Step(
                    rule=crossing.rule,
                    label=N_("river crossed by {via}"),
                    args={"via": crossing.via},
                )
            )
    if not creek_passable(hexside, rain, Terrain.CITY in (from_terrain, to_terrain)):
        return no(N_("creek in rain without road, pike, railroad or trail"), "12.0")

    options: list[tuple[Fraction, str, str, dict[str, str]]] = []
    if src not in CLOSED_TERRAIN and dst not in CLOSED_TERRAIN:
        cost = terrain_cost(dst, rain)
        assert cost is not None
        options.append((cost, N_("terrain: {dst}"), "12.0" if rain else "6.1", {"dst": dst}))
    for feature in sorted(hexside & ROADS):
        options.append(
            (
                road_cost(feature, rain),
                N_("along {feature}"),
                "12.0" if rain else "6.2",
                {"feature": feature},
            )
        )
    if F.TRAIL in hexside and Terrain.SWAMP not in (src, dst):
        into_mountain = dst is Terrain.MOUNTAIN
        options.append(
            (trail_cost(into_mountain, rain), N_("along trail"), "12.0" if rain else "6.2", {})
        )
    if not options:
        closed = dst if dst in CLOSED_TERRAIN else src
        allowed = (
            N_("road, pike, railroad or trail")
            if closed is Terrain.MOUNTAIN
            else N_("road, pike or railroad")
        )
        reason = (
            N_("{closed} can be entered only along a {allowed}")
            if closed is dst
            else N_("{closed} can be left only along a {allowed}")
        )
        return no(reason, "6.2", closed=format(closed), allowed=allowed)
    base, label, rule, args = min(options, key=lambda o: o[0])
    basis = Step(rule=rule, label=label, value=_mp(base), args=args)
    steps.append(basis)
    if ferry_step is not None:
        steps.append(ferry_step)

    extra = friendly_occupied_penalty(kind, dst, friendly_strength)
    if extra:
        steps.append(
            Step(
                rule="6.2",
                label=N_("friendly infantry/artillery of {friendly_strength} there"),
                value=N_("+{mp}"),
                args={"friendly_strength": format_strength(friendly_strength), "mp": _mp(extra)},
            )
        )
    return StepCost(base + penalty + extra, tuple(steps), ferry_penalty=penalty, basis=basis)


def pontoon_bridge_features(road_on_both_banks: bool) -> frozenset[HexsideFeature]:
    """10.1: what a laid pontoon bridge adds to its hexside: a bridge, and a road (never a
    pike) when both hexes it joins have a road, pike, trail or railroad."""
    return frozenset({F.BRIDGE, F.ROAD} if road_on_both_banks else {F.BRIDGE})
