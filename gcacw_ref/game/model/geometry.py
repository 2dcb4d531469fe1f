"""Hex geometry of GCACW-style maps (DESIGN.md, "Map files").

Hexes are named "CCRR": column then row, both two digits, counting from 0101 at the top
left. Hexes are flat-topped and stand in vertical columns; even-numbered columns sit half
a hex lower than odd ones. So hex (c, r) touches (c, r-1) and (c, r+1) in its own column,
and in columns c-1 and c+1 it touches rows r-1 and r when c is odd, rows r and r+1 when
c is even.

Everything here is pure arithmetic on `(column, row)` pairs or hex names; it knows
nothing about the map's size (see `gcacw_ref.game.model.hexmap.HexMap.neighbors` for the
on-map neighbours).

Neighbour order is fixed, clockwise from the top: N, NE, SE, S, SW, NW (`DIRECTIONS`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from gcacw_ref.errors import InputError

Coord = tuple[int, int]
"""(column, row), both starting at 1."""

DIRECTIONS: Final = ("N", "NE", "SE", "S", "SW", "NW")
"""Names of the six neighbour directions, in the order `neighbor_coords` returns them."""

# (d_column, d_row) per direction, for odd and for even columns
_ODD: Final = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
_EVEN: Final = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))

_HEX_ID = re.compile(r"([0-9]{2})([0-9]{2})")  # ASCII only: `\d` takes "０３" too


def parse_hex(name: str, field: str = "hex") -> Coord:
    """Read a hex name "CCRR" as (column, row); `InputError` naming `field` otherwise."""
    if not isinstance(name, str):
        raise InputError(f"{field}: expected a hex name like '0203', got {name!r}")
    match = _HEX_ID.fullmatch(name.strip())
    if not match:
        raise InputError(f"{field}: {name!r} is not a hex name like '0203' (CCRR)")
    col, row = int(match.group(1)), int(match.group(2))
    if col < 1 or row < 1:
        raise InputError(f"{field}: {name!r} has a zero column or row; hexes start at 0101")
    return col, row


def hex_name(coord: Coord) -> str:
    """The "CCRR" name of (column, row)."""
    col, row = coord
    return f"{col:02d}{row:02d}"


def neighbor_coords(coord: Coord) -> tuple[Coord, ...]:
    """The six neighbours of `coord` in `DIRECTIONS` order (may lie off any map)."""
    col, row = coord
    deltas = _EVEN if col % 2 == 0 else _ODD
    return tuple((col + dc, row + dr) for dc, dr in deltas)


def neighbors(name: str) -> tuple[str, ...]:
    """The six neighbour names of hex `name` in `DIRECTIONS` order (may lie off any map)."""
    return tuple(hex_name(c) for c in neighbor_coords(parse_hex(name)) if c[0] > 0 and c[1] > 0)


def _axial(coord: Coord) -> Coord:
    col, row = coord
    return col, row - (col + 1) // 2


def distance_coords(a: Coord, b: Coord) -> int:
    """Number of hex steps between two coordinates (0 for the same hex)."""
    aq, ar = _axial(a)
    bq, br = _axial(b)
    dq, dr = bq - aq, br - ar
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


_AXIAL_OF: dict[str, Coord] = {}  # hex name -> axial coordinate, filled on first use


def _axial_of(name: str) -> Coord:
    found = _AXIAL_OF.get(name)
    if found is None:
        found = _axial(parse_hex(name))  # a bad name raises here and is never cached
        if len(_AXIAL_OF) < 100_000:
            _AXIAL_OF[name] = found
    return found


def distance(a: str, b: str) -> int:
    """Number of hex steps between hexes named `a` and `b`."""
    aq, ar = _axial_of(a)
    bq, br = _axial_of(b)
    dq, dr = bq - aq, br - ar
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def nearest_distance(a: str, targets: Iterable[str]) -> int:
    """The distance from hex `a` to the nearest of `targets` (`distance` to each, the
    least; `ValueError` when there is none)."""
    aq, ar = _axial_of(a)
    axial = _AXIAL_OF
    best = -1
    for t in targets:
        found = axial.get(t) or _axial_of(t)
        dq, dr = found[0] - aq, found[1] - ar
        d = (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        if best < 0 or d < best:
            best = d
    if best < 0:
        raise ValueError("nearest_distance: no target hex")
    return best


def adjacent(a: str, b: str) -> bool:
    """True when the two hexes share a hexside."""
    return distance(a, b) == 1


def direction(a: str, b: str) -> str:
    """The direction name ("N", "NE", ...) from `a` to its neighbour `b`."""
    cb = parse_hex(b)
    for name, c in zip(DIRECTIONS, neighbor_coords(parse_hex(a)), strict=True):
        if c == cb:
            return name
    raise InputError(f"hexes {a} and {b} are not adjacent")


def hexside_key(a: str, b: str) -> tuple[str, str]:
    """The canonical key of the hexside between `a` and `b` (the two names, sorted)."""
    return (a, b) if a <= b else (b, a)


_WITHIN: dict[tuple[str, int], tuple[str, ...]] = {}  # (hex, reach) -> the hexes, filled on use


def hexes_within(name: str, reach: int) -> tuple[str, ...]:
    """Every hex name at most `reach` steps from `name` (itself included; some may lie off
    any map), so that a question about a neighbourhood reads that neighbourhood alone."""
    key = (name, reach)
    found = _WITHIN.get(key)
    if found is None:
        col, row = parse_hex(name)
        found = tuple(
            hex_name((c, r))
            for c in range(max(col - reach, 1), col + reach + 1)
            for r in range(max(row - reach - 1, 1), row + reach + 2)
            if distance_coords((col, row), (c, r)) <= reach
        )
        if len(_WITHIN) < 100_000:
            _WITHIN[key] = found
    return found


_RINGS: dict[tuple[str, int], tuple[str, ...]] = {}  # (hex, reach) -> the ring, filled on use


def hex_ring(name: str, reach: int) -> tuple[str, ...]:
    """The hex names exactly `reach` steps from `name` (some may lie off any map)."""
    key = (name, reach)
    found = _RINGS.get(key)
    if found is None:
        found = tuple(h for h in hexes_within(name, reach) if distance(name, h) == reach)
        if len(_RINGS) < 100_000:
            _RINGS[key] = found
    return found


def nearest_distance_in(a: str, targets: frozenset[str]) -> int:
    """`nearest_distance` over a set of hexes, searched ring by ring out from `a` while
    the rings hold fewer hexes than the set (a near target is found without reading the
    far ones), then over the set itself."""
    size = len(targets)
    reach = 0
    while 3 * reach * (reach + 1) + 1 <= size:
        if any(h in targets for h in hex_ring(a, reach)):
            return reach
        reach += 1
    return nearest_distance(a, targets)
