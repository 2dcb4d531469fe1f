"""Scenarios: a map, an order of battle, the turns and their weather, victory conditions.

A scenario is a TOML (or JSON) file validated by pydantic. The built-in ones live in
`gcacw_ref/game/scenarios/<id>.toml`; `load_scenario("training")` or a path both work.
`check_scenario` adds the cross-checks pydantic cannot do alone (every unit on the map,
every formation known, every leader with one of its own units, values in range).

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

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property
from pathlib import Path
from typing import Any, Literal, Protocol, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    model_serializer,
    model_validator,
)

from gcacw_ref.errors import DataError, InputError, quoted
from gcacw_ref.game.model.hexmap import HexMap, map_of_document, parse_map
from gcacw_ref.game.model.scenario_limits import (
    MAP_DIR as MAP_DIR,
)
from gcacw_ref.game.model.scenario_limits import (
    MAP_ID,
    MAX_FORMATIONS,
    MAX_ID,
    MAX_LEADERS,
    MAX_TEXT,
    MAX_UNITS,
    MAX_VP_HEXES,
    ascii_number,
    rain_table_span,
    read_data_file,
    read_map,
)
from gcacw_ref.i18n import _
from gcacw_ref.rules.combat_tables import LevelKey, strength_caps
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.numbers import Strength
from gcacw_ref.rules.tables import describe_validation_error

SCENARIO_DIR = Path(__file__).resolve().parent.parent / "scenarios"

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
        if self.strength < Fraction(1, 2) or self.strength > 21:
            raise ValueError(f"unit {self.id}: strength must be 1/2 to 21")
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


def japanese_names(scenario: Scenario) -> dict[str, str]:
    """Unit and leader id -> its Japanese name, where the scenario gives one."""
    return scenario.names_ja


def board_for(scenario: Scenario) -> HexMap:
    """The scenario's map."""
    return scenario.board


def _validate(data: dict[str, Any], where: str) -> Scenario:
    try:
        return Scenario.model_validate(data)
    except ValidationError as exc:
        raise DataError(describe_validation_error(where, exc)) from None


def scenario_from_data(data: dict[str, Any], where: str, base: Path | None = None) -> Scenario:
    """Validate a scenario document, attach its map and run every cross-check."""
    scen = _validate(data, where)
    if scen.map_document is None:
        doc = read_map(scen.scenario.map, base or SCENARIO_DIR)
        scen = scen.model_copy(update={"map_document": doc})
    check_scenario(scen, where)
    return scen


def load_scenario(id_or_path: str) -> Scenario:
    """A shipped scenario by id (`training`) or a scenario TOML/JSON file by path."""
    path = Path(id_or_path)
    if MAP_ID.fullmatch(id_or_path) and (SCENARIO_DIR / f"{id_or_path}.toml").is_file():
        path = SCENARIO_DIR / f"{id_or_path}.toml"
    try:
        found = path.is_file()
    except OSError:  # e.g. a folder on the way without search permission: reading says why
        found = True
    if not found:
        shipped = ", ".join(sorted(p.stem for p in SCENARIO_DIR.glob("*.toml")))
        raise InputError(
            _("scenario {name}: not a file nor a built-in id ({ids})").format(
                name=quoted(id_or_path), ids=shipped
            )
        )
    return scenario_from_data(read_data_file(path), str(path), path.parent)


