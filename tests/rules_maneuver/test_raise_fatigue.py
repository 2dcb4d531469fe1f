"""6.5: fatigue increases stop at 4."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.errors import InputError
from gcacw_ref.rules.march import raise_fatigue


@pytest.mark.parametrize(
    ("fatigue", "by", "after"), [(0, 1, 1), (2, 2, 4), (3, 2, 4), (4, 1, 4), (1, 3, 4), (2, 0, 2)]
)
def test_raise_fatigue(fatigue: int, by: int, after: int) -> None:
    assert raise_fatigue(fatigue, by) == after


@pytest.mark.parametrize(("fatigue", "by"), [(5, 1), (-1, 1), (2, -1), (True, 1), (1, True)])
def test_raise_fatigue_rejects_bad_values(fatigue: int, by: int) -> None:
    with pytest.raises(InputError):
        raise_fatigue(fatigue, by)


@given(st.integers(0, 4), st.integers(0, 10))
def test_raise_fatigue_stays_in_range(fatigue: int, by: int) -> None:
    after = raise_fatigue(fatigue, by)
    assert fatigue <= after <= 4
