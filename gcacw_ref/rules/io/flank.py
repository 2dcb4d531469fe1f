"""`calc flank`: the attacker's flank die modifier (7.4, 7.8, 9.0)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules import flank as rules
from gcacw_ref.rules.explain import render_steps
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.io import title_of
from gcacw_ref.rules.io.fields import Form, Unset, drop_blanks, spec_for
from gcacw_ref.rules.io.notation import Mark
from gcacw_ref.rules.labels import ui
from gcacw_ref.rules.numbers import Strength


class Input(BaseModel):
    """The six hexes around the defender, in any fixed order, and the defender's strength
    (entrenchment included, as 7.4 measures the one-quarter condition)."""

    model_config = ConfigDict(extra="forbid")

    neighbors: list[rules.FlankHex] = Field(min_length=6, max_length=6)
    defender_strength: Strength = Field(
        gt=0, le=999, examples=[9], json_schema_extra=ui(N_("Defender strength"))
    )
    flanks_refused: StrictBool = Field(default=False, json_schema_extra=ui(N_("Flanks refused")))
    earthworks: StrictBool = Field(default=False, json_schema_extra=ui(N_("Earthworks")))
    attacker_cavalry: StrictBool = Field(
        default=False, json_schema_extra=ui(N_("Attackers all cavalry"))
    )
    defender_mostly_cavalry: StrictBool = Field(
        default=False, json_schema_extra=ui(N_("Defenders mostly cavalry"))
    )
    game: Game | None = Field(default=None, examples=["GTC"], json_schema_extra=ui(N_("Game")))
    attacker_side: Side | None = Field(
        default=None, examples=["union"], json_schema_extra=ui(N_("Attacker side"))
    )


Output = rules.FlankResult
"""The result is the rules core's own (one declaration)."""


def run(inp: Input) -> Output:
    return rules.flank_bonus(
        inp.neighbors,
        inp.defender_strength,
        inp.flanks_refused,
        inp.earthworks,
        inp.attacker_cavalry,
        inp.defender_mostly_cavalry,
        inp.game,
        inp.attacker_side,
    )


def render(out: Output) -> str:
    return "\n".join(
        [
            _(title_of("flank")),
            render_steps(out.steps),
            "",
            _("Blocked hexes: {blocked}  base {base:+d}  reduction {reduction}").format(
                blocked=out.blocked, base=out.base_bonus, reduction=out.reduction
            ),
            _("Flank die modifier: {final:+d}").format(final=out.final_bonus),
        ]
    )


_B = (False, True)
MARKS = [
    Mark("a", "attacker_unit", _B, ("", "A"), N_("Attacker unit")),
    Mark("z", "attacker_zoc", (None, "normal", "limited"), ("", "Z", "z"), N_("ZOC")),
    Mark("i", "impassable", _B, ("", "I"), N_("Impassable")),
    Mark("r", "river", _B, ("", "R"), N_("River")),
    Mark("o", "off_map", _B, ("", "O"), N_("Off map")),
    Mark("d", "defender_unit", _B, ("", "D"), N_("Defender")),
    Mark("w", "woods_no_road", _B, ("", "W"), N_("Woods")),
]
"""The marks of a neighbour: the hex picture's keys and the letters of `--hexes`."""


def build(values: dict[str, Any], game: str) -> dict[str, Any]:
    """The form's values (with `hexes`, the six neighbours) as this calculator's input."""
    data = drop_blanks(values, game)
    data["neighbors"] = data.pop("hexes", None) or [{} for _ in range(6)]
    data["game"] = game
    return data


FORM = Form(
    specs=[
        spec_for(
            Input,
            "defender_strength",
            help=N_("the defenders' strength, entrenchment included (the one-quarter test, 7.4)"),
        ),
        spec_for(
            Input,
            "attacker_side",
            help=N_("the attacking side, for the game-specific rules (7.4)"),
        ),
        spec_for(Input, "flanks_refused", help=N_("the defender has refused its flanks (7.8)")),
        spec_for(Input, "earthworks", help=N_("the defender is in earthworks (9.0)")),
        spec_for(Input, "attacker_cavalry", help=N_("every attacking unit is cavalry (7.4)")),
        spec_for(
            Input,
            "defender_mostly_cavalry",
            help=N_("most of the defending strength is cavalry (7.4)"),
        ),
    ],
    build=build,
    positional=("defender_strength",),
    uses_game=True,
    unset=(
        Unset("attacker_side", None, N_("no attacking side")),
        Unset("flanks_refused", False, N_("flanks not refused")),
        Unset("earthworks", False, N_("no earthworks")),
    ),
    hexes=MARKS,
    hexes_help=N_(
        "the six hexes around the defender, N NE SE S SW NW, split by commas; in each the "
        "picture's keys: a attacker unit, z ZOC (zz limited), i impassable, r river, "
        "o off map, d defender, w woods without road, s<n> attacking strength there; "
        '- empty (7.4), e.g. "a, a s3, zz, i, d, -"'
    ),
)
