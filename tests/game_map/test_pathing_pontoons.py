"""Pontoon bridges, destroyed crossings and their ZOC on the movement board (10.1, 10.2,
12.0, 6.2): what the game engine needs from `pathing.MoveView`, checked by hand."""

from __future__ import annotations

from fractions import Fraction as Fr

from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.pathing import MoveView, MovingUnit, evaluate_path, move_step
from gcacw_ref.game.model.reach import reachable
from gcacw_ref.game.model.zoc import ZocKind, enemy_zoc, with_pontoon_bridges
from gcacw_ref.rules.movement import Weather
from gcacw_ref.rules.terrain import HexsideFeature as F
from gcacw_ref.rules.terrain import UnitKind as K

from .conftest import small_map

INF = MovingUnit(K.INFANTRY, Fr(6))
SIDE = ("0303", "0403")  # the river hexside every test bridges
ROADS = [("0203", "0303", ["road"]), ("0403", "0503", ["road"])]


def river(*crossing: str, major: bool = False, roads: bool = True, **terrain: str) -> HexMap:
    kind = "major_river" if major else "minor_river"
    sides = [(*SIDE, [kind, *crossing])] + (ROADS if roads else [])
    return small_map(terrain, sides)


def test_own_pontoon_with_roads_on_both_banks_is_a_road_bridge() -> None:
    """10.1 note: both hexes have a road, so the pontoon carries one: 1 MP (6.2)."""
    assert not evaluate_path(MoveView.build(river()), INF, list(SIDE), Fr(6)).legal
    r = evaluate_path(MoveView.build(river(), own_pontoons=[SIDE]), INF, list(SIDE), Fr(6))
    assert r.legal and r.cost == 1
    assert [s.label for s in r.entries[0].steps] == ["river crossed by bridge", "along road"]


def test_own_pontoon_without_a_road_on_one_bank_pays_the_terrain() -> None:
    b = MoveView.build(river(roads=False), own_pontoons=[SIDE])
    assert b.hexmap.hexside(*SIDE) == frozenset({F.MINOR_RIVER, F.BRIDGE})
    assert evaluate_path(b, INF, list(SIDE), Fr(6)).cost == 3  # clear terrain


def test_enemy_pontoon_cannot_be_crossed() -> None:
    """10.2: the enemy may not cross a pontoon bridge in a march."""
    v = move_step(MoveView.build(river(), enemy_pontoons=[SIDE]), INF, *SIDE, mp_left=Fr(6))
    assert not v.legal and v.rule == "10.2"
    assert v.reason is not None and "enemy's" in v.reason


def test_enemy_pontoon_on_a_ford_leaves_the_ford_usable() -> None:
    """Register game-enemy-pontoon-crossing: the ford under it is still a ford."""
    b = MoveView.build(river("ford"), enemy_pontoons=[SIDE])
    assert evaluate_path(b, INF, list(SIDE), Fr(6)).cost == 3  # a ford: the terrain's cost
    wet = MoveView.build(river("ford"), enemy_pontoons=[SIDE], weather=Weather(rain=True))
    assert not move_step(wet, INF, *SIDE, mp_left=Fr(6)).legal  # 12.0: no ford in rain


def test_own_pontoon_over_a_destroyed_major_bridge_in_rain() -> None:
    """10.2: a destroyed major-river bridge is no crossing; the owner's pontoon is."""
    m = river("bridge", major=True)
    wet = Weather(rain=True, major_uncrossable=True)
    theirs = MoveView.build(m, weather=wet, destroyed=[SIDE], enemy_pontoons=[SIDE])
    assert not move_step(theirs, INF, *SIDE, mp_left=Fr(6)).legal
    ours = MoveView.build(m, weather=wet, destroyed=[SIDE], own_pontoons=[SIDE])
    assert ours.destroyed == frozenset()
    v = move_step(ours, INF, *SIDE, mp_left=Fr(6))
    assert v.legal and v.mp == 2  # a road in rain (12.0)


