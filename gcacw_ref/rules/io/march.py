"""`calc march`: extended march (5.1), with optional movement allowance and forced march."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.layout import pad
from gcacw_ref.rules import forced_march as fm
from gcacw_ref.rules import march as rules
from gcacw_ref.rules.explain import Step, render_steps
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.io import title_of
from gcacw_ref.rules.io._common import Chance, chances, percent
from gcacw_ref.rules.io.fields import Form, Unset, drop_blanks, spec_for
from gcacw_ref.rules.labels import ui
from gcacw_ref.rules.movement_allowance import movement_allowance
from gcacw_ref.rules.numbers import Strength, format_strength

# the lone leader kinds, worded by the catalogs where a form or --help shows them
_LEADER_WORDS = (N_("cavalry_division"), N_("cavalry_corps"))


class Input(BaseModel):
    """A unit about to march. `die` is the extended-march die; `movement_dice` the
    movement-allowance roll (one die, or the two-dice total for cavalry);
    `forced_march_dice` requests a forced march with that unmodified roll."""

    model_config = ConfigDict(extra="forbid")

    game: Game = Field(examples=["RTG"], json_schema_extra=ui(N_("Game")))
    side: Side = Field(examples=["union"], json_schema_extra=ui(N_("Side")))
    cavalry: StrictBool = Field(default=False, json_schema_extra=ui(N_("Cavalry")))
    artillery: StrictBool = Field(default=False, json_schema_extra=ui(N_("Artillery unit")))
    exhausted: StrictBool = Field(
        default=False,
        description="the unit shows its exhausted side",
        examples=[True],
        json_schema_extra=ui(N_("Exhausted")),
    )
    fatigue_before: StrictInt = Field(
        ge=0,
        le=4,
        description="fatigue level before the march, 0-4",
        examples=[2],
        json_schema_extra=ui(N_("Fatigue before")),
    )
    organized: StrictBool = Field(
        default=True,
        description="the strength marker is organized",
        json_schema_extra=ui(N_("Organized")),
    )
    strength: Strength = Field(examples=[6], json_schema_extra=ui(N_("Strength")))
    army_of_the_potomac: StrictBool = Field(
        default=True,
        description="Union unit of the Army of the Potomac (SJW/HCR/RTG/GTC rules)",
        json_schema_extra=ui(N_("Army of the Potomac")),
    )
    out_of_supply: StrictBool = Field(
        default=False,
        description="SJW/HCR advanced game only",
        json_schema_extra=ui(N_("Out of supply")),
    )
    die: StrictInt | None = Field(
        default=None,
        ge=1,
        le=6,
        description="the extended-march die",
        json_schema_extra=ui(N_("Extended march die")),
    )
    fatigue_four_option: StrictBool = Field(
        default=False,
        description="optional rule: an organized fatigue-4 unit may march",
        json_schema_extra=ui(N_("Fatigue-4 option")),
    )
    movement_dice: StrictInt | None = Field(
        default=None,
        ge=1,
        le=12,
        description="movement-allowance roll (two-dice total for cavalry)",
        json_schema_extra=ui(N_("Movement roll")),
    )
    leader: Literal["infantry", "cavalry_division", "cavalry_corps"] | None = Field(
        default=None,
        description="compute a leader's activation allowance instead (5.2)",
        json_schema_extra=ui(N_("Leader moving alone")),
    )
    forced_march_dice: StrictInt | None = Field(
        default=None,
        ge=1,
        le=12,
        description="force march with this unmodified roll",
        json_schema_extra=ui(N_("Forced march roll")),
    )


class Output(BaseModel):
    extended: bool
    drm: int
    result: str | None
    distribution: list[Chance]
    fatigue_after: int
    column: str | None
    strength_after: Strength | None
    organized_after: bool | None
    movement_allowance: int | None
    forced_march: fm.ForcedMarch | None
    final_movement_allowance: int | None
    steps: list[Step]


def run(inp: Input) -> Output:
    if inp.cavalry and inp.artillery:
        raise InputError(_("cavalry/artillery: a unit is one or the other"))
    check = rules.check_march(
        inp.game,
        inp.side,
        inp.cavalry,
        inp.exhausted,
        inp.fatigue_before,
        inp.organized,
        inp.strength,
        inp.army_of_the_potomac,
        inp.out_of_supply,
        inp.die,
        inp.fatigue_four_option,
    )
    steps = list(check.steps)
    strength, organized = inp.strength, inp.organized
    known = check.result is not None
    gone = False
    if check.result is not None:
        state = rules.apply_extended_march_result(check.result, strength, organized)
        strength, organized = state.strength, state.organized
        if check.extended and inp.die is not None:
            steps.append(
                Step(
                    rule="5.1",
                    label=N_("after the extended march"),
                    value=(
                        N_("strength {strength}, organized")
                        if organized
                        else N_("strength {strength}, disorganized")
                    )
                    if not state.eliminated
                    else (
                        N_("strength {strength}, organized, eliminated")
                        if organized
                        else N_("strength {strength}, disorganized, eliminated")
                    ),
                    args={"strength": format_strength(strength)},
                )
            )
        gone = state.eliminated
    ma: int | None = None
    if gone and (inp.movement_dice is not None or inp.forced_march_dice is not None):
        steps.append(
            Step(rule="5.1", label=N_("the unit is eliminated: no movement, no forced march"))
        )
    elif inp.movement_dice is not None:
        kind = _kind(inp)
        ma, ma_steps = movement_allowance(inp.game, inp.side, kind, inp.movement_dice)
        steps.extend(ma_steps)
    forced: fm.ForcedMarch | None = None
    final = ma
    if inp.forced_march_dice is not None and not gone:
        arm: fm.Kind = "cavalry" if inp.cavalry else "artillery" if inp.artillery else "infantry"
        fm.check_forced_march_allowed(arm, organized, inp.fatigue_before == 4)
        if not known:
            steps.append(
                Step(
                    rule="5.1",
                    label=(
                        N_(
                            "forced march only if the extended-march result leaves the marker "
                            "organized (a D or a loss forbids it); no extended-march die given"
                        )
                    ),
                    value=N_("conditional"),
                )
            )
        f = fm.force_march(arm, inp.forced_march_dice, strength, organized)
        steps.extend(f.steps)
        forced = f
        strength, organized = f.strength_after, False
        if ma is not None:
            final = ma + f.bonus
            steps.append(Step(rule="5.1", label=N_("final movement allowance"), value=str(final)))
    return Output(
        extended=check.extended,
        drm=check.drm,
        result=check.result,
        distribution=chances(check.distribution),
        fatigue_after=check.fatigue_after,
        column=check.column,
        strength_after=strength if known or not check.extended else None,
        organized_after=organized if known or not check.extended else None,
        movement_allowance=ma,
        forced_march=forced,
        final_movement_allowance=final,
        steps=steps,
    )


def _kind(
    inp: Input,
) -> Literal[
    "infantry",
    "artillery",
    "cavalry",
    "infantry_leader",
    "cavalry_division_leader",
    "cavalry_corps_leader",
]:
    if inp.leader == "infantry":
        return "infantry_leader"
    if inp.leader == "cavalry_division":
        return "cavalry_division_leader"
    if inp.leader == "cavalry_corps":
        return "cavalry_corps_leader"
    return "cavalry" if inp.cavalry else "artillery" if inp.artillery else "infantry"


def render(out: Output) -> str:
    lines = [_(title_of("march")), render_steps(out.steps), ""]
    lines.append(_("Extended march: {answer}").format(answer=_("yes") if out.extended else _("no")))
    if out.extended:
        lines.append(_("Die modifier: {drm:+d}").format(drm=out.drm))
        lines.append(_("Chances:"))
        for c in out.distribution:
            name = c.result if c.result is not None else _("not given by the source")
            lines.append(f"  {pad(name, 5, right=True)}: {percent(c.probability)}")
        if out.result is not None:
            lines.append(_("Result: {result}").format(result=out.result))
    if out.final_movement_allowance is not None:
        lines.append(
            _("Movement allowance: {allowance}").format(allowance=out.final_movement_allowance)
        )
    return "\n".join(lines)


def build(values: dict[str, Any], game: str) -> dict[str, Any]:
    """The form's values as this calculator's input, for the player's game."""
    return {**drop_blanks(values, game), "game": game}


