"""Hand-worked odds, caps, columns and artillery cases, plus properties."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.errors import InputError
from gcacw_ref.rules.artillery import artillery_modifier, parse_cell
from gcacw_ref.rules.combat_chart import chart_cell, chart_column, chart_row
from gcacw_ref.rules.odds import compute_odds, grand_assault_extra_loss, strength_ratio

halves = st.integers(min_value=1, max_value=400).map(lambda n: F(n, 2))


@pytest.mark.parametrize(
    ("a", "d", "label", "drm"),
    [
        (F(17), F(9), "1-1", 0),
        (F(18), F(9), "2-1", 1),
        (F(9), F(17), "1-2", -1),
        (F(8), F(17), "1-3", -2),
        (F(9), F(9), "1-1", 0),
        (F(7, 2), F(4), "1-2", -1),
        (F(1, 2), F(50), "1-13", -12),
        (F(1, 2), F(6), "1-12", -11),
        (F(1, 2), F(13, 2), "1-13", -12),
        (F(80), F(1, 2), "14-1", 13),
        (F(27), F(2), "13-1", 12),
        (F(28), F(2), "14-1", 13),
        (F(5, 2), F(1), "2-1", 1),
    ],
)
def test_ratio_cases(a: F, d: F, label: str, drm: int) -> None:
    r = strength_ratio(a, d)
    assert (r.label, r.drm) == (label, drm)


@pytest.mark.parametrize(
    ("side", "strength", "label"),
    [
        ("defender", F(1, 2), "1/2-3"),
        ("defender", F(3), "1/2-3"),
        ("defender", F(7, 2), "4-6"),
        ("defender", F(37, 2), "19-26"),
        ("defender", F(99, 2), "50+"),
        ("defender", F(200), "50+"),
        ("attacker", F(99, 2), "50-59"),
        ("attacker", F(139, 2), "70+"),
        ("attacker", F(69), "60-69"),
    ],
)
def test_columns(side: str, strength: F, label: str) -> None:
    assert chart_column(side, strength).label == label  # type: ignore[arg-type]


def test_rows_clamp() -> None:
    assert chart_row(-12) == -8 and chart_row(15) == 10
    assert chart_cell("defender", 15, 7) == "11DR*"
    assert chart_cell("attacker", -20, 9) == "16D"
    assert chart_cell("defender", -5, 7) == "1"


def test_caps_otr_and_entrenched() -> None:
    o = compute_odds(F(75), F(10), game="OTR")
    assert o.attacker_strength == 70 and o.ratio == "7-1" and o.drm == 6
    o = compute_odds(F(90), F(150), game="GTC", entrenched="half", defender_column_strength=F(75))
    assert o.attacker_strength == 80 and o.defender_strength == 120
    assert o.ratio == "1-2" and o.defender_column == "50+"
    o = compute_odds(F(90), F(150), game="GTC", entrenched="all")
    assert o.defender_strength == 150
    o = compute_odds(F(10), F(90), game="SJW")
    assert o.defender_strength == 70 and o.ratio == "1-7"


def test_grand_assault_extra_loss_bands() -> None:
    assert [grand_assault_extra_loss(F(x)) for x in (79, 80, 89, 179 / 2, 90, 99, 100, 160)] == [
        0,
        1,
        1,
        1,
        2,
        2,
        3,
        3,
    ]


def test_zero_strength_rejected() -> None:
    with pytest.raises(InputError):
        strength_ratio(F(0), F(3))


@settings(deadline=None)
@given(halves, halves, halves)
def test_ratio_monotonic_in_attacker(a: F, b: F, d: F) -> None:
    lo, hi = sorted((a, b))
    assert strength_ratio(lo, d).drm <= strength_ratio(hi, d).drm


@settings(deadline=None)
@given(halves, halves, halves)
def test_ratio_monotonic_in_defender(a: F, d1: F, d2: F) -> None:
    lo, hi = sorted((d1, d2))
    assert strength_ratio(a, lo).drm >= strength_ratio(a, hi).drm


@settings(deadline=None)
@given(halves, halves)
def test_ratio_never_favours_attacker(a: F, d: F) -> None:
    r = strength_ratio(a, d)
    assert -12 <= r.drm <= 13
    if r.defender == 1 and r.attacker < 14:
        assert r.attacker * d <= a  # rounded down
    if r.attacker == 1 and r.defender < 13:
        assert r.defender * a >= d  # rounded up against the attacker


@settings(deadline=None)
@given(
    halves, halves, st.sampled_from(["GTC", "OTR", "SJW"]), st.sampled_from(["none", "half", "all"])
)
def test_caps_respected(a: F, d: F, game: str, ent: str) -> None:
    o = compute_odds(a, d, game=game, entrenched=ent)  # type: ignore[arg-type]
    limits = {"GTC": (80, 70, 120, 160), "SJW": (80, 70, 120, 160), "OTR": (70, 60, 100, 130)}[game]
    d_cap = {"none": limits[1], "half": limits[2], "all": limits[3]}[ent]
    assert o.attacker_strength == min(a, limits[0])
    assert o.defender_strength == min(d, d_cap)


# --- artillery ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("att", "dfn", "terrain", "rain", "even", "odd"),
    [
        (2, 2, "rolling", False, -1, -1),  # the 7.6 example
        (0, 5, "clear", False, -3, -3),
        (1, 5, "clear", False, -3, -3),  # difference -4 is in "-4 or less"
        (2, 5, "clear", False, -2, -2),
        (4, 2, "clear", False, 0, 0),
        (7, 2, "clear", False, 1, 1),
        (10, 2, "clear", False, 2, 1),
        (7, 2, "rolling", False, 1, 0),  # +1* in the rules text
        (10, 1, "rolling", False, 1, 1),
        (1, 3, "rough", False, -1, 0),  # -1* in the rules text
        (0, 4, "rough", False, -1, -1),
        (10, 2, "rough", False, 1, 0),  # +1*
        (6, 0, "rough", False, 0, 0),
        (10, 0, "woods", False, 0, 0),
        (10, 0, "city", False, 0, 0),
        (10, 0, "mountain", False, 0, 0),
        (10, 0, "swamp", False, 0, 0),
        (10, 2, "provisional_swamp", False, 1, 0),  # rough on a dry turn
        (10, 2, "provisional_swamp", True, 0, 0),  # swamp in rain
        (0, 0, "clear", False, 0, 0),  # no artillery at all
        (1, 0, "clear", False, 0, 0),  # defender 0: -2 becomes NE
        (0, 1, "clear", False, -1, -1),  # defender 1: -2 becomes -1
        (0, 1, "rolling", False, -1, -1),
        (0, 0, "rough", False, 0, 0),
    ],
)
def test_artillery_cases(att: int, dfn: int, terrain: str, rain: bool, even: int, odd: int) -> None:
    r = artillery_modifier(att, dfn, terrain, rain=rain)
    assert (r.for_die(2), r.for_die(1)) == (even, odd)
    assert r.outcomes == ({"even": even, "odd": odd} if even != odd else None)
    assert r.needs_die == (even != odd)
    assert r.modifier == (None if even != odd else even)
    if r.needs_die:
        assert artillery_modifier(att, dfn, terrain, rain=rain, die=4).modifier == even
        assert artillery_modifier(att, dfn, terrain, rain=rain, die=3).modifier == odd


def test_artillery_cells() -> None:
    assert (parse_cell("+2†").even, parse_cell("+2†").odd) == (2, 1)
    assert (parse_cell("-1*").even, parse_cell("-1*").odd) == (-1, 0)
    assert not parse_cell("NE").needs_die


@pytest.mark.parametrize("bad", [("jungle", 1), ("clear", 7), ("clear", 0)])
def test_artillery_bad_input(bad: tuple[str, int]) -> None:
    with pytest.raises(InputError):
        artillery_modifier(3, 1, bad[0], die=bad[1])


@settings(deadline=None)
@given(st.integers(0, 30), st.integers(0, 30), st.sampled_from(["clear", "rolling", "rough"]))
def test_artillery_modifier_in_range(att: int, dfn: int, terrain: str) -> None:
    r = artillery_modifier(att, dfn, terrain)
    for v in (r.for_die(2), r.for_die(1)):
        assert -3 <= v <= 2
        if dfn == 0:
            assert v >= 0
        if dfn == 1:
            assert v >= -1
