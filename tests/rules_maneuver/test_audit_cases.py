"""Audit of the manoeuvre rules: hand-worked corner cases, re-derived from the seeds.

Each case shows its working in a comment with the rule numbers (000 = rules seed,
003 = charts seed). Nothing here was read off the code: the expected numbers come from
5.1, 5.2, 7.6, 7.7, 8.0, 12.0 and the charts (延長行軍表, 強行軍, 移動の要約, 退却表,
騎兵退却のダイス修正, 雨ナンバー表).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from gcacw_ref.cli import main
from gcacw_ref.errors import RuleError
from gcacw_ref.rules.cavalry_retreat import (
    CavalryHex,
    cavalry_retreat_distribution,
    cavalry_retreat_loss,
    cavalry_retreat_modifiers,
    mp_reduction,
)
from gcacw_ref.rules.forced_march import (
    force_march,
    forced_march_bonus,
    forced_march_distribution,
    forced_march_loss,
)
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.march import apply_extended_march_result, check_march
from gcacw_ref.rules.movement_allowance import allowance_distribution, movement_allowance
from gcacw_ref.rules.rain import (
    ford_uncrossable,
    last_rain_turn,
    rain_number,
    uncrossable_marker_turn,
)
from gcacw_ref.rules.recovery import UnitCondition, recover
from gcacw_ref.rules.retreat import RetreatHex, retreat_length, retreat_step, retreat_table_number
from gcacw_ref.rules.retreat_paths import retreat_paths

F = Fraction
U, C = Side.UNION, Side.CONFEDERATE
H = RetreatHex


# --- extended march (5.1; 003 延長行軍表) -------------------------------------------
# Table: modified die <=5 NE/NE, 6 D/1, 7 D/1, >=8 D/2 (organized / disorganized <=5).


def test_fresh_union_2_to_3() -> None:
    # 5.1: fresh side reaching 3 -> extended. Union +1 (RTG, AoP infantry). No transition
    # modifier for 2->3 on the fresh side. Die 5 + 1 = 6 -> organized column "D".
    # Distribution: dice 1-4 -> 2..5 NE (4/6), dice 5-6 -> 6, 7 -> D (2/6).
    c = check_march(Game.RTG, U, False, False, 2, True, F(8), die=5)
    assert (c.fatigue_after, c.extended, c.drm, c.result) == (3, True, 1, "D")
    assert c.distribution == {"NE": F(2, 3), "D": F(1, 3)}


def test_fresh_confederate_3_to_4() -> None:
    # 5.1: fresh 3->4 gives +1; Confederate adds nothing. Die 4 + 1 = 5 -> NE;
    # die 5 + 1 = 6 -> D. Distribution NE 4/6, D 2/6.
    c = check_march(Game.SLB, C, False, False, 3, True, F(10), die=4)
    assert (c.drm, c.result) == (1, "NE")
    assert c.distribution == {"NE": F(2, 3), "D": F(1, 3)}
    assert check_march(Game.SLB, C, False, False, 3, True, F(10), die=5).result == "D"


def test_exhausted_non_potomac_3_to_4_disorganized() -> None:
    # 5.1: Union +1, not Army of the Potomac in RTG +1, exhausted 3->4 +3 = +5.
    # Disorganized, strength 4 (<=5 column): die 1 -> 6 -> "1"; die 2 -> 7 -> "1";
    # dice 3-6 -> 8..11 -> "2". So "1" 2/6, "2" 4/6. Die 3: lose 2 -> strength 2,
    # disorganized.
    c = check_march(Game.RTG, U, False, True, 3, False, F(4), army_of_the_potomac=False, die=3)
    assert (c.fatigue_after, c.drm, c.column, c.result) == (4, 5, "disorganized_le5", "2")
    assert c.distribution == {"1": F(1, 3), "2": F(2, 3)}
    after = apply_extended_march_result("2", F(4), False)
    assert (after.strength, after.organized, after.eliminated) == (F(2), False, False)


def test_exhausted_confederate_1_to_2_and_3_to_4() -> None:
    # 5.1: exhausted reaching 2 is extended, with no transition modifier (only 2->3 and
    # 3->4 have one). Die 6 -> 6 -> D (1/6); NE 5/6.
    c = check_march(Game.GTC, C, False, True, 1, True, F(7), die=6)
    assert (c.extended, c.drm, c.result) == (True, 0, "D")
    assert c.distribution == {"NE": F(5, 6), "D": F(1, 6)}
    # Exhausted 3->4: +3. Die 2 -> 5 NE, die 3 -> 6 D. NE 2/6, D 4/6.
    c = check_march(Game.GTC, C, False, True, 3, True, F(7), die=2)
    assert (c.drm, c.result) == (3, "NE")
    assert c.distribution == {"NE": F(1, 3), "D": F(2, 3)}


def test_not_extended_marches() -> None:
    # 5.1: fresh reaching 1 or 2, exhausted reaching 1: no extended march at all.
    assert not check_march(Game.OTR, U, False, False, 1, True, F(6)).extended
    assert not check_march(Game.OTR, U, False, True, 0, True, F(6)).extended
    assert check_march(Game.OTR, U, False, False, 1, True, F(6)).fatigue_after == 2


@pytest.mark.parametrize(
    "game,potomac,drm",
    [
        # 5.1: Union +1 everywhere except Army of the Potomac cavalry in RTG and GTC.
        (Game.RTG, True, 0),
        (Game.GTC, True, 0),
        (Game.OTR, True, 1),  # the exception names RTG and GTC only
        (Game.SLB, True, 1),
        # RTG non-AoP cavalry: Union +1 (exception is for AoP cavalry) + not AoP +1.
        (Game.RTG, False, 2),
        # GTC non-AoP: Union +1; the not-AoP +1 is only SJW, HCR, RTG.
        (Game.GTC, False, 1),
    ],
)
def test_union_cavalry_potomac_exception(game: Game, potomac: bool, drm: int) -> None:
    c = check_march(game, U, True, False, 2, True, F(2), army_of_the_potomac=potomac)
    assert c.drm == drm


@pytest.mark.parametrize(
    "game,drm",
    [(Game.SJW, 2), (Game.HCR, 2), (Game.RTG, 2), (Game.GTC, 1), (Game.OTR, 1), (Game.SIV, 1)],
)
def test_not_army_of_the_potomac_by_game(game: Game, drm: int) -> None:
    # 5.1: +1 Union, +1 not AoP only in SJW, HCR, RTG (fresh infantry 2->3).
    assert check_march(game, U, False, False, 2, True, F(6), army_of_the_potomac=False).drm == drm


@pytest.mark.parametrize(
    "game,side,drm", [(Game.HCR, C, 1), (Game.SJW, U, 2), (Game.OTR, C, 0), (Game.RTG, U, 1)]
)
def test_out_of_supply_by_game(game: Game, side: Side, drm: int) -> None:
    # 5.1: +1 out of supply in the SJW and HCR advanced games only, either side.
    c = check_march(game, side, False, False, 2, True, F(6), out_of_supply=True)
    assert c.drm == drm


def test_disorganized_above_five_reads_the_printed_column() -> None:
    # 003 prints only "disorganized, strength <= 5"; 5 1/2 reads it too (register
    # extended-march-missing-column): +1 Union +1 fresh 3->4, die 4 -> 6 -> "1".
    c = check_march(Game.RTG, U, False, False, 3, False, F(11, 2), die=4)
    assert (c.column, c.result) == ("disorganized_le5", "1")
    assert c.distribution == {"NE": F(1, 2), "1": F(1, 3), "2": F(1, 6)}
    assert any("extended-march-missing-column" in s.label for s in c.steps)
    c = check_march(Game.RTG, U, False, False, 3, False, F(5), die=4)
    assert (c.column, c.result) == ("disorganized_le5", "1")


def test_half_strength_unit_eliminated_by_a_loss() -> None:
    # 5.1: "1" removes one strength; a 1/2 unit is gone.
    after = apply_extended_march_result("1", F(1, 2), False)
    assert (after.strength, after.eliminated) == (F(0), True)


def test_fatigue_four_optional_rule() -> None:
    # 5.1 optional: organized fatigue-4 unit may march; marker flips to D, fatigue stays 4,
    # no extended-march roll. A disorganized one may not.
    c = check_march(Game.RTG, U, False, True, 4, True, F(6), fatigue_four_option=True)
    assert (c.fatigue_after, c.extended, c.result) == (4, False, "D")
    with pytest.raises(RuleError):
        check_march(Game.RTG, U, False, True, 4, False, F(6), fatigue_four_option=True)
    with pytest.raises(RuleError):
        check_march(Game.RTG, U, False, True, 4, True, F(6))


# --- forced march (5.1; 003 強行軍) -------------------------------------------------


@pytest.mark.parametrize(
    "die,bonus,loss",
    # infantry: die - 1, at least 2; loss by the unmodified die: 1 -> 0, 2-5 -> 1, 6 -> 2
    [(1, 2, 0), (2, 2, 1), (3, 2, 1), (4, 3, 1), (5, 4, 1), (6, 5, 2)],
)
def test_infantry_forced_march(die: int, bonus: int, loss: int) -> None:
    assert (forced_march_bonus("infantry", die), forced_march_loss("infantry", die)) == (
        bonus,
        loss,
    )


@pytest.mark.parametrize(
    "dice,bonus,loss",
    # cavalry: two dice - 1, at least 4; loss 0 for 7 or less, 1 for 8 or more
    [(2, 4, 0), (5, 4, 0), (6, 5, 0), (7, 6, 0), (8, 7, 1), (12, 11, 1)],
)
def test_cavalry_forced_march(dice: int, bonus: int, loss: int) -> None:
    assert (forced_march_bonus("cavalry", dice), forced_march_loss("cavalry", dice)) == (
        bonus,
        loss,
    )


def test_forced_march_distributions_and_limits() -> None:
    # Infantry over one die: (2,0) die 1; (2,1) dice 2-3; (3,1); (4,1); (5,2).
    assert forced_march_distribution("infantry") == {
        (2, 0): F(1, 6),
        (2, 1): F(1, 3),
        (3, 1): F(1, 6),
        (4, 1): F(1, 6),
        (5, 2): F(1, 6),
    }
    # Cavalry: loss 1 on 8+ = 15/36 = 5/12; bonus 4 on totals 2-5 = 10/36 = 5/18.
    dist = forced_march_distribution("cavalry")
    assert sum(p for (_, loss), p in dist.items() if loss == 1) == F(5, 12)
    assert sum(p for (bonus, _), p in dist.items() if bonus == 4) == F(5, 18)
    # Strength 1 infantry rolling 6 loses 2 -> eliminated; artillery and disorganized
    # units may not force march.
    f = force_march("infantry", 6, F(1))
    assert (f.bonus, f.strength_loss, f.strength_after, f.eliminated) == (5, 2, F(0), True)
    with pytest.raises(RuleError):
        force_march("artillery", 3, F(4))
    with pytest.raises(RuleError):
        force_march("infantry", 3, F(4), organized=False)


# --- movement allowance (5.1, 5.2; 003 移動の要約) -----------------------------------


@pytest.mark.parametrize(
    "game,side,kind,dice,ma",
    [
        (Game.RTG, U, "infantry", 1, 1),  # 1D
        (Game.RTG, C, "infantry", 1, 2),  # 1D+1
        (Game.OTR, C, "infantry", 1, 2),  # OTR: 1D, at least 2
        (Game.OTR, C, "infantry", 3, 3),  # OTR: no +1
        (Game.OTR, C, "artillery", 1, 2),  # artillery moves as infantry
        (Game.RTG, U, "cavalry", 2, 2),  # 2D
        (Game.RTG, C, "cavalry", 12, 13),  # 2D+1
        (Game.RTG, U, "infantry_leader", 3, 4),  # 1D+1
        (Game.SIV, U, "infantry_leader", 1, 2),  # SIV/OTR: 1D, at least 2
        (Game.OTR, U, "infantry_leader", 4, 4),
        (Game.RTG, C, "infantry_leader", 1, 3),  # 1D+2
        (Game.OTR, C, "infantry_leader", 1, 2),  # OTR: 1D+1
        (Game.GTC, U, "cavalry_division_leader", 7, 8),  # 2D+1
        (Game.GTC, U, "cavalry_corps_leader", 7, 9),  # 2D+2
        (Game.GTC, C, "cavalry_division_leader", 7, 9),  # 2D+2
        (Game.GTC, C, "cavalry_corps_leader", 7, 10),  # 2D+3
    ],
)
def test_movement_allowances(game: Game, side: Side, kind: str, dice: int, ma: int) -> None:
    assert movement_allowance(game, side, kind, dice)[0] == ma  # type: ignore[arg-type]


def test_otr_confederate_infantry_allowance_distribution() -> None:
    # OTR 1D at least 2: faces 1 and 2 both give 2.
    assert allowance_distribution(Game.OTR, C, "infantry") == {
        2: F(1, 3),
        3: F(1, 6),
        4: F(1, 6),
        5: F(1, 6),
        6: F(1, 6),
    }


# --- retreat tables (7.6, 7.7; 退却表 in 000 and 003) --------------------------------
NO = H(prohibited=True)


@pytest.mark.parametrize(
    "kind,n,zoc,table",
    [
        ("retreat", 1, False, 1),  # first hex of a retreat
        ("retreat", 2, False, 2),  # 2nd-4th without leaving ZOC
        ("retreat", 2, True, 1),  # leaving an enemy ZOC
        ("rout", 4, False, 1),  # first four of a rout
        ("rout", 5, False, 2),
        ("cavalry", 4, False, 1),
        ("cavalry", 6, False, 2),
        ("optional", 1, False, 1),  # an optional retreat is a retreat, not a rout
        ("optional", 2, False, 2),
    ],
)
def test_table_by_hex_number(kind: str, n: int, zoc: bool, table: int) -> None:
    assert retreat_table_number(kind, n, zoc)[0] == table  # type: ignore[arg-type]


def test_table1_slash_figures() -> None:
    # Table 1 (000 copy): P3 0/1 with the dagger (road only); P4 0/1 and 1/2 with the dot
    # (road or friendly-occupied); P5 3.
    around = [
        H(friendly_units=True),  # P3, friends do not help -> 1
        H(road=True),  # P3 along a road -> 0
        H(enemy_zoc=True, farther=True, friendly_units=True),  # P4 0/1, friends -> 0
        H(enemy_zoc=True),  # P4 1/2, neither -> 2
        H(enemy_zoc=True, friendly_units=True),  # P4 1/2, friends -> 1
        H(enemy_units=True, enemy_zoc=True),  # P5 -> 3
    ]
    s = retreat_step("retreat", 1, True, around)
    assert [o.priority for o in s.options] == [3, 3, 4, 4, 4, 5]
    assert [o.strength_loss for o in s.options] == [1, 0, 0, 2, 1, 3]
    assert s.must_choose == [0, 1]


def test_table2_slash_figures_and_city() -> None:
    # Table 2: P1 0, P2 0/1 (dot: road or friendly), P3 3.
    around = [
        H(),
        H(enemy_zoc=True),
        H(enemy_zoc=True, friendly_units=True),
        H(enemy_zoc=True, city=True),  # entering a city counts as road (7.6)
        H(enemy_units=True, enemy_zoc=True),
        NO,
    ]
    s = retreat_step("rout", 5, False, around)
    assert s.table == 2
    assert [o.priority for o in s.options] == [1, 2, 2, 2, 3, None]
    assert [o.strength_loss for o in s.options] == [0, 1, 0, 0, 3, None]
    assert s.must_choose == [0]


def test_leaving_a_city_counts_as_road() -> None:
    # 7.6 note: leaving a city hex is along a road whatever the hexside: P3 -> 0.
    s = retreat_step("retreat", 1, False, [H(), NO, NO, NO, NO, NO], from_city=True)
    assert s.options[0].strength_loss == 0


def test_cavalry_retreat_losses() -> None:
    # 7.7 step 3: no table losses; into enemy units -> eliminated. The enemy hex is P5,
    # so with a P4 hex available the unit must take the P4 hex (no loss for cavalry).
    around = [H(enemy_units=True, enemy_zoc=True), H(enemy_zoc=True), NO, NO, NO, NO]
    s = retreat_step("cavalry", 1, True, around)
    assert (s.options[0].eliminated, s.options[0].strength_loss) == (True, None)
    assert (s.options[1].eliminated, s.options[1].strength_loss) == (False, 0)
    assert s.must_choose == [1]
    # A normal retreat of a cavalry unit ("r" result) is not a cavalry retreat: loss 3.
    r = retreat_step("retreat", 1, True, around)
    assert (r.options[0].strength_loss, r.options[0].eliminated) == (3, False)


def test_surrender_and_override() -> None:
    # 7.6: no allowed hex -> surrender; the override opens every allowed hex.
    s = retreat_step("retreat", 1, True, [NO, H(active_enemy=True), H(closer=True), NO, NO, NO])
    assert s.surrender and s.must_choose == []
    around = [H(enemy_zoc=True), H(enemy_units=True, enemy_zoc=True), NO, NO, NO, NO]
    assert retreat_step("retreat", 1, True, around).must_choose == [0]
    assert retreat_step("retreat", 1, True, around, override=True).must_choose == [0, 1]
    assert (retreat_length("retreat"), retreat_length("rout")) == ((2, 4), (4, 6))
    assert (retreat_length("cavalry"), retreat_length("optional")) == ((4, 6), (1, 4))


def test_contradictory_neighbour_is_bad_input() -> None:
    # A hex cannot be both farther from and closer to the active enemy unit: the calc
    # input rejects it (the rules function itself treats "closer" as forbidding).
    from pydantic import ValidationError

    from gcacw_ref.rules.io.retreat import Input

    with pytest.raises(ValidationError, match="farther and closer"):
        Input(kind="retreat", hex_number=1, neighbors=[H(farther=True, closer=True)] + [H()] * 5)


def test_whole_retreat_takes_a_loss_rather_than_the_override() -> None:
    # 7.6: the override is for unavoidable surrender only. S -> A is priority 1 (road,
    # farther); B is enemy ZOC (priority 4), so A must be taken. From A (hex 2, table 2)
    # the only way on is C, holding enemy units: priority 3, loss 3, and the retreat may
    # not end there, so it runs on to D (loss 0). A costly retreat exists, so no override.
    edges = {"S": ["A", "B"], "A": ["S", "C"], "B": ["S", "E"], "C": ["A", "D"], "D": ["C"]}
    edges["E"] = ["B", "G"]
    edges["G"] = ["E"]
    facts = {
        ("S", "A"): H(farther=True, road=True),
        ("S", "B"): H(farther=True, enemy_zoc=True),
        ("A", "C"): H(farther=True, enemy_units=True, enemy_zoc=True),
    }

    def describe(a: str, b: str) -> RetreatHex:
        return facts.get((a, b), H(farther=True))

    plan = retreat_paths("retreat", "S", lambda x: edges[x], describe, lambda x: x == "S")
    assert not plan.override_used and not plan.surrender
    assert [(p.hexes, p.losses) for p in plan.paths] == [(("A", "C", "D"), (0, 3, 0))]
    # As a cavalry retreat (4-6 hexes) entering C eliminates the unit; the B route is
    # only reachable with the override, and it is too short (S-B-E-G is 3 hexes), so the
    # only outcome is elimination in C.
    cav = retreat_paths("cavalry", "S", lambda x: edges[x], describe, lambda x: x == "S")
    assert [p.eliminated for p in cav.paths] == [True] and not cav.surrender


# --- cavalry retreat (7.7; 003 騎兵退却のダイス修正) ---------------------------------


def cav(game: Game, side: Side, strengths: list[F], **kw: bool) -> int:
    return cavalry_retreat_modifiers(game, side, CavalryHex(strengths=strengths, **kw))[0]


@pytest.mark.parametrize(
    "game,side,strengths,drm",
    [
        # very large (total >= 3): +2; Confederate +3 in SJW/HCR, +4 in OTR/SIV
        (Game.RTG, U, [F(2), F(1)], 2),
        (Game.SJW, C, [F(3)], 3),
        (Game.OTR, C, [F(3)], 4),
        (Game.RTG, C, [F(3)], 2),
        # large (total 2): Confederate only, +1 SJW/HCR, +2 OTR/SIV, nothing elsewhere
        (Game.SIV, C, [F(2)], 2),
        (Game.HCR, C, [F(1), F(1)], 1),
        (Game.RTG, C, [F(2)], 0),
        (Game.OTR, U, [F(2)], 0),
        # small (total exactly 1): -2; Confederate -1 SJW/HCR, ignored OTR/SIV
        (Game.GTC, U, [F(1)], -2),
        (Game.SJW, C, [F(1)], -1),
        (Game.OTR, C, [F(1)], 0),
        (Game.RTG, C, [F(1, 2), F(1, 2)], -2),
        # very small (single 1/2): -4; Confederate -3 SJW/HCR, -2 OTR/SIV
        (Game.SLB, U, [F(1, 2)], -4),
        (Game.HCR, C, [F(1, 2)], -3),
        (Game.SIV, C, [F(1, 2)], -2),
        (Game.GTC, C, [F(1, 2)], -4),
        # 1 1/2 and 2 1/2 match no size band
        (Game.RTG, U, [F(1), F(1, 2)], 0),
        (Game.OTR, C, [F(5, 2)], 0),
    ],
)
def test_cavalry_retreat_size_modifiers(
    game: Game, side: Side, strengths: list[F], drm: int
) -> None:
    assert cav(game, side, strengths) == drm


def test_cavalry_retreat_terrain_and_state() -> None:
    # Mountain +3, reduced to +1 when the active unit is in a mountain too; river +2;
    # all at fatigue 4 -2; all demoralized -2.
    assert cav(Game.RTG, U, [F(2)], in_mountain=True) == 3
    assert cav(Game.RTG, U, [F(2)], in_mountain=True, active_in_mountain=True) == 1
    # Union 3 in a mountain, river between, all fatigue 4: +2 +3 +2 -2 = +5.
    kw = {"in_mountain": True, "river_crossing_between": True, "all_fatigue_4": True}
    assert cav(Game.OTR, U, [F(3)], **kw) == 5
    assert cav(Game.OTR, U, [F(2)], all_demoralized=True, all_out_of_ammunition=True) == -4


def test_cavalry_retreat_roll() -> None:
    # 7.7 step 1: modified die halved, fractions dropped (never below 0, register);
    # step 2: an unmodified 1 costs one strength.
    assert [mp_reduction(d) for d in (7, 6, 1, 0, -3)] == [3, 3, 0, 0, 0]
    assert (cavalry_retreat_loss(1), cavalry_retreat_loss(2)) == (1, 0)
    # drm -4: faces 1..6 -> -3..2 -> MP 0,0,0,0,0,1; loss on face 1.
    assert cavalry_retreat_distribution(-4) == {
        (0, 1): F(1, 6),
        (0, 0): F(2, 3),
        (1, 0): F(1, 6),
    }


# --- recovery (8.0) ---------------------------------------------------------------


def test_recovery_demoralized_two_keeps_its_state() -> None:
    # 3a, 3b skipped for a demoralized-2 unit; 3c lowers it to 1; 5: 1 -> 0.
    r = recover(UnitCondition(1, organized=False, exhausted=True, demoralized=2), Game.RTG, U)
    assert r.unit == UnitCondition(0, organized=False, exhausted=True, demoralized=1)


def test_recovery_order_fatigue_two_stays_disorganized() -> None:
    # 3a looks at fatigue before step 5: at 2 the unit is not reorganized even though
    # step 5 brings it to 0 (order of 8.0).
    r = recover(UnitCondition(2, organized=False, exhausted=True), Game.GTC, C)
    assert r.unit == UnitCondition(0, organized=False, exhausted=True)
    # fatigue 4, fresh: step 4 exhausts, step 5 -> 1.
    r = recover(UnitCondition(4), Game.GTC, C)
    assert r.unit == UnitCondition(1, organized=True, exhausted=True)


@pytest.mark.parametrize(
    "game,side,organized_after",
    [
        (Game.OTR, C, False),  # step 6: OTR and GTC both sides
        (Game.GTC, U, False),
        (Game.SIV, U, False),  # SIV Union only
        (Game.SIV, C, True),
        (Game.SJW, U, True),  # SJW/HCR use their supply phase instead
    ],
)
def test_recovery_step_six(game: Game, side: Side, organized_after: bool) -> None:
    r = recover(UnitCondition(3, organized=True, out_of_supply=True), game, side)
    assert r.unit.organized is organized_after


def test_recovery_out_of_supply_reorganizing() -> None:
    # 3a exception: out of supply stays disorganized, except in SLB and RTG where the
    # state does not exist.
    r = recover(UnitCondition(0, organized=False, out_of_supply=True), Game.RTG, U)
    assert r.unit.organized
    r = recover(UnitCondition(0, organized=False, out_of_supply=True), Game.HCR, U)
    assert not r.unit.organized
    assert not recover(UnitCondition(0), Game.RTG, U, rain=True).may_build


# --- rain (12.0) ------------------------------------------------------------------


def test_rain_numbers() -> None:
    minor = {g: [rain_number(g, "minor", n) for n in range(4)] for g in (Game.OTR, Game.SIV)}
    assert minor == {Game.OTR: [1, 2, 4, 6], Game.SIV: [0, 1, 3, None]}
    assert [rain_number(Game.RTG, "minor", n) for n in range(4)] == [0, 1, 2, None]
    assert [rain_number(Game.OTR, "major", n) for n in range(4)] == [1, 3, 6, 9]
    assert [rain_number(Game.SIV, "major", n) for n in range(4)] == [1, 3, 5, None]
    assert [rain_number(Game.GTC, "major", n) for n in range(4)] == [1, 2, 3, None]


def test_rain_track_example_and_markers() -> None:
    # 12.0 example: turn 6 rain(+2) -> 6..8; turn 7 rain(+1) adds nothing; turn 7 rain(+2)
    # extends to 9.
    assert last_rain_turn(6, 2, None) == 8
    assert last_rain_turn(7, 1, 8) == 8
    assert last_rain_turn(7, 2, 8) == 9
    # Markers: number 0 places none; a new one goes `number` ahead; one on the track
    # moves ahead by `number`; one already removed (before this turn) counts as absent.
    assert uncrossable_marker_turn(5, 0, None) is None
    assert uncrossable_marker_turn(5, 2, None) == 7
    assert uncrossable_marker_turn(5, 3, 6) == 9
    assert uncrossable_marker_turn(5, 1, 4) == 6
    assert ford_uncrossable(7, False, 8) and not ford_uncrossable(9, False, 8)


# --- the CLI with odd input -------------------------------------------------------

MARCH = {"game": "RTG", "side": "union", "fatigue_before": 2, "strength": 6}
SIX = [{}] * 6


def _cli(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: object) -> tuple:  # type: ignore[type-arg]
    p = tmp_path / "in.json"
    p.write_text(json.dumps(data), encoding="utf-8")
    code = main(["calc", name, "--input", str(p)])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    "name,data,needle",
    [
        ("march", {}, "game"),
        ("march", dict(MARCH, fatigue_before="x"), "fatigue_before"),
        ("march", dict(MARCH, fatigue_before=True), "fatigue_before"),
        ("march", dict(MARCH, fatigue_before=5), "fatigue_before"),
        ("march", dict(MARCH, strength=-1), "strength"),
        ("march", dict(MARCH, die=7), "die"),
        ("march", dict(MARCH, cavalry="yes"), "cavalry"),
        ("march", dict(MARCH, movement_dice=12), "dice"),
        ("march", [1, 2], "top level"),
        ("retreat", {"kind": "retreat", "hex_number": 1, "neighbors": SIX[:5]}, "neighbors"),
        ("retreat", {"kind": "retreat", "hex_number": 1, "neighbors": SIX + [{}]}, "neighbors"),
        ("retreat", {"kind": "retreat", "hex_number": 1, "neighbors": [1] * 6}, "neighbors"),
        (
            "retreat",
            {"kind": "retreat", "hex_number": 1, "neighbors": [{"road": "yes"}] + SIX[:5]},
            "road",
        ),
        (
            "retreat",
            {
                "kind": "retreat",
                "hex_number": 1,
                "neighbors": [{"farther": True, "closer": True}] + SIX[:5],
            },
            "neighbors",
        ),
        ("retreat", {"kind": "retreat", "hex_number": "one", "neighbors": SIX}, "hex_number"),
    ],
)
def test_cli_odd_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: object, needle: str
) -> None:
    code, _, err = _cli(tmp_path, capsys, name, data)
    assert code == 2, err
    assert needle in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_cli_forced_march_without_extended_die_is_conditional(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Extended march with no die given: a D result would forbid the forced march (5.1
    # step 3 needs an organized marker), so the output must say the bonus is conditional.
    data = dict(MARCH, exhausted=True, movement_dice=4, forced_march_dice=3)
    code, out, err = _cli(tmp_path, capsys, "march", data)
    assert code == 0, err
    assert "only if the extended-march result leaves the marker organized" in out
