"""The end-to-end cases of tests/game_engine/test_surrender_and_march_loss.py (tests/README.md)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.march import (
    apply_extended_march_result,
    check_march,
)


def test_no_march_of_any_unit_loses_three() -> None:
    """Every game, side, unit kind, fatigue, marker side, strength and die: the largest
    extended-march loss is 2, and a 2 comes only to a disorganized unit (modified die 8 or
    more; above strength 5 too, register extended-march-missing-column)."""
    worst = 0
    for game, side, cav, exh, fat, org, s2, die in product(
        Game, Side, (False, True), (False, True), range(4), (False, True), range(1, 41), range(1, 7)
    ):
        strength = Fraction(s2, 2)
        res = check_march(game, side, cav, exh, fat, org, strength, die=die).result
        assert res is not None  # every unit has a column (extended-march-missing-column)
        after = apply_extended_march_result(res, strength, org)
        loss = strength - after.strength
        worst = max(worst, int(loss)) if not after.eliminated else worst
        assert res in ("NE", "D", "1", "2")
        if res == "2":
            assert not org
    assert worst == 2
