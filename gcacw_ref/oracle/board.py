"""The oracle's own reading of the map: neighbours, terrain, hexsides, ZOC (2.3, 2.4).

Written from the rulebook and the map format of DESIGN.md, apart from the engine's map
code, so that a slip in one is seen by the other. Hexsides touched by a pontoon bridge or
a destroyed crossing are reported as `uncertain` (the oracle does not judge them).
"""

from __future__ import annotations

from dataclasses import dataclass

from gcacw_ref.game.model.state import GameState

ROADS = frozenset({"road", "pike", "railroad", "trail"})
ZOC_ROADS = frozenset({"road", "pike", "railroad", "trail"})  # register limited-zoc-trail
RIVERS = frozenset({"minor_river", "major_river"})
CROSSINGS = frozenset({"bridge", "dam", "ferry", "ford"})


def neighbours(name: str, columns: int, rows: int) -> list[str | None]:
    """The six neighbours of a "CCRR" hex; None for a side off the map. Even columns sit
    half a hex lower: in columns c±1 the rows r-1 and r for odd c, r and r+1 for even c."""
    c, r = int(name[:2]), int(name[2:])
    side_rows = (r - 1, r) if c % 2 else (r, r + 1)
    cells = [(c, r - 1), (c, r + 1)]
    cells += [(c - 1, side_rows[0]), (c - 1, side_rows[1])]
    cells += [(c + 1, side_rows[0]), (c + 1, side_rows[1])]
    out: list[str | None] = []
    for cc, rr in cells:
        on = 1 <= cc <= columns and 1 <= rr <= rows
        out.append(f"{cc:02d}{rr:02d}" if on else None)
    return out


@dataclass
class Board:
    """One map document and the markers of a position that change its hexsides."""

    columns: int
    rows: int
    default: str
    terrains: dict[str, str]
    features: dict[str, frozenset[str]]
    sides: dict[frozenset[str], frozenset[str]]
    uncertain: frozenset[frozenset[str]]
    rain: bool

    @classmethod
    def of(cls, state: GameState) -> Board:
        doc = state.scenario.map_document or {}
        head = doc.get("map", {})
        terrains: dict[str, str] = {}
        features: dict[str, frozenset[str]] = {}
        for name, entry in (doc.get("hexes") or {}).items():
            if entry.get("terrain"):
                terrains[name] = str(entry["terrain"])
            features[name] = frozenset(entry.get("features") or ())
        sides: dict[frozenset[str], frozenset[str]] = {}
        for entry in doc.get("hexsides") or []:
            key = frozenset(entry["between"])
            sides[key] = sides.get(key, frozenset()) | frozenset(entry["features"])
        uncertain = {frozenset((a, b)) for a, b, *_ in state.bridges}
        uncertain |= {frozenset((a, b)) for a, b in state.destroyed}
        return cls(
            columns=int(head.get("columns", 0)),
            rows=int(head.get("rows", 0)),
            default=str(head.get("default_terrain", "clear")),
            terrains=terrains,
            features=features,
            sides=sides,
            uncertain=frozenset(uncertain),
            rain=state.turn in state.rain,
        )

    def around(self, name: str) -> list[str | None]:
        return neighbours(name, self.columns, self.rows)

    def terrain(self, name: str) -> str:
        """The hex's terrain; a provisional swamp is a swamp on a rain turn (12.0)."""
        t = self.terrains.get(name, self.default)
        return "swamp" if t == "provisional_swamp" and self.rain else t

    def side(self, a: str, b: str) -> frozenset[str]:
        return self.sides.get(frozenset((a, b)), frozenset())

    def road(self, a: str, b: str) -> bool:
        """Road, pike, railroad or trail along the hexside."""
        return bool(self.side(a, b) & ROADS)

    def closed(self, name: str) -> bool:
        return self.terrain(name) in ("mountain", "swamp")

    def woods_side(self, a: str, b: str) -> bool:
        """2.3: a hexside with a woods hex on either side."""
        return "woods" in (self.terrain(a), self.terrain(b))

    def river_without_crossing(self, a: str, b: str) -> bool:
        feats = self.side(a, b)
        return bool(feats & RIVERS) and not feats & CROSSINGS

    def zoc_into(self, src: str, dst: str) -> str | None:
        """2.4, 12.0: the ZOC a unit in `src` exerts into the adjacent `dst`: "normal",
        "limited" (across a woods hexside with no road, pike, railroad or trail) or None."""
        feats = self.side(src, dst)
        if "water" in feats or "water" in (self.terrain(src), self.terrain(dst)):
            return None
        if feats & RIVERS and not feats & CROSSINGS:
            return None
        if self.rain and feats & RIVERS and not feats & {"bridge", "dam", "ferry"}:
            return None  # 12.0: no ZOC across a ford on a rain turn
        city = "city" in (self.terrain(src), self.terrain(dst))
        if self.rain and "creek" in feats and not feats & ZOC_ROADS and not city:
            return None  # 12.0: nor across a creek without a road (unless beside a city)
        road = bool(feats & {"road", "pike", "railroad"})
        terrains = (self.terrain(src), self.terrain(dst))
        if "swamp" in terrains and not road:
            return None
        if "mountain" in terrains and not (road or "trail" in feats):
            return None
        if self.woods_side(src, dst) and not feats & ZOC_ROADS:
            return "limited"
        return "normal"
