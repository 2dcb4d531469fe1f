"""Zones of control (2.4) and rain's effects on them (12.0)."""

from __future__ import annotations

import pytest

from gcacw_ref.game.model.zoc import ZocKind, enemy_zoc, zoc_across
from gcacw_ref.rules.terrain import HexsideFeature as H
from gcacw_ref.rules.terrain import Terrain as T

from .conftest import small_map

N, L = ZocKind.NORMAL, ZocKind.LIMITED


@pytest.mark.parametrize(
    ("src", "dst", "side", "rain", "destroyed", "expected"),
    [
        (T.CLEAR, T.CLEAR, set(), False, False, N),
        (T.CLEAR, T.ROUGH, {H.CREEK}, False, False, N),
        # rivers: only where a crossing is
        (T.CLEAR, T.CLEAR, {H.MINOR_RIVER}, False, False, None),
        (T.CLEAR, T.CLEAR, {H.MAJOR_RIVER, H.ROAD}, False, False, None),
        (T.CLEAR, T.CLEAR, {H.MINOR_RIVER, H.FORD}, False, False, N),
        (T.CLEAR, T.CLEAR, {H.MAJOR_RIVER, H.FERRY}, False, False, N),
        (T.CLEAR, T.CLEAR, {H.MAJOR_RIVER, H.DAM}, True, False, N),
        (T.CLEAR, T.CLEAR, {H.MINOR_RIVER, H.BRIDGE}, True, False, N),
        # rain: not across fords or destroyed crossings (12.0)
        (T.CLEAR, T.CLEAR, {H.MINOR_RIVER, H.FORD}, True, False, None),
        (T.CLEAR, T.CLEAR, {H.MINOR_RIVER, H.BRIDGE}, False, True, N),  # counts as a ford
        (T.CLEAR, T.CLEAR, {H.MINOR_RIVER, H.BRIDGE}, True, True, None),
        (T.CLEAR, T.CLEAR, {H.MAJOR_RIVER, H.FERRY}, False, True, None),
        # swamp and mountain: only across road, pike, railroad (not trail)
        (T.CLEAR, T.SWAMP, set(), False, False, None),
        (T.SWAMP, T.CLEAR, set(), False, False, None),
        (T.MOUNTAIN, T.CLEAR, {H.TRAIL}, False, False, None),
        (T.MOUNTAIN, T.CLEAR, {H.ROAD}, False, False, N),
        (T.CLEAR, T.MOUNTAIN, {H.RAILROAD}, False, False, N),
        (T.CLEAR, T.PROVISIONAL_SWAMP, set(), False, False, N),
        (T.CLEAR, T.PROVISIONAL_SWAMP, set(), True, False, None),
        (T.CLEAR, T.PROVISIONAL_SWAMP, {H.PIKE}, True, False, N),
        # water
        (T.CLEAR, T.CLEAR, {H.WATER}, False, False, None),
        (T.CLEAR, T.WATER, set(), False, False, None),
        # creeks in rain
        (T.CLEAR, T.CLEAR, {H.CREEK}, True, False, None),
        (T.CLEAR, T.CLEAR, {H.CREEK, H.TRAIL}, True, False, N),
        (T.CITY, T.CLEAR, {H.CREEK}, True, False, N),
        (T.CLEAR, T.CITY, {H.CREEK}, True, False, N),
        # woods hexsides: limited unless a road, pike, railroad or trail crosses
        (T.WOODS, T.CLEAR, set(), False, False, L),
        (T.CLEAR, T.WOODS, set(), False, False, L),
        (T.WOODS, T.WOODS, {H.CREEK}, False, False, L),
        (T.WOODS, T.CLEAR, {H.TRAIL}, False, False, N),
        (T.CLEAR, T.WOODS, {H.PIKE}, False, False, N),
        (T.WOODS, T.CLEAR, {H.MINOR_RIVER, H.FORD}, False, False, L),
    ],
)
def test_zoc_across(
    src: T, dst: T, side: set[H], rain: bool, destroyed: bool, expected: object
) -> None:
    assert zoc_across(src, dst, frozenset(side), rain=rain, destroyed=destroyed) == expected


def test_enemy_zoc_six_hexes_and_strongest_kind() -> None:
    m = small_map({"0403": "woods"})
    zoc = enemy_zoc(m, ["0303"])
    assert set(zoc) == {"0302", "0402", "0403", "0304", "0203", "0202"}
    assert zoc["0403"] is L and zoc["0302"] is N
    # a second unit puts 0403 in normal ZOC across a clear hexside? No: 0403 is woods,
    # so every ZOC into it is limited; 0402 gets normal from both.
    both = enemy_zoc(m, ["0303", "0503"])
    assert both["0403"] is L and both["0402"] is N


def test_enemy_zoc_respects_rivers_and_destroyed_bridges() -> None:
    m = small_map(
        hexsides=[("0303", "0304", ["minor_river", "bridge"]), ("0303", "0302", ["minor_river"])]
    )
    assert "0302" not in enemy_zoc(m, ["0303"])
    assert "0304" in enemy_zoc(m, ["0303"])
    assert "0304" in enemy_zoc(m, ["0303"], destroyed=frozenset({("0303", "0304")}))
    assert "0304" not in enemy_zoc(m, ["0303"], rain=True, destroyed=frozenset({("0303", "0304")}))


def test_example_map_limited_zoc_along_trail(example) -> None:  # type: ignore[no-untyped-def]
    # 0303 (woods) and 0403 (woods) are joined by a trail: normal; 0304 is limited
    zoc = enemy_zoc(example, ["0303"])
    assert zoc["0403"] is N and zoc["0304"] is L
    assert "0302" in zoc and zoc["0302"] is N  # road into the mountain
