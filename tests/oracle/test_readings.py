"""The oracle's own readings, with values worked from the rulebook."""

from __future__ import annotations

from fractions import Fraction as F

from gcacw_ref.oracle.board import neighbours
from gcacw_ref.oracle.cavalry import SMALL, VERY_LARGE, _pick
from gcacw_ref.oracle.march import expected_result
from gcacw_ref.oracle.modifiers import attacking_strength, ratio_modifier


def test_ratio_rounded_for_the_defender() -> None:
    # 7.4's example: 17 against 9 is 1-1 (one short of 2-1): no modifier
    assert ratio_modifier(F(17), F(9)) == 0
    assert ratio_modifier(F(18), F(9)) == 1
    assert ratio_modifier(F(8), F(2)) == 3
    assert ratio_modifier(F(2), F(3)) == -1  # 1-1.5 rounds to 1-2
    assert ratio_modifier(F(1), F(13)) == -12
    assert ratio_modifier(F(1, 2), F(30)) == -12  # the table's end row
    assert ratio_modifier(F(30), F(2)) == 13  # 15-1 reads 14-1


def test_neighbours_even_columns_sit_lower() -> None:
    assert sorted(n for n in neighbours("0505", 10, 10) if n) == sorted(
        ["0504", "0506", "0404", "0405", "0604", "0605"]
    )
    assert sorted(n for n in neighbours("0404", 10, 10) if n) == sorted(
        ["0403", "0405", "0304", "0305", "0504", "0505"]
    )
    assert neighbours("0101", 10, 10).count(None) == 4  # only 0102 and 0201 are on the map


def test_cavalry_bands_and_extended_march_chart() -> None:
    assert _pick(VERY_LARGE, "OTR", True) == 4 and _pick(VERY_LARGE, "OTR", False) == 2
    assert _pick(SMALL, "SJW", True) == -1 and _pick(SMALL, "SIV", True) == 0
    assert [expected_result(d, True) for d in (5, 6, 7, 8)] == ["NE", "D", "D", "D"]
    assert [expected_result(d, False) for d in (5, 6, 7, 8)] == ["NE", "1", "1", "2"]


def test_demoralized_attackers() -> None:
    """11.0: demoralized-1 halves, fractions dropped; demoralized-2 attacks with 1; a unit
    of 1 or 1/2 with 1/2."""
    assert attacking_strength(F(5, 2), 1) == 1
    assert attacking_strength(F(9), 1) == 4
    assert attacking_strength(F(9), 2) == 1
    assert attacking_strength(F(1), 1) == F(1, 2)
    assert attacking_strength(F(1, 2), 2) == F(1, 2)
    assert attacking_strength(F(7), 0) == 7
