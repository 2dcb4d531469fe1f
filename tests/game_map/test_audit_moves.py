"""Audit of movement, ZOC and command radius: hand-worked cases re-derived from the seeds.

Every expected figure is worked out in the comment beside it from 2.4, 2.5, 6.2, 6.3,
10.0, 10.2, 12.0 and the terrain chart of the charts seed (地形表, 友軍存在ヘクス表).
Hex layout reminder (geometry): odd column c touches rows r-1 and r of columns c±1,
even column c touches rows r and r+1.
"""

from __future__ import annotations

import json
from fractions import Fraction as Fr
from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.cli import main
from gcacw_ref.game.model.command import in_command_radius, transfer_path
from gcacw_ref.game.model.pathing import MoveView, MovingUnit, evaluate_path
from gcacw_ref.game.model.reach import reachable
from gcacw_ref.game.model.zoc import ZocKind, enemy_zoc, zoc_across
from gcacw_ref.rules.movement import Weather, step_cost
from gcacw_ref.rules.terrain import HexsideFeature as H
from gcacw_ref.rules.terrain import Terrain as T
from gcacw_ref.rules.terrain import UnitKind as K

from .conftest import small_map

DRY, RAIN = Weather(), Weather(rain=True)
h = Fr(1, 2)
INF = MovingUnit(K.INFANTRY, Fr(6))


