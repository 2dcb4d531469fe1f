"""Flank attacks (7.4), refused flanks (7.8), earthworks (9.0)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.errors import InputError
from gcacw_ref.rules.flank import (
    FlankHex,
    base_flank_bonus,
    cavalry_flank_bonus,
    earthworks_flank_bonus,
    flank_bonus,
    refused_flank_bonus,
)
from gcacw_ref.rules.games import Game, Side

F = Fraction
ZOC = FlankHex(attacker_zoc="normal")
UNIT = FlankHex(attacker_unit=True)
OPEN = FlankHex()
DEF_IN_ZOC = FlankHex(attacker_zoc="normal", defender_unit=True)
LIMITED = FlankHex(attacker_zoc="limited")


def bonus(hexes: list[FlankHex], defender: int | F = 9, **kw: object) -> int:
    return flank_bonus(hexes, F(defender), **kw).final_bonus  # type: ignore[arg-type]


# --- the charts' flank-attack examples and the 7.6 combat example ----------------------


def test_chart_example_plus_4() -> None:
    assert bonus([UNIT, ZOC, ZOC, UNIT, ZOC, ZOC]) == 4


def test_chart_example_plus_3() -> None:
    assert bonus([UNIT, ZOC, DEF_IN_ZOC, UNIT, ZOC, ZOC]) == 3


def test_chart_example_plus_2() -> None:
    assert bonus([UNIT, ZOC, ZOC, UNIT, ZOC, OPEN]) == 2


def test_chart_example_plus_1_and_0() -> None:
    assert bonus([UNIT, ZOC, DEF_IN_ZOC, UNIT, ZOC, OPEN]) == 1
    assert bonus([DEF_IN_ZOC, ZOC, DEF_IN_ZOC, UNIT, ZOC, OPEN]) == 0


def test_mccall_example() -> None:
    """7.6: JR Anderson (17) and Branch (7) block five hexes around McCall (9): +2."""
    hexes = [
        FlankHex(attacker_unit=True, strength=17),
        FlankHex(attacker_zoc="normal", strength=17),
        FlankHex(attacker_zoc="normal", strength=24),
        FlankHex(attacker_unit=True, strength=7),
        FlankHex(attacker_zoc="normal", strength=7),
        OPEN,
    ]
    r = flank_bonus(hexes, F(9))
    assert (r.blocked, r.base_bonus, r.reduction, r.final_bonus) == (5, 2, 0, 2)


# --- hand-worked cases -----------------------------------------------------------------


def test_base_bonus() -> None:
    assert [base_flank_bonus(n) for n in range(7)] == [0, 0, 0, 0, 0, 2, 4]
    with pytest.raises(InputError):
        base_flank_bonus(7)


def test_quarter_rule() -> None:
    weak = FlankHex(attacker_unit=True, strength=2)
    assert bonus([weak, ZOC, ZOC, UNIT, ZOC, ZOC], 9) == 2  # 2 < 9/4
    assert bonus([weak, ZOC, ZOC, UNIT, ZOC, ZOC], 8) == 4  # 2 = 8/4, not less
    half = FlankHex(attacker_zoc="normal", strength=F(5, 2))
    assert bonus([half, ZOC, ZOC, UNIT, ZOC, ZOC], 10) == 4
    assert bonus([half, ZOC, ZOC, UNIT, ZOC, ZOC], F(21, 2)) == 2
    # terrain blocks whatever the strength (and takes 1 off, 3c: register flank-terrain-reduces)
    weak_mountain = FlankHex(attacker_unit=True, strength=1, impassable=True)
    assert bonus([weak_mountain, ZOC, ZOC, UNIT, ZOC, ZOC], 20) == 3


def test_terrain_river_edge() -> None:
    hexes = [
        FlankHex(impassable=True),
        FlankHex(river=True),
        FlankHex(off_map=True),
        UNIT,
        ZOC,
        ZOC,
    ]
    # six blocked (+4), three terrain hexes each take 1 off (3c-3e): +1
    assert bonus(hexes) == 1
    with pytest.raises(InputError, match="off-map"):
        bonus([FlankHex(off_map=True, attacker_unit=True), ZOC, ZOC, UNIT, ZOC, ZOC])


def test_reduction_cap() -> None:
    r = flank_bonus([DEF_IN_ZOC] * 6, F(9))
    assert (r.base_bonus, r.reduction, r.final_bonus) == (4, 3, 1)
    r5 = flank_bonus([DEF_IN_ZOC] * 5 + [OPEN], F(9))
    assert (r5.base_bonus, r5.reduction, r5.final_bonus) == (2, 3, 0)


def test_reduction_counted_once_per_hex() -> None:
    both = FlankHex(attacker_zoc="limited", defender_unit=True, woods_no_road=True)
    assert bonus([both, ZOC, ZOC, UNIT, ZOC, ZOC]) == 3


def test_limited_zoc_and_woods() -> None:
    assert bonus([LIMITED, LIMITED, ZOC, UNIT, ZOC, ZOC]) == 2
    woods = FlankHex(attacker_zoc="normal", woods_no_road=True)
    assert bonus([woods, ZOC, ZOC, UNIT, ZOC, ZOC]) == 3
    # a unit in the hex: step 3b needs an empty hex
    assert bonus([FlankHex(attacker_unit=True, woods_no_road=True), ZOC, ZOC, UNIT, ZOC, ZOC]) == 4
    # an empty woods hex blocked only by a mountain still reduces (3b reads "blocked hex")
    assert bonus([FlankHex(impassable=True, woods_no_road=True), ZOC, ZOC, UNIT, ZOC, ZOC]) == 3


def test_slb_exception() -> None:
    hexes = [LIMITED, LIMITED, ZOC, UNIT, ZOC, ZOC]
    assert bonus(hexes, game=Game.SLB, attacker_side=Side.CONFEDERATE) == 4
    assert bonus(hexes, game=Game.SLB, attacker_side=Side.UNION) == 2
    assert bonus(hexes, game=Game.GTC, attacker_side=Side.CONFEDERATE) == 2
    # defender units still reduce in SLB
    assert (
        bonus(
            [DEF_IN_ZOC, LIMITED, ZOC, UNIT, ZOC, ZOC],
            game=Game.SLB,
            attacker_side=Side.CONFEDERATE,
        )
        == 3
    )


def test_adjustment_tables() -> None:
    assert [refused_flank_bonus(b) for b in (0, 1, 2, 3, 4)] == [1, 1, 1, 1, 2]
    assert [earthworks_flank_bonus(b) for b in (0, 1, 2, 3, 4)] == [0, 0, 1, 1, 2]
    assert [cavalry_flank_bonus(b) for b in (0, 1, 2, 3, 4)] == [0, 0, 1, 1, 2]


def test_refused_flank() -> None:
    six = [UNIT, ZOC, ZOC, UNIT, ZOC, ZOC]
    assert bonus(six, flanks_refused=True) == 2
    assert bonus([UNIT, ZOC, DEF_IN_ZOC, UNIT, ZOC, ZOC], flanks_refused=True) == 1
    assert bonus([UNIT, OPEN, OPEN, OPEN, OPEN, OPEN], flanks_refused=True) == 1  # non-flank +1
    assert bonus([DEF_IN_ZOC, ZOC, DEF_IN_ZOC, UNIT, ZOC, OPEN], flanks_refused=True) == 1


def test_earthworks() -> None:
    six = [UNIT, ZOC, ZOC, UNIT, ZOC, ZOC]
    assert bonus(six, earthworks=True, attacker_side=Side.UNION) == 2
    assert bonus(six, earthworks=True) == 2  # attacker taken as Union
    assert bonus(six, earthworks=True, attacker_side=Side.CONFEDERATE) == 4
    plus1 = [UNIT, ZOC, DEF_IN_ZOC, UNIT, ZOC, OPEN]
    assert bonus(plus1, earthworks=True, attacker_side=Side.UNION) == 0
    assert bonus([UNIT] + [OPEN] * 5, earthworks=True, attacker_side=Side.UNION) == 0


def test_refused_and_earthworks() -> None:
    plus1 = [UNIT, ZOC, DEF_IN_ZOC, UNIT, ZOC, OPEN]
    assert bonus(plus1, earthworks=True, flanks_refused=True, attacker_side=Side.UNION) == 0
    assert bonus([UNIT] + [OPEN] * 5, earthworks=True, flanks_refused=True) == 1


def test_cavalry_against_cavalry() -> None:
    six = [UNIT, ZOC, ZOC, UNIT, ZOC, ZOC]
    assert bonus(six, attacker_cavalry=True, defender_mostly_cavalry=True) == 2
    assert bonus(six, attacker_cavalry=True) == 4
    plus3 = [UNIT, ZOC, DEF_IN_ZOC, UNIT, ZOC, ZOC]
    assert bonus(plus3, attacker_cavalry=True, defender_mostly_cavalry=True) == 1
    plus1 = [UNIT, ZOC, DEF_IN_ZOC, UNIT, ZOC, OPEN]
    assert bonus(plus1, attacker_cavalry=True, defender_mostly_cavalry=True) == 0
    # no +1 for a non-flank cavalry attack; refused flank takes precedence
    assert bonus([UNIT] + [OPEN] * 5, attacker_cavalry=True, defender_mostly_cavalry=True) == 0
    assert (
        bonus(plus1, attacker_cavalry=True, defender_mostly_cavalry=True, flanks_refused=True) == 1
    )


def test_needs_six() -> None:
    with pytest.raises(InputError, match="six"):
        flank_bonus([UNIT] * 5, F(9))
    with pytest.raises(InputError, match="defender_strength"):
        flank_bonus([UNIT] * 6, F(0))


# --- properties ------------------------------------------------------------------------

hexes = st.builds(
    FlankHex,
    attacker_unit=st.booleans(),
    attacker_zoc=st.sampled_from([None, "normal", "limited"]),
    strength=st.one_of(st.none(), st.integers(0, 40).map(lambda n: F(n, 2))),
    impassable=st.booleans(),
    river=st.booleans(),
    defender_unit=st.booleans(),
    woods_no_road=st.booleans(),
)


@settings(deadline=None, max_examples=150)
@given(
    st.lists(hexes, min_size=6, max_size=6),
    st.integers(1, 60),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.booleans(),
    st.sampled_from([None, *Game]),
    st.sampled_from([None, *Side]),
)
def test_bonus_bounds(
    hs: list[FlankHex],
    defender: int,
    refused: bool,
    earthworks: bool,
    cav: bool,
    mostly: bool,
    game: Game | None,
    side: Side | None,
) -> None:
    r = flank_bonus(hs, F(defender), refused, earthworks, cav, mostly, game, side)
    assert 0 <= r.step3_bonus <= 4
    assert 0 <= r.final_bonus <= 4
    assert r.step3_bonus <= r.base_bonus
    assert 0 <= r.reduction <= 3
    if r.blocked == 6:
        assert r.step3_bonus >= 1
    if refused:
        assert r.final_bonus >= 1 or (earthworks and side is not Side.CONFEDERATE)
    if not (refused or earthworks or (cav and mostly)):
        assert r.final_bonus == r.step3_bonus


def test_cavalry_rule_and_union_earthworks() -> None:
    six = [UNIT, ZOC, ZOC, UNIT, ZOC, ZOC]
    r = flank_bonus(six, F(4), False, True, True, True, Game.OTR, Side.CONFEDERATE)
    assert r.final_bonus == 2
    r2 = flank_bonus(six, F(4), False, True, True, True, Game.OTR, Side.UNION)
    assert r2.final_bonus == 2  # the earthworks rule, same figure at +4
    plus1 = [UNIT, ZOC, DEF_IN_ZOC, UNIT, ZOC, OPEN]
    assert flank_bonus(plus1, F(4), False, True, True, True, None, Side.UNION).final_bonus == 0
