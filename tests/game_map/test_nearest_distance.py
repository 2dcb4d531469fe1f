"""`geometry.nearest_distance`: the least of `distance` to each target, for any hexes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.game.model.geometry import (
    distance,
    hex_name,
    hex_ring,
    hexes_within,
    nearest_distance,
    nearest_distance_in,
    neighbors,
    parse_hex,
)

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


@given(HEX, st.lists(HEX, min_size=1, max_size=200))
def test_the_ring_search_gives_the_least_distance(a: str, targets: list[str]) -> None:
    assert nearest_distance_in(a, frozenset(targets)) == min(distance(a, t) for t in targets)


@given(HEX, st.integers(0, 6))
def test_hexes_within_are_every_hex_that_near(a: str, reach: int) -> None:
    col, row = parse_hex(a)
    around = {
        hex_name((c, r))
        for c in range(max(col - 8, 1), col + 9)
        for r in range(max(row - 8, 1), row + 9)
    }
    assert set(hexes_within(a, reach)) == {h for h in around if distance(a, h) <= reach}
    assert set(hex_ring(a, reach)) == {h for h in around if distance(a, h) == reach}


def test_hexes_within_examples() -> None:
    assert hexes_within("0505", 0) == ("0505",)
    assert sorted(hexes_within("0505", 1)) == sorted(["0505", *neighbors("0505")])
    assert len(hexes_within("1010", 3)) == 37
    assert sorted(hexes_within("0101", 1)) == ["0101", "0102", "0201"]
    assert nearest_distance_in("0505", frozenset({"0909", "0507"})) == 2
