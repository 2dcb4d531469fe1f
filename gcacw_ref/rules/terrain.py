"""Terrain vocabulary and the terrain chart as data (2.3, 6.2; `tables/terrain.toml`).

The names here are the ones map files use (DESIGN.md, "Map files"): primary terrain of
a hex, features inside a hex, features along a hexside. `terrain_chart()` and
`friendly_occupied_table()` load the two tables this area owns, validated.
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from gcacw_ref.errors import InputError
from gcacw_ref.rules.numbers import Strength, parse_strength
from gcacw_ref.rules.tables import Source, load_table


class Terrain(StrEnum):
    """Primary terrain of a hex (2.3), plus water."""

    CLEAR = "clear"
    ROLLING = "rolling"
    ROUGH = "rough"
    PROVISIONAL_SWAMP = "provisional_swamp"
    WOODS = "woods"
    CITY = "city"
    SWAMP = "swamp"
    MOUNTAIN = "mountain"
    WATER = "water"


class HexFeature(StrEnum):
    """Things printed inside a hex that do not change its primary terrain (2.3)."""

    VILLAGE = "village"
    STATION = "station"
    EARTHWORKS = "earthworks"
    LANDING = "landing"


class HexsideFeature(StrEnum):
    """Things along a hexside (2.3). `water` marks an all-water hexside (2.4; our addition)."""

    ROAD = "road"
    PIKE = "pike"
    RAILROAD = "railroad"
    TRAIL = "trail"
    CREEK = "creek"
    MINOR_RIVER = "minor_river"
    MAJOR_RIVER = "major_river"
    FORD = "ford"
    BRIDGE = "bridge"
    DAM = "dam"
    FERRY = "ferry"
    WATER = "water"


class UnitKind(StrEnum):
    """Combat unit types (2.2)."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"


ROADS = frozenset({HexsideFeature.ROAD, HexsideFeature.PIKE, HexsideFeature.RAILROAD})
"""Road-type features that replace the cost of the hex entered (6.2)."""

ROADS_AND_TRAIL = ROADS | {HexsideFeature.TRAIL}
RIVERS = frozenset({HexsideFeature.MINOR_RIVER, HexsideFeature.MAJOR_RIVER})
CROSSINGS = frozenset(
    {HexsideFeature.FORD, HexsideFeature.BRIDGE, HexsideFeature.DAM, HexsideFeature.FERRY}
)

CLOSED_TERRAIN = frozenset({Terrain.SWAMP, Terrain.MOUNTAIN})
"""Hexes entered (by a unit, a retreat, a ZOC) only across a road-type hexside."""


def closed_terrain(terrain: str, rain: bool) -> bool:
    """2.3, 12.0: mountain or swamp; a provisional swamp counts as swamp on a rain turn."""
    return terrain in CLOSED_TERRAIN or (rain and terrain == Terrain.PROVISIONAL_SWAMP)


_WORDS = ("P", "NE", "variable", "stop", "all", "+1", "+1 to +4")
Cell = str


class ChartRow(BaseModel):
    """One row of the terrain chart: costs on normal and rain turns, and its notes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    label: str
    normal: Cell
    rain: Cell
    notes: list[Literal["A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"]]

    @field_validator("normal", "rain")
    @classmethod
    def _cell(cls, value: str) -> str:
        if value in _WORDS:
            return value
        try:
            parse_strength(value, "cell")
        except InputError as exc:
            raise ValueError(f"{value!r} is neither MP nor one of {', '.join(_WORDS)}") from exc
        return value

    def mp(self, rain: bool) -> Fraction | None:
        """The cell as MP: a number, 0 for "NE", None for "P"; other words raise ValueError."""
        cell = self.rain if rain else self.normal
        if cell == "P":
            return None
        if cell == "NE":
            return Fraction(0)
        if cell in _WORDS:
            raise ValueError(f"chart cell {cell!r} is not a number of MP")
        return parse_strength(cell, "cell")


class TrailCosts(BaseModel):
    """Trail costs from the rules text (6.2, 12.0); the chart has no trail row."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    rules: list[str]
    into_mountain_normal: Strength
    into_mountain_rain: Strength
    elsewhere_normal: Strength
    elsewhere_rain: Strength


class FerryRule(BaseModel):
    """Which divisor the ferry penalty uses, and the register entry that says why."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    divisor: int
    register_entry: str


class TerrainChart(BaseModel):
    """`tables/terrain.toml`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source
    terrain: dict[Terrain, ChartRow]
    hexside: dict[HexsideFeature, ChartRow]
    other: dict[str, ChartRow]
    trail: TrailCosts
    ferry: FerryRule
    notes: dict[str, str]

    @field_validator("terrain")
    @classmethod
    def _every_terrain(cls, value: dict[Terrain, ChartRow]) -> dict[Terrain, ChartRow]:
        missing = [t.value for t in Terrain if t not in value]
        if missing:
            raise ValueError(f"missing terrain rows: {', '.join(missing)}")
        return value


class Band(BaseModel):
    """One strength band of the friendly-occupied penalty."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    at_least: Strength
    below: Strength | None = None
    open: int
    close: int


class FriendlyColumns(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    open: list[Terrain]
    close: list[Terrain]


class FriendlyOccupiedTable(BaseModel):
    """`tables/friendly_occupied.toml`."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    source: Source
    columns: FriendlyColumns
    band: list[Band]


def terrain_chart() -> TerrainChart:
    """The terrain chart (cached)."""
    return load_table("terrain", TerrainChart)


def friendly_occupied_table() -> FriendlyOccupiedTable:
    """The friendly-occupied penalty table (cached)."""
    return load_table("friendly_occupied", FriendlyOccupiedTable)
