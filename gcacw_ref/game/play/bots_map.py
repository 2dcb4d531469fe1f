"""What the heuristic bot reads of the map: where rivers run, and stations and whose
they are. Whether a hexside can be crossed now, and the chances of bridging or repairing
it, are the position view's (`Position.crossable`, `pontoon_chance`, `repair_chance`);
the legality of every move stays with the engine; this only guides which legal action
the bot prefers.
"""

from __future__ import annotations

from functools import lru_cache

from gcacw_ref.game.engine.position import Position
from gcacw_ref.game.model.geometry import distance, neighbors
from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.scenario import Scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.terrain import RIVERS


class _MapIndex:
    """One map's river hexsides, and per hex (worked out when first asked) the neighbours
    across a river and the river hexsides within 2 hexes."""

    def __init__(self, board: HexMap) -> None:
        self.board = board
        self.rivers = tuple(k for k, f in board.hexsides().items() if f & RIVERS)
        self.across: dict[str, list[str]] = {}
        self.near: dict[str, list[tuple[str, str]]] = {}

    def river_neighbors(self, hex_: str) -> list[str]:
        hit = self.across.get(hex_)
        if hit is None:
            hit = self.across[hex_] = [
                n for n in neighbors(hex_) if self.board.hexside(hex_, n) & RIVERS
            ]
        return hit

    def rivers_near(self, hex_: str, reach: int = 2) -> list[tuple[str, str]]:
        hit = self.near.get(hex_)
        if hit is None:
            hit = self.near[hex_] = [(a, b) for a, b in self.rivers if distance(a, hex_) <= reach]
        return hit


@lru_cache(maxsize=16)
def _index(board: HexMap) -> _MapIndex:
    """The index of a map (a scenario's map is one object for the scenario's life)."""
    return _MapIndex(board)


def _map(scen: Scenario) -> _MapIndex:
    return _index(scen.board)


def crossing_near(position: Position, hex_: str, side: Side) -> bool:
    """A river hexside `side` can cross within 2 hexes of `hex_` (the view's 10.x, 12.0)."""
    rivers = _map(position.state.scenario).rivers_near(hex_)
    return any(position.crossable(a, b, side) for a, b in rivers)


def station_owner(state: GameState, hex_: str) -> str | None:
    """Whose station this is: the side holding the nearest victory hex at set-up (the
    station's own hex first); None on a map without victory hexes."""
    best: tuple[int, str] | None = None
    for vh in state.scenario.victory.hexes:
        d = distance(vh.hex, hex_)
        if best is None or d < best[0]:
            best = (d, vh.owner.value)
    return best[1] if best else None


def river_neighbors(state: GameState, hex_: str) -> list[str]:
    """The neighbours of `hex_` across a river hexside."""
    return _map(state.scenario).river_neighbors(hex_)
