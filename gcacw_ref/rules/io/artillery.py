"""`calc artillery`: the artillery modifier from the 7.4 table with its special cases."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.artillery import artillery_modifier
from gcacw_ref.rules.combat_models import MOST, TerrainKey
from gcacw_ref.rules.explain import Step, render_steps
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


class Output(BaseModel):
    difference: int
    modifier: int | None = Field(description="null when a die decides and none was given")
    needs_die: bool
    outcomes: dict[str, int] | None = Field(
        description="modifier by die parity, when a die decides"
    )
    row: str
    column: str
    column_index: int
    cell: str = Field(description="the table cell as the rules print it")
    steps: list[Step]


def run(inp: Input) -> Output:
    res = artillery_modifier(
        inp.attacker_artillery,
        inp.defender_artillery,
        inp.defender_terrain,
        rain=inp.rain,
        die=inp.die,
    )
    return Output(
        difference=res.difference,
        modifier=res.modifier,
        needs_die=res.needs_die,
        outcomes=dict(res.outcomes) if res.needs_die else None,
        row=res.row,
        column=res.band_label,
        column_index=res.band,
        cell=res.cell,
        steps=res.steps,
    )


def render(out: Output) -> str:
    if out.modifier is not None:
        head = _("Artillery modifier {modifier}").format(modifier=format_signed(out.modifier))
    else:
        assert out.outcomes is not None
        head = _("Artillery modifier: roll a die - even {even}, odd {odd}").format(
            even=format_signed(out.outcomes["even"]), odd=format_signed(out.outcomes["odd"])
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
