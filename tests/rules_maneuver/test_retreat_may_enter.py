"""7.6: the retreat restriction on mountain and swamp hexes (entering only)."""

from __future__ import annotations

import pytest

from gcacw_ref.rules.retreat import retreat_may_enter


@pytest.mark.parametrize(
    ("terrain", "road", "rain", "allowed"),
    [
        ("mountain", False, False, False),
        ("mountain", True, False, True),
        ("swamp", False, False, False),
        ("swamp", True, True, True),
        ("provisional_swamp", False, False, True),
        ("provisional_swamp", False, True, False),
        ("provisional_swamp", True, True, True),
        ("clear", False, True, True),
        ("woods", False, False, True),
    ],
)
def test_retreat_may_enter(terrain: str, road: bool, rain: bool, allowed: bool) -> None:
    assert retreat_may_enter(terrain, road, rain) is allowed