def test_destroyed_minor_bridge_is_a_ford_only_out_of_rain_and_marker() -> None:
    m = river("bridge")
    assert move_step(MoveView.build(m, destroyed=[SIDE]), INF, *SIDE, mp_left=Fr(6)).mp == 3
    for wx in (Weather(rain=True), Weather(minor_uncrossable=True)):
        b = MoveView.build(m, destroyed=[SIDE], weather=wx)
        assert not move_step(b, INF, *SIDE, mp_left=Fr(6)).legal


def test_zoc_crosses_either_sides_pontoon_even_over_a_destroyed_crossing() -> None:
    """10.2: ZOC crosses an intact bridge as usual; a pontoon is one whoever owns it."""
    m = river("bridge", major=True)
    gone = frozenset({SIDE})
    assert "0403" not in enemy_zoc(m, ["0303"], destroyed=gone)
    for kw in ({"own_pontoons": [SIDE]}, {"enemy_pontoons": [SIDE]}):
        b = MoveView.build(m, enemy_hexes=["0303"], destroyed=[SIDE], **kw)  # type: ignore[arg-type]
        assert b.zoc["0403"] is ZocKind.NORMAL


def test_pontoon_road_makes_a_woods_zoc_normal() -> None:
    """2.4: ZOC over a woods hexside is limited unless a road joins the hexes; the
    pontoon's road (10.1 note) is such a road."""
    with_road = MoveView.build(
        river(**{"0403": "woods"}), enemy_hexes=["0303"], own_pontoons=[SIDE]
    )
    assert with_road.zoc["0403"] is ZocKind.NORMAL
    bare = MoveView.build(
        river(roads=False, **{"0403": "woods"}), enemy_hexes=["0303"], own_pontoons=[SIDE]
    )
    assert bare.zoc["0403"] is ZocKind.LIMITED


def test_zoc_to_zoc_over_own_road_pontoon_keeps_order() -> None:
    """6.2: ZOC to ZOC disorganizes unless a road joins the hexes; the pontoon's road does."""
    on_road = MoveView.build(river(), enemy_hexes=["0402"], own_pontoons=[SIDE])
    v = move_step(on_road, INF, *SIDE, mp_left=Fr(4))
    assert v.legal and v.zoc_to_zoc and v.ends_march and v.mp == 4 and not v.disorganizes
    bare = MoveView.build(river(roads=False), enemy_hexes=["0402"], own_pontoons=[SIDE])
    v = move_step(bare, INF, *SIDE, mp_left=Fr(4))
    assert v.legal and v.zoc_to_zoc and v.disorganizes


def test_minimum_move_is_not_zoc_to_zoc() -> None:
    v = move_step(MoveView.build(river(), own_pontoons=[SIDE]), INF, "0303", "0304", mp_left=Fr(1))
    assert v.legal and v.ends_march and v.mp == 1 and not v.zoc_to_zoc


def test_reachable_agrees_with_the_pontoon() -> None:
    b = MoveView.build(river(), own_pontoons=[SIDE])
    assert reachable(b, INF, "0303", Fr(2))["0503"] == 2  # road, pontoon road, road
    assert "0403" not in reachable(
        MoveView.build(river(), enemy_pontoons=[SIDE]), INF, "0303", Fr(2)
    )


def test_pontoon_map_is_memoised_and_leaves_the_map_alone() -> None:
    m = river()
    laid = with_pontoon_bridges(m, [SIDE])
    assert with_pontoon_bridges(m, [(SIDE[1], SIDE[0])]) is laid
    assert with_pontoon_bridges(m, []) is m
    assert m.hexside(*SIDE) == frozenset({F.MINOR_RIVER})
    assert laid.hexside(*SIDE) == frozenset({F.MINOR_RIVER, F.BRIDGE, F.ROAD})
