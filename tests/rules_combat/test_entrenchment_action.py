"""5.5: fatigue an entrenchment action costs and who may take one, by year."""

from __future__ import annotations

import pytest

from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.rules.entrenchment import (
    entrenchment_action_fatigue,
    may_take_entrenchment_action,
)


def test_entrenchment_action_fatigue() -> None:
    assert entrenchment_action_fatigue(1863) == 2
    assert entrenchment_action_fatigue(1864) == 1
    with pytest.raises(RuleError):
        entrenchment_action_fatigue(1862)


@pytest.mark.parametrize(
    ("era", "fatigue", "demoralized", "level", "allowed"),
    [
        (1864, 3, 0, "none", True),
        (1864, 4, 0, "none", False),
        (1863, 2, 0, "breastworks_building", True),
        (1863, 3, 0, "none", False),
        (1864, 0, 1, "none", False),
        (1864, 0, 0, "fort", False),
        (1864, 0, 0, "fort_building_2", True),
        (1862, 0, 0, "none", False),
    ],
)
def test_may_take_entrenchment_action(
    era: int, fatigue: int, demoralized: int, level: str, allowed: bool
) -> None:
    assert may_take_entrenchment_action(era, fatigue, demoralized, level) is allowed  # type: ignore[arg-type]


def test_unknown_level_is_bad_input() -> None:
    with pytest.raises(InputError):
        may_take_entrenchment_action(1864, 0, 0, "trench")
