"""One attack from start to finish (7.1-7.5): strengths, every die modifier, both chart
columns, the result for given dice, and the exact distribution over all dice."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.artillery import ArtilleryResult, artillery_modifier
from gcacw_ref.rules.combat_chart import (
    ChartResult,
    Column,
    chart_cell,
    chart_row,
    parse_result,
    row_label,
    with_extra_loss,
)
from gcacw_ref.rules.combat_models import CombatInput
from gcacw_ref.rules.combat_modifiers import (
    attack_type_drm,
    attacker_side,
    check_restrictions,
    defender_terrain_drm,
    demoralized_2_drm,
    game_specific_drm,
    leader_bonus,
    rain_drm,
)
from gcacw_ref.rules.combat_strength import attacking_side, defending_side
from gcacw_ref.rules.combat_tables import strength_caps
from gcacw_ref.rules.entrenchment import entrenchment_era
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import Probability, format_signed
from gcacw_ref.rules.odds import Ratio, compute_odds, grand_assault_extra_loss

DIE = range(1, 7)


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


@dataclass
class CombatResult:
    """Everything a player needs to settle one attack."""

    attacker_strength: Fraction
    defender_strength: Fraction
    defender_column_strength: Fraction
    ratio: Ratio
    tactical_drm: int
    artillery: ArtilleryResult
    attacker_drm_fixed: int  # every attacker modifier except artillery
    defender_drm: int
    attacker_column: Column
    defender_column: Column
    mp_cost: int | None
    extra_attacker_loss: int
    distribution: list[Outcome]
    dice_outcomes: int
    row_probabilities: dict[int, Fraction]
    differential: int | None = None
    attacker_result: ChartResult | None = None
    defender_result: ChartResult | None = None
    attacker_result_applied: ChartResult | None = None
    steps: list[Step] = field(default_factory=list)
    attacker_parts: dict[str, int] = field(default_factory=dict)
    """The attacker's modifiers other than artillery by name (sum: `attacker_drm_fixed`)."""
    defender_parts: dict[str, int] = field(default_factory=dict)
    """The defender's modifiers by name (sum: `defender_drm`)."""

    @property
    def artillery_drm(self) -> int | None:
        return self.artillery.modifier

    @property
    def attacker_drm(self) -> int | None:
        if self.artillery.modifier is None:
            return None
        return self.attacker_drm_fixed + self.artillery.modifier


