"""`calc flank`: the attacker's flank die modifier (7.4, 7.8, 9.0)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules import flank as rules
from gcacw_ref.rules.explain import Step, render_steps
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.labels import ui
from gcacw_ref.rules.numbers import Strength

TITLE = N_("Flank attack bonus")


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


class Output(BaseModel):
    blocked: int
    blocked_hexes: list[int]
    base_bonus: int
    reduction: int
    step3_bonus: int
    final_bonus: int
    steps: list[Step]


def run(inp: Input) -> Output:
    r = rules.flank_bonus(
        inp.neighbors,
        inp.defender_strength,
        inp.flanks_refused,
        inp.earthworks,
        inp.attacker_cavalry,
        inp.defender_mostly_cavalry,
        inp.game,
        inp.attacker_side,
    )
    return Output(
        blocked=r.blocked,
        blocked_hexes=r.blocked_hexes,
        base_bonus=r.base_bonus,
        reduction=r.reduction,
        step3_bonus=r.step3_bonus,
        final_bonus=r.final_bonus,
        steps=r.steps,
    )


def render(out: Output) -> str:
    return "\n".join(
        [
            _(TITLE),
            render_steps(out.steps),
            "",
            _("Blocked hexes: {blocked}  base {base:+d}  reduction {reduction}").format(
                blocked=out.blocked, base=out.base_bonus, reduction=out.reduction
            ),
            _("Flank die modifier: {final:+d}").format(final=out.final_bonus),
        ]
    )
