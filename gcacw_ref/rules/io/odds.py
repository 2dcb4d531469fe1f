"""`calc odds`: the strength ratio, its die modifier and both chart columns (7.2, 7.4, 7.5)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.combat_models import MOST
from gcacw_ref.rules.combat_tables import GameCode
from gcacw_ref.rules.explain import Step, render_steps
from gcacw_ref.rules.labels import ui
from gcacw_ref.rules.numbers import Strength, format_signed, format_strength
from gcacw_ref.rules.odds import compute_odds

TITLE = N_("Odds (strength ratio and chart columns)")


class Input(BaseModel):
    """Two combat-strength totals; optional game and defender entrenchment."""

    model_config = ConfigDict(extra="forbid")

    attacker: Strength = Field(
        le=MOST,
        description="attacking total combat strength",
        examples=[17],
        json_schema_extra=ui(N_("Attacker strength")),
    )
    defender: Strength = Field(
        le=MOST,
        description="defending total, after entrenchment",
        examples=[9],
        json_schema_extra=ui(N_("Defender strength")),
    )
    defender_column_strength: Strength | None = Field(
        default=None,
        le=MOST,
        description="defending total before entrenchment (default: defender)",
        json_schema_extra=ui(N_("Defender before entrenchment")),
    )
    game: GameCode = Field(default="GTC", json_schema_extra=ui(N_("Game")))
    entrenched: Literal["none", "half", "all"] = Field(
        default="none",
        description="how many defenders are entrenched (chooses the cap)",
        json_schema_extra=ui(N_("Defenders entrenched")),
    )


class Output(BaseModel):
    ratio: str
    drm: int
    attacker_column: str
    defender_column: str
    attacker_column_index: int
    defender_column_index: int
    attacker_strength: str = Field(description="attacking total after the cap")
    defender_strength: str = Field(description="defending total after the cap")
    steps: list[Step]


def run(inp: Input) -> Output:
    odds = compute_odds(
        inp.attacker,
        inp.defender,
        defender_column_strength=inp.defender_column_strength,
        game=inp.game,
        entrenched=inp.entrenched,
    )
    return Output(
        ratio=odds.ratio.label,
        drm=odds.ratio.drm,
        attacker_column=odds.attacker_column.label,
        defender_column=odds.defender_column.label,
        attacker_column_index=odds.attacker_column.index,
        defender_column_index=odds.defender_column.index,
        attacker_strength=format_strength(odds.attacker_used),
        defender_strength=format_strength(odds.defender_used),
        steps=odds.steps,
    )


def render(out: Output) -> str:
    head = (
        _("Odds {ratio}  (ratio modifier {drm})").format(
            ratio=out.ratio, drm=format_signed(out.drm)
        )
        + "\n"
        + _("Attacker's column: {attacker_column}    Defender's column: {defender_column}").format(
            attacker_column=out.attacker_column, defender_column=out.defender_column
        )
    )
    return f"{head}\n\n{render_steps(out.steps)}"
