"""Enemy ZOC, command radius and the movement board over the live position (2.4, 2.5,
6.2, 6.3, 10.1-10.2), via `game.zoc`, `game.pathing` and `game.command`, cached per
working copy and per position."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from gcacw_ref.game.command import command_radius_hexes, transfer_path
from gcacw_ref.game.pathing import Board
from gcacw_ref.game.zoc import enemy_zoc as _enemy_zoc
from gcacw_ref.game.zoc import with_pontoon_bridges
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.movement import Weather

_POSITION_MEMO = "position-views"
_POSITION_MEMO_SIZE = 4096


def _position_memo(w: Any) -> dict[object, Any]:
    """A cache of views of the position kept with the scenario's map, so that it outlives
    one working copy (keys hold every fact the view depends on); bounded."""
    memo = w.board.map.memo.setdefault(_POSITION_MEMO, {})
    if len(memo) > _POSITION_MEMO_SIZE:
        memo.clear()
    return memo  # type: ignore[no-any-return]


def _destroyed(w: Any) -> frozenset[tuple[str, str]]:
    return frozenset((a, b) for a, b in w.s["destroyed"])


def _pontoons(w: Any, owner: Side | None = None) -> tuple[tuple[str, str], ...]:
    """Hexsides with a pontoon bridge (of `owner`, or of either side)."""
    return tuple((a, b) for a, b, who in w.s["bridges"] if owner is None or who == owner.value)


def live_map(w: Any) -> Any:
    """The map with every pontoon bridge now laid (10.1): ZOC crosses them like a bridge."""
    return with_pontoon_bridges(w.board.map, _pontoons(w))


def weather(w: Any) -> Weather:
    """12.0: this turn's rain and the river markers still on the turn track."""
    return Weather(
        rain=w.rain(),
        minor_uncrossable=w.turn <= int(w.s["minor_unfordable_until"]),
        major_uncrossable=w.turn <= int(w.s["major_unfordable_until"]),
    )


def zoc_map(w: Any, side: Side) -> dict[str, Any]:
    """Hex -> ZOC kind exerted by the enemies of `side`."""
    enemy = frozenset(u.hex for u in w.units.values() if u.hex is not None and u.side != side)
    cache = _position_memo(w)
    key = ("zoc", side, enemy, w.rain(), tuple(w.s["bridges"]), tuple(w.s["destroyed"]))
    if key not in cache:
        cache[key] = _enemy_zoc(
            w.board.map, enemy, rain=w.rain(), destroyed=_destroyed(w), pontoons=_pontoons(w)
        )
    return cache[key]  # type: ignore[no-any-return]


def zoc_of_hex(w: Any, hex_: str) -> dict[str, Any]:
    """The ZOC a unit in `hex_` exerts now (2.4): with this turn's rain, destroyed
    crossings and every pontoon bridge laid (10.2)."""
    return _enemy_zoc(
        w.board.map, (hex_,), rain=w.rain(), destroyed=_destroyed(w), pontoons=_pontoons(w)
    )


def move_board(w: Any, side: Side) -> Board:
    """The movement board for a unit of `side` (6.2): enemy units and their ZOC, friendly
    infantry/artillery combat strength per hex, the weather, destroyed crossings and
    both sides' pontoon bridges."""
    from gcacw_ref.game.engine.common import combat_strength

    enemy: set[str] = set()
    friendly: dict[str, Fraction] = {}
    for u in w.units.values():
        if u.hex is None:
            continue
        if u.side != side:
            enemy.add(u.hex)
        elif u.kind != "cavalry":
            friendly[u.hex] = friendly.get(u.hex, Fraction(0)) + combat_strength(w, u)
    wx = weather(w)
    bridges = tuple(w.s["bridges"])
    destroyed = tuple(w.s["destroyed"])
    key = ("board", side, frozenset(enemy), frozenset(friendly.items()), wx, bridges, destroyed)
    cache = _position_memo(w)
    board = cache.get(key)
    if board is None:
        board = cache[key] = Board.build(
            w.board.map,
            weather=wx,
            enemy_hexes=enemy,
            friendly_strength=friendly,
            destroyed=_destroyed(w),
            own_pontoons=_pontoons(w, side),
            enemy_pontoons=[(a, b) for a, b, who in bridges if who != side.value],
        )
    return board  # type: ignore[no-any-return]


def enemy_zoc(w: Any, hex_: str, side: Side) -> str | None:
    kind = zoc_map(w, side).get(hex_)
    return str(kind) if kind is not None else None


def command_range(w: Any, leader_hex: str, side: Side) -> dict[str, list[str]]:
    enemy = frozenset(u.hex for u in w.units.values() if u.hex is not None and u.side != side)
    friendly = frozenset(u.hex for u in w.units.values() if u.hex is not None and u.side == side)
    cache = _position_memo(w)
    key = (
        "command",
        leader_hex,
        side,
        enemy,
        friendly,
        w.rain(),
        tuple(w.s["bridges"]),
        tuple(w.s["destroyed"]),
    )
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = command_radius_hexes(
            w.board.map, leader_hex, enemy, zoc_map(w, side), friendly
        )
    return hit  # type: ignore[no-any-return]


def transfer_ok(w: Any, from_hex: str, to_hex: str, side: Side) -> bool:
    enemy = {u.hex for u in w.units.values() if u.hex is not None and u.side != side}
    return transfer_path(w.board.map, from_hex, to_hex, enemy) is not None
