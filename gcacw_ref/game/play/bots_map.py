"""What the heuristic bot reads of the map: rivers and their crossings as they stand now,
stations and whose they are. Read from the scenario's map document and the state's
public markers (destroyed crossings, pontoon bridges, rain and river markers), never
from the engine. The legality of every move stays with the engine; this only guides
which legal action the bot prefers.
"""

from __future__ import annotations

from typing import Any

from gcacw_ref.game.model.geometry import distance, hexside_key, neighbors
from gcacw_ref.game.model.scenario import Scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.rules.bridges import pontoon_built, pontoon_drm, repair_drm, repaired

RIVERS = frozenset({"minor_river", "major_river"})
FIXED = frozenset({"bridge", "ferry", "dam"})

Sides = dict[tuple[str, str], frozenset[str]]


class _MapIndex:
    """One map's hexsides, its river hexsides, and per hex (worked out when first asked)
    the neighbours across a river and the river hexsides within 2 hexes."""

    def __init__(self, doc: dict[str, Any]) -> None:
        self.doc = doc
        self.sides: Sides = {}
        for s in doc.get("hexsides", []):
            a, b = s["between"]
            self.sides[hexside_key(a, b)] = frozenset(s.get("features", ()))
        self.rivers = tuple(k for k, f in self.sides.items() if f & RIVERS)
        self.across: dict[str, list[str]] = {}
        self.near: dict[str, list[tuple[str, str]]] = {}

    def river_neighbors(self, hex_: str) -> list[str]:
        hit = self.across.get(hex_)
        if hit is None:
            hit = self.across[hex_] = [
                n
                for n in neighbors(hex_)
                if self.sides.get(hexside_key(hex_, n), frozenset()) & RIVERS
            ]
        return hit

    def rivers_near(self, hex_: str, reach: int = 2) -> list[tuple[str, str]]:
        hit = self.near.get(hex_)
        if hit is None:
            hit = self.near[hex_] = [(a, b) for a, b in self.rivers if distance(a, hex_) <= reach]
        return hit


# id(map document) -> its index (checked against the document itself)
_MAPS: dict[int, _MapIndex] = {}


def _map(scen: Scenario) -> _MapIndex:
    doc = scen.map_document or {}
    hit = _MAPS.get(id(doc))
    if hit is not None and hit.doc is doc:
        return hit
    if len(_MAPS) > 16:
        _MAPS.clear()
    index = _MAPS[id(doc)] = _MapIndex(doc)
    return index


def hexside(state: GameState, a: str, b: str) -> frozenset[str]:
    """The printed features of the hexside between `a` and `b`."""
    return _map(state.scenario).sides.get(hexside_key(a, b), frozenset())


def is_river(state: GameState, a: str, b: str) -> bool:
    return bool(hexside(state, a, b) & RIVERS)


def fords_closed(state: GameState, major: bool) -> bool:
    """12.0: no crossing by ford on a rain turn or while the river's marker lasts."""
    until = state.major_unfordable_until if major else state.minor_unfordable_until
    return state.is_rain() or state.turn <= until


def crossable(state: GameState, a: str, b: str, side: str) -> bool:
    """Whether `side` can cross the river hexside a-b now: an intact bridge, ferry or dam,
    its own pontoon bridge, or a ford that rain has not closed (10.0-10.3, 12.0)."""
    feats = hexside(state, a, b)
    if not feats & RIVERS:
        return True
    key = hexside_key(a, b)
    if any((x, y) == key and owner == side for x, y, owner in state.bridges):
        return True
    if feats & FIXED and tuple(key) not in {tuple(d) for d in state.destroyed}:
        return True
    return "ford" in feats and not fords_closed(state, "major_river" in feats)


def destroyed_here(state: GameState, a: str, b: str) -> bool:
    key = hexside_key(a, b)
    return any(tuple(d) == key for d in state.destroyed)


def crossing_near(state: GameState, hex_: str, side: str) -> bool:
    """A river hexside `side` can cross within 2 hexes of `hex_`."""
    return any(crossable(state, a, b, side) for a, b in _map(state.scenario).rivers_near(hex_))


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
