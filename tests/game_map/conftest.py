"""Helpers for the map and movement tests: small maps built in code."""

from __future__ import annotations

from typing import Any

import pytest

from gcacw_ref.game.model.hexmap import HexMap, builtin_map_path, load_map, parse_map


def small_map(
    hexes: dict[str, Any] | None = None,
    hexsides: list[tuple[str, str, list[str]]] | None = None,
    columns: int = 6,
    rows: int = 6,
) -> HexMap:
    """An all-clear map with the given terrain overrides and hexside features."""
    doc = {
        "map": {"id": "t", "columns": columns, "rows": rows, "default_terrain": "clear"},
        "hexes": {h: {"terrain": t} for h, t in (hexes or {}).items()},
        "hexsides": [{"between": [a, b], "features": f} for a, b, f in (hexsides or [])],
    }
    return parse_map(doc, "test map")


@pytest.fixture(scope="session")
def example() -> HexMap:
    return load_map(builtin_map_path("example"))
