"""What the map overlays show, computed by the game's own modules from a `GameState`.

ZOC comes from `game.zoc.enemy_zoc` (2.4), command radius from
`game.command.command_radius_hexes` (2.5), reachable hexes from `game.pathing.reachable`
(6.2; the code behind `calc move`). This module only gathers their inputs from the
state: which hexes hold whose units, the weather, destroyed crossings, pontoon bridges.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from gcacw_ref.game.command import command_radius_hexes
from gcacw_ref.game.geometry import hexside_key
from gcacw_ref.game.hexmap import HexMap, parse_map
from gcacw_ref.game.pathing import Board, MovingUnit, reachable
from gcacw_ref.game.state import GameState, Unit
from gcacw_ref.game.zoc import ZocKind, enemy_zoc
from gcacw_ref.rules.movement import Weather
from gcacw_ref.rules.movement_allowance import allowance_distribution
from gcacw_ref.rules.terrain import UnitKind

_MAPS: dict[int, HexMap] = {}


def hexmap_of(state: GameState) -> HexMap:
    """The scenario's map (parsed once per scenario object)."""
    key = id(state.scenario)
    found = _MAPS.get(key)
    if found is None:
        if len(_MAPS) > 8:
            _MAPS.clear()
        found = _MAPS[key] = parse_map(state.scenario.map_document or {}, state.scenario.id)
    return found


def unit_hexes(state: GameState, side: str) -> frozenset[str]:
    return frozenset(u.hex for u in state.units.values() if u.hex and u.side.value == side)


def _destroyed(state: GameState) -> frozenset[tuple[str, str]]:
    return frozenset(hexside_key(a, b) for a, b in state.destroyed)


def zoc_of(state: GameState, side: str) -> dict[str, ZocKind]:
    """2.4: hexes in the ZOC of `side`'s units, normal or limited."""
    return _zoc(hexmap_of(state), unit_hexes(state, side), state.is_rain(), state)


def _zoc(hexmap: HexMap, hexes: frozenset[str], rain: bool, state: GameState) -> dict[str, Any]:
    return enemy_zoc(
        hexmap,
        hexes,
        rain=rain,
        destroyed=_destroyed(state),
        pontoons=[(a, b) for a, b, _who in state.bridges],
    )


def command_range(state: GameState, leader_id: str) -> dict[str, list[str]]:
    """2.5: the hexes within the leader's command radius (empty when it is off the map)."""
    leader = state.leaders.get(leader_id)
    if leader is None or leader.unit is None:
        return {}
    unit = state.units.get(leader.unit)
    if unit is None or unit.hex is None:
        return {}
    side = leader.side.value
    enemy = "confederate" if side == "union" else "union"
    return command_radius_hexes(
        hexmap_of(state),
        unit.hex,
        unit_hexes(state, enemy),
        zoc_of(state, enemy),
        unit_hexes(state, side),
    )


def _disorganized(state: GameState, strength: Fraction) -> Fraction:
    try:  # the scenario's counter values (2.2), as the engine reads them
        from gcacw_ref.game.engine.common import disorganized_value

        return Fraction(disorganized_value(state.scenario, strength))
    except (ImportError, AttributeError):
        return Fraction(int(strength), 2)


def move_board(state: GameState, side: str) -> Board:
    """The movement board of 6.2 for a unit of `side` in this position."""
    enemy: set[str] = set()
    friendly: dict[str, Fraction] = {}
    for u in state.units.values():
        if u.hex is None:
            continue
        if u.side.value != side:
            enemy.add(u.hex)
        elif u.kind != "cavalry":
            s = Fraction(u.strength)
            value = s if u.organized else _disorganized(state, s)
            friendly[u.hex] = friendly.get(u.hex, Fraction(0)) + value
    weather = Weather(
        rain=state.is_rain(),
        minor_uncrossable=state.turn <= state.minor_unfordable_until,
        major_uncrossable=state.turn <= state.major_unfordable_until,
    )
    return Board.build(
        hexmap_of(state),
        weather=weather,
        enemy_hexes=enemy,
        friendly_strength=friendly,
        destroyed=[(a, b) for a, b in state.destroyed],
        own_pontoons=[(a, b) for a, b, who in state.bridges if who == side],
        enemy_pontoons=[(a, b) for a, b, who in state.bridges if who != side],
    )


@lru_cache(maxsize=64)
def _largest_allowance(game: Any, side: Any, kind: str) -> int:
    return max(allowance_distribution(game, side, kind))  # type: ignore[arg-type]


def marching(state: GameState) -> tuple[str, Fraction, dict[str, Any]] | None:
    """The unit marching now, its MP left and its march data (None when none is)."""
    frame = state.pending
    if frame is None or frame.kind != "march":
        return None
    data = frame.data
    uid = data.get("unit")
    if not isinstance(uid, str) or "mp" not in data:
        return None
    return uid, Fraction(str(data["mp"])), data


def reach(state: GameState, unit: Unit) -> tuple[dict[str, Fraction], Fraction, bool]:
    """6.2: the hexes `unit` can reach with their least MP cost, the allowance used and
    whether it is the unit's real MP left (a march in progress) or the largest allowance
    it could roll (5.1)."""
    if unit.hex is None:
        return {}, Fraction(0), False
    board = move_board(state, unit.side.value)
    mover = MovingUnit(UnitKind(unit.kind), Fraction(unit.strength))
    now = marching(state)
    if now is not None and now[0] == unit.id:
        _uid, mp, data = now
        found = reachable(
            board,
            mover,
            unit.hex,
            max(mp, Fraction(0)),
            attacked=bool(data.get("attacks")) or mp < 0,
            first_action=not data.get("acted"),
            moved=bool(data.get("moved")),
        )
        return found, mp, True
    game = state.scenario.scenario.game
    most = Fraction(_largest_allowance(game, unit.side, unit.kind))
    return reachable(board, mover, unit.hex, most), most, False
