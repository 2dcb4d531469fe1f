"""`calc retreat`: one hex of a retreat, rout or cavalry retreat (7.6, 7.7)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules import retreat as rules
from gcacw_ref.rules.explain import render_steps
from gcacw_ref.rules.io import title_of
from gcacw_ref.rules.io.fields import Form, Unset, drop_blanks, spec_for
from gcacw_ref.rules.io.notation import Mark
from gcacw_ref.rules.labels import ui


class Input(BaseModel):
    """`hex_number`: which hex of the retreat is being entered (1–6); `in_enemy_zoc`: the
    hex being left is in an enemy ZOC; `override`: use the one-time priority override
    (only when surrender is otherwise unavoidable); `from_city`: the hex being left is a
    city (every move out of it counts as along a road, 7.6)."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["retreat", "rout", "cavalry", "optional"] = Field(
        examples=["retreat"], json_schema_extra=ui(N_("Kind"))
    )
    hex_number: StrictInt = Field(
        ge=1, le=6, examples=[1], json_schema_extra=ui(N_("Hex of the retreat"))
    )
    in_enemy_zoc: StrictBool = Field(
        default=False, json_schema_extra=ui(N_("Leaving an enemy ZOC"))
    )
    neighbors: list[rules.RetreatHex] = Field(min_length=6, max_length=6)
    override: StrictBool = Field(default=False, json_schema_extra=ui(N_("One-time override")))
    from_city: StrictBool = Field(default=False, json_schema_extra=ui(N_("Leaving a city hex")))

    @field_validator("neighbors")
    @classmethod
    def _consistent(cls, value: list[rules.RetreatHex]) -> list[rules.RetreatHex]:
        for i, h in enumerate(value):
            if h.farther and h.closer:
                raise ValueError(f"neighbour {i + 1} cannot be both farther and closer")
        return value


Output = rules.RetreatStep
"""The result is the rules core's own (one declaration)."""


def run(inp: Input) -> Output:
    return rules.retreat_step(
        inp.kind, inp.hex_number, inp.in_enemy_zoc, inp.neighbors, inp.override, inp.from_city
    )


def render(out: Output) -> str:
    lines = [_(title_of("retreat")), render_steps(out.steps), ""]
    lines.append(
        _("Table {table}; the retreat covers {low}-{high} hexes").format(
            table=out.table, low=out.min_hexes, high=out.max_hexes
        )
    )
    for i, o in enumerate(out.options):
        if not o.allowed:
            lines.append("  " + _("hex {n}: not allowed ({why})").format(n=i + 1, why=_(o.label)))
            continue
        loss = _("eliminated") if o.eliminated else _("loses {loss}").format(loss=o.strength_loss)
        mark = "  " + _("<- must choose") if i in out.must_choose else ""
        lines.append(
            "  "
            + _("hex {n}: priority {priority}, {loss}: {type}").format(
                n=i + 1, priority=o.priority, loss=loss, type=_(o.label)
            )
            + mark
        )
    if out.surrender:
        lines.append(_("No hex can be entered: the unit surrenders."))
    return "\n".join(lines)


_B = (False, True)
MARKS = [
    Mark("x", "prohibited", _B, ("", "X"), N_("Prohibited")),
    Mark("e", "active_enemy", _B, ("", "E"), N_("Active enemy")),
    Mark("u", "enemy_units", _B, ("", "U"), N_("Enemy units")),
    Mark("z", "enemy_zoc", _B, ("", "Z"), N_("Enemy ZOC")),
    Mark("r", "road", _B, ("", "R"), N_("Road")),
    Mark("f", "friendly_units", _B, ("", "F"), N_("Friendly")),
    Mark("a", "farther", _B, ("", "a"), N_("Farther")),
    Mark("c", "closer", _B, ("", "c"), N_("Closer")),
]
"""The marks of a neighbour: the hex picture's keys and the letters of `--hexes`."""


def build(values: dict[str, Any], game: str) -> dict[str, Any]:
    """The form's values (with `hexes`, the six neighbours) as this calculator's input."""
    data = drop_blanks(values, game)
    data["neighbors"] = data.pop("hexes", None) or [{} for _ in range(6)]
    return data


FORM = Form(
    specs=[
        spec_for(Input, "kind", help=N_("retreat, rout, cavalry retreat or optional (7.6, 7.7)")),
        spec_for(
            Input, "hex_number", help=N_("which hex of the retreat is being entered, 1-6 (7.6)")
        ),
        spec_for(Input, "in_enemy_zoc", help=N_("the hex being left is in an enemy ZOC (7.6)")),
        spec_for(Input, "from_city", help=N_("the hex being left is a city (7.6)")),
        spec_for(
            Input,
            "override",
            help=N_("use the one-time priority override, only to avoid surrender (7.6)"),
        ),
    ],
    build=build,
    positional=("kind",),
    unset=(
        Unset("in_enemy_zoc", False, N_("not leaving an enemy ZOC")),
        Unset("from_city", False, N_("not leaving a city")),
        Unset("override", False, N_("no override")),
    ),
    hexes=MARKS,
    hexes_help=N_(
        "the six hexes around the retreating unit, N NE SE S SW NW, split by commas; in each "
        "the picture's keys: x prohibited, e active enemy, u enemy units, z enemy ZOC, "
        "r road, f friendly units, a farther away, c closer; - empty (7.6), "
        'e.g. "ar, -, -, x, -, -"'
    ),
)
