"""Cavalry retreat (7.7), recovery (8.0), demoralization (11.0), rain (12.0)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.errors import InputError
from gcacw_ref.rules.cavalry_retreat import (
    CavalryHex,
    cavalry_retreat_distribution,
    cavalry_retreat_loss,
    cavalry_retreat_modifiers,
    mp_reduction,
)
from gcacw_ref.rules.demoralization import (
    counts_for_flank,
    demoralization_after,
    demoralized_artillery,
    demoralized_attack_strength,
    may_join_grand_assault,
)
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.rain import (
    ford_uncrossable,
    last_rain_turn,
    rain_number,
    uncrossable_marker_turn,
)
from gcacw_ref.rules.recovery import UnitCondition, recover

F = Fraction
U, C = Side.UNION, Side.CONFEDERATE


def drm(game: Game, side: Side, strengths: list[F], **kw: bool) -> int:
    return cavalry_retreat_modifiers(game, side, CavalryHex(strengths=strengths, **kw))[0]


# --- cavalry retreat --------------------------------------------------------------------


@pytest.mark.parametrize(
    "game,side,strengths,value",
    [
        (Game.GTC, U, [F(3)], 2),
        (Game.GTC, C, [F(2), F(2)], 2),
        (Game.SJW, C, [F(3)], 3),
        (Game.OTR, C, [F(5)], 4),
        (Game.SIV, U, [F(5)], 2),
        (Game.OTR, C, [F(2)], 2),
        (Game.HCR, C, [F(2)], 1),
        (Game.GTC, C, [F(2)], 0),
        (Game.OTR, U, [F(2)], 0),
        (Game.GTC, U, [F(1)], -2),
        (Game.GTC, U, [F(1, 2), F(1, 2)], -2),
        (Game.SJW, C, [F(1)], -1),
        (Game.OTR, C, [F(1)], 0),
        (Game.GTC, U, [F(1, 2)], -4),
        (Game.HCR, C, [F(1, 2)], -3),
        (Game.SIV, C, [F(1, 2)], -2),
        (Game.GTC, U, [F(3, 2)], 0),
    ],
)
def test_size_modifiers(game: Game, side: Side, strengths: list[F], value: int) -> None:
    assert drm(game, side, strengths) == value


def test_other_modifiers() -> None:
    assert drm(Game.GTC, U, [F(3, 2)], in_mountain=True) == 3
    assert drm(Game.GTC, U, [F(3, 2)], in_mountain=True, active_in_mountain=True) == 1
    assert drm(Game.GTC, U, [F(3, 2)], river_crossing_between=True) == 2
    assert drm(Game.GTC, U, [F(3, 2)], all_demoralized=True, all_fatigue_4=True) == -4
    assert drm(Game.GTC, U, [F(3, 2)], all_out_of_ammunition=True) == -2
    assert drm(Game.GTC, U, [F(1)], all_demoralized=True, in_mountain=True) == -1
    with pytest.raises(InputError):
        drm(Game.GTC, U, [])


def test_roll() -> None:
    assert [mp_reduction(d) for d in (-3, -1, 0, 1, 2, 3, 7, 10)] == [0, 0, 0, 0, 1, 1, 3, 5]
    assert [cavalry_retreat_loss(d) for d in range(1, 7)] == [1, 0, 0, 0, 0, 0]
    assert cavalry_retreat_distribution(2) == {
        (1, 1): F(1, 6),
        (2, 0): F(1, 3),
        (3, 0): F(1, 3),
        (4, 0): F(1, 6),
    }


@settings(deadline=None, max_examples=150)
@given(st.integers(-12, 12))
def test_cavalry_distribution_sums(d: int) -> None:
    dist = cavalry_retreat_distribution(d)
    assert sum(dist.values()) == 1
    assert sum(p for (_, loss), p in dist.items() if loss) == F(1, 6)


# --- recovery ---------------------------------------------------------------------------


def test_recovery_fresh_unit() -> None:
    r = recover(UnitCondition(fatigue=1, organized=False, exhausted=True), Game.GTC, U)
    assert r.unit == UnitCondition(fatigue=0, organized=True, exhausted=False)
    assert not r.may_build and r.may_forage


def test_recovery_tired_unit() -> None:
    r = recover(UnitCondition(fatigue=4, organized=False), Game.GTC, C)
    assert r.unit == UnitCondition(fatigue=1, organized=False, exhausted=True)
    r3 = recover(UnitCondition(fatigue=3, demoralized=1), Game.GTC, C)
    assert r3.unit == UnitCondition(fatigue=0, exhausted=True, demoralized=1)


def test_recovery_order_demoralized_two() -> None:
    """3a/3b look at the demoralized-2 marker as it was before 3c turns it to 1."""
    r = recover(
        UnitCondition(fatigue=0, organized=False, exhausted=True, demoralized=2), Game.GTC, U
    )
    assert r.unit == UnitCondition(fatigue=0, organized=False, exhausted=True, demoralized=1)
    r2 = recover(UnitCondition(fatigue=1, demoralized=1, exhausted=True), Game.GTC, U)
    assert r2.unit == UnitCondition(fatigue=0, demoralized=0, exhausted=False)


def test_recovery_supply() -> None:
    stay = recover(UnitCondition(fatigue=0, organized=False, out_of_supply=True), Game.OTR, U)
    assert not stay.unit.organized
    rtg = recover(UnitCondition(fatigue=0, organized=False, out_of_supply=True), Game.RTG, U)
    assert rtg.unit.organized
    step6 = recover(UnitCondition(fatigue=2, out_of_supply=True), Game.GTC, C)
    assert not step6.unit.organized and step6.unit.fatigue == 0
    siv_c = recover(UnitCondition(fatigue=2, out_of_supply=True), Game.SIV, C)
    assert siv_c.unit.organized
    siv_u = recover(UnitCondition(fatigue=2, out_of_supply=True), Game.SIV, U)
    assert not siv_u.unit.organized


def test_recovery_building() -> None:
    assert recover(UnitCondition(fatigue=0), Game.GTC, U).may_build
    assert not recover(UnitCondition(fatigue=0), Game.GTC, U, rain=True).may_build
    built = recover(UnitCondition(fatigue=0), Game.GTC, U, built=True)
    assert not built.may_forage
    with pytest.raises(InputError):
        recover(UnitCondition(fatigue=1), Game.GTC, U, built=True)
    with pytest.raises(InputError):
        recover(UnitCondition(fatigue=5), Game.GTC, U)


@settings(deadline=None, max_examples=150)
@given(st.integers(0, 4), st.booleans(), st.booleans(), st.integers(0, 2), st.booleans())
def test_recovery_properties(f: int, org: bool, exh: bool, dem: int, oos: bool) -> None:
    r = recover(UnitCondition(f, org, exh, dem, oos), Game.GTC, U)
    assert r.unit.fatigue == max(0, f - 3)
    assert r.unit.demoralized <= dem
    if f >= 3:
        assert r.unit.exhausted


# --- demoralization ---------------------------------------------------------------------


def test_demoralization_results() -> None:
    assert demoralization_after(0, "R") == (1, 0)
    assert demoralization_after(1, "R") == (2, 0)
    assert demoralization_after(2, "R") == (2, 0)
    assert demoralization_after(0, "R*") == (2, 0)
    assert demoralization_after(1, "R*") == (2, 0)
    assert demoralization_after(2, "R*") == (2, 1)


def test_attack_strength() -> None:
    assert demoralized_attack_strength(F(9), 0) == 9
    assert demoralized_attack_strength(F(9), 1) == 4
    assert demoralized_attack_strength(F(15, 2), 1) == 3
    assert demoralized_attack_strength(F(3), 1) == 1
    assert demoralized_attack_strength(F(2), 1) == 1
    assert demoralized_attack_strength(F(3, 2), 1) == F(1, 2)
    assert demoralized_attack_strength(F(1), 1) == F(1, 2)
    assert demoralized_attack_strength(F(1, 2), 2) == F(1, 2)
    assert demoralized_attack_strength(F(1), 2) == F(1, 2)
    assert demoralized_attack_strength(F(12), 2) == 1
    assert demoralized_artillery(3, 1) == 0 and demoralized_artillery(3, 0) == 3
    assert counts_for_flank(1, active=True) and not counts_for_flank(2, active=False)
    assert may_join_grand_assault(0) and not may_join_grand_assault(1)
    with pytest.raises(InputError):
        demoralized_attack_strength(F(3), 3)


# --- rain ---------------------------------------------------------------------------------


def test_rain_numbers() -> None:
    assert [rain_number(Game.OTR, "minor", e) for e in range(4)] == [1, 2, 4, 6]
    assert [rain_number(Game.SIV, "major", e) for e in range(4)] == [1, 3, 5, None]
    assert [rain_number(Game.GTC, "minor", e) for e in range(4)] == [0, 1, 2, None]
    assert rain_number(Game.RTG, "major", 2) == 3
    with pytest.raises(InputError):
        rain_number(Game.GTC, "minor", 4)


def test_rain_duration_example() -> None:
    """12.0: rain (current+2) on turn 6 covers 6-8; (current+1) on 7 adds nothing;
    (current+2) on 7 adds turn 9."""
    last = last_rain_turn(6, 2, None)
    assert last == 8
    assert last_rain_turn(7, 1, last) == 8
    assert last_rain_turn(7, 2, last) == 9
    assert last_rain_turn(12, 0, 8) == 12


def test_uncrossable_markers() -> None:
    assert uncrossable_marker_turn(5, 2, None) == 7
    assert uncrossable_marker_turn(5, 0, None) is None
    assert uncrossable_marker_turn(5, 3, 6) == 9
    assert uncrossable_marker_turn(5, 0, 6) == 6
    assert ford_uncrossable(7, False, 7) and not ford_uncrossable(8, False, 7)
    assert ford_uncrossable(8, True, None)
