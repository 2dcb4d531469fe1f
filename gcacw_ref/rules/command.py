"""Command radius (2.5) and leader transfer range (6.3) as rules.

Both count hexes along a path from the leader's hex (not counted) to the target hex
(counted); terrain and hexsides never matter. The path search itself is
`gcacw_ref.game.model.command`; what a path may enter is decided here.
"""

from __future__ import annotations

COMMAND_RADIUS = 3
"""2.5: the most hexes from a leader to a unit it commands."""
TRANSFER_RANGE = 10
"""6.3: the most hexes a leader moves to join another unit."""


def command_path_may_enter(enemy_unit: bool, enemy_zoc: bool, friendly_unit: bool) -> bool:
    """2.5: a command path may not enter a hex holding an enemy unit, nor a hex in enemy
    ZOC (normal or limited) unless a friendly unit is there."""
    if enemy_unit:
        return False
    return not enemy_zoc or friendly_unit


def transfer_path_may_enter(enemy_unit: bool) -> bool:
    """6.3: a transfer path may not enter a hex holding an enemy unit (ZOC does not matter)."""
    return not enemy_unit


def within_transfer_range(distance: int) -> bool:
    """6.3: the new unit is at most `TRANSFER_RANGE` hexes away."""
    return distance <= TRANSFER_RANGE
