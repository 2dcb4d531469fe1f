"""Pydantic models and loaders for the combat area's tables (`tables/*.toml`).

Each loader reads its file once (cached by `load_table`) and checks the figures'
shape, so a damaged table fails with a message naming the file and the field.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal, get_args

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

from gcacw_ref.rules.numbers import Strength
from gcacw_ref.rules.tables import Source, load_table


def _to_fraction(value: object) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int | str):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise ValueError(f"not an exact number: {value!r}") from None
    raise ValueError(f"expected a number written as a string, got {value!r}")


Exact = Annotated[Fraction, BeforeValidator(_to_fraction)]
"""An exact number in a table, written as an int or a string such as "3/2"."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- combat chart -------------------------------------------------------------


class ChartColumn(_Strict):
    label: str
    low: Strength
    high: int | None = None  # None: open-ended (the last column)


class ChartRow(_Strict):
    label: str
    differential: int
    defender: list[str] = Field(min_length=8, max_length=8)
    attacker: list[str] = Field(min_length=10, max_length=10)


class CombatChart(_Strict):
    source: Source
    defender_column: list[ChartColumn] = Field(min_length=8, max_length=8)
    attacker_column: list[ChartColumn] = Field(min_length=10, max_length=10)
    row: list[ChartRow] = Field(min_length=19, max_length=19)

    @model_validator(mode="after")
    def _rows_in_order(self) -> CombatChart:
        diffs = [r.differential for r in self.row]
        if diffs != list(range(-8, 11)):
            raise ValueError("rows must run from -8 to +10 in order")
        return self


def combat_chart() -> CombatChart:
    """`tables/combat_chart.toml` (7.5)."""
    return load_table("combat_chart", CombatChart)


# --- ratio table --------------------------------------------------------------


class RatioRow(_Strict):
    ratio: str
    drm: int
    open_end: bool = False


class RatioTable(_Strict):
    source: Source
    row: list[RatioRow] = Field(min_length=26, max_length=26)


def ratio_table() -> RatioTable:
    """`tables/ratio.toml` (7.4)."""
    return load_table("ratio", RatioTable)


# --- die modifiers and attack types ---------------------------------------------

GameCode = Literal["SJW", "HCR", "RTG", "SIV", "SLB", "OTR", "GTC"]


class DieModifier(_Strict):
    key: str
    printed: str
    low: int | None = None
    high: int | None = None
    what: str
    games: list[GameCode] = []
    rule: str


class DieModifiers(_Strict):
    source: Source
    defender: list[DieModifier]
    attacker: list[DieModifier]
    attack_type: list[DieModifier]

    def find(self, side: Literal["defender", "attacker", "attack_type"], key: str) -> DieModifier:
        items: list[DieModifier] = getattr(self, side)
        for item in items:
            if item.key == key:
                return item
        raise KeyError(key)


def die_modifiers() -> DieModifiers:
    """`tables/die_modifiers.toml` (7.4)."""
    return load_table("die_modifiers", DieModifiers)


AttackTypeKey = Literal["column", "hasty", "normal", "prepared"]
ATTACK_TYPES: tuple[AttackTypeKey, ...] = get_args(AttackTypeKey)
"""The attack types of 7.1 (a march's attack), in the table's order: the one declaration."""


class AttackType(_Strict):
    key: AttackTypeKey
    name_ja: str
    infantry_mp: int
    cavalry_mp: int
    drm: int
    needs_movement_allowance: bool = False


class AttackTypes(_Strict):
    source: Source
    type: list[AttackType] = Field(min_length=4, max_length=4)

    def get(self, key: str) -> AttackType:
        for item in self.type:
            if item.key == key:
                return item
        raise KeyError(key)


def attack_types() -> AttackTypes:
    """`tables/attack_types.toml` (7.4)."""
    return load_table("attack_types", AttackTypes)


# --- artillery ----------------------------------------------------------------


class ArtilleryBand(_Strict):
    label: str
    low: int | None = None
    high: int | None = None


