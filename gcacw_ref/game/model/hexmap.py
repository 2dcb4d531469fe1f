"""The map: hexes, hexsides and the map edge, loaded from TOML or JSON (DESIGN.md).

A map document has three parts:

```toml
[map]
id = "example"
columns = 6            # hexes 01.. in each direction; the rectangle is the map edge
rows = 5
default_terrain = "clear"

[hexes]
"0203" = { terrain = "woods" }
"0402" = { terrain = "city", features = ["station"], name = "Smithburg" }

[[hexsides]]
between = ["0101", "0102"]
features = ["road"]
```

`load_map(path)` / `parse_map(data)` validate the document and return a `HexMap`. Every
problem is a `DataError` whose message names the file and the entry: an unknown
terrain or feature, a hex off the map, a hexside between hexes that do not touch,
duplicate hexes or hexsides, a crossing (ford, bridge, dam, ferry) on a hexside without
a river, both rivers on one hexside.

`HexMap` is immutable and fast to query: `terrain(h)`, `hex_features(h)`,
`hexside(a, b)` (a frozenset of `HexsideFeature`), `neighbors(h)` (on-map neighbours in
the fixed order of `geometry.DIRECTIONS`), `is_woods_hexside(a, b)` (2.3), and the
look-ups the engine makes often (`side`, `features`, `road_link`, `river`, `distance`,
`is_edge`). It is the one map object: the engine's `w.board` is the scenario's `HexMap`
(`Scenario.board`, parsed once per scenario); the per-move view of a position
(enemy units, ZOC, pontoons) is `pathing.MoveView`.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterable, Iterator, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gcacw_ref.errors import DataError, InputError
from gcacw_ref.game.model import geometry
from gcacw_ref.game.model.scenario_limits import MAX_MAP_COLUMNS, MAX_MAP_ROWS
from gcacw_ref.jsonin import parse_json
from gcacw_ref.paths import read_user_text
from gcacw_ref.rules.tables import describe_validation_error, read_toml
from gcacw_ref.rules.terrain import (
    CROSSINGS,
    RIVERS,
    ROADS_AND_TRAIL,
    HexFeature,
    HexsideFeature,
    Terrain,
)

Hexside = frozenset[HexsideFeature]
NO_FEATURES: Hexside = frozenset()


class MapHeader(BaseModel):
    """The `[map]` table."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    name: str | None = None
    name_ja: str | None = None
    columns: int = Field(ge=1, le=MAX_MAP_COLUMNS)
    rows: int = Field(ge=1, le=MAX_MAP_ROWS)
    default_terrain: Terrain = Terrain.CLEAR


class HexEntry(BaseModel):
    """One entry of `[hexes]`: terrain (default: the map's), features, an optional name
    (and `name_ja`, its Japanese form, shown in Japanese mode)."""

    model_config = ConfigDict(extra="forbid")

    terrain: Terrain | None = None
    features: list[HexFeature] = []
    name: str | None = None
    name_ja: str | None = None


class HexsideEntry(BaseModel):
    """One `[[hexsides]]` entry: the two hexes it separates and what runs along it."""

    model_config = ConfigDict(extra="forbid")

    between: tuple[str, str]
    features: list[HexsideFeature]


class MapDocument(BaseModel):
    """A whole map file."""

    model_config = ConfigDict(extra="forbid")

    map: MapHeader
    hexes: dict[str, HexEntry] = {}
    hexsides: list[HexsideEntry] = []


