"""Hand-worked step costs (6.1, 6.2, 10.0, 10.2, 12.0 and the terrain chart).

The expected values below are worked out by hand from the rules and the chart, not
read from tables/terrain.toml. None = the step is prohibited.
"""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from gcacw_ref.rules.movement import (
    Weather,
    ferry_penalty,
    friendly_occupied_penalty,
    step_cost,
)
from gcacw_ref.rules.terrain import HexsideFeature as H
from gcacw_ref.rules.terrain import Terrain as T
from gcacw_ref.rules.terrain import UnitKind as K

DRY, RAIN = Weather(), Weather(rain=True)
P = None
h = Fr(1, 2)

# destination terrain -> cost entering from a clear hex, per way of entering and weather
# columns: none, road, pike, railroad, trail
COSTS = {
    #                 dry: none  road pike rail trail      rain: none   road   pike    rail trail
    T.CLEAR: ((3, 1, 1, 1, 1), (3, 2, 1 + h, 2, 2)),
    T.ROLLING: ((3, 1, 1, 1, 1), (4, 2, 1 + h, 2, 2)),
    T.ROUGH: ((5, 1, 1, 1, 1), (6, 2, 1 + h, 2, 2)),
    T.PROVISIONAL_SWAMP: ((5, 1, 1, 1, 1), (P, 2, 1 + h, 2, P)),
    T.WOODS: ((6, 1, 1, 1, 1), (7, 2, 1 + h, 2, 2)),
    T.CITY: ((1, 1, 1, 1, 1), (1 + h, 1 + h, 1 + h, 1 + h, 1 + h)),
    T.SWAMP: ((P, 1, 1, 1, P), (P, 2, 1 + h, 2, P)),
    T.MOUNTAIN: ((P, 1, 1, 1, 2), (P, 2, 1 + h, 2, 3)),
    T.WATER: ((P, P, P, P, P), (P, P, P, P, P)),
}
WAYS = (
    frozenset(),
    frozenset({H.ROAD}),
    frozenset({H.PIKE}),
    frozenset({H.RAILROAD}),
    frozenset({H.TRAIL}),
)
CASES = [
    (dst, way, weather, expected[wi][k])
    for dst, expected in COSTS.items()
    for wi, weather in enumerate((DRY, RAIN))
    for k, way in enumerate(WAYS)
]


def cost(
    dst: T,
    side: frozenset[H] = frozenset(),
    weather: Weather = DRY,
    src: T = T.CLEAR,
    kind: K = K.INFANTRY,
    strength: Fr = Fr(6),
    friendly: Fr = Fr(0),
    destroyed: bool = False,
) -> Fr | None:
    return step_cost(
        from_terrain=src,
        to_terrain=dst,
        hexside=frozenset(side),
        kind=kind,
        strength=strength,
        weather=weather,
        friendly_strength=friendly,
        destroyed=destroyed,
    ).cost


@pytest.mark.parametrize(("dst", "way", "weather", "expected"), CASES)
def test_terrain_by_way_and_weather(
    dst: T, way: frozenset[H], weather: Weather, expected: object
) -> None:
    assert cost(dst, way, weather) == expected


@pytest.mark.parametrize(
    ("src", "side", "weather", "expected"),
    [
        (T.MOUNTAIN, set(), DRY, P),  # leaving a mountain off-road
        (T.MOUNTAIN, {H.TRAIL}, DRY, 1),
        (T.MOUNTAIN, {H.TRAIL}, RAIN, 2),
        (T.MOUNTAIN, {H.ROAD}, DRY, 1),
        (T.SWAMP, set(), DRY, P),
        (T.SWAMP, {H.TRAIL}, DRY, P),  # trails do not open swamps (6.2)
        (T.SWAMP, {H.PIKE}, RAIN, 1 + h),
        (T.PROVISIONAL_SWAMP, set(), DRY, 3),  # rough outside rain: may be left freely
        (T.PROVISIONAL_SWAMP, set(), RAIN, P),  # a swamp in rain
        (T.PROVISIONAL_SWAMP, {H.RAILROAD}, RAIN, 2),
    ],
)
def test_leaving_swamp_and_mountain(
    src: T, side: set[H], weather: Weather, expected: object
) -> None:
    assert cost(T.CLEAR, frozenset(side), weather, src=src) == expected


