"""Hex geometry: the even-columns-lower layout of DESIGN.md, neighbours, distance."""

from __future__ import annotations

from collections import deque

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.errors import InputError
from gcacw_ref.game.model import geometry as g

coords = st.tuples(st.integers(1, 60), st.integers(1, 60))


def test_odd_column_neighbours_in_fixed_order() -> None:
    # (3, 3): odd column, touches rows 2 and 3 in columns 2 and 4
    assert g.neighbors("0303") == ("0302", "0402", "0403", "0304", "0203", "0202")


def test_even_column_neighbours_in_fixed_order() -> None:
    # (4, 3): even column sits lower, touches rows 3 and 4 in columns 3 and 5
    assert g.neighbors("0403") == ("0402", "0503", "0504", "0404", "0304", "0303")


def test_design_md_rule_for_both_parities() -> None:
    for col in (5, 6):
        r = 10
        rows = (r - 1, r) if col % 2 else (r, r + 1)
        expected = {(col, r - 1), (col, r + 1)} | {(col + d, x) for d in (-1, 1) for x in rows}
        assert set(g.neighbor_coords((col, r))) == expected


def test_top_left_corner_has_only_on_map_names() -> None:
    assert g.neighbors("0101") == ("0201", "0102")


def test_direction_and_hexside_key() -> None:
    assert g.direction("0303", "0402") == "NE"
    assert g.direction("0403", "0304") == "SW"
    assert g.hexside_key("0402", "0303") == ("0303", "0402")
    with pytest.raises(InputError):
        g.direction("0303", "0505")


@pytest.mark.parametrize("bad", ["303", "03a3", "0003", "0300", "", "01011"])
def test_bad_hex_names(bad: str) -> None:
    with pytest.raises(InputError, match="path\\[2\\]"):
        g.parse_hex(bad, "path[2]")


def test_distance_examples() -> None:
    assert g.distance("0303", "0303") == 0
    assert g.distance("0303", "0402") == 1
    assert g.distance("0101", "0104") == 3
    assert g.distance("0101", "0401") == 3  # zig-zag along the top row
    assert g.distance("0101", "0701") == 6


def _bfs_distance(a: g.Coord, b: g.Coord) -> int:
    seen = {a: 0}
    queue = deque([a])
    while queue:
        c = queue.popleft()
        if c == b:
            return seen[c]
        for n in g.neighbor_coords(c):
            if n not in seen and -5 <= n[0] <= 70 and -5 <= n[1] <= 70:
                seen[n] = seen[c] + 1
                queue.append(n)
    raise AssertionError


@given(coords)
def test_neighbour_relation_is_symmetric(c: g.Coord) -> None:
    for n in g.neighbor_coords(c):
        assert c in g.neighbor_coords(n)
        assert g.distance_coords(c, n) == 1
    assert len(set(g.neighbor_coords(c))) == 6


@given(coords, coords, coords)
def test_distance_is_a_metric(a: g.Coord, b: g.Coord, c: g.Coord) -> None:
    assert (g.distance_coords(a, b) == 0) == (a == b)
    assert g.distance_coords(a, b) == g.distance_coords(b, a)
    assert g.distance_coords(a, c) <= g.distance_coords(a, b) + g.distance_coords(b, c)


@given(
    st.tuples(st.integers(1, 12), st.integers(1, 12)),
    st.tuples(st.integers(1, 12), st.integers(1, 12)),
)
def test_distance_matches_breadth_first_search(a: g.Coord, b: g.Coord) -> None:
    assert g.distance_coords(a, b) == _bfs_distance(a, b)
