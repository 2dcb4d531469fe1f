"""The scenario document as pydantic models: each block of the file, and the whole.

Blocks (see `scenarios/training.toml` for a complete example):

- `[scenario]`: id, name, name_ja (optional Japanese name), game (SJW ... GTC: which
  standard-rule variants apply), year (entrenchment procedure), turns, map (a shipped map
  id or a file beside the scenario), optional_rules (`fatigue_four_march`,
  `entrenchment_action_1863`);
- `[weather]`: turn -> rain result (`rain`, `rain+1` ...); `[rain_table]`: 2d6 -> result;
- `[[formations]]`: corps and divisions (id, side, kind);
- `[[units]]`: id, name, name_ja (optional, shown in Japanese mode), side, kind, size,
  corps/division, tactical, artillery, strength, organized, fatigue, exhausted,
  demoralized, entrenchment, hex, army_of_the_potomac;
- `[[leaders]]`: id, name, name_ja (optional), side, rank (army wing corps division),
  cavalry, command, tactical, commands (formation ids), with_unit;
- `[victory]`: VP per enemy strength lost, per station raided, VP hexes, winning margin;
- `[bridges]`: pontoon-bridge markers per side; `[counters]`: disorganized values.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cached_property
from typing import Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    model_serializer,
    model_validator,
)

from gcacw_ref.game.model.hexmap import HexMap, map_of_document
from gcacw_ref.game.model.scenario_limits import (
    MAX_FORMATIONS,
    MAX_ID,
    MAX_LEADERS,
    MAX_TEXT,
    MAX_UNITS,
    MAX_VP_HEXES,
    rain_table_span,
)
from gcacw_ref.rules.combat_tables import LevelKey
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.numbers import Strength

UnitKind = Literal["infantry", "cavalry", "artillery"]
UnitSize = Literal["battalion", "regiment", "brigade", "division", "half_division"]
LeaderRank = Literal["army", "wing", "corps", "division"]
Entrenchment = LevelKey  # the entrenchment levels of 9.0, named once in the rules core
RainEvent = Literal["none", "rain", "rain+1", "rain+2", "rain+3"]

_STRICT = ConfigDict(extra="forbid", frozen=True)


class ScenarioInfo(BaseModel):
    """The `[scenario]` block."""

    model_config = _STRICT
    id: str = Field(min_length=1, max_length=MAX_ID)
    name: str = Field(max_length=MAX_TEXT)
    name_ja: str = Field(default="", max_length=MAX_TEXT)
    game: Game = Game.GTC
    year: int = Field(ge=1861, le=1865)
    turns: int = Field(ge=1, le=60)
    map: str = Field(max_length=MAX_TEXT)  # a shipped map id, or a file beside the scenario
    optional_rules: list[Literal["fatigue_four_march", "entrenchment_action_1863"]] = []


class Formation(BaseModel):
    """A corps or division that units belong to and leaders command."""

    model_config = _STRICT
    id: str = Field(max_length=MAX_ID)
    side: Side
    kind: Literal["corps", "division", "cavalry_corps", "cavalry_division"]


LEAST_STRENGTH = Fraction(1, 2)  # a unit's strength in a scenario: 1/2 to 21
MOST_STRENGTH = Fraction(21)


class _JapaneseName(BaseModel):
    """An optional Japanese name beside the English `name` (shown in Japanese mode, the
    English one otherwise or when empty). Left out of the JSON when empty, so saves and
    state hashes written before it existed stay the same."""

    name_ja: str = Field(default="", max_length=MAX_TEXT)

    @model_serializer(mode="wrap")
    def _drop_empty_name_ja(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not data.get("name_ja"):
            data.pop("name_ja", None)
        return data


class UnitSetup(_JapaneseName):
    """One combat unit as the scenario places it."""

    model_config = _STRICT
    id: str = Field(min_length=1, max_length=MAX_ID)
    name: str = Field(max_length=MAX_TEXT)
    side: Side
    kind: UnitKind
    size: UnitSize = "division"
    corps: str | None = Field(default=None, max_length=MAX_ID)
    division: str | None = Field(default=None, max_length=MAX_ID)
    tactical: int = Field(default=0, ge=0, le=6)
    artillery: int = Field(default=0, ge=0, le=12)
    strength: Strength
    organized: bool = True
    fatigue: int = Field(default=0, ge=0, le=4)
    exhausted: bool = False
    demoralized: int = Field(default=0, ge=0, le=2)
    entrenchment: Entrenchment = "none"
    hex: str = Field(pattern=r"^[0-9]{4}$")
    army_of_the_potomac: bool = True

    @model_validator(mode="after")
    def _strength_in_range(self) -> UnitSetup:
        if self.strength < LEAST_STRENGTH or self.strength > MOST_STRENGTH:
            raise ValueError(f"unit {self.id or self.hex}: strength must be 1/2 to 21")
        return self


class LeaderSetup(_JapaneseName):
    """One leader: rank, values, the formations commanded, the unit it is with."""

    model_config = _STRICT
    id: str = Field(min_length=1, max_length=MAX_ID)
    name: str = Field(max_length=MAX_TEXT)
    side: Side
    rank: LeaderRank
    cavalry: bool = False
    command: int = Field(ge=0, le=9)
    tactical: int = Field(default=0, ge=0, le=6)
    # formation ids; army leaders command their whole side
    commands: list[str] = Field(default=[], max_length=MAX_FORMATIONS)
    with_unit: str = Field(max_length=MAX_ID)


class VictoryHex(BaseModel):
    model_config = _STRICT
    hex: str = Field(pattern=r"^[0-9]{4}$")
    vp: int = Field(ge=0, le=100)
    owner: Side  # who holds it when no unit stands on it at the start
    label: str = Field(default="", max_length=MAX_TEXT)


class Victory(BaseModel):
    """How the game is won: VP hexes held at the end, VP per enemy strength lost."""

    model_config = _STRICT
    vp_per_strength: int = Field(default=1, ge=0, le=10)
    vp_per_station: int = Field(default=2, ge=0, le=20)
    hexes: list[VictoryHex] = Field(default=[], max_length=MAX_VP_HEXES)
    margin: int = Field(default=1, ge=0)  # the lead needed to win; less is a draw


class Bridges(BaseModel):
    """Pontoon-bridge markers each side may lay (10.1)."""

    model_config = _STRICT
    union_minor: int = Field(default=2, ge=0, le=20)
    union_major: int = Field(default=1, ge=0, le=5)
    confederate_minor: int = Field(default=1, ge=0, le=20)
    confederate_major: int = Field(default=0, ge=0, le=5)


class Counters(BaseModel):
    """Figures printed on the counters rather than in the rules: the disorganized side of
    each strength marker (2.2). `disorganized` maps a strength to its disorganized combat
    strength; strengths not listed use `disorganized_ratio` (rounded down to a half)."""

    model_config = _STRICT
    disorganized: dict[str, Strength] = Field(default={}, max_length=50)
    disorganized_ratio: Strength = Fraction(1, 2)


class Scenario(BaseModel):
    """A whole scenario document."""

    model_config = _STRICT
    scenario: ScenarioInfo
    # turn number (as text) -> rain event that turn (12.0)
    weather: dict[str, RainEvent] = Field(default={}, max_length=60)
    # 2d6 total ("7" or "2-4") -> rain event, rolled each random event phase for turns
    # `weather` does not name (the scenario's own table)
    rain_table: dict[str, RainEvent] = Field(default={}, max_length=11)
    formations: list[Formation] = Field(default=[], max_length=MAX_FORMATIONS)
    units: list[UnitSetup] = Field(max_length=MAX_UNITS)
    leaders: list[LeaderSetup] = Field(default=[], max_length=MAX_LEADERS)
    victory: Victory = Victory()
    bridges: Bridges = Bridges()
    counters: Counters = Counters()
    map_document: dict[str, Any] | None = None  # the map itself, filled in when loaded

    @property
    def id(self) -> str:
        return self.scenario.id

    @cached_property
    def board(self) -> HexMap:
        """The scenario's map (the one map object the engine, bots and screen read)."""
        return map_of_document(self.scenario.map, self.map_document or {})

    @cached_property
    def names_ja(self) -> dict[str, str]:
        """Unit and leader id -> its Japanese name, where the scenario gives one."""
        names = {u.id: u.name_ja for u in self.units if u.name_ja}
        names.update((ld.id, ld.name_ja) for ld in self.leaders if ld.name_ja)
        return names

    @cached_property
    def disorganized_memo(self) -> dict[Fraction, Fraction]:
        """Strength -> the disorganized side of its marker (2.2, from `counters`), filled in
        by the engine as strengths are asked for; it lives and dies with the scenario."""
        return {}

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy whose derived views (`board`, `names_ja`, the memo) are worked out afresh."""
        copied = super().model_copy(update=update, deep=deep)
        for name in _DERIVED:
            copied.__dict__.pop(name, None)
        return copied

    def rain_event(self, turn: int) -> RainEvent:
        return self.weather.get(str(turn), "none")

    def rain_from_table(self, total: int) -> RainEvent:
        """The scenario's own rain table read for a 2d6 total."""
        for key, event in self.rain_table.items():
            span = rain_table_span(key)
            if span is not None and total in span:
                return event
        return "none"


_DERIVED = ("board", "names_ja", "disorganized_memo")
