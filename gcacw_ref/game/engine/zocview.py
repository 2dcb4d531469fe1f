"""Enemy ZOC, command radius and the movement board over the live position (2.4, 2.5,
6.2, 6.3, 10.1-10.2), via `game.zoc`, `game.pathing` and `game.command`, cached per
working copy and per position."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, cast

from gcacw_ref.game.engine.common import combat_strength
from gcacw_ref.game.model.command import COMMAND_RADIUS, command_radius_hexes, transfer_reach
from gcacw_ref.game.model.geometry import hexes_within, hexside_key
from gcacw_ref.game.model.pathing import MoveView
from gcacw_ref.game.model.state import Leader
from gcacw_ref.game.model.zoc import ZocKind
from gcacw_ref.game.model.zoc import enemy_zoc as _enemy_zoc
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.movement import Weather

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work


_POSITION_MEMO = "position-views"
_POSITION_MEMO_SIZE = 4096


def _position_memo(w: Work) -> dict[object, object]:
    """A cache of views of the position kept with the scenario's map, so that it outlives
    one working copy (keys hold every fact the view depends on); bounded."""
    memo = cast(dict[object, object], w.board.memo.setdefault(_POSITION_MEMO, {}))
    if len(memo) > _POSITION_MEMO_SIZE:
        memo.clear()
    return memo


def _destroyed(w: Work) -> frozenset[tuple[str, str]]:
    return frozenset(hexside_key(a, b) for a, b in w.destroyed)


def _pontoons(w: Work, owner: Side | None = None) -> tuple[tuple[str, str], ...]:
    """Hexsides with a pontoon bridge (of `owner`, or of either side)."""
    return tuple((a, b) for a, b, who in w.bridges if owner is None or who == owner.value)


def weather(w: Work) -> Weather:
    """12.0: this turn's rain and the river markers still on the turn track."""
    return Weather(
        rain=w.rain(),
        minor_uncrossable=w.river_marker_stands(major=False),
        major_uncrossable=w.river_marker_stands(major=True),
    )


def hexes_of(w: Work, side: Side) -> frozenset[str]:
    """The hexes holding units of `side` (kept until a unit changes)."""
    key = ("hexes", side)
    hit = w.derived.get(key)
    if hit is None:
        hit = w.derived[key] = frozenset(
            u.hex for u in w.units.values() if u.hex is not None and u.side == side
        )
    return cast(frozenset[str], hit)


def _enemy_side(side: Side) -> Side:
    return Side.CONFEDERATE if side == Side.UNION else Side.UNION


class FriendlyStrength(Mapping[str, Fraction]):
    """Per hex, the combat strength of `side`'s infantry and artillery there (6.2), read
    from the working copy's hex index when a hex is asked for (no pass over every unit)."""

    def __init__(self, w: Work, side: Side) -> None:
        self._w = w
        self._side = side
        self._seen: dict[str, Fraction] = {}

    def __getitem__(self, hex_: str) -> Fraction:
        hit = self._seen.get(hex_)
        if hit is None:
            units = [u for u in self._w.friends_at(hex_, self._side) if u.kind != "cavalry"]
            if not units:
                raise KeyError(hex_)
            hit = self._seen[hex_] = sum((combat_strength(self._w, u) for u in units), Fraction(0))
        return hit

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def _all(self) -> list[str]:
        return [h for h in self._w._index() if self.get(h) is not None]


def zoc_map(w: Work, side: Side) -> dict[str, ZocKind]:
    """Hex -> ZOC kind exerted by the enemies of `side`."""
    enemy = hexes_of(w, _enemy_side(side))
    cache = _position_memo(w)
    key = ("zoc", side, enemy, w.rain(), tuple(w.bridges), tuple(w.destroyed))
    if key not in cache:
        cache[key] = _enemy_zoc(
            w.board, enemy, rain=w.rain(), destroyed=_destroyed(w), pontoons=_pontoons(w)
        )
    return cast(dict[str, ZocKind], cache[key])


def zoc_of_hex(w: Work, hex_: str) -> dict[str, ZocKind]:
    """The ZOC a unit in `hex_` exerts now (2.4): with this turn's rain, destroyed
    crossings and every pontoon bridge laid (10.2)."""
    cache = _position_memo(w)
    key = ("zoc-of-hex", hex_, w.rain(), tuple(w.bridges), tuple(w.destroyed))
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = _enemy_zoc(
            w.board, (hex_,), rain=w.rain(), destroyed=_destroyed(w), pontoons=_pontoons(w)
        )
    return cast(dict[str, ZocKind], hit)


def move_board(w: Work, side: Side) -> MoveView:
    """The position as a moving unit of `side` sees it (6.2): enemy units and their ZOC,
    friendly infantry/artillery combat strength per hex, the weather, destroyed crossings
    and both sides' pontoon bridges, built by `MoveView.build` once per working copy and
    position (the enemy ZOC comes from the cache kept with the map)."""
    key = ("board", side, weather(w), tuple(w.bridges), tuple(w.destroyed))
    board = w.derived.get(key)
    if board is None:
        board = w.derived[key] = MoveView.build(
            w.board,
            weather=weather(w),
            enemy_hexes=hexes_of(w, _enemy_side(side)),
            friendly_strength=FriendlyStrength(w, side),
            destroyed=_destroyed(w),
            own_pontoons=_pontoons(w, side),
            enemy_pontoons=_pontoons(w),
            zoc=zoc_map(w, side),
        )
    return cast(MoveView, board)


def enemy_zoc(w: Work, hex_: str, side: Side) -> str | None:
    kind = zoc_map(w, side).get(hex_)
    return str(kind) if kind is not None else None


def command_range(w: Work, leader_hex: str, side: Side) -> dict[str, list[str]]:
    """2.5: the hexes within command radius of `leader_hex`, each with its path; kept with
    the map, keyed by what the search reads: which hexes within the radius hold units of
    either side, and the enemy ZOC over them (a unit moving far away changes nothing)."""
    zoc = zoc_map(w, side)
    enemy, friendly = hexes_of(w, _enemy_side(side)), hexes_of(w, side)
    local = tuple(
        (h, h in friendly, h in enemy, zoc.get(h))
        for h in hexes_within(leader_hex, COMMAND_RADIUS)
        if h in friendly or h in enemy or h in zoc
    )
    cache = _position_memo(w)
    key = ("command", leader_hex, side, local)
    hit = cache.get(key)
    if hit is None:
        hit = cache[key] = command_radius_hexes(w.board, leader_hex, enemy, zoc, friendly)
    return cast(dict[str, list[str]], hit)


def transfer_ok(w: Work, from_hex: str, to_hex: str, side: Side) -> bool:
    """6.3: a transfer path from `from_hex` to `to_hex` exists (one search per leader hex
    and position, kept until a unit changes)."""
    key = ("transfer-reach", from_hex, side)
    reach = w.derived.get(key)
    if reach is None:
        enemy = hexes_of(w, _enemy_side(side))
        reach = w.derived[key] = transfer_reach(w.board, from_hex, enemy)
    return to_hex in cast(frozenset[str], reach)


def zoc_kind(w: Work, hex_: str, side: Side) -> str | None:
    """The enemy ZOC over `hex_` for units of `side`: "normal", "limited" or None (2.4)."""
    return enemy_zoc(w, hex_, side)


def in_command_range(w: Work, leader: Leader, target_hex: str) -> bool:
    """2.5: a path of at most 3 hexes from the leader to the unit, not through enemy units
    nor enemy ZOC without friendly units."""
    lh = w.leader_hex(leader.id)
    if lh is None:
        return False
    return target_hex in command_range(w, lh, leader.side)
