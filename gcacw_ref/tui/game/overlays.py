"""What the map overlays show, read through the game's public API (`game.api`).

ZOC comes from `api.zoc_of` (2.4), command radius from `api.command_range` (2.5),
reachable hexes from `reach.reachable` (6.2; the code behind `calc move`) on the
position view the engine itself builds (`api.move_view`). This module only picks the
unit and the allowance to show.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import cast

from gcacw_ref.game.play import api
from gcacw_ref.game.play.api import (
    GameState,
    HexMap,
    MarchDecision,
    MoveView,
    MovingUnit,
    Unit,
    board_for,
    reachable,
)
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.movement_allowance import Kind, allowance_distribution
from gcacw_ref.rules.terrain import UnitKind
from gcacw_ref.rules.zoc import ZocKind


def hexmap_of(state: GameState) -> HexMap:
    """The scenario's map (the engine's own, cached by the map document)."""
    return board_for(state.scenario)


def unit_hexes(state: GameState, side: str) -> frozenset[str]:
    return frozenset(u.hex for u in state.units.values() if u.hex and u.side.value == side)


def zoc_of(state: GameState, side: str) -> dict[str, ZocKind]:
    """2.4: hexes in the ZOC of `side`'s units, normal or limited."""
    return api.zoc_of(state, side)


def command_range(state: GameState, leader_id: str) -> dict[str, list[str]]:
    """2.5: the hexes within the leader's command radius (empty when it is off the map)."""
    return api.command_range(state, leader_id)


def move_board(state: GameState, side: str) -> MoveView:
    """The position of 6.2 as a moving unit of `side` sees it."""
    return api.move_view(state, side)


@lru_cache(maxsize=64)
def _largest_allowance(game: Game, side: Side, kind: str) -> int:
    return max(allowance_distribution(game, side, cast(Kind, kind)))


def marching(state: GameState) -> tuple[str, Fraction, MarchDecision] | None:
    """The unit marching now, its MP left and the march so far (None when none is)."""
    facts = api.pending_decision(state)
    if not isinstance(facts, MarchDecision):
        return None
    return facts.unit, Fraction(facts.mp), facts


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
        _uid, mp, facts = now
        found = reachable(
            board,
            mover,
            unit.hex,
            max(mp, Fraction(0)),
            attacked=facts.attacks > 0 or mp < 0,
            first_action=not facts.acted,
            moved=facts.moved,
        )
        return found, mp, True
    game = state.scenario.scenario.game
    most = Fraction(_largest_allowance(game, unit.side, unit.kind))
    return reachable(board, mover, unit.hex, most), most, False