class ArtilleryRow(_Strict):
    key: str
    terrains: list[str]
    dry_terrains: list[str] = []  # also this row on a turn without rain
    rain_terrains: list[str] = []  # also this row on a rain turn
    chart: list[str] = Field(min_length=5, max_length=5)
    rules_text: list[str] = Field(min_length=5, max_length=5)


class ArtillerySpecial(_Strict):
    no_artillery_no_modifier: bool
    defender_zero_negative_is_ne: bool
    defender_one_minus_two_is: int


class ArtilleryTable(_Strict):
    source: Source
    band: list[ArtilleryBand] = Field(min_length=5, max_length=5)
    row: list[ArtilleryRow] = Field(min_length=5, max_length=5)
    special: ArtillerySpecial


def artillery_table() -> ArtilleryTable:
    """`tables/artillery.toml` (7.4)."""
    return load_table("artillery", ArtilleryTable)


# --- caps, games, entrenchment --------------------------------------------------


class Caps(_Strict):
    attack: int
    defense: int
    defense_half_entrenched: int
    defense_all_entrenched: int


class LossBand(_Strict):
    low: int
    high: int | None = None
    extra_loss: int


class GrandAssaultLoss(_Strict):
    band: list[LossBand]


class StrengthCaps(_Strict):
    source: Source
    caps: dict[str, Caps]
    grand_assault_loss: GrandAssaultLoss
    max_strength: dict[str, int]

    def for_game(self, game: str) -> Caps:
        return self.caps.get(game, self.caps["default"])


def strength_caps() -> StrengthCaps:
    """`tables/strength_caps.toml` (7.2, 2.2)."""
    return load_table("strength_caps", StrengthCaps)


class GameInfo(_Strict):
    code: GameCode
    name: str
    entrenchment_year: Literal[1862, 1863, 1864]
    bridge_strength: int = Field(ge=1)  # 10.1: least strength laying a pontoon bridge
    bridge_enemy_block: int = Field(ge=1)  # 10.1: enemy strength in either hex forbidding it
    repair_strength: int = Field(ge=1)  # 10.3: least strength repairing a crossing
    repair_enemy_block: int = Field(ge=1)  # 10.3: enemy strength in either hex forbidding it
    strong_unit: int = Field(ge=1)  # 10.2: removes an enemy pontoon, may hit a bridge


class Games(_Strict):
    source: Source
    game: list[GameInfo] = Field(min_length=7, max_length=7)

    def get(self, code: str) -> GameInfo:
        for item in self.game:
            if item.code == code:
                return item
        raise KeyError(code)


def games_table() -> Games:
    """`tables/games.toml` (introduction, 9.0, 10.1-10.3)."""
    return load_table("games", Games)


LevelKey = Literal[
    "none",
    "abatis",
    "breastworks_building",
    "breastworks",
    "fort_building",
    "fort_building_1",
    "fort_building_2",
    "fort",
]
ENTRENCHMENT_LEVELS: tuple[LevelKey, ...] = get_args(LevelKey)
"""The entrenchment levels of 9.0 ("none" first): the one declaration."""


class EntrenchmentLevel(_Strict):
    key: LevelKey
    name_ja: str
    multiplier: Exact
    multiplier_from_1864: Exact | None = None
    chart_multiplier: str | None = None
    chart: list[str] | None = None


class ChartNone(_Strict):
    chart: list[str]


class Earthworks(_Strict):
    multiplier: Exact
    artillery_rounding: Literal["up"]


class EntrenchmentTable(_Strict):
    source: Source
    chart_columns: list[str] = Field(min_length=5, max_length=5)
    level: list[EntrenchmentLevel] = Field(min_length=8, max_length=8)
    chart_none: ChartNone
    earthworks: Earthworks
    procedure: dict[str, dict[str, dict[LevelKey, LevelKey]]]
    earthworks_start: dict[str, LevelKey]

    def get(self, key: str) -> EntrenchmentLevel:
        for item in self.level:
            if item.key == key:
                return item
        raise KeyError(key)


def entrenchment_table() -> EntrenchmentTable:
    """`tables/entrenchment.toml` (5.5, 9.0)."""
    return load_table("entrenchment", EntrenchmentTable)