def resolve_combat(inp: CombatInput) -> CombatResult:
    """Apply 7.1-7.5 to one attack; dice optional (7.1 steps 3-5, assault steps 7-9)."""
    steps: list[Step] = []
    if inp.grand_assault and inp.action != "assault":
        raise InputError(_("grand_assault: only an assault can become a grand assault"))
    hexes = {u.hex for u in inp.attackers if u.hex}
    if len(hexes) > 1 and not inp.grand_assault:
        raise InputError(_("attackers: units in more than one hex attack only in a grand assault"))
    steps += check_restrictions(inp)
    side = attacker_side(inp)
    era = entrenchment_era(inp.game, inp.year)
    uses_earthworks = any(d.earthworks for d in inp.defenders)
    defender_confederate = side == "union" or (side is None and uses_earthworks)
    if side is None and uses_earthworks:
        steps.append(
            Step(rule="9.0", label=N_("Earthworks given: defender taken to be Confederate"))
        )

    att = attacking_side(
        inp.attackers,
        game=inp.game,
        leader_tactical=inp.attacker_leader_tactical,
        march=inp.action == "march",
        grand_assault=inp.grand_assault,
    )
    dfn = defending_side(
        inp.defenders,
        era=era,
        confederate=defender_confederate,
        leader_tactical=inp.defender_leader_tactical,
    )
    steps += att.steps + dfn.steps
    odds = compute_odds(
        att.total,
        dfn.total,
        defender_column_strength=dfn.column_strength,
        game=inp.game,
        entrenched=dfn.entrenched,
        attacker_already_capped=True,
    )
    steps += odds.steps

    tactical = att.tactical - dfn.tactical
    steps.append(
        Step(
            rule="7.4",
            label=N_("Tactical modifier {tactical} - {tactical2}"),
            value=format_signed(tactical),
            args={"tactical": att.tactical, "tactical2": dfn.tactical},
        )
    )
    artillery = artillery_modifier(
        att.artillery, dfn.artillery, inp.defender_terrain, rain=inp.rain, die=inp.artillery_die
    )
    steps += artillery.steps

    type_drm, mp_cost, type_steps = attack_type_drm(inp)
    steps += type_steps
    fixed = odds.drm + tactical + type_drm
    parts = {"ratio": odds.drm, "tactical": tactical, "attack_type": type_drm}
    if inp.flank_bonus:
        fixed += inp.flank_bonus
        parts["flank"] = inp.flank_bonus
        steps.append(
            Step(rule="7.4", label=N_("Flank bonus"), value=format_signed(inp.flank_bonus))
        )
    for name, part in (("leader", leader_bonus(inp, era)), ("rain", rain_drm(inp))):
        fixed += part[0]
        parts[name] = part[0]
        steps += part[1]
    terrain_drm, terrain_steps = defender_terrain_drm(inp)
    dm2_drm, dm2_steps = demoralized_2_drm(dfn.demoralized_2_strength, dfn.column_strength)
    game_att, game_def, game_steps = game_specific_drm(inp, side)
    fixed += game_att
    parts["game"] = game_att
    defender_drm = terrain_drm + dm2_drm + game_def
    defender_parts = {"terrain": terrain_drm, "demoralized": dm2_drm, "game": game_def}
    steps += terrain_steps + dm2_steps + game_steps

    extra = grand_assault_extra_loss(att.total) if inp.grand_assault else 0
    if extra:
        steps.append(
            Step(
                rule="7.2",
                label=(N_("Grand assault of {low} or more: attacker loses extra")),
                value=str(extra),
                args={"low": strength_caps().grand_assault_loss.band[0].low},
            )
        )
    if artillery.modifier is None:
        total_label = N_("even {even}, odd {odd}")
        total_args = {
            "even": format_signed(fixed + artillery.for_die(2)),
            "odd": format_signed(fixed + artillery.for_die(1)),
        }
    else:
        total_label, total_args = format_signed(fixed + artillery.modifier), {}
    steps.append(
        Step(
            rule="7.4",
            label=N_("Attacker's total die modifier"),
            value=total_label,
            args=total_args,
        )
    )
    steps.append(
        Step(
            rule="7.4", label=N_("Defender's total die modifier"), value=format_signed(defender_drm)
        )
    )

    result = CombatResult(
        attacker_strength=att.total,
        defender_strength=odds.defender_strength,
        defender_column_strength=dfn.column_strength,
        ratio=odds.strength_ratio,
        tactical_drm=tactical,
        artillery=artillery,
        attacker_drm_fixed=fixed,
        defender_drm=defender_drm,
        attacker_column=odds.attacker_chart_column,
        defender_column=odds.defender_chart_column,
        mp_cost=mp_cost,
        extra_attacker_loss=extra,
        distribution=[],
        dice_outcomes=0,
        row_probabilities={},
        steps=steps,
        attacker_parts={k: v for k, v in parts.items() if v},
        defender_parts={k: v for k, v in defender_parts.items() if v},
    )
    _distribution(result)
    if inp.dice is not None:
        _apply_dice(result, inp.dice.attacker, inp.dice.defender)
        if inp.action == "assault" and result.attacker_result and result.attacker_result.has("E"):
            result.steps.append(Step(rule="7.5", label=N_("E has no effect in an assault")))
    if inp.game == "SJW":
        result.steps.append(
            Step(
                rule="7.5",
                label=N_(
                    "SJW Union panic: the source chart text does not show which results "
                    "are italic; check the printed chart (register: union-panic-italics)"
                ),
                value=None,
            )
        )
    return result


