"""Marching (5.1, 5.2): extended march, forced march, movement allowance."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.rules.forced_march import (
    force_march,
    forced_march_bonus,
    forced_march_distribution,
    forced_march_loss,
)
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.march import (
    apply_extended_march_result,
    check_march,
    extended_march_result,
    fatigue_after_march,
    is_extended_march,
)
from gcacw_ref.rules.movement_allowance import allowance_distribution, movement_allowance

U, C = Side.UNION, Side.CONFEDERATE
F = Fraction


# --- the rulebook's worked examples -------------------------------------------------


def test_51_example_ord() -> None:
    """5.1: Ord (exhausted, fatigue 1, organized 6) rolls MA 3, extended-march die 4 -> NE."""
    ma, _ = movement_allowance(Game.OTR, U, "infantry", 3)
    assert ma == 3
    c = check_march(Game.OTR, U, False, True, 1, True, F(6), die=4)
    assert (c.fatigue_after, c.extended, c.drm, c.result) == (2, True, 1, "NE")
    # the aside: had the march taken Ord from 2 to 3, the 4 becomes 6 and the result is D
    c2 = check_march(Game.OTR, U, False, True, 2, True, F(6), die=4)
    assert (c2.drm, c2.result) == (2, "D")
    f = force_march("infantry", 1, F(6))
    assert (f.bonus, f.strength_loss, f.strength_after) == (2, 0, 6)
    assert ma + f.bonus == 5


def test_rtg_extended_march_example() -> None:
    """5.1: RTG, exhausted Union unit outside the Army of the Potomac, fatigue 2 -> 3: +3."""
    c = check_march(Game.RTG, U, False, True, 2, True, F(6), army_of_the_potomac=False)
    assert c.extended and c.drm == 3
    assert [s.value for s in c.steps if s.value in ("+1",)] == ["+1", "+1", "+1"]


def test_52_example_hancock() -> None:
    """5.2: Hancock (1864) rolls 4 -> 5 MP; Birney 0 -> 1 is no extended march; Gibbon
    at fatigue 4 may not take part."""
    ma, steps = movement_allowance(Game.GTC, U, "infantry_leader", 4)
    assert ma == 5 and steps[0].rule == "5.2"
    birney = check_march(Game.GTC, U, False, False, 0, True, F(5))
    assert (birney.fatigue_after, birney.extended, birney.result) == (1, False, "NE")
    with pytest.raises(RuleError):
        check_march(Game.GTC, U, False, False, 4, True, F(5))


# --- hand-worked cases ---------------------------------------------------------------


@pytest.mark.parametrize(
    "exhausted,before,extended",
    [
        (False, 0, False),
        (False, 1, False),
        (False, 2, True),
        (False, 3, True),
        (True, 0, False),
        (True, 1, True),
        (True, 2, True),
        (True, 3, True),
    ],
)
def test_when_extended(exhausted: bool, before: int, extended: bool) -> None:
    assert is_extended_march(exhausted, fatigue_after_march(before)) is extended


@pytest.mark.parametrize(
    "game,side,cav,exh,before,aop,oos,drm",
    [
        (Game.GTC, U, False, False, 2, True, False, 1),  # Union only
        (Game.GTC, U, False, False, 3, True, False, 2),  # + fresh 3->4
        (Game.GTC, U, False, True, 3, True, False, 4),  # + exhausted 3->4
        (Game.GTC, C, False, True, 3, True, False, 3),
        (Game.GTC, C, False, True, 1, True, False, 0),
        (Game.RTG, U, True, False, 2, True, False, 0),  # Potomac cavalry exception
        (Game.GTC, U, True, False, 2, True, False, 0),
        (Game.OTR, U, True, False, 2, True, False, 1),  # exception is RTG/GTC only
        (Game.RTG, U, True, False, 2, False, False, 2),  # not Potomac: both +1
        (Game.SJW, U, False, False, 2, False, True, 3),
        (Game.HCR, C, False, False, 2, True, True, 1),
        (Game.OTR, U, False, False, 2, False, True, 1),  # neither applies in OTR
        (Game.SIV, U, False, True, 3, False, False, 4),
    ],
)
def test_modifiers(
    game: Game, side: Side, cav: bool, exh: bool, before: int, aop: bool, oos: bool, drm: int
) -> None:
    c = check_march(
        game, side, cav, exh, before, True, F(4), army_of_the_potomac=aop, out_of_supply=oos
    )
    assert c.extended and c.drm == drm


def test_table_lookups() -> None:
    assert [extended_march_result(d, True, F(9)) for d in (-1, 5, 6, 7, 8, 12)] == [
        "NE",
        "NE",
        "D",
        "D",
        "D",
        "D",
    ]
    assert [extended_march_result(d, False, F(5)) for d in (5, 6, 7, 8, 11)] == [
        "NE",
        "1",
        "1",
        "2",
        "2",
    ]
    # register extended-march-missing-column: stronger disorganized units read the <= 5 column
    assert extended_march_result(6, False, F(11, 2)) == "1"
    assert extended_march_result(3, False, F(6)) == "NE"
    assert extended_march_result(8, False, F(12)) == "2"


def test_exact_distribution() -> None:
    c = check_march(Game.GTC, U, False, False, 3, True, F(8))  # drm +2
    assert c.distribution == {"NE": F(1, 2), "D": F(1, 2)}
    d = check_march(Game.GTC, U, False, True, 3, False, F(4))  # drm +4, disorganized 4
    assert d.distribution == {"NE": F(1, 6), "1": F(1, 3), "2": F(1, 2)}


def test_missing_column_says_so() -> None:
    # exhausted 2 -> 3: +1; die 6 + 1 = 7 in the disorganized column: "1"
    c = check_march(Game.GTC, C, False, True, 2, False, F(7), die=6)
    assert c.result == "1" and c.column == "disorganized_le5"
    assert c.distribution == {"NE": F(2, 3), "1": F(1, 3)}
    assert any("extended-march-missing-column" in s.label for s in c.steps)


def test_apply_results() -> None:
    assert apply_extended_march_result("NE", F(6), True).organized is True
    assert apply_extended_march_result("D", F(6), True).organized is False
    s = apply_extended_march_result("2", F(3, 2), False)
    assert (s.strength, s.eliminated) == (0, True)
    assert apply_extended_march_result("1", F(5), False).strength == 4


def test_fatigue_four_option() -> None:
    c = check_march(Game.GTC, U, False, False, 4, True, F(5), fatigue_four_option=True)
    assert (c.extended, c.result, c.fatigue_after) == (False, "D", 4)
    with pytest.raises(RuleError):
        check_march(Game.GTC, U, False, False, 4, False, F(5), fatigue_four_option=True)


@pytest.mark.parametrize("bad", [-1, 5, 7])
def test_bad_fatigue(bad: int) -> None:
    with pytest.raises(InputError, match="fatigue_before"):
        check_march(Game.GTC, U, False, False, bad, True, F(5))


def test_bad_die() -> None:
    with pytest.raises(InputError, match="die"):
        check_march(Game.GTC, U, False, False, 3, True, F(5), die=7)


# --- forced march ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "die,bonus,loss", [(1, 2, 0), (2, 2, 1), (3, 2, 1), (4, 3, 1), (5, 4, 1), (6, 5, 2)]
)
def test_forced_march_infantry(die: int, bonus: int, loss: int) -> None:
    assert (forced_march_bonus("infantry", die), forced_march_loss("infantry", die)) == (
        bonus,
        loss,
    )


@pytest.mark.parametrize(
    "total,bonus,loss", [(2, 4, 0), (5, 4, 0), (6, 5, 0), (7, 6, 0), (8, 7, 1), (12, 11, 1)]
)
def test_forced_march_cavalry(total: int, bonus: int, loss: int) -> None:
    assert (forced_march_bonus("cavalry", total), forced_march_loss("cavalry", total)) == (
        bonus,
        loss,
    )


def test_forced_march_limits() -> None:
    with pytest.raises(RuleError):
        force_march("artillery", 3, F(4))
    with pytest.raises(RuleError):
        force_march("infantry", 3, F(4), organized=False)
    with pytest.raises(InputError):
        forced_march_bonus("infantry", 7)
    assert force_march("infantry", 6, F(1)).eliminated
    assert sum(forced_march_distribution("infantry").values()) == 1
    assert forced_march_distribution("cavalry")[(4, 0)] == F(10, 36)


# --- movement allowance ----------------------------------------------------------------


@pytest.mark.parametrize(
    "game,side,kind,dice,ma",
    [
        (Game.GTC, U, "infantry", 1, 1),
        (Game.GTC, U, "artillery", 4, 4),
        (Game.GTC, C, "infantry", 3, 4),
        (Game.OTR, C, "infantry", 1, 2),
        (Game.OTR, C, "infantry", 3, 3),
        (Game.OTR, C, "artillery", 1, 2),
        (Game.GTC, U, "cavalry", 7, 7),
        (Game.GTC, C, "cavalry", 7, 8),
        (Game.GTC, U, "infantry_leader", 1, 2),
        (Game.OTR, U, "infantry_leader", 1, 2),
        (Game.SIV, U, "infantry_leader", 4, 4),
        (Game.SLB, U, "infantry_leader", 4, 5),
        (Game.GTC, C, "infantry_leader", 4, 6),
        (Game.OTR, C, "infantry_leader", 4, 5),
        (Game.GTC, U, "cavalry_division_leader", 7, 8),
        (Game.GTC, U, "cavalry_corps_leader", 7, 9),
        (Game.GTC, C, "cavalry_division_leader", 7, 9),
        (Game.RTG, C, "cavalry_corps_leader", 7, 10),
    ],
)
def test_movement_allowance(game: Game, side: Side, kind: str, dice: int, ma: int) -> None:
    assert movement_allowance(game, side, kind, dice)[0] == ma  # type: ignore[arg-type]


def test_movement_allowance_distribution() -> None:
    d = allowance_distribution(Game.OTR, C, "infantry")
    assert d == {2: F(1, 3), 3: F(1, 6), 4: F(1, 6), 5: F(1, 6), 6: F(1, 6)}
    with pytest.raises(InputError):
        movement_allowance(Game.GTC, U, "cavalry", 1)


# --- properties ------------------------------------------------------------------------


@settings(deadline=None, max_examples=150)
@given(
    game=st.sampled_from(list(Game)),
    side=st.sampled_from(list(Side)),
    cav=st.booleans(),
    exh=st.booleans(),
    before=st.integers(0, 3),
    org=st.booleans(),
    strength=st.integers(1, 40).map(lambda n: F(n, 2)),
    aop=st.booleans(),
    oos=st.booleans(),
)
def test_distribution_sums_to_one(
    game: Game,
    side: Side,
    cav: bool,
    exh: bool,
    before: int,
    org: bool,
    strength: F,
    aop: bool,
    oos: bool,
) -> None:
    c = check_march(game, side, cav, exh, before, org, strength, aop, oos)
    assert sum(c.distribution.values()) == 1
    assert 0 <= c.drm <= 6
    assert c.fatigue_after == before + 1
    for die in range(1, 7):
        r = check_march(game, side, cav, exh, before, org, strength, aop, oos, die=die).result
        assert r in c.distribution
