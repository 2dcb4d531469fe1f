"""Enemy ZOC and command radius over the live position (2.4, 2.5, 6.3), via `game.zoc`
and `game.command`, cached per working copy and per position."""

from __future__ import annotations

from typing import Any

from gcacw_ref.game.command import command_radius_hexes, transfer_path
from gcacw_ref.game.zoc import enemy_zoc as _enemy_zoc
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.terrain import HexsideFeature


def _destroyed(w: Any) -> frozenset[tuple[str, str]]:
    return frozenset((a, b) for a, b in w.s["destroyed"])


def live_map(w: Any) -> Any:
    """The map with the pontoon bridges now laid (10.1): ZOC crosses them like a bridge."""
    bridges = tuple(w.s["bridges"])
    if not bridges:
        return w.board.map
    cache = w.__dict__.setdefault("_map_cache", {})
    if bridges not in cache:
        cache[bridges] = w.board.map.with_hexside_features(
            {(a, b): [HexsideFeature.BRIDGE] for a, b, _ in bridges}
        )
    return cache[bridges]


def zoc_map(w: Any, side: Side) -> dict[str, Any]:
    """Hex -> ZOC kind exerted by the enemies of `side`."""
    enemy = frozenset(u.hex for u in w.units.values() if u.hex is not None and u.side != side)
    cache = w.__dict__.setdefault("_zoc_cache", {})
    key = (side, enemy, w.rain(), tuple(w.s["bridges"]), tuple(w.s["destroyed"]))
    if key not in cache:
        cache[key] = _enemy_zoc(live_map(w), enemy, rain=w.rain(), destroyed=_destroyed(w))
    return cache[key]  # type: ignore[no-any-return]


def enemy_zoc(w: Any, hex_: str, side: Side) -> str | None:
    kind = zoc_map(w, side).get(hex_)
    return str(kind) if kind is not None else None


def command_range(w: Any, leader_hex: str, side: Side) -> dict[str, list[str]]:
    enemy = {u.hex for u in w.units.values() if u.hex is not None and u.side != side}
    friendly = {u.hex for u in w.units.values() if u.hex is not None and u.side == side}
    return command_radius_hexes(w.board.map, leader_hex, enemy, zoc_map(w, side), friendly)


def transfer_ok(w: Any, from_hex: str, to_hex: str, side: Side) -> bool:
    enemy = {u.hex for u in w.units.values() if u.hex is not None and u.side != side}
    return transfer_path(w.board.map, from_hex, to_hex, enemy) is not None
