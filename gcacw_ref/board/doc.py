"""The board document as pydantic models: what a player writes down about the table.

A board is a scenario of today's format (`game/model/scenario_doc.py`) with short
defaults, plus where the game stands (the `[board]` block). Every field a scenario has
keeps its meaning; every full scenario file is a valid board. The short form:

```toml
[board]
map = "training"          # a built-in map id; or an inline [map] (+ [hexes], [[hexsides]])
view = { from = "0503", columns = 5, rows = 4 }   # the part shown (optional)
game = "GTC"              # default: the scenario's, else GTC
turn = 1                  # default 1
rain = false              # this turn is a rain turn (12.0)
active = "union"          # the active side (default: the first unit's)
active_unit = "0504"      # the active unit, for retreats away from it (7.6)
refused = ["0805"]        # hexes with a refused-flank marker (7.8)

[[units]]                 # id (default: its hex), name (default: its id), side, kind
hex = "0504"              # (infantry), strength; markers default to a fresh unit
side = "union"
strength = 6
```
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.game.model.scenario_doc import LeaderRank, UnitKind, UnitSetup
from gcacw_ref.game.model.scenario_limits import MAX_ID, MAX_LEADERS, MAX_TEXT, MAX_UNITS
from gcacw_ref.rules.games import Game, Side

_STRICT = ConfigDict(extra="forbid")
HEX = r"^[0-9]{4}$"


class View(BaseModel):
    """The part of the map a board shows: its top-left hex, columns and rows."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    from_hex: str = Field(alias="from", pattern=HEX)
    columns: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)


class BoardState(BaseModel):
    """The `[board]` block: the map, and where the game stands."""

    model_config = _STRICT
    map: str | None = Field(default=None, max_length=MAX_TEXT)
    view: View | None = None
    game: Game | None = None
    year: int | None = Field(default=None, ge=1861, le=1865)
    turn: int = Field(default=1, ge=1, le=60)
    rain: bool = False
    active: Side | None = None
    active_unit: str | None = Field(default=None, max_length=MAX_ID)
    refused: list[str] = Field(default=[], max_length=MAX_UNITS)


class BoardUnit(UnitSetup):
    """A unit on the board: a scenario unit (`UnitSetup`, whose fields and ranges it
    shares) whose id, name and kind may be left out, and which the board tab edits."""

    model_config = ConfigDict(extra="forbid", frozen=False)
    id: str | None = Field(default=None, min_length=1, max_length=MAX_ID)  # type: ignore[assignment]
    name: str | None = Field(default=None, max_length=MAX_TEXT)  # type: ignore[assignment]
    kind: UnitKind = "infantry"


class BoardLeader(BaseModel):
    """A leader: with a unit (`with_unit`), or on a hex (`hex`: with its side's first unit
    there). Rank, side and the formations commanded default to those of that unit."""

    model_config = _STRICT
    id: str | None = Field(default=None, min_length=1, max_length=MAX_ID)
    name: str | None = Field(default=None, max_length=MAX_TEXT)
    name_ja: str = Field(default="", max_length=MAX_TEXT)
    side: Side | None = None
    rank: LeaderRank | None = None
    cavalry: bool | None = None
    command: int = Field(ge=0, le=9)
    tactical: int = Field(default=0, ge=0, le=6)
    commands: list[str] | None = Field(default=None, max_length=MAX_LEADERS)
    with_unit: str | None = Field(default=None, max_length=MAX_ID)
    hex: str | None = Field(default=None, pattern=HEX)


class Board(BaseModel):
    """A whole board document. `scenario` and the blocks after `leaders` are a full
    scenario's, kept as written; `map`, `hexes` and `hexsides` are an inline map."""

    model_config = _STRICT
    scenario: dict[str, Any] | None = None
    board: BoardState = BoardState()
    map: dict[str, Any] | None = None
    hexes: dict[str, Any] = {}
    hexsides: list[dict[str, Any]] = []
    formations: list[dict[str, Any]] = []
    units: list[BoardUnit] = Field(default=[], max_length=MAX_UNITS)
    leaders: list[BoardLeader] = Field(default=[], max_length=MAX_LEADERS)
    weather: dict[str, Any] = {}
    rain_table: dict[str, Any] = {}
    victory: dict[str, Any] | None = None
    bridges: dict[str, Any] | None = None
    counters: dict[str, Any] | None = None
