"""What the heuristic bot reads of the map: where rivers run, stations and whose they
are, and the chances of repairing or bridging a crossing (the rules core's 10.1 and 10.3
on the map's facts). Whether a hexside can be crossed now is the position view's
(`Position.crossable`); the legality of every move stays with the engine; this only
guides which legal action the bot prefers.
"""

from __future__ import annotations

from functools import lru_cache

from gcacw_ref.game.engine.position import Position
from gcacw_ref.game.model.geometry import distance, hexside_key, neighbors
from gcacw_ref.game.model.hexmap import HexMap, Hexside
from gcacw_ref.game.model.scenario import Scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.rules.bridges import pontoon_built, pontoon_drm, repair_drm, repaired
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.terrain import RIVERS

Sides = dict[tuple[str, str], Hexside]


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


def hexside(state: GameState, a: str, b: str) -> Hexside:
    """The printed features of the hexside between `a` and `b`."""
    return state.scenario.board.hexside(a, b)


def destroyed_here(state: GameState, a: str, b: str) -> bool:
    key = hexside_key(a, b)
    return any(tuple(d) == key for d in state.destroyed)


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


ROADS = frozenset({"road", "pike", "railroad"})
ROUTES = ROADS | {"trail"}


def _has(state: GameState, hex_: str, feats: frozenset[str]) -> bool:
    """A hexside of `hex_` carries one of `feats` (the hex has that road)."""
    return any(hexside(state, hex_, n) & feats for n in neighbors(hex_))


def _uncrossable(state: GameState, major: bool) -> bool:
    until = state.major_unfordable_until if major else state.minor_unfordable_until
    return state.turn <= until


def pontoon_chance(state: GameState, a: str, b: str) -> float:
    """10.1: the chance a pontoon bridge is laid over a-b this recovery phase (the rules
    core's modifiers and target on the map's facts)."""
    feats = hexside(state, a, b)
    major = "major_river" in feats
    drm = pontoon_drm(
        major=major,
        uncrossable=_uncrossable(state, major),
        crossing=bool(feats & {"ford", "ferry"}) or destroyed_here(state, a, b),
        roads=(_has(state, a, ROADS), _has(state, b, ROADS)),
        routes=(_has(state, a, ROUTES), _has(state, b, ROUTES)),
    )
    return sum(1 for die in range(1, 7) if pontoon_built(die, drm)) / 6


def repair_chance(state: GameState, a: str, b: str) -> float:
    """10.3: the chance a destroyed bridge or ferry over a-b is repaired this phase."""
    feats = hexside(state, a, b)
    major = "major_river" in feats
    drm = repair_drm(major=major, uncrossable=_uncrossable(state, major))
    ferry = "ferry" in feats and "bridge" not in feats
    return sum(1 for die in range(1, 7) if repaired(die, drm, ferry)) / 6
