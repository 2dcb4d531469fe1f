"""Who commands whom (2.2), command radius (2.5) and leader transfer range (6.3) as rules.

Both count hexes along a path from the leader's hex (not counted) to the target hex
(counted); terrain and hexsides never matter. The path search itself is
`gcacw_ref.game.model.command`; what a path may enter is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from gcacw_ref.rules.games import Side

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


class InFormation(Protocol):
    """What 2.2 reads of a unit to tell who commands it (a setup line or a unit in play)."""

    @property
    def side(self) -> Side: ...
    @property
    def corps(self) -> str | None: ...
    @property
    def division(self) -> str | None: ...


class Commander(Protocol):
    """What 2.2 reads of a leader (a setup line or a leader in play)."""

    @property
    def side(self) -> Side: ...
    @property
    def rank(self) -> str: ...
    @property
    def commands(self) -> Sequence[str]: ...


def leader_commands(leader: Commander, unit: InFormation) -> bool:
    """Whether `unit` is under `leader`'s command (2.2): army leaders command their side,
    the others the corps and divisions they name. The one place this rule is written: the
    set-up check, the engine (`Work.commands`), the view and the bots all ask it."""
    if unit.side != leader.side:
        return False
    if leader.rank == "army":
        return True
    return unit.corps in leader.commands or unit.division in leader.commands
