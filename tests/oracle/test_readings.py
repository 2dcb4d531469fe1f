"""The oracle's own readings, with values worked from the rulebook."""

from __future__ import annotations

from fractions import Fraction as F

from gcacw_ref.oracle.board import neighbours
from gcacw_ref.oracle.cavalry import SMALL, VERY_LARGE, _pick
from gcacw_ref.oracle.march import expected_result
from gcacw_ref.oracle.modifiers import attacking_strength, ratio_modifier
from gcacw_ref.oracle.movement import chart_mp, crowding_mp, road_mp, terrain_mp, trail_mp
from gcacw_ref.oracle.recovery import expected
from tests.oracle.test_findings import replay_position


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


def test_movement_costs_from_the_charts() -> None:
    """6.1, 6.2, 12.0: the terrain chart's cells, trails, and the friendly-occupied bands."""
    assert chart_mp("1 1/2") == F(3, 2) and chart_mp("P") is None
    assert [terrain_mp(t, False) for t in ("city", "clear", "rolling", "rough", "woods")] == [
        1,
        3,
        3,
        5,
        6,
    ]
    assert [terrain_mp(t, True) for t in ("city", "clear", "rolling", "rough", "woods")] == [
        F(3, 2),
        3,
        4,
        6,
        7,
    ]
    assert terrain_mp("swamp", False) is None and terrain_mp("mountain", True) is None
    assert (road_mp("road", True), road_mp("pike", True), road_mp("railroad", False)) == (
        2,
        F(3, 2),
        1,
    )
    assert (trail_mp(True, False), trail_mp(True, True), trail_mp(False, True)) == (2, 3, 2)
    assert [crowding_mp("clear", F(s)) for s in ("5/2", "3", "23/2", "12")] == [0, 1, 1, 2]
    assert [crowding_mp("woods", F(s)) for s in ("5/2", "3", "12")] == [0, 3, 4]
    assert crowding_mp("provisional_swamp", F(3)) == 1  # dry: the rough column


def test_recovery_steps() -> None:
    """8.0 steps 3-5 on (fatigue, organized, exhausted, demoralized)."""
    assert expected(1, False, True, 1) == (0, True, False, 0)
    assert expected(0, False, True, 2) == (0, False, True, 1)  # demoralized-2 at step 3
    assert expected(2, False, True, 1) == (0, False, True, 1)  # fatigue 2: step 3 passes by
    assert expected(3, True, False, 0) == (0, True, True, 0)
    assert expected(4, False, True, 2) == (1, False, True, 2)


def test_flank_not_judged_when_zoc_crosses_a_destroyed_bridge() -> None:
    """12.0: in rain no ZOC crosses a destroyed bridge (nor, on a major river, at any
    time). At harrow 1314 (rain, turn 6) the Union unit in 1113 reaches 1213 only over
    the destroyed railroad bridge: the engine does not count 1213 as blocked (flank 0);
    the oracle, which does not read destroyed crossings, leaves the flank unjudged
    instead of counting it (it used to say 1)."""
    tally = replay_position("flank_destroyed_bridge")
    assert dict(tally.violations) == {}
    assert tally.checks["7.4 flank"] == 0
    assert tally.checks["7.5 defender result"] == 1