class HexMap:
    """A validated map. Hex names are "CCRR" strings; build one with `parse_map`/`load_map`."""

    def __init__(self, doc: MapDocument, where: str = "map") -> None:
        self.id = doc.map.id
        self.name = doc.map.name or doc.map.id
        self.name_ja = doc.map.name_ja or self.name
        self.columns = doc.map.columns
        self.rows = doc.map.rows
        self.default_terrain = doc.map.default_terrain
        self._terrain: dict[str, Terrain] = {}
        self._features: dict[str, frozenset[HexFeature]] = {}
        self.hex_names: dict[str, str] = {}
        self.hex_names_ja: dict[str, str] = {}
        self.memo: dict[object, object] = {}
        """Scratch space for data derived from this map alone (e.g. step costs by unit)."""
        for name, entry in doc.hexes.items():
            label = f"{where}: hexes.{name}"
            self._check_on_map(name, label)
            if len(set(entry.features)) != len(entry.features):
                raise DataError(f"{label}: a feature is listed twice")
            self._terrain[name] = entry.terrain or self.default_terrain
            self._features[name] = frozenset(entry.features)
            if entry.name:
                self.hex_names[name] = entry.name
                self.hex_names_ja[name] = entry.name_ja or entry.name
        self._hexsides: dict[tuple[str, str], Hexside] = {}
        for i, side in enumerate(doc.hexsides):
            self._add_hexside(side, f"{where}: hexsides[{i}] {side.between[0]}-{side.between[1]}")
        self._neighbors: dict[str, tuple[str, ...]] = {}
        for h in self.all_hexes():
            col, row = geometry.parse_hex(h)
            self._neighbors[h] = tuple(
                geometry.hex_name(c)
                for c in geometry.neighbor_coords((col, row))
                if 1 <= c[0] <= self.columns and 1 <= c[1] <= self.rows
            )

    # ----- validation helpers
    def _check_on_map(self, name: str, label: str) -> None:
        try:
            col, row = geometry.parse_hex(name, label)
        except InputError as exc:
            raise DataError(str(exc)) from None
        if col > self.columns or row > self.rows:
            raise DataError(
                f"{label}: hex {name} is off the map ({self.columns} columns x {self.rows} rows)"
            )

    def _add_hexside(self, side: HexsideEntry, label: str) -> None:
        a, b = side.between
        self._check_on_map(a, label)
        self._check_on_map(b, label)
        if geometry.distance(a, b) != 1:
            raise DataError(f"{label}: hexes {a} and {b} are not adjacent")
        features = frozenset(side.features)
        if len(features) != len(side.features):
            raise DataError(f"{label}: a feature is listed twice")
        if len(features & RIVERS) > 1:
            raise DataError(f"{label}: a hexside cannot carry both a minor and a major river")
        crossing = features & CROSSINGS
        if crossing and not features & RIVERS:
            names = ", ".join(sorted(crossing))
            raise DataError(f"{label}: {names} needs a minor_river or major_river on the hexside")
        key = geometry.hexside_key(a, b)
        if key in self._hexsides:
            raise DataError(f"{label}: hexside {key[0]}-{key[1]} is listed twice")
        self._hexsides[key] = features

    # ----- queries
    def on_map(self, name: str) -> bool:
        """True when `name` is a well-formed hex name inside the map edge."""
        try:
            col, row = geometry.parse_hex(name)
        except InputError:
            return False
        return col <= self.columns and row <= self.rows

    def check_hex(self, name: str, field: str = "hex") -> str:
        """`name` if it is a hex on this map, else an `InputError` naming `field`."""
        col, row = geometry.parse_hex(name, field)
        if col > self.columns or row > self.rows:
            raise InputError(
                f"{field}: hex {name} is off map '{self.id}' ({self.columns}x{self.rows})"
            )
        return name

    def all_hexes(self) -> Iterator[str]:
        """Every hex on the map, column by column."""
        for col in range(1, self.columns + 1):
            for row in range(1, self.rows + 1):
                yield geometry.hex_name((col, row))

    def terrain(self, name: str) -> Terrain:
        """Primary terrain of hex `name` (the default terrain when the hex is not listed)."""
        return self._terrain.get(name, self.default_terrain)

    def hex_features(self, name: str) -> frozenset[HexFeature]:
        """Features inside hex `name` (village, station, earthworks, landing)."""
        return self._features.get(name, frozenset())

    def neighbors(self, name: str) -> tuple[str, ...]:
        """On-map neighbours of `name`, in `geometry.DIRECTIONS` order (off-map ones left out)."""
        return self._neighbors[name]

    def hexside(self, a: str, b: str) -> Hexside:
        """Features along the hexside between adjacent hexes `a` and `b` (empty if none)."""
        return self._hexsides.get((a, b) if a <= b else (b, a), NO_FEATURES)

    def hexsides(self) -> dict[tuple[str, str], Hexside]:
        """Every hexside that carries a feature, keyed by `geometry.hexside_key`."""
        return dict(self._hexsides)

    def with_hexside_features(
        self, additions: Mapping[tuple[str, str], Iterable[HexsideFeature]]
    ) -> HexMap:
        """A copy of this map with features added to hexsides (e.g. a pontoon bridge, 10.1).

        Keys are pairs of adjacent on-map hexes in either order; the result is validated
        like a map file (a bridge still needs a river, and so on).
        """
        new = copy.copy(self)
        new._hexsides = dict(self._hexsides)
        new.memo = {}
        for (a, b), features in additions.items():
            key = geometry.hexside_key(a, b)
            merged = set(new._hexsides.pop(key, NO_FEATURES)) | set(features)
            side = HexsideEntry(between=key, features=sorted(merged))
            new._add_hexside(side, f"{self.id}: added hexside {key[0]}-{key[1]}")
        return new

    def is_woods_hexside(self, a: str, b: str) -> bool:
        """2.3: a hexside is a woods hexside when either hex beside it is woods."""
        return self.terrain(a) is Terrain.WOODS or self.terrain(b) is Terrain.WOODS

    def place_name(self, name: str, japanese: bool = False) -> str:
        """The printed name of a hex ("" when it has none), in Japanese when asked and known."""
        return (self.hex_names_ja if japanese else self.hex_names).get(name, "")

    def label(self, name: str, japanese: bool = False) -> str:
        """A hex with its printed name when it has one: "0402 (Smithburg)"."""
        title = self.place_name(name, japanese)
        return f"{name} ({title})" if title else name

    # ----- look-ups the engine makes often (no rule here, only map facts)
    def side(self, a: str, b: str) -> Hexside:
        """The hexside a-b's features (as `hexside`)."""
        return self.hexside(a, b)

    def features(self, a: str, b: str) -> set[str]:
        """The hexside a-b's features as plain words."""
        return {str(f) for f in self.hexside(a, b)}

    def road_link(self, a: str, b: str) -> bool:
        """Road, pike, railroad or trail along the hexside a-b."""
        return bool(self.hexside(a, b) & ROADS_AND_TRAIL)

    def river(self, a: str, b: str) -> str | None:
        """The river on the hexside a-b ("minor_river" / "major_river"), or None."""
        feats = self.hexside(a, b) & RIVERS
        return str(next(iter(feats))) if feats else None

    def distance(self, a: str, b: str) -> int:
        """Hexes between `a` and `b` (`geometry.distance`)."""
        return geometry.distance(a, b)

    def is_edge(self, name: str) -> bool:
        """A hex on the map edge (fewer than six on-map neighbours)."""
        return len(self._neighbors[name]) < 6


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise DataError(f"duplicate entry {key!r}")
        seen[key] = value
    return seen