def test_mountain_to_mountain_by_trail() -> None:
    assert cost(T.MOUNTAIN, frozenset({H.TRAIL}), src=T.MOUNTAIN) == 2
    assert cost(T.MOUNTAIN, frozenset({H.TRAIL}), RAIN, src=T.MOUNTAIN) == 3


@pytest.mark.parametrize("river", [H.MINOR_RIVER, H.MAJOR_RIVER])
@pytest.mark.parametrize(
    ("crossing", "dry", "rain"),
    [
        (set(), P, P),
        ({H.FORD}, 3, P),
        ({H.FORD, H.ROAD}, 1, P),
        ({H.BRIDGE}, 3, 3),
        ({H.BRIDGE, H.ROAD}, 1, 2),
        ({H.BRIDGE, H.PIKE}, 1, 1 + h),
        ({H.DAM}, 3, 3),  # no road: the terrain, as a bridge without one (dam-without-road)
        ({H.DAM, H.RAILROAD}, 1, 2),
        ({H.ROAD}, P, P),  # a road alone does not cross a river
    ],
)
def test_river_crossings(river: H, crossing: set[H], dry: object, rain: object) -> None:
    side = frozenset(crossing | {river})
    assert cost(T.CLEAR, side, DRY) == dry
    assert cost(T.CLEAR, side, RAIN) == rain


@pytest.mark.parametrize(
    ("river", "road", "weather", "expected"),
    [
        (H.MINOR_RIVER, False, DRY, 3),  # minor ferry outside rain: like a ford, no penalty
        (H.MINOR_RIVER, True, DRY, 1),
        (H.MINOR_RIVER, False, RAIN, 3 + 2),  # rain: strength 6 / 3 = 2
        (H.MINOR_RIVER, True, RAIN, 2 + 2),
        (H.MAJOR_RIVER, False, DRY, 3 + 2),
        (H.MAJOR_RIVER, True, DRY, 1 + 2),
        (H.MAJOR_RIVER, True, RAIN, 2 + 2),
        (H.MINOR_RIVER, True, Weather(minor_uncrossable=True), 1 + 2),  # 12.0
        (H.MAJOR_RIVER, True, Weather(minor_uncrossable=True), 1 + 2),
    ],
)
def test_ferries(river: H, road: bool, weather: Weather, expected: int) -> None:
    side = {river, H.FERRY} | ({H.ROAD} if road else set())
    assert cost(T.CLEAR, frozenset(side), weather) == expected


@pytest.mark.parametrize(
    ("strength", "penalty"),
    [(Fr(6), 2), (Fr(7), 2), (Fr(9), 3), (Fr(2), 0), (Fr(17, 2), 2), (Fr(1, 2), 0), (Fr(21), 7)],
)
def test_ferry_penalty_is_a_third_rounded_down(strength: Fr, penalty: int) -> None:
    assert ferry_penalty(strength) == penalty  # register "ferry-penalty"
    side = frozenset({H.MAJOR_RIVER, H.FERRY, H.ROAD})
    assert cost(T.CLEAR, side, strength=strength) == 1 + penalty


def test_ferry_steps_explain_the_penalty() -> None:
    sc = step_cost(
        from_terrain=T.CLEAR,
        to_terrain=T.WOODS,
        hexside=frozenset({H.MAJOR_RIVER, H.FERRY}),
        kind=K.CAVALRY,
        strength=Fr(9),
    )
    assert sc.cost == 6 + 3 and sc.ferry_penalty == 3
    assert [s.rule for s in sc.steps] == ["6.1", "6.2"]
    assert sc.steps[1].value == "+3 MP"


@pytest.mark.parametrize(
    ("river", "weather", "expected"),
    [
        (H.MINOR_RIVER, DRY, 3),  # destroyed minor crossing = a ford (10.2)
        (H.MINOR_RIVER, RAIN, P),
        (H.MINOR_RIVER, Weather(minor_uncrossable=True), P),
        (H.MAJOR_RIVER, DRY, P),  # destroyed major crossing = nothing
    ],
)
def test_destroyed_crossings(river: H, weather: Weather, expected: object) -> None:
    for crossing in (H.BRIDGE, H.FERRY):
        assert cost(T.CLEAR, frozenset({river, crossing}), weather, destroyed=True) == expected


