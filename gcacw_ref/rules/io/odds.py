"""`calc odds`: the strength ratio, its die modifier and both chart columns (7.2, 7.4, 7.5)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.combat_models import MOST
from gcacw_ref.rules.combat_tables import GameCode
from gcacw_ref.rules.explain import render_steps
from gcacw_ref.rules.games import DEFAULT_GAME
from gcacw_ref.rules.io.fields import Form, Unset, drop_blanks, spec_for
from gcacw_ref.rules.labels import ui
from gcacw_ref.rules.numbers import Strength, format_signed
from gcacw_ref.rules.odds import Odds, compute_odds

# the entrenchment caps as choices, worded by the catalogs where a form or --help shows them
_ENTRENCHED_WORDS = (N_("half"), N_("all"))


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
    game: GameCode = Field(default=DEFAULT_GAME, json_schema_extra=ui(N_("Game")))
    entrenched: Literal["none", "half", "all"] = Field(
        default="none",
        description="how many defenders are entrenched (chooses the cap)",
        json_schema_extra=ui(N_("Defenders entrenched")),
    )


Output = Odds
"""The result is the rules core's own (one declaration)."""


def run(inp: Input) -> Output:
    return compute_odds(
        inp.attacker,
        inp.defender,
        defender_column_strength=inp.defender_column_strength,
        game=inp.game,
        entrenched=inp.entrenched,
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


def build(values: dict[str, Any], game: str) -> dict[str, Any]:
    """The form's values as this calculator's input, for the player's game."""
    return {**drop_blanks(values, game), "game": game}


FORM = Form(
    specs=[
        spec_for(Input, "attacker", help=N_("attacking total combat strength (7.2)")),
        spec_for(Input, "defender", help=N_("defending total, entrenchment included (7.2)")),
        spec_for(
            Input,
            "defender_column_strength",
            flag="defender-before",
            help=N_("defending total before entrenchment, for the chart column (7.4)"),
        ),
        spec_for(
            Input,
            "entrenched",
            help=N_("how many defenders are entrenched: none, half or all (the cap, 7.2)"),
        ),
    ],
    build=build,
    positional=("attacker", "defender"),
    uses_game=True,
    unset=(
        Unset("defender_column_strength", None, N_("defender's column from its strength")),
        Unset("entrenched", "none", N_("no defender entrenched")),
    ),
)
