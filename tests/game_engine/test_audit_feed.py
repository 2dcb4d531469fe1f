"""Hand-built positions for the places where the engine feeds the rules core (audit, issue 6)."""

from __future__ import annotations

from typing import Any

from tests_helpers import make_scenario, small_map, unit  # type: ignore[import-not-found]

from gcacw_ref.game.engine.combat import flank_for, flank_hex
from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.engine.work import Work
from gcacw_ref.rules.games import Side

RING = ("0504", "0604", "0506", "0405", "0404")  # 0505's neighbours other than 0605


def work(units: list[dict[str, Any]], **kw: Any) -> Work:
    return Work(initial_state(make_scenario(units, **kw), 1), None)


def test_flank_quarter_uses_entrenched_defender() -> None:
    """7.4: each hex of the ring counts its own 1 and the 1s of the two ring units next to
    it (they exert ZOC into it): 3, a quarter of 10 but not of 10 behind abatis (15), so
    with the entrenchment counted only the attacker's hex and the two ring hexes beside it
    (which the attacker's 10 reaches) block: no bonus instead of +4."""
    ring = [unit(f"r{i}", "confederate", h, 1) for i, h in enumerate(RING)]
    plain = work([unit("d", "union", "0505", 10), unit("a", "confederate", "0605", 10), *ring])
    assert flank_for(plain, ["a"], "0505", Side.CONFEDERATE, False) == 4
    dug = work(
        [
            unit("d", "union", "0505", 10, entrenchment="abatis"),
            unit("a", "confederate", "0605", 10),
            *ring,
        ]
    )
    assert flank_for(dug, ["a"], "0505", Side.CONFEDERATE, False) == 0


def test_flank_hex_with_only_demoralized_units_is_not_empty() -> None:
    """7.4 step 3b reduces only for an empty hex: a roadless-woods hex held by a demoralized
    defender (it counts for neither side) but under the attackers' limited ZOC blocks
    without taking one off, so six blocked hexes give +4, not +3."""
    doc = small_map({"0404": {"terrain": "woods"}})
    ring = [unit(f"r{i}", "confederate", h, 2) for i, h in enumerate(RING[:4])]
    units = [
        unit("d", "union", "0505", 8),
        unit("shaken", "union", "0404", 3, demoralized=1),
        unit("a", "confederate", "0605", 10),
        *ring,
    ]
    w = work(units, map_doc=doc)
    hex_ = flank_hex(w, "0404", "0505", Side.CONFEDERATE, {"a"})
    assert flank_for(w, ["a"], "0505", Side.CONFEDERATE, False) == 4
    assert hex_.attacker_zoc == "limited" and hex_.other_units and not hex_.defender_unit


def test_retreat_may_leave_a_roadless_mountain_but_not_enter_one() -> None:
    """7.6: the mountain/swamp restriction is on entering such a hex without a road; a
    retreat out of a mountain hex into clear ground is free."""
    from gcacw_ref.game.engine.retreat import describe

    doc = small_map({"0505": {"terrain": "mountain"}, "0303": {"terrain": "swamp"}})
    units = [unit("d", "union", "0505", 8), unit("e", "union", "0304", 4)]
    w = work([*units, unit("c", "confederate", "0909")], map_doc=doc)
    fact = describe(w, Side.UNION, {"d"}, None)
    assert not fact("0505", "0504").prohibited  # leaving the mountain: allowed
    assert fact("0304", "0303").prohibited  # entering the swamp without a road: not


def test_grand_assault_applies_the_increased_attacker_loss() -> None:
    """7.2: 85 points in a grand assault lose one more than the chart cell. With dice 3-3
    the chart gives the attacker 3a; the engine must record and allocate 4a."""
    from gcacw_ref.game.engine.combat import resolve
    from gcacw_ref.game.model.frames import LossFrame

    units = [unit("d", "union", "0505", 18)] + [
        unit(f"a{i}", "confederate", "0605" if i < 3 else "0604", 17) for i in range(5)
    ]
    w = Work(initial_state(make_scenario(units, year=1862), 1), [3, 3, 1])
    attackers = [f"a{i}" for i in range(5)]
    resolve(w, attackers, "0505", "assault", None, 2, "a0", grand=True, assault_hex="0605")
    combat = [e for e in w.events if e["type"] == "combat"][0]
    assert any(s.endswith(": 3a") for s in combat["steps"])  # the chart's own cell
    assert combat["attacker_result"] == "4a"
    losses = [f for f in w.stack if isinstance(f, LossFrame)]
    assert [f.points for f in losses] == [4]


