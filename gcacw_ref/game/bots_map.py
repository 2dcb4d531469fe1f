"""What the heuristic bot reads of the map: rivers and their crossings as they stand now,
stations and whose they are. Read from the scenario's map document and the state's
public markers (destroyed crossings, pontoon bridges, rain and river markers), never
from the engine. The legality of every move stays with the engine; this only guides
which legal action the bot prefers.
"""

from __future__ import annotations

from gcacw_ref.game.geometry import distance, hexside_key, neighbors
from gcacw_ref.game.scenario import Scenario
from gcacw_ref.game.state import GameState

RIVERS = frozenset({"minor_river", "major_river"})
FIXED = frozenset({"bridge", "ferry", "dam"})

Sides = dict[tuple[str, str], frozenset[str]]
# id(map document) -> (the document, hexside -> features, the river hexsides)
_MAPS: dict[int, tuple[object, Sides, tuple[tuple[str, str], ...]]] = {}


def _index(scen: Scenario) -> tuple[Sides, tuple[tuple[str, str], ...]]:
    doc = scen.map_document or {}
    hit = _MAPS.get(id(doc))
    if hit is not None and hit[0] is doc:
        return hit[1], hit[2]
    sides: Sides = {}
    for s in doc.get("hexsides", []):
        a, b = s["between"]
        sides[hexside_key(a, b)] = frozenset(s.get("features", ()))
    rivers = tuple(k for k, f in sides.items() if f & RIVERS)
    if len(_MAPS) > 16:
        _MAPS.clear()
    _MAPS[id(doc)] = (doc, sides, rivers)
    return sides, rivers


def hexside(state: GameState, a: str, b: str) -> frozenset[str]:
    """The printed features of the hexside between `a` and `b`."""
    return _index(state.scenario)[0].get(hexside_key(a, b), frozenset())


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


def crossing_near(state: GameState, hex_: str, side: str, reach: int = 2) -> bool:
    """A river hexside `side` can cross within `reach` hexes of `hex_`."""
    _, rivers = _index(state.scenario)
    return any(distance(a, hex_) <= reach and crossable(state, a, b, side) for a, b in rivers)


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
    return [n for n in neighbors(hex_) if is_river(state, hex_, n)]