FORM = Form(
    specs=[
        spec_for(Input, "side", help=N_("the marching unit's side (5.1)")),
        spec_for(Input, "strength", help=N_("the unit's strength (5.1)")),
        spec_for(Input, "fatigue_before", help=N_("fatigue level before the march, 0-4 (5.1)")),
        spec_for(Input, "exhausted", help=N_("the unit shows its exhausted side (5.1)")),
        spec_for(Input, "organized", help=N_("the strength marker is organized (5.1)")),
        spec_for(Input, "cavalry", help=N_("a cavalry unit (5.1)")),
        spec_for(Input, "artillery", help=N_("an artillery unit (5.1)")),
        spec_for(
            Input,
            "army_of_the_potomac",
            help=N_("a Union unit of the Army of the Potomac (5.1, game rules)"),
        ),
        spec_for(Input, "out_of_supply", help=N_("out of supply (advanced game, SJW/HCR, 5.1)")),
        spec_for(
            Input,
            "fatigue_four_option",
            help=N_("optional rule: an organized fatigue-4 unit may march (5.1)"),
        ),
        spec_for(Input, "die", help=N_("the extended-march die (5.1)")),
        spec_for(
            Input,
            "movement_dice",
            help=N_("the movement-allowance roll, two dice for cavalry (5.1)"),
        ),
        spec_for(Input, "leader", help=N_("a leader moving alone: its allowance instead (5.2)")),
        spec_for(
            Input,
            "forced_march_dice",
            help=N_("force march with this unmodified roll (5.1)"),
        ),
    ],
    build=build,
    uses_game=True,
    unset=(
        Unset("exhausted", False, N_("not exhausted")),
        Unset("organized", True, N_("organized")),
        Unset("die", None, N_("no extended-march die: every outcome")),
    ),
)
