"""The rulebook's worked examples played through the engine with the example's dice.

Positions are rebuilt on small test maps with the example's units and values; the map
details that do not matter to the example (hex numbers, the lie of the land) are ours.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests_helpers import (  # type: ignore[import-not-found]
    make_scenario,
    porter_scenario,
    small_map,
    unit,
)


def test_5_1_march_example_ord(drive: Any) -> None:
    """5.1: Ord, exhausted, fatigue 1, organized 6: allowance die 3, extended-march die 4
    (+1 Union) = NE, forced march die 1 gives the minimum +2: 5 MP, no loss."""
    scen = make_scenario(
        [
            unit("ord", "union", "0505", 6, exhausted=True, fatigue=1),
            unit("spare", "union", "0101", 3),
            unit("reb", "confederate", "0909", 3),
        ],
        game="OTR",
        year=1862,
    )
    d = drive(scen, dice=[6, 1])  # initiative: Union 6, Confederate 1
    assert d.kind == "initiative"
    d.do("take")
    d.do("march", unit="ord", dice=[3, 4])
    ext = [e for e in d.events if e["type"] == "extended_march"]
    assert ext and ext[0]["result"] == "NE" and ext[0]["drm"] == 1
    assert d.units()["ord"].fatigue == 2
    assert d.kind == "forced_march"
    d.do("forced_march", option="yes", dice=[1])
    fm = [e for e in d.events if e["type"] == "forced_march"][0]
    assert (fm["bonus"], fm["loss"]) == (2, 0)
    assert d.state.pending.kind == "march"
    assert d.state.pending.data["mp"] == "5"
    ord_ = d.units()["ord"]
    assert ord_.organized is False and ord_.strength == 6


def test_5_2_activation_example_hancock(drive: Any) -> None:
    """5.2 (1864): Hancock may activate Birney and Barlow only (Gibbon is at fatigue 4,
    Crawford is V Corps); Barlow entrenches (abatis, fatigue 3), Birney marches with
    the leader's 4 + 1 = 5 MP; Hancock moves to Barlow first."""
    forms = [
        {"id": "II", "side": "union", "kind": "corps"},
        {"id": "V", "side": "union", "kind": "corps"},
    ]
    scen = make_scenario(
        [
            unit("gibbon", "union", "0505", 6, corps="II", fatigue=4),
            unit("birney", "union", "0506", 6, corps="II"),
            unit("barlow", "union", "0406", 6, corps="II", fatigue=2),
            unit("crawford", "union", "0604", 6, corps="V"),
            unit("reb", "confederate", "0909", 3),
        ],
        leaders=[
            {
                "id": "hancock",
                "name": "Hancock",
                "side": "union",
                "rank": "corps",
                "command": 4,
                "tactical": 3,
                "commands": ["II"],
                "with_unit": "gibbon",
            }
        ],
        formations=forms,
        game="GTC",
        year=1864,
    )
    d = drive(scen)
    assert d.kind == "transfer"
    d.do("done", dice=[6, 1])
    d.do("take")
    d.do("activate", leader="hancock")
    options = {(a.unit, a.option) for a in d.legal() if a.type == "select"}
    assert {u for u, _ in options} == {"birney", "barlow"}
    d.do("select", leader="hancock", unit="barlow", option="entrench")
    d.do("select", leader="hancock", unit="birney", option="march", dice=[4])
    act = [e for e in d.events if e["type"] == "activation"][0]
    assert act["mp"] == 5
    d.do("transfer", leader="hancock", unit="barlow")
    assert d.state.leaders["hancock"].unit == "barlow"
    d.do("entrench", unit="barlow")
    barlow = d.units()["barlow"]
    assert (barlow.fatigue, barlow.entrenchment) == (3, "abatis")
    # Birney is the only unit left to act: its march starts by itself
    assert d.kind == "forced_march"
    assert d.units()["birney"].fatigue == 1
    d.do("forced_march", option="no")
    assert d.state.pending.kind == "march" and d.state.pending.data["mp"] == "5"


