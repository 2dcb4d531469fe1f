"""Command radius (2.5) and leader transfer paths (6.3).

Both are paths of hexes counted from the leader's hex (not counted) to the target
hex (counted); terrain and hexsides never matter.

- Command radius: at most 3 hexes; the path may not enter a hex holding an enemy
  unit, nor a hex in enemy ZOC (normal or limited) unless a friendly unit is there.
  The leader's own hex is always within its radius.
- Leader transfer: at most 10 hexes; the path may not enter a hex holding an enemy
  unit, but enemy ZOC does not matter.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass

from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.zoc import ZocKind
from gcacw_ref.i18n import N_
from gcacw_ref.rules.command import (
    COMMAND_RADIUS,
    TRANSFER_RANGE,
    command_path_may_enter,
    transfer_path_may_enter,
)
from gcacw_ref.rules.explain import Step

__all__ = [
    "COMMAND_RADIUS",
    "TRANSFER_RANGE",
    "command_radius_hexes",
    "transfer_path",
    "transfer_reach",
]


def _bfs(
    hexmap: HexMap, start: str, limit: int, may_enter: Callable[[str], bool]
) -> dict[str, str | None]:
    """Breadth-first search up to `limit` steps; returns hex -> previous hex."""
    prev: dict[str, str | None] = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if depth[h] == limit:
            continue
        for n in hexmap.neighbors(h):
            if n not in prev and may_enter(n):
                prev[n] = h
                depth[n] = depth[h] + 1
                queue.append(n)
    return prev


def _path(prev: Mapping[str, str | None], end: str) -> list[str]:
    path: list[str] = []
    cur: str | None = end
    while cur is not None:
        path.append(cur)
        cur = prev[cur]
    return path[::-1]


def command_radius_hexes(
    hexmap: HexMap,
    leader_hex: str,
    enemy_hexes: Collection[str],
    zoc: Mapping[str, ZocKind],
    friendly_hexes: Collection[str],
    radius: int = COMMAND_RADIUS,
) -> dict[str, list[str]]:
    """2.5: every hex within the leader's command radius, with one shortest path to it.

    `zoc`: the enemy's ZOC (`zoc.enemy_zoc`); `friendly_hexes`: hexes holding a friendly
    combat unit (they may be entered even in enemy ZOC).
    """
    enemy = set(enemy_hexes)
    friendly = set(friendly_hexes)

    def may_enter(h: str) -> bool:
        return command_path_may_enter(h in enemy, h in zoc, h in friendly)

    prev = _bfs(hexmap, leader_hex, radius, may_enter)
    return {h: _path(prev, h) for h in prev}


@dataclass(frozen=True)
class CommandCheck:
    """Whether a unit is within command radius, the path that shows it, and why."""

    in_radius: bool
    path: list[str] | None
    steps: list[Step]


def in_command_radius(
    hexmap: HexMap,
    leader_hex: str,
    unit_hex: str,
    enemy_hexes: Collection[str],
    zoc: Mapping[str, ZocKind],
    friendly_hexes: Collection[str],
    radius: int = COMMAND_RADIUS,
) -> CommandCheck:
    """2.5: is the unit in `unit_hex` within command radius of the leader in `leader_hex`?

    The unit's own hex counts as friendly-occupied.
    """
    friendly = set(friendly_hexes) | {unit_hex}
    reach = command_radius_hexes(hexmap, leader_hex, enemy_hexes, zoc, friendly, radius)
    path = reach.get(unit_hex)
    if path is None:
        why = (
            f"no path of {radius} hexes or fewer from {leader_hex} to {unit_hex} "
            "avoiding enemy units and unoccupied enemy ZOC"
        )
        return CommandCheck(
            False, None, [Step(rule="2.5", label=N_("out of command radius"), value=why)]
        )
    length = len(path) - 1
    value = " -> ".join(path) if length else N_("the leader's own hex")
    return CommandCheck(
        True,
        path,
        [
            Step(
                rule="2.5",
                label=N_("in command radius ({length} hexes)"),
                value=value,
                args={"length": length},
            )
        ],
    )


def transfer_reach(
    hexmap: HexMap, leader_hex: str, enemy_hexes: Collection[str], limit: int = TRANSFER_RANGE
) -> frozenset[str]:
    """6.3: every hex a leader in `leader_hex` can reach by a transfer path."""
    enemy = set(enemy_hexes)
    return frozenset(_bfs(hexmap, leader_hex, limit, lambda h: transfer_path_may_enter(h in enemy)))


def transfer_path(
    hexmap: HexMap,
    leader_hex: str,
    target_hex: str,
    enemy_hexes: Collection[str],
    limit: int = TRANSFER_RANGE,
) -> list[str] | None:
    """6.3: a shortest path of at most `limit` hexes avoiding enemy-occupied hexes, or None.

    Any terrain and hexside may be crossed and enemy ZOC may be entered.
    """
    enemy = set(enemy_hexes)
    prev = _bfs(hexmap, leader_hex, limit, lambda h: transfer_path_may_enter(h in enemy))
    return _path(prev, target_hex) if target_hex in prev else None