def _artillery_choices(art: ArtilleryResult) -> list[int]:
    """Artillery modifiers to enumerate: one fixed value, or one per artillery die face."""
    if art.modifier is not None:
        return [art.modifier]
    return [art.for_die(d) for d in DIE]


def _distribution(res: CombatResult) -> None:
    """Exact probability of every pair of results over all dice (36, or 216 with the
    artillery die) (7.4, 7.5)."""
    choices = _artillery_choices(res.artillery)
    weight = Fraction(1, 36 * len(choices))
    pairs: dict[tuple[str, str], Fraction] = defaultdict(Fraction)
    rows: dict[tuple[str, str], set[int]] = defaultdict(set)
    by_row: dict[int, Fraction] = defaultdict(Fraction)
    for art, a_die, d_die in product(choices, DIE, DIE):
        diff = chart_row((a_die + res.attacker_drm_fixed + art) - (d_die + res.defender_drm))
        key = (
            chart_cell("attacker", diff, res.attacker_column.index),
            chart_cell("defender", diff, res.defender_column.index),
        )
        pairs[key] += weight
        rows[key].add(diff)
        by_row[diff] += weight
    outcomes = []
    for key in sorted(pairs, key=lambda k: min(rows[k])):
        a_res = with_extra_loss(parse_result(key[0]), res.extra_attacker_loss)
        outcomes.append(
            Outcome(
                attacker_result=key[0],
                defender_result=key[1],
                attacker_loss=a_res.loss,
                defender_loss=parse_result(key[1]).loss,
                probability=pairs[key],
                p=float(pairs[key]),
                rows=[row_label(r) for r in sorted(rows[key])],
            )
        )
    res.distribution = outcomes
    res.dice_outcomes = 36 * len(choices)
    res.row_probabilities = dict(sorted(by_row.items()))


def _apply_dice(res: CombatResult, attacker_die: int, defender_die: int) -> None:
    """The result for the dice rolled (7.1 step 5, 7.5)."""
    res.steps.append(
        Step(
            rule="7.1",
            label=N_("Dice"),
            value=N_("attacker {attacker_die}, defender {defender_die}"),
            args={"attacker_die": attacker_die, "defender_die": defender_die},
        )
    )
    drm = res.attacker_drm
    if drm is None:
        res.steps.append(
            Step(rule="7.4", label=N_("Roll the artillery die first: the result depends on it"))
        )
        return
    a_total = attacker_die + drm
    d_total = defender_die + res.defender_drm
    diff = a_total - d_total
    res.differential = diff
    row = row_label(diff)
    res.steps.append(
        Step(
            rule="7.5",
            label=N_("Differential ({attacker_die} {signed0}) - ({defender_die} {signed02})"),
            value=N_("{diff} (row {row})"),
            args={
                "attacker_die": attacker_die,
                "signed0": _signed0(drm),
                "defender_die": defender_die,
                "signed02": _signed0(res.defender_drm),
                "diff": format_signed(diff),
                "row": row,
            },
        )
    )
    res.defender_result = parse_result(chart_cell("defender", diff, res.defender_column.index))
    res.attacker_result = parse_result(chart_cell("attacker", diff, res.attacker_column.index))
    res.attacker_result_applied = with_extra_loss(res.attacker_result, res.extra_attacker_loss)
    res.steps.append(
        Step(
            rule="7.5",
            label=N_("Defender's result (column {label}): {describe}"),
            value=res.defender_result.printed,
            args={
                "label": res.defender_column.label,
                "describe": res.defender_result.describe_parts(),
                "loss": res.defender_result.loss,
            },
        )
    )
    applied = res.attacker_result_applied
    res.steps.append(
        Step(
            rule="7.5",
            label=N_("Attacker's result (column {label}): {describe}"),
            value=res.attacker_result.printed,
            args={
                "label": res.attacker_column.label,
                "describe": applied.describe_parts(),
                "loss": applied.loss,
            },
        )
    )


def _signed0(value: int) -> str:
    """A modifier with its sign, zero written +0 (reads better inside a sum)."""
    return f"{value:+d}"