def _porter(drive: Any) -> Any:
    return drive(porter_scenario())


def test_7_1_porter_assault_example(drive: Any) -> None:
    """7.1: Porter (command 5) assaults with Sykes and Morell; the die 5 gives assault
    value 0, so one unit attacks (Morell); both still gain one fatigue level."""
    d = _porter(drive)
    d.do("done", dice=[6, 1])  # Porter stays put; initiative to the Union
    d.do("take")
    d.do("assault", leader="porter")
    d.do("select", leader="porter", unit="sykes")
    d.do("select", leader="porter", unit="morell", dice=[5])
    roll = [e for e in d.events if e["type"] == "assault" and "value" in e][0]
    assert (roll["die"], roll["value"], roll["happens"]) == (5, 0, True)
    assert d.units()["sykes"].fatigue == 1 and d.units()["morell"].fatigue == 1
    picks = {a.unit for a in d.legal()}
    assert picks == {"sykes", "morell"}
    d.do("select", leader="porter", unit="morell", dice=[3, 3, 2])
    combat = [e for e in d.events if e["type"] == "combat"][0]
    assert combat["attackers"] == ["morell"]


def test_7_1_assault_fails_on_a_six(drive: Any) -> None:
    d = _porter(drive)
    d.do("done", dice=[6, 1])
    d.do("take")
    d.do("assault", leader="porter")
    d.do("select", leader="porter", unit="sykes")
    d.do("select", leader="porter", unit="morell", dice=[6])
    assert not [e for e in d.events if e["type"] == "combat"]
    assert d.units()["sykes"].fatigue == 1


def test_7_1_lee_grand_assault_example(drive: Any) -> None:
    """7.1: AP Hill's assault succeeds; Lee (command 6) is within Hill's command range;
    two idle units at fatigue 2 stand next to the defender. Die 3: grand assault number 3;
    both hexes join, and both units go to fatigue 3."""
    forms = [
        {"id": "Hill", "side": "confederate", "kind": "division"},
        {"id": "Long", "side": "confederate", "kind": "corps"},
    ]
    scen = make_scenario(
        [
            unit("pender", "confederate", "0505", 6, division="Hill"),
            unit("a", "confederate", "0604", 5, corps="Long", fatigue=2),
            unit("b", "confederate", "0606", 5, corps="Long", fatigue=2),
            unit("army", "confederate", "0303", 5, corps="Long"),
            unit("yank", "union", "0605", 6),
        ],
        leaders=[
            {
                "id": "hill",
                "name": "AP Hill",
                "side": "confederate",
                "rank": "division",
                "command": 4,
                "tactical": 3,
                "commands": ["Hill"],
                "with_unit": "pender",
            },
            {
                "id": "lee",
                "name": "Lee",
                "side": "confederate",
                "rank": "army",
                "command": 6,
                "with_unit": "army",
            },
        ],
        formations=forms,
        game="OTR",
        year=1862,
    )
    d = drive(scen)
    while d.kind == "transfer":
        d.do("done", dice=[1, 6])
    d.do("take")
    d.do("assault", leader="hill", dice=[1])
    assert d.kind == "assault" and {a.option for a in d.legal()} == {"yes", "no"}
    d.do("grand_assault", option="yes", dice=[3])
    ga = [e for e in d.events if e["type"] == "grand_assault"][0]
    assert ga["number"] == 3 and ga["happens"]
    d.do("hex", hex="0604")
    d.do("hex", hex="0606")
    # choosing a unit in 0604 leaves only b to cover 0606: it joins by itself
    d.do("select", unit="a", dice=[4, 4, 2, 2])
    assert d.units()["a"].fatigue >= 3 and d.units()["b"].fatigue >= 3
    combat = [e for e in d.events if e["type"] == "combat"][0]
    assert set(combat["attackers"]) == {"pender", "a", "b"}


