"""7.8 (with 12.0): when a marching unit may refuse its flanks."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from gcacw_ref.rules.flank import REFUSE_FLANK_MP, may_refuse_flank


@pytest.mark.parametrize(
    ("terrain", "rain", "mp", "advanced", "allowed"),
    [
        ("clear", False, Fr(1), False, True),
        ("woods", True, Fr(5), False, True),
        ("clear", False, Fr(1, 2), False, False),
        ("mountain", False, Fr(3), False, False),
        ("swamp", False, Fr(3), False, False),
        ("provisional_swamp", False, Fr(3), False, True),
        ("provisional_swamp", True, Fr(3), False, False),
        ("clear", False, Fr(3), True, False),
    ],
)
def test_may_refuse_flank(terrain: str, rain: bool, mp: Fr, advanced: bool, allowed: bool) -> None:
    assert may_refuse_flank(terrain, rain, mp, advanced) is allowed


def test_cost() -> None:
    assert REFUSE_FLANK_MP == 1