def check_scenario(scen: Scenario, where: str) -> None:
    """Cross-checks: unique ids, hexes on the map, known formations, leaders with units."""
    board = parse_map(scen.map_document or {}, where)
    ids: set[str] = set()
    formations = {f.id: f for f in scen.formations}
    caps = strength_caps().max_strength
    most = caps.get(scen.scenario.game.value, caps["other"])
    for u in scen.units:
        if u.strength > most:
            raise DataError(
                f"{where}: unit {u.id} has strength {u.strength}, above the largest marker "
                f"of {scen.scenario.game.value} ({most}, 2.2)"
            )
        if u.id in ids:
            raise DataError(f"{where}: unit id {u.id!r} is used twice")
        ids.add(u.id)
        if not board.on_map(u.hex):
            raise DataError(f"{where}: unit {u.id} is at hex {u.hex}, which is off the map")
        if board.terrain(u.hex) == "water":
            raise DataError(f"{where}: unit {u.id} is at hex {u.hex}, which is water")
        for name in (u.corps, u.division):
            if name is not None and name not in formations:
                raise DataError(f"{where}: unit {u.id} belongs to unknown formation {name!r}")
            if name is not None and formations[name].side != u.side:
                raise DataError(f"{where}: unit {u.id} belongs to an enemy formation {name!r}")
    units = {u.id: u for u in scen.units}
    for ld in scen.leaders:
        if ld.id in ids:
            raise DataError(f"{where}: leader id {ld.id!r} is used twice")
        ids.add(ld.id)
        for name in ld.commands:
            if name not in formations:
                raise DataError(f"{where}: leader {ld.id} commands unknown formation {name!r}")
        if ld.rank != "army" and not ld.commands:
            raise DataError(f"{where}: leader {ld.id} commands no formation")
        unit = units.get(ld.with_unit)
        if unit is None:
            raise DataError(
                f"{where}: leader {ld.id} is with unit {ld.with_unit!r}, which does not exist"
            )
        if unit.side != ld.side:
            raise DataError(f"{where}: leader {ld.id} is with an enemy unit {unit.id}")
        if not leader_commands(ld, unit):
            raise DataError(
                f"{where}: leader {ld.id} is with {unit.id}, a unit it does not command"
            )
        if ld.rank in ("army", "wing") and unit.kind != "infantry":
            raise DataError(
                f"{where}: {ld.rank} leader {ld.id} must be with an infantry unit (2.2)"
            )
    seen: set[int] = set()
    for key in scen.rain_table:
        span = rain_table_span(key)
        if span is None:
            raise DataError(
                _("{where}: rain_table: {key} is not a 2d6 total or range like 2-4").format(
                    where=where, key=quoted(key)
                )
            )
        if span & seen:
            raise DataError(
                _("{where}: rain_table: {key} overlaps another entry").format(
                    where=where, key=quoted(key)
                )
            )
        seen |= span
    for turn in scen.weather:
        if not ascii_number(turn) or not 1 <= int(turn) <= scen.scenario.turns:
            raise DataError(
                _("{where}: weather: turn {turn} is not a turn of this scenario").format(
                    where=where, turn=quoted(turn)
                )
            )
    owners: dict[str, str] = {}
    for vh in scen.victory.hexes:
        if vh.hex in owners:
            raise DataError(
                _(
                    "{where}: victory hex {hex} is listed twice (owners {first} and {second}); "
                    "list each hex once"
                ).format(where=where, hex=vh.hex, first=owners[vh.hex], second=vh.owner.value)
            )
        owners[vh.hex] = vh.owner.value
        if not board.on_map(vh.hex):
            raise DataError(f"{where}: victory hex {vh.hex} is off the map")
        if board.terrain(vh.hex) == "water":
            raise DataError(
                _("{where}: victory hex {hex} is water, where no unit may stand").format(
                    where=where, hex=vh.hex
                )
            )
    _check_no_mixed_hex(scen, where)
    sides = {u.side for u in scen.units}
    if sides != {Side.UNION, Side.CONFEDERATE}:
        raise DataError(f"{where}: both sides need at least one unit")


def _check_no_mixed_hex(scen: Scenario, where: str) -> None:
    """6.2: units may never share a hex with enemy units, so no set-up may start so."""
    sides: dict[str, Side] = {}
    for u in scen.units:
        first = sides.setdefault(u.hex, u.side)
        if first != u.side:
            raise DataError(
                _(
                    "{where}: hex {hex} holds both Union and Confederate units (unit {unit}); "
                    "enemy units may not share a hex (6.2)"
                ).format(where=where, hex=u.hex, unit=u.id)
            )


class InFormation(Protocol):
    """What 2.2 reads of a unit to tell who commands it (a setup line or a unit in play)."""

    @property
    def side(self) -> Side: ...
    @property
    def corps(self) -> str | None: ...
    @property
    def division(self) -> str | None: ...


class Commander(Protocol):
    """What 2.2 reads of a leader (a setup line or a leader in play)."""

    @property
    def side(self) -> Side: ...
    @property
    def rank(self) -> str: ...
    @property
    def commands(self) -> Sequence[str]: ...


def leader_commands(leader: Commander, unit: InFormation) -> bool:
    """Whether `unit` is under `leader`'s command (2.2): army leaders command their side,
    the others the corps and divisions they name. The one place this rule is written: the
    set-up check, the engine (`Work.commands`), the view and the bots all ask it."""
    if unit.side != leader.side:
        return False
    if leader.rank == "army":
        return True
    return unit.corps in leader.commands or unit.division in leader.commands
