"""The scenario's map as the engine sees it: a thin, cached view over `hexmap.HexMap`.

No rule lives here: only map lookups the engine needs often (neighbours, terrain,
hexside features, road links, distance), cached per scenario map.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from gcacw_ref.game import geometry
from gcacw_ref.game.hexmap import HexMap, parse_map
from gcacw_ref.rules.terrain import RIVERS, ROADS_AND_TRAIL, HexsideFeature

if TYPE_CHECKING:
    from gcacw_ref.game.scenario import Scenario


class Board:
    """Map lookups for the engine."""

    def __init__(self, hexmap: HexMap) -> None:
        self.map = hexmap

    @classmethod
    def from_document(cls, doc: dict[str, Any], where: str = "map") -> Board:
        return cls(parse_map(doc, where))

    def on_map(self, h: str) -> bool:
        return self.map.on_map(h)

    def terrain(self, h: str) -> str:
        return str(self.map.terrain(h))

    def neighbors(self, h: str) -> tuple[str, ...]:
        return self.map.neighbors(h)

    def side(self, a: str, b: str) -> frozenset[HexsideFeature]:
        return self.map.hexside(a, b)

    def features(self, a: str, b: str) -> set[str]:
        return {str(f) for f in self.map.hexside(a, b)}

    def road_link(self, a: str, b: str) -> bool:
        """Road, pike, railroad or trail along the hexside a-b."""
        return bool(self.map.hexside(a, b) & ROADS_AND_TRAIL)

    def river(self, a: str, b: str) -> str | None:
        feats = self.map.hexside(a, b) & RIVERS
        return str(next(iter(feats))) if feats else None

    def distance(self, a: str, b: str) -> int:
        return geometry.distance(a, b)

    def is_edge(self, h: str) -> bool:
        return len(self.map.neighbors(h)) < 6

    def hex_features(self, h: str) -> set[str]:
        return {str(f) for f in self.map.hex_features(h)}

    def label(self, h: str) -> str:
        return self.map.label(h)


@lru_cache(maxsize=16)
def _board_cached(key: str, doc_json: str) -> Board:
    import json

    return Board.from_document(json.loads(doc_json), key)


_BY_DOC: dict[int, tuple[Any, Board]] = {}


def board_for(scenario: Scenario) -> Board:
    """The board of a scenario (cached by the map document's content; the same document
    object is looked up without re-reading it)."""
    import json

    doc = scenario.map_document or {}
    hit = _BY_DOC.get(id(doc))
    if hit is not None and hit[0] is doc:
        return hit[1]
    board = _board_cached(scenario.scenario.map, json.dumps(doc, sort_keys=True))
    if len(_BY_DOC) > 64:
        _BY_DOC.clear()
    _BY_DOC[id(doc)] = (doc, board)
    return board
