"""Demoralization (11.0, with the R and R* results of 7.5)."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _

HALF = Fraction(1, 2)


def check_level(level: int) -> int:
    if isinstance(level, bool) or level not in (0, 1, 2):
        raise InputError(_("demoralized: must be 0, 1 or 2 (got {level!r})").format(level=level))
    return level


def demoralization_after(level: int, result: Literal["R", "R*"]) -> tuple[int, int]:
    """7.5/11.0: (new level, extra strength loss). R: 0→1, 1→2, 2 stays; R*: →2, and a
    unit already at 2 loses one more strength."""
    check_level(level)
    if result == "R":
        return min(2, level + 1), 0
    if result == "R*":
        return 2, 1 if level == 2 else 0
    raise InputError(_("result: expected R or R* (got {result!r})").format(result=result))


def demoralized_attack_strength(strength: Fraction, level: int) -> Fraction:
    """11.0: attacking strength. Level 1 halves it, fractions dropped; level 2 makes it 1;
    a unit of 1 or 1/2 attacks with 1/2. Below 1/2 after halving (strength 1 1/2) is read
    as 1/2 (register demoralized-one-and-a-half)."""
    check_level(level)
    if level == 0:
        return strength
    if strength <= 1:
        return HALF if strength > 0 else Fraction(0)
    if level == 1:
        return max(HALF, Fraction(int(strength / 2)))
    return Fraction(1)


def demoralized_artillery(artillery: int, level: int) -> int:
    """11.0: a demoralized unit's artillery value is 0, attacking and defending."""
    check_level(level)
    return artillery if level == 0 else 0


def counts_for_flank(level: int, active: bool) -> bool:
    """11.0/7.4: a demoralized unit helps a flank attack only as the active unit."""
    check_level(level)
    return level == 0 or active


def may_join_grand_assault(level: int) -> bool:
    """11.0: demoralized units may not be chosen for a grand assault."""
    check_level(level)
    return level == 0


def demoralization_after_recovery(level: int, fatigue: int) -> int:
    """8.0 step 3c / 11.0: at fatigue 0 or 1 a level-1 marker goes and a level-2 becomes 1."""
    check_level(level)
    return max(0, level - 1) if fatigue <= 1 else level
