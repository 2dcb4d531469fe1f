"""5.2 (OTR): the Union initiative die limits a leader activation."""

from __future__ import annotations

import pytest

from gcacw_ref.errors import InputError
from gcacw_ref.rules.movement_allowance import otr_union_activation_limit


@pytest.mark.parametrize(("die", "limit"), [(1, 1), (4, 1), (5, 2), (6, None), (None, None)])
def test_otr_union_activation_limit(die: int | None, limit: int | None) -> None:
    assert otr_union_activation_limit(die) == limit


def test_bad_die() -> None:
    with pytest.raises(InputError):
        otr_union_activation_limit(7)