def parse_map(data: object, where: str = "map") -> HexMap:
    """Validate a map document (a dict from TOML or JSON) and build the `HexMap`."""
    if not isinstance(data, dict):
        raise DataError(f"{where}: expected a map document (an object with map, hexes, hexsides)")
    try:
        doc = MapDocument.model_validate(data)
    except ValidationError as exc:
        raise DataError(describe_validation_error(where, exc)) from None
    return HexMap(doc, where)


def load_map(path: Path | str) -> HexMap:
    """Read a map file (`.toml`, or `.json` for the same structure) and validate it."""
    path = Path(path)
    if path.suffix.lower() == ".json":
        text = read_user_text(path)
        try:
            data = parse_json(text, str(path), DataError, object_pairs_hook=_no_duplicate_keys)
        except DataError as exc:
            if str(exc).startswith(str(path)):
                raise
            raise DataError(f"{path}: {exc}") from None
    else:
        data = read_toml(path)
    return parse_map(data, str(path))


@lru_cache(maxsize=16)
def _map_cached(where: str, doc_json: str) -> HexMap:
    return parse_map(json.loads(doc_json), where)


def map_of_document(where: str, doc: Mapping[str, Any]) -> HexMap:
    """The map of a (scenario's) map document, parsed once per distinct content."""
    return _map_cached(where, json.dumps(doc, sort_keys=True))


def builtin_map_path(map_id: str) -> Path:
    """Path of a map shipped with the package (`gcacw_ref/game/maps/<id>.toml`)."""
    return Path(__file__).resolve().parent.parent / "maps" / f"{map_id}.toml"
