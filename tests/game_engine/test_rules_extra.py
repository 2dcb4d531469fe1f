"""Still more hand-built positions: forced-march losses, raids, repairs, cavalry leaders,
army leaders moving with an activated leader, cavalry leaving before an assault."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests_helpers import (  # type: ignore[import-not-found]
    corps_scenario,
    make_scenario,
    porter_scenario,
    small_map,
    unit,
)


def test_forced_march_six_costs_two(drive: Any) -> None:
    scen = make_scenario(
        [
            unit("u", "union", "0505", 6),
            unit("u2", "union", "0101"),
            unit("c", "confederate", "0909"),
        ],
        year=1862,
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[2])
    d.do("forced_march", option="yes", dice=[6])
    u = d.units()["u"]
    assert (u.strength, u.organized) == (Fraction(4), False)
    assert d.state.pending.data["mp"] == "7"  # 2 + (6 - 1)


def test_raid_damages_then_destroys(drive: Any) -> None:
    doc = small_map({"0505": {"terrain": "city", "features": ["station"]}})
    scen = make_scenario(
        [
            unit("small", "union", "0505", 3),
            unit("big", "union", "0505", 6),
            unit("c", "confederate", "0909"),
        ],
        map_doc=doc,
        year=1862,
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("raid", unit="small", dice=[6, 1])
    assert d.state.stations == {"0505": "damaged"}
    d.do("take")
    d.do("raid", unit="big")
    assert d.state.stations == {"0505": "destroyed"}


def test_repairing_a_destroyed_bridge(drive: Any) -> None:
    sides = [{"between": ["0505", "0605"], "features": ["minor_river", "bridge", "road"]}]
    scen = make_scenario(
        [unit("u", "union", "0505", 6), unit("c", "confederate", "0909")],
        map_doc=small_map(hexsides=sides),
        year=1862,
    )
    data = scen.model_dump(mode="json")
    from gcacw_ref.game.engine.core import initial_state, start
    from gcacw_ref.game.model.scenario import scenario_from_data

    scen = scenario_from_data(data, "t")
    state = initial_state(scen, 1).model_copy(update={"destroyed": (("0505", "0605"),)})
    state, _ = start(state, [6, 1])
    from tests_helpers import Driver

    d = Driver(state)
    d.do("pass")
    d.do("pass")
    repairs = [a for a in d.legal() if a.option == "repair"]
    assert repairs and repairs[0].hex == "0605"
    d.do("build", unit="u", option="repair", hex="0605", dice=[3])
    assert d.state.destroyed == ()


def test_cavalry_division_leader_lets_only_the_first_unit_attack(drive: Any) -> None:
    forms = [{"id": "Cav", "side": "confederate", "kind": "cavalry_division"}]
    scen = make_scenario(
        [
            unit("c1", "confederate", "0505", 2, kind="cavalry", division="Cav"),
            unit("c2", "confederate", "0506", 2, kind="cavalry", division="Cav"),
            unit("u", "union", "0705", 1),
            unit("u2", "union", "0101"),
        ],
        leaders=[
            {
                "id": "jeb",
                "name": "Jeb",
                "side": "confederate",
                "rank": "division",
                "cavalry": True,
                "command": 4,
                "commands": ["Cav"],
                "with_unit": "c1",
            }
        ],
        formations=forms,
        year=1862,
    )
    d = drive(scen, dice=[1, 6])
    while d.kind == "transfer":
        d.do("done", dice=[1, 6])
    d.do("take")
    d.do("activate", leader="jeb")
    d.do("select", leader="jeb", unit="c1", option="march")
    d.do("select", leader="jeb", unit="c2", option="march", dice=[6, 6])
    act = [e for e in d.events if e["type"] == "activation"][0]
    assert act["mp"] == 14  # cavalry division leader: 2d6 + 2 (5.2)
    d.do("done")  # no leader transfer
    d.do("march", unit="c1")
    d.do("forced_march", option="no")
    d.do("end")
    d.do("forced_march", option="no") if d.kind == "forced_march" else None
    assert d.state.pending.data["unit"] == "c2"
    assert d.state.pending.data["may_attack"] is False


def test_army_leader_may_go_with_the_activated_leader(drive: Any) -> None:
    forms = [{"id": "I", "side": "union", "kind": "corps"}]
    scen = make_scenario(
        [
            unit("a", "union", "0505", 5, corps="I"),
            unit("b", "union", "0507", 5, corps="I"),
            unit("c", "confederate", "0909"),
        ],
        leaders=[
            {
                "id": "corps",
                "name": "C",
                "side": "union",
                "rank": "corps",
                "command": 3,
                "commands": ["I"],
                "with_unit": "a",
            },
            {
                "id": "army",
                "name": "A",
                "side": "union",
                "rank": "army",
                "command": 5,
                "with_unit": "a",
            },
        ],
        formations=forms,
        year=1862,
    )
    d = drive(scen)
    while d.kind == "transfer":
        d.do("done", dice=[6, 1])
    d.do("take")
    d.do("activate", leader="corps")
    d.do("select", leader="corps", unit="a", option="march")
    d.do("select", leader="corps", unit="b", option="march", dice=[3])
    d.do("transfer", leader="corps", unit="b")
    assert d.kind == "accompany"
    d.do("transfer", leader="army", unit="b")
    assert d.state.leaders["army"].unit == "b" and d.state.leaders["corps"].unit == "b"


def test_cavalry_leaves_before_an_assault(drive: Any) -> None:
    scen = corps_scenario(
        [
            unit("a", "union", "0505", 6, corps="I"),
            unit("a2", "union", "0101", 2, corps="I"),
            unit("cav", "confederate", "0605", 2, kind="cavalry"),
            unit("c2", "confederate", "0909", 2),
        ],
        command=5,
        year=1862,
    )
    d = drive(scen)
    while d.kind == "transfer":
        d.do("done", dice=[6, 1])
    d.do("take")
    d.do("assault", leader="l")
    assert d.kind == "cavalry_retreat"
    d.do("cavalry_retreat", hex="0605", option="yes", dice=[4])
    while d.kind == "retreat":
        stop = [a for a in d.legal() if a.type == "stop"]
        d.do("stop") if stop else d.do("retreat", hex=d.legal()[0].hex)
    # the assault still rolls its command die; success lets the unit take the empty hex
    roll = [e for e in d.events if e["type"] == "assault" and "die" in e][0]
    assert not [e for e in d.events if e["type"] == "combat"]
    if roll["happens"]:
        assert d.kind == "advance"
        d.do("advance", unit="a", hex="0605")
        assert d.units()["a"].hex == "0605"
        assert d.state.leaders["l"].unit == "a"


def test_assault_losses_are_allocated_by_the_attacker(drive: Any) -> None:
    """7.5: a numeric loss applies to the attacking force as a whole; its owner chooses,
    point by point, which units lose it; letters hit every attacking unit."""
    scen = porter_scenario(tactical=0)
    d = drive(scen)
    d.do("done", dice=[6, 1])
    d.do("take")
    d.do("assault", leader="porter")
    d.do("select", leader="porter", unit="sykes")
    d.do("select", leader="porter", unit="morell", dice=[1, 1, 6])  # command 1; combat 1 vs 6
    combat = [e for e in d.events if e["type"] == "combat"][0]
    assert combat["attacker_drm"] == 2  # 2-1 (+1), assault (+1)
    assert combat["attacker_result"] == "2D"
    assert d.kind == "optional_retreat"  # defender results come first (7.5)
    d.do("done")
    assert d.kind == "loss" and d.state.pending.side.value == "union"
    d.do("loss", unit="morell")
    d.do("loss", unit="morell")
    sykes, morell = d.units()["sykes"], d.units()["morell"]
    assert (sykes.strength, morell.strength) == (Fraction(6), Fraction(6))
    assert not sykes.organized and not morell.organized  # D: every attacking unit
    assert sykes.fatigue == 4 and morell.fatigue == 4  # +1 for the assault, +3 for D


def test_attacks_across_woods_only_from_the_start_hex(drive: Any) -> None:
    """7.1: across a woods hexside without a road a unit attacks only from the hex its
    march began in."""
    doc = small_map(
        {"0605": {"terrain": "woods"}},
        [
            {"between": ["0305", "0405"], "features": ["road"]},
            {"between": ["0405", "0505"], "features": ["road"]},
        ],
    )
    units = [
        unit("far", "union", "0305", 6),
        unit("near", "union", "0606", 6),
        unit("reb", "confederate", "0605", 3),
        unit("reb2", "confederate", "0909", 3),
    ]
    d = drive(make_scenario(units, year=1862, map_doc=doc), dice=[6, 1])
    d.do("take")
    d.do("march", unit="near", dice=[6])
    d.do("forced_march", option="no")
    assert any(a.type == "attack" and a.hex == "0605" for a in d.legal())
    d2 = drive(make_scenario(units, year=1862, map_doc=doc), dice=[6, 1])
    d2.do("take")
    d2.do("march", unit="far", dice=[6])
    d2.do("forced_march", option="no")
    d2.do("move", unit="far", hex="0405")
    d2.do("move", unit="far", hex="0505")
    assert not any(a.type == "attack" for a in d2.legal())