def cost(
    dst: T,
    side: set[H] | frozenset[H] = frozenset(),
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


# --- step costs ---------------------------------------------------------------------


def test_roads_replace_terrain() -> None:
    # 6.2: road/pike/railroad 1 MP whatever the hex; 12.0 rain: road and railroad 2,
    # pike 1 1/2. Woods off-road: 6, rain 7 (chart).
    assert [cost(T.WOODS, {f}) for f in (H.ROAD, H.PIKE, H.RAILROAD)] == [1, 1, 1]
    assert [cost(T.WOODS, {f}, RAIN) for f in (H.ROAD, H.PIKE, H.RAILROAD)] == [2, 1 + h, 2]
    assert (cost(T.WOODS), cost(T.WOODS, weather=RAIN)) == (6, 7)
    # Entering a city by road in rain: the road is an option, not a duty (6.2 "may
    # ignore"), so the city's own 1 1/2 is paid rather than the road's 2.
    assert cost(T.CITY, {H.ROAD}, RAIN) == 1 + h


def test_trails_mountains_and_swamps() -> None:
    # 6.2: trail into mountain 2 (rain 3, 12.0); trail into other terrain 1 (rain 2);
    # leaving a mountain by trail into clear: 1. A trail does not open a swamp.
    assert (cost(T.MOUNTAIN, {H.TRAIL}), cost(T.MOUNTAIN, {H.TRAIL}, RAIN)) == (2, 3)
    assert cost(T.CLEAR, {H.TRAIL}, src=T.MOUNTAIN) == 1
    assert cost(T.CLEAR, {H.TRAIL}, RAIN, src=T.MOUNTAIN) == 2
    assert cost(T.SWAMP, {H.TRAIL}) is None
    assert cost(T.CLEAR, src=T.SWAMP) is None
    assert cost(T.SWAMP, {H.ROAD}) == 1
    # Provisional swamp: rough (5) when dry; a swamp in rain: road only (2 in rain).
    assert cost(T.PROVISIONAL_SWAMP) == 5
    assert cost(T.PROVISIONAL_SWAMP, weather=RAIN) is None
    assert cost(T.PROVISIONAL_SWAMP, {H.ROAD}, RAIN) == 2


def test_ferries() -> None:
    # 6.2: ferry penalty = strength / 3, rounded down, added to the normal cost.
    major = {H.MAJOR_RIVER, H.FERRY, H.ROAD}
    minor = {H.MINOR_RIVER, H.FERRY, H.ROAD}
    # Major river, strength 7: 7//3 = 2, plus road 1 = 3; rain: 2 + road 2 = 4.
    assert (cost(T.CLEAR, major, strength=Fr(7)), cost(T.CLEAR, major, RAIN, Fr(7))) == (3, 4)
    # Minor river dry: no penalty, road 1. Rain, strength 8: 2 + 2 = 4.
    assert cost(T.CLEAR, minor, strength=Fr(8)) == 1
    assert cost(T.CLEAR, minor, RAIN, strength=Fr(8)) == 4
    # 12.0: minor river uncrossable on a dry turn: the ferry still charges 2 + 1 = 3.
    assert cost(T.CLEAR, minor, Weather(minor_uncrossable=True), strength=Fr(8)) == 3
    # Strength 2 1/2 -> penalty 0; no road across the ferry -> pay the far hex: woods 6.
    assert cost(T.CLEAR, major, strength=Fr(5, 2)) == 1
    assert cost(T.WOODS, {H.MAJOR_RIVER, H.FERRY}, strength=Fr(9)) == 6 + 3


def test_fords_bridges_and_destroyed_crossings() -> None:
    ford = {H.MINOR_RIVER, H.FORD}
    # 10.0: ford without road -> terrain of the far hex (rolling 3); rain: no (12.0);
    # dry but the minor river's uncrossable marker is out: no.
    assert cost(T.ROLLING, ford) == 3
    assert cost(T.ROLLING, ford, RAIN) is None
    assert cost(T.ROLLING, ford, Weather(minor_uncrossable=True)) is None
    # The major marker does not close a minor ford.
    assert cost(T.ROLLING, ford, Weather(major_uncrossable=True)) == 3
    # Bridge without road: terrain (woods 6), also in rain (7). With a road: 1.
    assert cost(T.WOODS, {H.MINOR_RIVER, H.BRIDGE}) == 6
    assert cost(T.WOODS, {H.MINOR_RIVER, H.BRIDGE}, RAIN) == 7
    assert cost(T.WOODS, {H.MAJOR_RIVER, H.BRIDGE, H.ROAD}) == 1
    # 10.2: a destroyed minor-river bridge is a ford; a destroyed major one is nothing.
    assert cost(T.CLEAR, {H.MINOR_RIVER, H.BRIDGE}, destroyed=True) == 3
    assert cost(T.CLEAR, {H.MINOR_RIVER, H.BRIDGE}, RAIN, destroyed=True) is None
    assert cost(T.CLEAR, {H.MAJOR_RIVER, H.BRIDGE}, destroyed=True) is None
    # A river with no crossing at all.
    assert cost(T.CLEAR, {H.MINOR_RIVER, H.ROAD}) is None


def test_creeks() -> None:
    # 6.2: creeks cost nothing dry. 12.0: in rain only along road/pike/railroad/trail or
    # beside a city. Trail in rain into clear: 2 (cheaper than clear's 3).
    assert cost(T.CLEAR, {H.CREEK}) == 3
    assert cost(T.CLEAR, {H.CREEK}, RAIN) is None
    assert cost(T.CLEAR, {H.CREEK, H.TRAIL}, RAIN) == 2
    assert cost(T.CITY, {H.CREEK}, RAIN) == 1 + h
    assert cost(T.CLEAR, {H.CREEK}, RAIN, src=T.CITY) == 3


@pytest.mark.parametrize(
    "dst,side,weather,kind,friendly,expected",
    [
        # 6.2 table: <3 none; 3-11: +1 open / +3 close; >=12: +2 / +4.
        (T.WOODS, set(), DRY, K.INFANTRY, Fr(3), 6 + 3),
        (T.WOODS, {H.ROAD}, DRY, K.INFANTRY, Fr(12), 1 + 4),  # road does not avoid it
        (T.CLEAR, set(), DRY, K.ARTILLERY, Fr(23, 2), 3 + 1),  # 11 1/2: middle band
        (T.CLEAR, set(), DRY, K.INFANTRY, Fr(5, 2), 3),  # 2 1/2: under 3
        (T.CITY, set(), DRY, K.INFANTRY, Fr(12), 1 + 2),
        (T.MOUNTAIN, {H.TRAIL}, DRY, K.INFANTRY, Fr(4), 2 + 3),
        (T.WOODS, set(), DRY, K.CAVALRY, Fr(12), 6),  # cavalry never pays
        # provisional swamp: rough column dry, swamp column in rain
        (T.PROVISIONAL_SWAMP, set(), DRY, K.INFANTRY, Fr(5), 5 + 1),
        (T.PROVISIONAL_SWAMP, {H.ROAD}, RAIN, K.INFANTRY, Fr(5), 2 + 3),
    ],
)
def test_friendly_occupied_penalty(
    dst: T, side: set[H], weather: Weather, kind: K, friendly: Fr, expected: int
) -> None:
    assert cost(dst, side, weather, kind=kind, friendly=friendly) == expected


# --- ZOC and movement on a map -------------------------------------------------------
# Enemy at 0303 (odd column): ZOC in 0302 0402 0403 0304 0203 0202.


def test_enter_and_leave_zoc() -> None:
    b = MoveView.build(small_map(), enemy_hexes=["0303"])
    # 6.2: entering normal ZOC stops the unit: 0101 -> 0201 (3) -> 0202 (3, in ZOC).
    r = evaluate_path(b, INF, ["0101", "0201", "0202"], Fr(12))
    assert (r.legal, r.cost, r.stops_at) == (True, 6, "0202")
    # Leaving as the first move: clear 3 + 1 = 4; then on: 0101 clear 3 -> total 7.
    r = evaluate_path(b, INF, ["0202", "0201", "0101"], Fr(12))
    assert (r.legal, r.cost, [e.mp for e in r.entries]) == (True, 7, [4, 3])
    # Not the first thing this march: may not leave.
    r = evaluate_path(b, INF, ["0202", "0201"], Fr(12), first_action=False)
    assert not r.legal


def test_zoc_to_zoc_with_and_without_road_or_trail() -> None:
    # 0202 and 0203 are both in the ZOC of 0303. ZOC to ZOC: all MP, march over;
    # disorganized unless road/pike/railroad/trail joins them (6.2).
    for feats, disorganized in (([], True), (["road"], False), (["trail"], False)):
        m = small_map(hexsides=[("0202", "0203", feats)] if feats else [])
        b = MoveView.build(m, enemy_hexes=["0303"])
        r = evaluate_path(b, INF, ["0202", "0203"], Fr(5))
        assert (r.legal, r.cost, r.stops_at, r.disorganized) == (True, 5, "0203", disorganized)


def test_limited_zoc_does_not_stop() -> None:
    # 2.4: ZOC across a woods hexside without road/pike/railroad/trail is limited and
    # does not affect movement. Enemy in woods 0303: 0202 gets limited ZOC.
    # 0201 -> 0202 (3) -> 0102 (3): no stop in 0202.
    m = small_map({"0303": "woods"})
    b = MoveView.build(m, enemy_hexes=["0303"])
    assert b.zoc["0202"] is ZocKind.LIMITED
    r = evaluate_path(b, INF, ["0201", "0202", "0102"], Fr(12))
    assert (r.legal, r.cost, r.stops_at) == (True, 6, None)


def test_one_hex_minimum_move() -> None:
    # 6.2: a unit that has not moved or attacked may always enter one adjacent hex, even
    # without the MP; it spends all it has. Woods costs 6, the unit has 2.
    m = small_map({"0102": "woods", "0103": "mountain"})
    b = MoveView.build(m)
    r = evaluate_path(b, INF, ["0101", "0102"], Fr(2))
    assert (r.legal, r.cost, r.stops_at) == (True, 2, "0102")
    assert not evaluate_path(b, INF, ["0101", "0102"], Fr(2), attacked=True).legal
    assert not evaluate_path(b, INF, ["0201", "0101", "0102"], Fr(5)).legal
    # Never into prohibited terrain: mountain without road or trail.
    assert not evaluate_path(b, INF, ["0102", "0103"], Fr(0)).legal
    # Allowance cut to 0 by a cavalry retreat before moving: still one hex (7.7, 6.2).
    assert evaluate_path(b, INF, ["0101", "0201"], Fr(0)).cost == 0


def test_reachable_with_zoc_and_friends() -> None:
    # Start 0101 with 9 MP, enemy at 0303. 0201 costs 3, 0202 (ZOC) 6 and stops there;
    # friendly infantry of 12 in 0102: clear 3 +2 -> 5. 0203 would cost 9 through 0202,
    # but a unit entering ZOC stops; the way round (0102 5, 0103 8, 0203 11) is too dear.
    b = MoveView.build(small_map(), enemy_hexes=["0303"], friendly_strength={"0102": Fr(12)})
    got = reachable(b, INF, "0101", Fr(9))
    assert (got["0201"], got["0202"], got["0102"], got["0103"]) == (3, 6, 5, 8)
    assert "0203" not in got
    cav = reachable(b, MovingUnit(K.CAVALRY, Fr(2)), "0101", Fr(6))
    assert cav["0102"] == 3  # cavalry ignores the penalty


# --- ZOC across hexsides (2.4, 12.0) -------------------------------------------------


@pytest.mark.parametrize(
    "src,dst,side,rain,expected",
    [
        (T.CLEAR, T.CLEAR, {H.MINOR_RIVER, H.FORD}, False, ZocKind.NORMAL),
        (T.CLEAR, T.CLEAR, {H.MINOR_RIVER, H.FORD}, True, None),
        (T.CLEAR, T.CLEAR, {H.MAJOR_RIVER, H.FERRY}, True, ZocKind.NORMAL),
        (T.CLEAR, T.CLEAR, {H.CREEK}, True, None),
        (T.CLEAR, T.CLEAR, {H.CREEK, H.TRAIL}, True, ZocKind.NORMAL),
        (T.CITY, T.CLEAR, {H.CREEK}, True, ZocKind.NORMAL),
        (T.CLEAR, T.MOUNTAIN, {H.TRAIL}, False, None),  # 2.4: road/pike/railroad only
        (T.SWAMP, T.CLEAR, {H.RAILROAD}, False, ZocKind.NORMAL),
        (T.CLEAR, T.PROVISIONAL_SWAMP, set(), True, None),  # a swamp in rain
        (T.CLEAR, T.PROVISIONAL_SWAMP, set(), False, ZocKind.NORMAL),
        (T.WOODS, T.CLEAR, {H.TRAIL}, False, ZocKind.NORMAL),
        (T.CLEAR, T.WOODS, set(), False, ZocKind.LIMITED),
        (T.CLEAR, T.CLEAR, {H.WATER}, False, None),
    ],
)
def test_zoc_across(src: T, dst: T, side: set[H], rain: bool, expected: object) -> None:
    assert zoc_across(src, dst, frozenset(side), rain=rain) == expected


# --- command radius and leader transfer (2.5, 6.3) -----------------------------------


def test_command_radius_and_transfer() -> None:
    m = small_map({"0303": "woods"}, columns=12, rows=12)
    enemy = ["0303"]  # ZOC (limited into woods-side hexes: all six border woods 0303)
    zoc = enemy_zoc(m, enemy)
    assert all(k is ZocKind.LIMITED for k in zoc.values())
    # 2.5: limited ZOC blocks a command path like a normal one. Leader 0302, unit 0304:
    # 0303 is the enemy; 0302's other neighbours 0202, 0402 are ZOC, and from 0301, 0401,
    # 0201 the unit is more than two hexes away.
    assert not in_command_radius(m, "0302", "0304", enemy, zoc, []).in_radius
    # Friendly units in the ZOC hexes 0202 and 0203 reopen 0302-0202-0203-0304.
    assert in_command_radius(m, "0302", "0304", enemy, zoc, ["0202", "0203"]).in_radius
    assert not in_command_radius(m, "0302", "0304", enemy, zoc, ["0202"]).in_radius
    # 6.3: transfer up to 10 hexes, ZOC ignored, enemy hexes avoided.
    assert transfer_path(m, "0101", "0111", enemy) is not None  # 10 hexes
    assert transfer_path(m, "0101", "0112", enemy) is None  # 11 hexes
    path = transfer_path(m, "0302", "0304", enemy)
    assert path is not None and "0303" not in path and len(path) - 1 == 3  # round 0303


# --- calc move with odd input ---------------------------------------------------------
UNIT = {"side": "union", "kind": "infantry", "strength": 6}


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: Any, *flags: str) -> tuple:  # type: ignore[type-arg]
    p = tmp_path / "in.json"
    p.write_text(json.dumps(data))
    code = main(["calc", "move", "--input", str(p), *flags])
    out, err = capsys.readouterr()
    return code, out, err