def test_7_6_mccall_anderson_example(drive: Any) -> None:
    """7.5/7.6: Anderson (17, Hill's tactical 4) moves next to McCall (9, on rolling
    ground with Porter) and makes a hasty attack; Branch closes the fifth hex. 1-1, artillery
    -1, tactical +1, hasty -1, flank +2: +1. Dice 5 and 2: McCall 1DR, Anderson 1fa.
    McCall routs four hexes with Porter, demoralized; Anderson advances with Hill."""
    forms = [
        {"id": "V", "side": "union", "kind": "corps"},
        {"id": "Hill", "side": "confederate", "kind": "division"},
    ]
    scen = make_scenario(
        [
            unit("mccall", "union", "0505", 9, corps="V", artillery=2, tactical=2, fatigue=1),
            unit(
                "anderson",
                "confederate",
                "0503",
                17,
                division="Hill",
                artillery=2,
                tactical=2,
                fatigue=1,
                size="half_division",
            ),
            unit(
                "branch",
                "confederate",
                "0605",
                7,
                division="Hill",
                artillery=1,
                tactical=2,
                fatigue=1,
            ),
        ],
        leaders=[
            {
                "id": "porter",
                "name": "Porter",
                "side": "union",
                "rank": "corps",
                "command": 5,
                "tactical": 3,
                "commands": ["V"],
                "with_unit": "mccall",
            },
            {
                "id": "hill",
                "name": "AP Hill",
                "side": "confederate",
                "rank": "division",
                "command": 4,
                "tactical": 4,
                "commands": ["Hill"],
                "with_unit": "anderson",
            },
        ],
        formations=forms,
        game="OTR",
        year=1862,
        map_doc=small_map({"0505": {"terrain": "rolling"}}),
    )
    d = drive(scen)
    while d.kind == "transfer":
        d.do("done", dice=[1, 6])
    d.do("take")
    d.do("march", unit="anderson", dice=[6])
    d.do("forced_march", option="no")
    d.do("move", unit="anderson", hex="0504")
    d.do("attack", unit="anderson", hex="0505", option="hasty", dice=[5, 2])
    combat = [e for e in d.events if e["type"] == "combat"][0]
    assert combat["flank"] == 2
    assert combat["attacker_drm"] == 1 and combat["defender_drm"] == 0
    assert combat["differential"] == 4
    assert (combat["defender_result"], combat["attacker_result"]) == ("1DR", "1fa")
    mccall = d.units()["mccall"]
    assert (mccall.strength, mccall.organized, mccall.fatigue, mccall.demoralized) == (
        Fraction(8),
        False,
        4,
        1,
    )
    assert d.kind == "retreat"
    for _ in range(4):
        moves = [a for a in d.legal() if a.type == "retreat"]
        d.do("retreat", hex=moves[0].hex)
    assert any(a.type == "stop" for a in d.legal())
    d.do("stop")
    mccall = d.units()["mccall"]
    assert mccall.strength == 8
    assert d.state.leaders["porter"].unit == "mccall"
    from gcacw_ref.game.model.geometry import distance

    assert distance(mccall.hex, "0505") >= 2
    anderson = d.units()["anderson"]
    assert (anderson.strength, anderson.organized, anderson.fatigue) == (Fraction(16), True, 3)
    d.do("advance", unit="anderson", hex="0505")
    assert d.units()["anderson"].hex == "0505"
    assert d.units()["branch"].hex == "0605"
    assert d.state.leaders["hill"].unit == "anderson"


def test_5_1_extended_march_modifier_example(drive: Any) -> None:
    """5.1 example: in RTG an exhausted Union unit outside the Army of the Potomac going
    from fatigue 2 to 3 rolls its extended march with +3 (Union, not AoP, exhausted 2->3)."""
    scen = make_scenario(
        [
            unit("u", "union", "0505", 5, exhausted=True, fatigue=2, army_of_the_potomac=False),
            unit("spare", "union", "0101", 3),
            unit("reb", "confederate", "0909", 3),
        ],
        game="RTG",
        year=1863,
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[4, 2])
    ext = [e for e in d.events if e["type"] == "extended_march"][0]
    assert ext["drm"] == 3 and ext["die"] == 2
    assert d.units()["u"].fatigue == 3
