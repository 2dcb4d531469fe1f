"""`geometry.nearest_distance`: the least of `distance` to each target, for any hexes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.game.model.geometry import distance, hex_name, nearest_distance

HEX = st.builds(hex_name, st.tuples(st.integers(1, 60), st.integers(1, 60)))


@given(HEX, st.lists(HEX, min_size=1, max_size=12))
def test_nearest_distance_is_the_least_distance(a: str, targets: list[str]) -> None:
    assert nearest_distance(a, targets) == min(distance(a, t) for t in targets)


def test_nearest_distance_examples() -> None:
    assert nearest_distance("0505", ["0909", "0505"]) == 0
    assert nearest_distance("0505", ["0909", "0507"]) == 2
    assert nearest_distance("0505", ["0909"]) == 6


def test_nearest_distance_needs_a_target() -> None:
    with pytest.raises(ValueError, match="no target"):
        nearest_distance("0505", [])
