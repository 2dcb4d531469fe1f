"""More hand-built positions: surrender, optional retreat, bridges, leaders splitting."""

from __future__ import annotations

from typing import Any

from tests_helpers import corps_scenario, make_scenario, small_map, unit  # type: ignore[import-not-found]


def test_rout_with_no_way_out_surrenders(drive: Any) -> None:
    doc = small_map({"0102": {"terrain": "water"}})
    scen = make_scenario(
        [unit("d", "union", "0101", 8), unit("a", "confederate", "0201", 18)],
        map_doc=doc,
        year=1862,
    )
    d = drive(scen, dice=[1, 6])
    d.do("take", dice=[4])
    d.do("forced_march", option="no")
    d.do("attack", unit="a", hex="0101", option="hasty", dice=[6, 1])
    combat = [e for e in d.events if e["type"] == "combat"][0]
    assert "R" in combat["defender_result"]  # a rout (the flank reading is the core's)
    assert [e for e in d.events if e["type"] == "surrender"]
    assert d.units()["d"].hex is None and d.units()["d"].surrendered
    assert d.state.lost["union"] == "8"


def test_defender_may_retreat_after_no_effect(drive: Any) -> None:
    scen = make_scenario(
        [
            unit("d", "union", "0505", 5),
            unit("a", "confederate", "0605", 5),
            unit("c2", "confederate", "0909", 2),
        ],
        year=1862,
    )
    d = drive(scen, dice=[1, 6])
    d.do("take")
    d.do("march", unit="a", dice=[4])
    d.do("forced_march", option="no")
    d.do("attack", unit="a", hex="0505", option="hasty", dice=[1, 6])
    combat = [e for e in d.events if e["type"] == "combat"][0]
    assert combat["defender_result"] == "-"
    assert d.kind == "optional_retreat" and d.state.pending.side.value == "union"
    d.do("retreat", unit="d")
    assert d.units()["d"].fatigue == 1  # 7.6: an optional retreat after "-" tires the unit
    step = [a for a in d.legal() if a.type == "retreat"][0]
    d.do("retreat", hex=step.hex)
    assert any(a.type == "stop" for a in d.legal())  # one hex is enough, even adjacent


def test_destroying_a_fixed_bridge(drive: Any) -> None:
    sides = [{"between": ["0505", "0605"], "features": ["minor_river", "bridge", "road"]}]
    scen = make_scenario(
        [
            unit("u", "union", "0505", 6),
            unit("u2", "union", "0101"),
            unit("c", "confederate", "0909"),
        ],
        map_doc=small_map(hexsides=sides),
        year=1862,
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[3])
    d.do("forced_march", option="no")
    d.do("end")
    assert d.kind == "destroy"
    d.do("destroy", unit="u", hex="0605", dice=[4])
    ev = [e for e in d.events if e["type"] == "bridge"][0]
    assert ev["drm"] == -2 and ev["destroyed"] is True  # 4 - 2 = 2: destroyed
    assert d.state.destroyed == (("0505", "0605"),)


def test_leader_may_stay_behind(drive: Any) -> None:
    scen = corps_scenario(
        [
            unit("a", "union", "0505", 5, corps="I"),
            unit("b", "union", "0505", 5, corps="I"),
            unit("c", "confederate", "0909"),
        ],
        year=1862,
        map_doc=small_map(hexsides=[{"between": ["0505", "0405"], "features": ["road"]}]),
    )
    d = drive(scen)
    d.do("done", dice=[6, 1])
    d.do("take")
    d.do("march", unit="a", dice=[5])
    d.do("forced_march", option="no")
    d.do("move", unit="a", hex="0405")
    assert d.kind == "leaders_split"
    d.do("transfer", leader="l", unit="b")
    assert d.state.leaders["l"].unit == "b"
    assert d.units()["a"].hex == "0405"


def _with_options(units: list[dict[str, Any]], options: list[str], year: int) -> Any:
    from gcacw_ref.game.model.scenario import scenario_from_data

    scen = make_scenario(units, year=year)
    data = scen.model_dump(mode="json")
    data["scenario"]["optional_rules"] = options
    return scenario_from_data(data, "test")


def test_optional_fatigue_four_march(drive: Any) -> None:
    units = [
        unit("u", "union", "0505", 6, fatigue=4),
        unit("u2", "union", "0101", 2, fatigue=4),
        unit("c", "confederate", "0909", 3),
    ]
    plain = drive(make_scenario(units, year=1862), dice=[6, 1])
    assert plain.kind != "initiative" or "march" not in {a.type for a in plain.legal()}
    d = drive(_with_options(units, ["fatigue_four_march"], 1862), dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[4])
    u = d.units()["u"]
    assert (u.fatigue, u.organized) == (4, False)
    assert d.kind == "march"  # no extended-march roll, no forced march
    assert not [e for e in d.events if e["type"] == "extended_march"]