def test_uncrossable_markers_close_fords_only() -> None:
    ford = frozenset({H.MAJOR_RIVER, H.FORD})
    assert cost(T.CLEAR, ford, Weather(major_uncrossable=True)) is P
    assert cost(T.CLEAR, ford, Weather(minor_uncrossable=True)) == 3
    minor = frozenset({H.MINOR_RIVER, H.FORD})
    assert cost(T.CLEAR, minor, Weather(minor_uncrossable=True)) is P
    assert cost(T.CLEAR, frozenset({H.MINOR_RIVER, H.BRIDGE}), Weather(True, True, True)) == 3


@pytest.mark.parametrize(
    ("side", "src", "dst", "weather", "expected"),
    [
        ({H.CREEK}, T.CLEAR, T.CLEAR, DRY, 3),  # no effect outside rain
        ({H.CREEK}, T.CLEAR, T.WOODS, DRY, 6),
        ({H.CREEK}, T.CLEAR, T.CLEAR, RAIN, P),
        ({H.CREEK, H.ROAD}, T.CLEAR, T.CLEAR, RAIN, 2),
        ({H.CREEK, H.TRAIL}, T.CLEAR, T.CLEAR, RAIN, 2),  # register "creek-rain-trail"
        ({H.CREEK}, T.CLEAR, T.CITY, RAIN, 1 + h),  # a city beside the creek
        ({H.CREEK}, T.CITY, T.ROLLING, RAIN, 4),
        ({H.WATER}, T.CLEAR, T.CLEAR, DRY, P),
    ],
)
def test_creeks_and_water_hexsides(
    side: set[H], src: T, dst: T, weather: Weather, expected: object
) -> None:
    assert cost(dst, frozenset(side), weather, src=src) == expected


@pytest.mark.parametrize(
    ("friendly", "open_col", "close_col"),
    [
        (Fr(0), 0, 0),
        (Fr(2), 0, 0),
        (Fr(5, 2), 0, 0),
        (Fr(3), 1, 3),
        (Fr(11), 1, 3),
        (Fr(23, 2), 1, 3),
        (Fr(12), 2, 4),
        (Fr(30), 2, 4),
    ],
)
def test_friendly_occupied_bands(friendly: Fr, open_col: int, close_col: int) -> None:
    for t in (T.CITY, T.CLEAR, T.ROUGH, T.ROLLING):
        assert friendly_occupied_penalty(K.INFANTRY, t, friendly) == open_col
    for t in (T.WOODS, T.SWAMP, T.MOUNTAIN):
        assert friendly_occupied_penalty(K.ARTILLERY, t, friendly) == close_col
    assert friendly_occupied_penalty(K.CAVALRY, T.WOODS, friendly) == 0


def test_friendly_penalty_adds_to_the_step() -> None:
    assert cost(T.WOODS, frozenset({H.ROAD}), friendly=Fr(12)) == 1 + 4
    assert cost(T.CLEAR, friendly=Fr(3)) == 3 + 1
    assert cost(T.CLEAR, friendly=Fr(3), kind=K.CAVALRY) == 3
    # provisional swamp: rough column outside rain, swamp column in rain
    assert cost(T.PROVISIONAL_SWAMP, friendly=Fr(4)) == 5 + 1
    assert cost(T.PROVISIONAL_SWAMP, frozenset({H.ROAD}), RAIN, friendly=Fr(4)) == 2 + 3


def test_prohibited_steps_say_why() -> None:
    sc = step_cost(
        from_terrain=T.CLEAR,
        to_terrain=T.SWAMP,
        hexside=frozenset({H.TRAIL}),
        kind=K.INFANTRY,
        strength=Fr(5),
    )
    assert sc.cost is None and not sc.legal
    assert sc.reason == "swamp can be entered only along a road, pike or railroad"
    assert sc.rule == "6.2"
    sc = step_cost(
        from_terrain=T.CLEAR,
        to_terrain=T.CLEAR,
        hexside=frozenset({H.CREEK}),
        kind=K.INFANTRY,
        strength=Fr(5),
        weather=RAIN,
    )
    assert sc.rule == "12.0"