def _odd_maps(tmp_path: Path) -> dict[str, Any]:
    binary = tmp_path / "bin.toml"
    binary.write_bytes(bytes(range(256)) * 4)
    binary_json = tmp_path / "bin.json"
    binary_json.write_bytes(b"\xff\xfe\x00\x01" * 64)
    return {
        "missing": str(tmp_path / "nope.toml"),
        "binary": str(binary),
        "binary_json": str(binary_json),
        "directory": str(tmp_path),
        "too_long": "a" * 5000,  # the OS refuses the name
        "no_home": "~nosuchuser_xyz/map.toml",  # expanduser cannot resolve
        "nul": "a\x00b",
    }


@pytest.mark.parametrize(
    "patch,needle",
    [
        ({"path": ["0101", "0103"]}, "path[1]"),  # jumps a hex
        ({"path": ["0101", "zz"]}, "path[1]"),
        ({"path": ["0101", "9999"]}, "off map"),
        ({"path": []}, "path"),
        ({"path": [101]}, "path"),
        ({"unit": dict(UNIT, kind="tank")}, "unit.kind"),
        ({"unit": dict(UNIT, strength=0)}, "unit.strength"),
        ({"movement_allowance": -3}, "movement_allowance"),
        ({"rain": "yes"}, "rain"),
        ({"enemy_units": [{"hex": "0101"}]}, "path[0]"),
        ({"destroyed_crossings": [["0101", "0505"]]}, "destroyed_crossings[0]"),
        ({"destroyed_crossings": [["0101", "0102"]]}, "destroyed_crossings[0]"),  # no bridge
        ({"destroyed_crossings": [["0101"]]}, "destroyed_crossings"),
        ({"map": ""}, "map"),
    ],
)
def test_calc_move_odd_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], patch: dict[str, Any], needle: str
) -> None:
    data = {"map": "example", "unit": UNIT, "path": ["0101", "0102"], **patch}
    code, _, err = _run(tmp_path, capsys, data)
    assert code == 2, err
    assert needle in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "which", ["missing", "binary", "binary_json", "directory", "too_long", "no_home", "nul"]
)
def test_calc_move_bad_map_files(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], which: str
) -> None:
    data = {"map": _odd_maps(tmp_path)[which], "unit": UNIT, "path": ["0101"]}
    code, _, err = _run(tmp_path, capsys, data)
    assert code == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_illegal_step_is_not_shown_as_all_mp(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Example map: road 0706-0806 over the Broad River ferry. Strength 8 in rain:
    # penalty 8//3 = 2 plus road 2 = 4 MP; with 3 MP left after moving it is illegal,
    # and the breakdown must say so rather than print "all MP".
    data = {
        "map": "example",
        "unit": dict(UNIT, strength=8),
        "path": ["0606", "0706", "0806"],
        "rain": True,
        "movement_allowance": 5,
    }
    code, out, _ = _run(tmp_path, capsys, data)
    assert code == 0
    assert "0806 clear: cannot enter" in out and "all MP" not in out
    code, out, _ = _run(tmp_path, capsys, data, "--json")
    doc = json.loads(out)
    assert doc["legal"] is False and doc["path"][-1]["legal"] is False
    assert doc["path"][0]["mp"] == "2" and doc["path"][0]["legal"] is True