def test_optional_entrenchment_action_1863(drive: Any) -> None:
    units = [unit("u", "union", "0505", 6), unit("c", "confederate", "0909", 3)]
    d = drive(_with_options(units, ["entrenchment_action_1863"], 1863), dice=[6, 1])
    d.do("take")
    d.do("entrench", unit="u")
    u = d.units()["u"]
    assert (u.fatigue, u.entrenchment) == (2, "breastworks_building")


def test_rain_floods_a_provisional_swamp(drive: Any) -> None:
    doc = small_map({"0505": {"terrain": "provisional_swamp"}, "0405": {"terrain": "swamp"}})
    scen = make_scenario(
        [
            unit("u", "union", "0505", 6),
            unit("c", "confederate", "0605", 3),
            unit("c2", "confederate", "0909", 3),
        ],
        map_doc=doc,
        weather={"1": "rain"},
    )
    d = drive(scen)
    assert d.kind == "swamp_exit"
    exits = {a.hex for a in d.legal()}
    assert "0605" not in exits and "0405" not in exits and exits
    u = d.units()["u"]
    assert (u.fatigue, u.organized) == (1, False)
    target = sorted(exits)[0]
    d.do("move", unit="u", hex=target)
    assert d.units()["u"].hex == target


def test_refused_flanks(drive: Any) -> None:
    scen = make_scenario(
        [
            unit("u", "union", "0505", 6),
            unit("u2", "union", "0101", 2),
            unit("c", "confederate", "0705", 6),
            unit("c2", "confederate", "0909", 2),
        ],
        year=1862,
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[3])
    d.do("forced_march", option="no")
    d.do("refuse", unit="u", dice=[1, 6])  # next initiative: Confederates
    assert d.state.refused == ("0505",)
    assert d.kind == "initiative" and d.state.pending.side.value == "confederate"
    d.do("take")
    d.do("march", unit="c", dice=[6])
    d.do("forced_march", option="no")
    d.do("move", unit="c", hex="0605")
    d.do("attack", unit="c", hex="0505", option="normal", dice=[3, 3])
    combat = [e for e in d.events if e["type"] == "combat"][0]
    assert combat["flank"] == 1  # 7.8: a non-flank attack on refused flanks gets +1


def test_scenario_rain_table(drive: Any) -> None:
    from gcacw_ref.game.model.scenario import scenario_from_data

    scen = make_scenario(
        [unit("u", "union", "0505", 6), unit("c", "confederate", "0909", 3)], turns=2
    )
    data = scen.model_dump(mode="json")
    data["rain_table"] = {"2-5": "rain", "6-12": "none"}
    scen = scenario_from_data(data, "t")
    d = drive(scen, dice=[1, 2, 6, 1])  # random event dice 1+2 = 3: rain
    ev = [e for e in d.events if e["type"] == "rain"]
    assert ev[0]["dice"] == 3 and ev[0]["event"] == "rain"
    assert d.state.rain == (1,)
    data["rain_table"] = {"2-5": "rain", "5-12": "none"}
    import pytest

    from gcacw_ref.errors import DataError

    with pytest.raises(DataError, match="overlaps"):
        scenario_from_data(data, "t")


def test_bridging_limits_by_game(drive: Any) -> None:
    """10.1: Confederates bridge major rivers only in OTR and GTC; SIV needs strength 3."""
    sides = [{"between": ["0505", "0605"], "features": ["major_river"]}]
    for game, year, side, expect in [
        ("RTG", 1863, "confederate", False),
        ("OTR", 1862, "confederate", True),
        ("SIV", 1862, "union", False),
    ]:
        units = [
            unit("b", side, "0505", 6),
            unit("x", "union" if side == "confederate" else "confederate", "0909", 3),
        ]
        scen = make_scenario(units, game=game, year=year, map_doc=small_map(hexsides=sides))
        data = scen.model_dump(mode="json")
        data["bridges"] = {"union_major": 1, "confederate_major": 1}
        from gcacw_ref.game.model.scenario import scenario_from_data

        d = drive(scenario_from_data(data, "t"), dice=[6, 1])
        while d.kind in ("initiative", "transfer"):
            d.do("pass" if d.kind == "initiative" else "done")
        while d.kind == "build" and d.state.pending.side.value != side:
            d.do("done")
        options = [a for a in d.legal() if a.option == "bridge"] if d.kind == "build" else []
        assert bool(options) is expect, game