def test_entrenchment_action_1863_costs_two_fatigue_and_needs_fatigue_two(drive: Any) -> None:
    """5.5 (1863 optional rule): fatigue +2 and the first marker is breastworks under
    construction; a unit at fatigue 3 may not entrench in 1863."""
    scen = make_scenario(
        [
            unit("u", "union", "0505", 6),
            unit("t", "union", "0202", 6, fatigue=3),
            unit("c", "confederate", "0909"),
        ],
        year=1863,
    )
    scen = scen.model_copy(
        update={
            "scenario": scen.scenario.model_copy(
                update={"optional_rules": ["entrenchment_action_1863"]}
            )
        }
    )
    d = drive(scen, dice=[6, 1])
    d.do("take")
    assert {a.unit for a in d.legal() if a.type == "entrench"} == {"u"}
    d.do("entrench", unit="u")
    u = d.units()["u"]
    assert (u.entrenchment, u.fatigue) == ("breastworks_building", 2)


def test_flooded_swamp_exit_avoids_enemy_zoc_when_it_can(drive: Any) -> None:
    """12.0: a unit pushed out of a flooded provisional swamp may enter enemy ZOC only when
    every other exit is closed (register game-swamp-exit-zoc: normal ZOC)."""

    def exits(extra: dict[str, Any]) -> set[str]:
        hexes = {"0505": {"terrain": "provisional_swamp"}, "0405": {"terrain": "swamp"}}
        scen = make_scenario(
            [
                unit("u", "union", "0505", 6),
                unit("c", "confederate", "0605", 3),
                unit("c2", "confederate", "0909", 3),
            ],
            map_doc=small_map({**hexes, **extra}),
            weather={"1": "rain"},
        )
        d = drive(scen)
        assert d.kind == "swamp_exit"
        return {a.hex for a in d.legal()}

    assert exits({}) == {"0404", "0504"}  # 0604 and 0506 lie in 0605's ZOC
    swamp = {"terrain": "swamp"}
    assert exits({"0404": swamp, "0504": swamp}) == {"0506", "0604"}


def test_pontoon_trails_in_both_hexes_add_nothing(drive: Any) -> None:
    """10.1: the +1 for roads on both banks names road, pike and railroad only; trails on
    both banks avoid the +2/+3 but add nothing, so a 5 still lays the bridge."""
    sides = [
        {"between": ["0505", "0605"], "features": ["minor_river"]},
        {"between": ["0404", "0505"], "features": ["trail"]},
        {"between": ["0605", "0705"], "features": ["trail"]},
    ]
    scen = make_scenario(
        [unit("u", "union", "0505", 6), unit("c", "confederate", "0909")],
        map_doc=small_map(hexsides=sides),
        year=1862,
        turns=2,
    )
    d = drive(scen, dice=[6, 1])
    d.do("pass")
    d.do("pass")
    d.do("build", unit="u", option="bridge", hex="0605", dice=[5])
    ev = [e for e in d.events if e["type"] == "bridge"][0]
    assert (ev["drm"], ev["ok"]) == (0, True)


def test_no_refused_flank_in_a_provisional_swamp_on_a_rain_turn(drive: Any) -> None:
    """7.8 with 12.0: no refused-flank marker in a mountain or swamp hex, and a provisional
    swamp is a swamp on a rain turn (a road keeps the unit from being flooded out)."""

    def offered(weather: dict[str, str]) -> bool:
        sides = [{"between": ["0404", "0505"], "features": ["road"]}]
        doc = small_map({"0505": {"terrain": "provisional_swamp"}}, sides)
        scen = make_scenario(
            [unit("u", "union", "0505", 6), unit("c", "confederate", "0909")],
            map_doc=doc,
            weather=weather,
            year=1862,
        )
        d = drive(scen, dice=[6, 1])
        d.do("take", dice=[6])
        if d.kind == "choose":
            d.do("march", unit="u", dice=[6])
        d.do("forced_march", option="no")
        assert d.kind == "march"
        return any(a.type == "refuse" for a in d.legal())

    assert offered({})
    assert not offered({"1": "rain"})


def test_flank_zoc_does_not_cross_a_destroyed_bridge() -> None:
    """2.4, 10.2: ZOC crosses a major river only at an intact crossing (a destroyed minor-river
    bridge still leaves a ford). With the bridge between
    0605 and 0604 destroyed, the attacker-side unit in 0605 exerts no ZOC into 0604, so the
    flank builder must not count 0604 as blocked by that ZOC."""
    from gcacw_ref.game.engine.zocview import zoc_of_hex
    from gcacw_ref.game.model.geometry import hexside_key

    doc = small_map(hexsides=[{"between": ["0605", "0604"], "features": ["major_river", "bridge"]}])
    w = work([unit("d", "union", "0505", 8), unit("a", "confederate", "0605", 10)], map_doc=doc)
    assert "0604" in zoc_of_hex(w, "0605")
    assert flank_hex(w, "0604", "0505", Side.CONFEDERATE, {"a"}).attacker_zoc == "normal"
    w.destroyed = (hexside_key("0605", "0604"),)
    assert "0604" not in zoc_of_hex(w, "0605")
    assert flank_hex(w, "0604", "0505", Side.CONFEDERATE, {"a"}).attacker_zoc is None
