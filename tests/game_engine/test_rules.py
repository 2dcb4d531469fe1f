"""Hand-built positions, one rule at a time, driven through the engine with given dice."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tests_helpers import corps_scenario, make_scenario, small_map, unit  # type: ignore[import-not-found]

ROAD_ROW5 = [
    {"between": [f"{c:02d}05", f"{c + 1:02d}05"], "features": ["road"]} for c in range(1, 10)
]


def _union_march(
    drive: Any,
    units: list[dict[str, Any]],
    mover: str,
    mp_die: int,
    game: str = "GTC",
    map_doc: dict[str, Any] | None = None,
    **kw: Any,
) -> Any:
    scen = make_scenario(units, game=game, map_doc=map_doc or small_map(hexsides=ROAD_ROW5), **kw)
    d = drive(scen, dice=[6, 1])
    while d.kind == "transfer":
        d.do("done", dice=[6, 1])
    d.do("take")
    d.do("march", unit=mover, dice=[mp_die])
    if d.kind == "forced_march":
        d.do("forced_march", option="no")
    return d


def test_initiative_tie_goes_to_the_confederates(drive: Any) -> None:
    scen = make_scenario([unit("u", "union", "0101"), unit("c", "confederate", "0909")])
    d = drive(scen, dice=[4, 4])
    ev = [e for e in d.events if e["type"] == "initiative"][0]
    assert ev["winner"] == "confederate"
    assert d.state.pending.side.value == "confederate"


def test_both_pass_ends_the_cycle_and_the_turn(drive: Any) -> None:
    scen = make_scenario([unit("u", "union", "0101"), unit("c", "confederate", "0909")], turns=1)
    d = drive(scen, dice=[2, 5])
    d.do("pass")
    assert d.state.pending.side.value == "union"
    d.do("pass")
    while not d.state.over:
        assert d.kind == "build"  # recovery step 1: nothing built
        d.do("done")
    types = [e["type"] for e in d.events]
    assert "recovery" in types and types[-1] == "game_end"
    assert d.state.over


def test_entering_enemy_zoc_stops_the_march(drive: Any) -> None:
    d = _union_march(
        drive,
        [
            unit("u", "union", "0305", 6),
            unit("u2", "union", "0101"),
            unit("c", "confederate", "0605", 3),
        ],
        "u",
        6,
    )
    d.do("move", unit="u", hex="0405")
    d.do("move", unit="u", hex="0505")  # adjacent to the enemy at 0605: in its ZOC
    assert not [a for a in d.legal() if a.type == "move"]
    assert any(a.type == "attack" for a in d.legal())


def test_leaving_enemy_zoc_costs_one_more(drive: Any) -> None:
    d = _union_march(
        drive,
        [
            unit("u", "union", "0505", 6),
            unit("u2", "union", "0101"),
            unit("c", "confederate", "0605", 3),
        ],
        "u",
        6,
    )
    d.do("move", unit="u", hex="0405")
    mv = [e for e in d.events if e["type"] == "move"][0]
    assert mv["cost"] == "2"  # road 1 + 1 for leaving the ZOC (6.2)
    assert d.state.pending.data["mp"] == "4"


def test_zoc_to_zoc_takes_everything_and_disorganizes_off_road(drive: Any) -> None:
    d = _union_march(
        drive,
        [
            unit("u", "union", "0506", 6),
            unit("u2", "union", "0101"),
            unit("c", "confederate", "0605", 3),
        ],
        "u",
        6,
    )
    # 0506 and 0505 are both next to 0605; no road joins 0506-0505
    d.do("move", unit="u", hex="0505")
    u = d.units()["u"]
    assert u.hex == "0505" and u.organized is False
    assert (
        d.state.pending is None
        or d.state.pending.kind != "march"
        or not [a for a in d.legal() if a.type in ("move", "attack")]
    )


def test_cavalry_retreats_before_marching_infantry(drive: Any) -> None:
    units = [
        unit("u", "union", "0305", 6),
        unit("u2", "union", "0101"),
        unit("cav", "confederate", "0505", 2, kind="cavalry"),
    ]
    scen = make_scenario(units, map_doc=small_map(hexsides=ROAD_ROW5))
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[6])
    d.do("forced_march", option="no")
    d.do("move", unit="u", hex="0405")
    assert d.kind == "cavalry_retreat" and d.state.pending.side.value == "confederate"
    d.do("cavalry_retreat", hex="0505", option="yes", dice=[5])
    ev = [e for e in d.events if e["type"] == "cavalry_retreat"][0]
    assert ev["mp_cut"] == 2 and ev["loss"] == 0  # die 5 // 2, no loss
    while d.kind == "retreat":
        opts = d.legal()
        stop = [a for a in opts if a.type == "stop"]
        d.do(stop[0].type if stop else "retreat", **({} if stop else {"hex": opts[0].hex}))
    cav = d.units()["cav"]
    from gcacw_ref.game.model.geometry import distance

    assert distance(cav.hex, "0505") >= 2
    assert cav.fatigue == 1 and cav.organized is False


def test_rain_marks_rivers_and_forbids_attacks_across_fords(drive: Any) -> None:
    sides = [{"between": ["0505", "0605"], "features": ["minor_river", "ford"]}]
    units = [
        unit("u", "union", "0505", 6),
        unit("u2", "union", "0101"),
        unit("c", "confederate", "0605", 3),
    ]
    scen = make_scenario(units, map_doc=small_map(hexsides=sides), weather={"1": "rain+1"}, turns=2)
    d = drive(scen, dice=[6, 1])
    rain = [e for e in d.events if e["type"] == "rain"][0]
    assert rain["through"] == 2
    assert d.state.rain == (1, 2)
    assert d.state.minor_unfordable_until == 2  # 'other games' minor number 1 for current+1
    d.do("take")
    d.do("march", unit="u", dice=[6])
    d.do("forced_march", option="no")
    assert not [a for a in d.legal() if a.type == "attack"]
    assert "0605" not in {a.hex for a in d.legal() if a.type == "move"}


def test_entrenchment_action_1864(drive: Any) -> None:
    scen = make_scenario(
        [unit("u", "union", "0505", 6), unit("c", "confederate", "0909")], year=1864
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("entrench", unit="u")
    u = d.units()["u"]
    assert (u.entrenchment, u.fatigue) == ("abatis", 1)


def test_station_raid_destroys_with_strength_five(drive: Any) -> None:
    doc = small_map({"0505": {"terrain": "city", "features": ["station"]}})
    scen = make_scenario(
        [unit("u", "union", "0505", 6), unit("c", "confederate", "0909")], map_doc=doc, year=1862
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("raid", unit="u")
    assert d.state.stations == {"0505": "destroyed"}
    assert d.state.station_raider == {"0505": "union"}
    assert d.units()["u"].fatigue == 1


def test_eliminated_unit_displaces_its_leader(drive: Any) -> None:
    from gcacw_ref.game.engine.units import eliminate
    from gcacw_ref.game.engine.work import Work

    scen = corps_scenario(
        [
            unit("a", "union", "0505", 5, corps="I"),
            unit("b", "union", "0808", 5, corps="I"),
            unit("c", "confederate", "0101"),
        ],
    )
    d = drive(scen)
    w = Work(d.state)
    eliminate(w, "a", "7.5")
    assert w.leaders["l"].unit == "b"
    eliminate(w, "b", "7.5")
    assert w.leaders["l"].unit is None
    assert Fraction(w.lost["union"]) == 10


def test_recovery_phase_order() -> None:
    from gcacw_ref.game.engine.core import initial_state
    from gcacw_ref.game.engine.recovery import recover_all
    from gcacw_ref.game.engine.work import Work

    scen = make_scenario(
        [
            unit("tired", "union", "0505", 6, fatigue=4, organized=False),
            unit(
                "fresh",
                "union",
                "0506",
                6,
                fatigue=1,
                organized=False,
                exhausted=True,
                demoralized=2,
            ),
            unit("c", "confederate", "0909", 4, fatigue=3, demoralized=1),
        ]
    )
    w = Work(initial_state(scen, 1))
    recover_all(w)
    tired, fresh, c = w.units["tired"], w.units["fresh"], w.units["c"]
    assert (tired.fatigue, tired.exhausted, tired.organized) == (1, True, False)
    # demoralized-2 at the start: stays disorganized and exhausted, marker drops to 1
    assert (fresh.fatigue, fresh.organized, fresh.exhausted, fresh.demoralized) == (
        0,
        False,
        True,
        1,
    )
    assert (c.fatigue, c.exhausted, c.demoralized) == (0, True, 1)


def test_pontoon_bridge_in_recovery(drive: Any) -> None:
    sides = [{"between": ["0505", "0605"], "features": ["minor_river"]}]
    scen = make_scenario(
        [unit("u", "union", "0505", 6), unit("c", "confederate", "0909")],
        map_doc=small_map(hexsides=sides),
        year=1862,
        turns=2,
    )
    d = drive(scen, dice=[6, 1])
    d.do("pass")
    d.do("pass")
    assert d.kind == "build"
    builds = [a for a in d.legal() if a.option == "bridge"]
    assert builds and builds[0].hex == "0605"
    d.do("build", unit="u", option="bridge", hex="0605", dice=[2])
    ev = [e for e in d.events if e["type"] == "bridge"][0]
    assert ev["ok"] is True  # die 2 + 3 (no road on either side) = 5
    assert d.state.bridges == (("0505", "0605", "union"),)


def test_victory_counts_losses_and_hexes() -> None:
    from gcacw_ref.game.engine.core import initial_state
    from gcacw_ref.game.engine.victory import tally
    from gcacw_ref.game.engine.work import Work

    scen = make_scenario([unit("u", "union", "0505", 6), unit("c", "confederate", "0909")])
    w = Work(initial_state(scen, 1))
    w.lost = {"union": "3", "confederate": "5"}
    assert tally(w) == {"union": 5, "confederate": 3}


def test_extended_march_of_a_large_disorganized_unit(drive: Any) -> None:
    """Register extended-march-missing-column: a disorganized 8 reads the printed column
    (strength 5 or less): Union +1, fresh 2 -> 3 gives no other modifier; die 3 + 1 = 4:
    NE, with a step naming the register entry."""
    scen = make_scenario(
        [
            unit("u", "union", "0505", 8, organized=False, fatigue=2),
            unit("u2", "union", "0101"),
            unit("c", "confederate", "0909"),
        ]
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[4, 3])
    ev = [e for e in d.events if e["type"] == "extended_march"][0]
    assert (ev["die"], ev["drm"], ev["result"]) == (3, 1, "NE")
    assert any("extended-march-missing-column" in s for s in ev["steps"])
    assert d.units()["u"].strength == 8


def test_otr_union_activation_limit(drive: Any) -> None:
    scen = corps_scenario(
        [
            unit("a", "union", "0505", 5, corps="I"),
            unit("b", "union", "0506", 5, corps="I"),
            unit("c", "confederate", "0909"),
        ],
        game="OTR",
        year=1862,
    )
    d = drive(scen, dice=[4, 1])  # Union wins with a 4: one unit only
    d.do("done", dice=[4, 1]) if d.kind == "transfer" else None
    d.do("take")
    d.do("activate", leader="l")
    d.do("select", leader="l", unit="a", option="march", dice=[3])
    act = [e for e in d.events if e["type"] == "activation"][0]
    assert act["units"] == ["a"]
