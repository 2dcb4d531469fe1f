"""7.1: what each march attack type costs, and when the MP left pay for it."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from gcacw_ref.errors import InputError
from gcacw_ref.rules.combat_modifiers import march_attack_cost


@pytest.mark.parametrize(
    ("attack_type", "cavalry", "mp", "cost"),
    [
        ("column", False, Fr(1), 0),
        ("column", False, Fr(1, 2), None),
        ("column", True, Fr(0), None),
        ("hasty", False, Fr(1), 1),
        ("hasty", True, Fr(3, 2), None),
        ("hasty", True, Fr(2), 2),
        ("normal", False, Fr(2), 2),
        ("normal", True, Fr(7, 2), None),
        ("prepared", False, Fr(4), 4),
        ("prepared", True, Fr(8), 8),
        ("prepared", True, Fr(15, 2), None),
    ],
)
def test_march_attack_cost(attack_type: str, cavalry: bool, mp: Fr, cost: int | None) -> None:
    assert march_attack_cost(attack_type, cavalry, mp) == cost


def test_unknown_type() -> None:
    with pytest.raises(InputError):
        march_attack_cost("charge", False, Fr(3))
