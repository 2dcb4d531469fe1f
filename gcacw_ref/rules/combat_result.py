"""The result of one attack (7.1-7.5), declared once: the engine and the bots read its typed
values (ratio, columns, chart results, exact strengths), and its JSON serialisation is
`calc combat --json`, key for key and in this order."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    InstanceOf,
    PlainSerializer,
)

from gcacw_ref.rules.artillery import ArtilleryResult
from gcacw_ref.rules.combat_chart import ChartResult, Column, row_label
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import Probability, ShownStrength
from gcacw_ref.rules.odds import Ratio


class Outcome(BaseModel):
    """One pair of results and its exact probability (`p`: the same as a float), with the
    chart rows that give it: an entry of `calc combat --json`'s `distribution`, declared
    once here."""

    model_config = ConfigDict(frozen=True)

    attacker_result: str
    defender_result: str
    probability: Probability = Field(description="exact, as numerator/denominator")
    p: float
    attacker_loss: int = Field(
        description="attacker's strength loss, grand-assault increase included"
    )
    defender_loss: int
    rows: list[str] = Field(description="chart rows giving this pair")


def _label(value: Ratio | Column) -> str:
    return value.label


def _printed(value: ChartResult) -> str:
    return value.printed


def row_chances(chances: dict[int, Fraction]) -> dict[str, str]:
    """Each chart row's chance as the JSON writes it: row label -> "numerator/denominator"."""
    return {row_label(r): f"{p.numerator}/{p.denominator}" for r, p in chances.items()}


# The rules core builds these objects itself: checked by type only, written as the chart
# prints them.
ShownRatio = Annotated[InstanceOf[Ratio], PlainSerializer(_label, return_type=str)]
ShownColumn = Annotated[InstanceOf[Column], PlainSerializer(_label, return_type=str)]
ShownResult = Annotated[InstanceOf[ChartResult], PlainSerializer(_printed, return_type=str)]
RowChances = Annotated[
    dict[int, Fraction], PlainSerializer(row_chances, return_type=dict[str, str])
]

# The derived values below are filled from the values given before them (pydantic passes
# them as a plain dict, hence `Any`).
Given = dict[str, Any]


def _artillery_drm(given: Given) -> int | None:
    art: ArtilleryResult = given["artillery"]
    return art.modifier


def _attacker_drm(given: Given) -> int | None:
    art: ArtilleryResult = given["artillery"]
    return None if art.modifier is None else given["attacker_drm_fixed"] + art.modifier


def _drm_by_parity(given: Given) -> dict[str, int] | None:
    art: ArtilleryResult = given["artillery"]
    fixed: int = given["attacker_drm_fixed"]
    return {k: fixed + v for k, v in art.outcomes.items()} if art.outcomes else None


def _row(given: Given) -> str | None:
    diff: int | None = given["differential"]
    return None if diff is None else row_label(diff)


@cache
def _reading(result: ChartResult) -> str:
    """A chart result's English reading, kept by value: the chart has few distinct results
    and the engine resolves attacks by the thousand."""
    return result.describe()


def _effects(key: str) -> Callable[[Given], str | None]:
    """The English reading of the result at `key` (the JSON's `*_effects`)."""

    def effects(given: Given) -> str | None:
        result: ChartResult | None = given[key]
        return None if result is None else _reading(result)

    return effects


class CombatResult(BaseModel):
    """Everything a player needs to settle one attack (7.1-7.5); as JSON, the result of
    `calc combat`. The artillery result and the attacker's modifier without artillery are
    kept for the engine and left out of the JSON; the fields with a `default_factory` are
    derived from the fields before them (no dice: no differential, row or results)."""

    model_config = ConfigDict(frozen=True)

    artillery: ArtilleryResult = Field(exclude=True)
    attacker_drm_fixed: int = Field(
        exclude=True, description="every attacker modifier but artillery"
    )
    ratio: ShownRatio
    ratio_drm: int = Field(default_factory=lambda given: given["ratio"].drm)
    tactical_drm: int
    artillery_drm: int | None = Field(default_factory=_artillery_drm)
    attacker_drm: int | None = Field(default_factory=_attacker_drm)
    defender_drm: int
    attacker_column: ShownColumn
    defender_column: ShownColumn
    attacker_column_index: int = Field(default_factory=lambda given: given["attacker_column"].index)
    defender_column_index: int = Field(default_factory=lambda given: given["defender_column"].index)
    attacker_strength: ShownStrength
    defender_strength: ShownStrength
    defender_column_strength: ShownStrength
    artillery_difference: int = Field(default_factory=lambda given: given["artillery"].difference)
    artillery_outcomes: dict[str, int] | None = Field(
        default_factory=lambda given: given["artillery"].outcomes,
        description="artillery modifier by die parity when a die decides",
    )
    attacker_drm_outcomes: dict[str, int] | None = Field(default_factory=_drm_by_parity)
    attacker_modifiers: dict[str, int] = Field(
        description=(
            "the attacker's non-zero modifiers by name (ratio, tactical, attack_type, flank, "
            "leader, rain, game); with artillery_drm they make attacker_drm"
        ),
    )
    defender_modifiers: dict[str, int] = Field(
        description="the defender's non-zero modifiers by name (terrain, demoralized, game)",
    )
    mp_cost: int | None = Field(description="MP the attack type costs (march only)")
    grand_assault_extra_loss: int = Field(description="attacker's extra loss in a grand assault")
    dice_outcomes: int = Field(description="36, or 216 when the artillery die is enumerated")
    distribution: list[Outcome]
    row_probabilities: RowChances
    differential: int | None = None
    row: str | None = Field(default_factory=_row)
    attacker_result: ShownResult | None = None
    defender_result: ShownResult | None = None
    attacker_result_applied: ShownResult | None = Field(
        default=None, description="attacker's result with the grand-assault loss increase"
    )
    attacker_effects: str | None = Field(default_factory=_effects("attacker_result_applied"))
    defender_effects: str | None = Field(default_factory=_effects("defender_result"))
    steps: list[Step]
