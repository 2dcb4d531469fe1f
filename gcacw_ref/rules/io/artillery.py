"""`calc artillery`: the artillery modifier from the 7.4 table with its special cases."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.artillery import ArtilleryResult, artillery_modifier
from gcacw_ref.rules.combat_models import MOST, TerrainKey
from gcacw_ref.rules.explain import render_steps
from gcacw_ref.rules.io.fields import Form, Unset, drop_blanks, spec_for
from gcacw_ref.rules.labels import ui
from gcacw_ref.rules.numbers import format_signed


class Input(BaseModel):
    """Artillery totals (defender's after entrenchment) and the defender's terrain."""

    model_config = ConfigDict(extra="forbid")

    attacker_artillery: StrictInt = Field(
        ge=0, le=MOST, examples=[5], json_schema_extra=ui(N_("Attacker artillery"))
    )
    defender_artillery: StrictInt = Field(
        ge=0, le=MOST, examples=[2], json_schema_extra=ui(N_("Defender artillery"))
    )
    defender_terrain: TerrainKey = Field(
        examples=["clear"], json_schema_extra=ui(N_("Defender terrain"))
    )
    rain: StrictBool = Field(default=False, json_schema_extra=ui(N_("Rain")))
    die: StrictInt | None = Field(
        default=None,
        ge=1,
        le=6,
        description="the artillery die, if rolled",
        json_schema_extra=ui(N_("Artillery die")),
    )


Output = ArtilleryResult
"""The result is the rules core's own (one declaration)."""


def run(inp: Input) -> Output:
    return artillery_modifier(
        inp.attacker_artillery,
        inp.defender_artillery,
        inp.defender_terrain,
        rain=inp.rain,
        die=inp.die,
    )


def render(out: Output) -> str:
    if out.modifier is not None:
        head = _("Artillery modifier {modifier}").format(modifier=format_signed(out.modifier))
    else:
        head = _("Artillery modifier: roll a die - even {even}, odd {odd}").format(
            even=format_signed(out.for_die(2)), odd=format_signed(out.for_die(1))
        )
    return f"{head}\n\n{render_steps(out.steps)}"


FORM = Form(
    specs=[
        spec_for(
            Input, "attacker_artillery", help=N_("the attackers' total artillery value (7.4)")
        ),
        spec_for(
            Input,
            "defender_artillery",
            help=N_("the defenders' total artillery value, entrenchment included (7.4, 9.0)"),
        ),
        spec_for(
            Input, "defender_terrain", flag="terrain", help=N_("the defender's hex terrain (7.4)")
        ),
        spec_for(Input, "rain", help=N_("a rain turn (12.0)")),
        spec_for(Input, "die", help=N_("the artillery die, when the table needs one (7.4)")),
    ],
    build=drop_blanks,
    positional=("attacker_artillery", "defender_artillery"),
    unset=(
        Unset("rain", False, N_("no rain")),
        Unset("die", None, N_("no artillery die")),
    ),
)
