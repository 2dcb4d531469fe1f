"""The engine's march prices each step through `pathing.move_step` on the live board:
pontoon bridges of each side, destroyed crossings, the pontoon's road (6.2, 10.1, 10.2,
12.0); and rain results a game does not have (12.0, register game-rain-number-na)."""

from __future__ import annotations

from typing import Any

import pytest
from tests_helpers import Driver, make_scenario, small_map, unit  # type: ignore[import-not-found]

from gcacw_ref.errors import DataError
from gcacw_ref.game.engine.core import initial_state, start
from gcacw_ref.game.engine.weather import rain_event_exists
from gcacw_ref.rules.games import Game

SIDE = ["0505", "0605"]
ROADS = [
    {"between": ["0405", "0505"], "features": ["road"]},
    {"between": ["0605", "0705"], "features": ["road"]},
]


def _march(
    river: list[str],
    bridges: tuple[tuple[str, str, str], ...] = (),
    destroyed: tuple[tuple[str, str], ...] = (),
    enemy_hex: str = "0909",
    mp_die: int = 6,
    weather: dict[str, str] | None = None,
) -> Driver:
    """Union unit `u` (strength 6) at 0505 marches; the river hexside 0505-0605."""
    sides = [{"between": SIDE, "features": river}, *ROADS]
    scen = make_scenario(
        [
            unit("u", "union", "0505", 6),
            unit("u2", "union", "0101"),  # a second unit: the march is a real choice
            unit("c", "confederate", enemy_hex, 3),
        ],
        map_doc=small_map(hexsides=sides),
        weather=weather,
    )
    state = initial_state(scen, 1).model_copy(update={"bridges": bridges, "destroyed": destroyed})
    state, _ = start(state, [6, 1])
    d = Driver(state)
    while d.kind == "transfer":
        d.do("done", dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[mp_die])
    if d.kind == "forced_march":
        d.do("forced_march", option="no")
    return d


def _moves(d: Driver) -> set[str]:
    return {a.hex for a in d.legal() if a.type == "move" and a.hex}


def test_own_pontoon_with_roads_on_both_banks_costs_one() -> None:
    d = _march(["minor_river"], bridges=(("0505", "0605", "union"),))
    assert "0605" in _moves(d)
    d.do("move", unit="u", hex="0605")
    assert [e["cost"] for e in d.events if e["type"] == "move"] == ["1"]  # 10.1 note, 6.2


def test_enemy_pontoon_is_not_offered() -> None:
    """10.2: the enemy may not cross a pontoon bridge."""
    assert "0605" not in _moves(_march(["minor_river"], bridges=(("0505", "0605", "confederate"),)))
    assert "0605" not in _moves(_march(["minor_river"]))


def test_enemy_pontoon_over_a_ford_leaves_the_ford() -> None:
    """Register game-enemy-pontoon-crossing."""
    d = _march(["minor_river", "ford"], bridges=(("0505", "0605", "confederate"),))
    d.do("move", unit="u", hex="0605")
    assert [e["cost"] for e in d.events if e["type"] == "move"] == ["3"]  # clear, by ford


def test_own_pontoon_over_a_destroyed_major_bridge_in_rain() -> None:
    wet = {"1": "rain"}
    gone = (("0505", "0605"),)
    river = ["major_river", "bridge"]
    assert "0605" not in _moves(_march(river, destroyed=gone, weather=wet))
    d = _march(river, bridges=(("0505", "0605", "union"),), destroyed=gone, weather=wet)
    d.do("move", unit="u", hex="0605")
    assert [e["cost"] for e in d.events if e["type"] == "move"] == ["2"]  # road in rain


def test_zoc_to_zoc_over_own_road_pontoon_keeps_the_unit_organized() -> None:
    """6.2: ZOC to ZOC disorganizes unless a road joins the hexes; a pontoon between two
    road hexes carries a road (10.1 note). The engine's old copy disorganized here."""
    d = _march(["minor_river"], bridges=(("0505", "0605", "union"),), enemy_hex="0604")
    d.do("move", unit="u", hex="0605")
    u = d.units()["u"]
    assert u.hex == "0605" and u.organized is True
    move = [e for e in d.events if e["type"] == "move"][0]
    assert move["cost"] == "6"  # all the MP (6.2)
    assert not [a for a in d.legal() if a.type in ("move", "attack")]


def test_rain_plus_three_exists_only_in_otr() -> None:
    assert rain_event_exists(Game.OTR, "rain+3")
    assert not rain_event_exists(Game.GTC, "rain+3")
    assert not rain_event_exists(Game.SIV, "rain+3")
    assert rain_event_exists(Game.SIV, "rain+2") and rain_event_exists(Game.GTC, "none")


def test_a_scenario_naming_rain_plus_three_outside_otr_is_rejected() -> None:
    units = [unit("u", "union", "0505"), unit("c", "confederate", "0909")]
    scen = make_scenario(units, game="GTC", weather={"1": "rain+3"})
    with pytest.raises(DataError, match=r"weather\.1: 'rain\+3' does not occur in GTC"):
        initial_state(scen, 1)


def test_rain_plus_three_in_otr_moves_both_markers(drive: Any) -> None:
    units = [unit("u", "union", "0505"), unit("c", "confederate", "0909")]
    d = drive(make_scenario(units, game="OTR", weather={"1": "rain+3"}), dice=[6, 1])
    assert d.state.minor_unfordable_until == 1 + 6  # OTR minor rain number 6
    assert d.state.major_unfordable_until == 1 + 9  # OTR major rain number 9


def test_zoc_crosses_a_pontoon_over_a_destroyed_major_bridge() -> None:
    """10.2: ZOC crosses an intact bridge as usual; a pontoon laid where the fixed bridge
    was destroyed is one, whoever owns it (the engine used to drop it with the bridge)."""
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.engine.zocview import zoc_kind
    from gcacw_ref.rules.games import Side

    sides = [{"between": SIDE, "features": ["major_river", "bridge"]}, *ROADS]
    scen = make_scenario(
        [unit("u", "union", "0505", 6), unit("c", "confederate", "0605", 3)],
        map_doc=small_map(hexsides=sides),
    )
    base = initial_state(scen, 1).model_copy(update={"destroyed": (tuple(SIDE),)})
    assert zoc_kind(Work(base), "0505", Side.UNION) is None
    for owner in ("union", "confederate"):
        laid = base.model_copy(update={"bridges": ((*SIDE, owner),)})
        assert zoc_kind(Work(laid), "0505", Side.UNION) == "normal"
        assert zoc_kind(Work(laid), "0605", Side.CONFEDERATE) == "normal"
