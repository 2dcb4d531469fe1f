"""Entrenchment procedures (5.5, 9.0) and the assault rolls (7.1)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.rules.assault import assault_roll, grand_assault_number
from gcacw_ref.rules.entrenchment import (
    defence_multiplier,
    entrenchment_era,
    is_entrenched,
    marker_multiplier,
    next_level,
)


@pytest.mark.parametrize(
    ("era", "phase", "start", "ladder"),
    [
        (
            1862,
            "recovery",
            "none",
            ["breastworks_building", "breastworks", "fort_building", "fort"],
        ),
        (1863, "recovery", "none", ["breastworks", "fort_building", "fort"]),
        (1863, "action", "none", ["breastworks_building", "breastworks", "fort_building", "fort"]),
        (
            1864,
            "action",
            "none",
            [
                "abatis",
                "breastworks_building",
                "breastworks",
                "fort_building_1",
                "fort_building_2",
                "fort",
            ],
        ),
        (1864, "recovery", "none", ["breastworks_building", "fort_building_2", "fort"]),
        (1864, "recovery", "abatis", ["fort_building_1", "fort"]),
        (1864, "recovery", "breastworks", ["fort"]),
    ],
)
def test_ladders(era: int, phase: str, start: str, ladder: list[str]) -> None:
    level = start
    for expected in ladder:
        level = next_level(level, era, phase)  # type: ignore[arg-type]
        assert level == expected
    with pytest.raises(RuleError):
        next_level(level, era, phase)  # type: ignore[arg-type]


def test_earthworks_starts() -> None:
    assert next_level("none", 1862, "recovery", confederate_in_earthworks=True) == "breastworks"
    assert (
        next_level("none", 1864, "action", confederate_in_earthworks=True) == "breastworks_building"
    )
    assert next_level("none", 1863, "recovery", confederate_in_earthworks=True) == "breastworks"


def test_forbidden_entrenching() -> None:
    with pytest.raises(RuleError):
        next_level("none", 1862, "action")
    with pytest.raises(RuleError):
        next_level("none", 1864, "recovery", rain=True)
    with pytest.raises(RuleError):
        next_level("abatis", 1863, "recovery")
    with pytest.raises(InputError):
        next_level("trench", 1864, "action")


def test_multipliers() -> None:
    assert marker_multiplier("breastworks_building", 1863) == 1
    assert marker_multiplier("breastworks_building", 1864) == F(3, 2)
    assert marker_multiplier("fort_building_2", 1864) == F(5, 2)
    assert defence_multiplier("none", 1862, in_earthworks=True, confederate=True) == F(3, 2)
    assert defence_multiplier("none", 1862, in_earthworks=True, confederate=False) == 1
    assert defence_multiplier("fort", 1862, in_earthworks=True, confederate=True) == 3
    assert not is_entrenched("breastworks_building", 1862, in_earthworks=False, confederate=True)


def test_eras() -> None:
    assert [entrenchment_era(g) for g in ("SJW", "HCR", "RTG", "SIV", "SLB", "OTR", "GTC")] == [
        1862,
        1862,
        1863,
        1862,
        1863,
        1862,
        1864,
    ]
    assert entrenchment_era("GTC", 1862) == 1862
    assert entrenchment_era("SJW", 1865) == 1864
    with pytest.raises(InputError):
        entrenchment_era("XYZ")


@pytest.mark.parametrize(
    ("command", "die", "wing", "chosen", "happens", "value", "units"),
    [
        (5, 5, False, 2, True, 0, 1),  # Porter
        (5, 6, False, 2, False, None, 0),  # raw 6 always ends it
        (3, 5, False, 2, False, -2, 0),
        (4, 1, False, 2, True, 3, 2),
        (4, 2, False, 3, True, 2, 2),
        (3, 5, True, 3, True, 0, 1),  # wing commander: 5 - 2 = 3
        (5, 1, True, 4, True, 6, 4),
    ],
)
def test_assault_rolls(
    command: int, die: int, wing: bool, chosen: int, happens: bool, value: int | None, units: int
) -> None:
    r = assault_roll(command, die, units_chosen=chosen, wing_commander=wing)
    assert (r.happens, r.assault_value, r.participating) == (happens, value, units)


@pytest.mark.parametrize(
    ("command", "die", "extra", "happens", "number"),
    [
        (6, 3, 0, True, 3),
        (6, 6, 0, False, None),
        (5, 5, 0, False, 0),
        (4, 5, 1, False, None),
        (5, 1, 0, True, 4),
    ],
)
def test_grand_assault(
    command: int, die: int, extra: int, happens: bool, number: int | None
) -> None:
    g = grand_assault_number(command, die, extra_modifier=extra)
    assert (g.happens, g.number) == (happens, number)


def test_assault_bad_die() -> None:
    with pytest.raises(InputError):
        assault_roll(5, 0)
    with pytest.raises(InputError):
        grand_assault_number(5, 7)
