"""One attack from start to finish (7.1-7.5): strengths, every die modifier, both chart
columns, the result for given dice, and the exact distribution over all dice."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from itertools import product
from typing import NamedTuple

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
from gcacw_ref.rules.combat_result import CombatResult, Outcome
from gcacw_ref.rules.combat_strength import attacking_side, defending_side
from gcacw_ref.rules.combat_tables import strength_caps
from gcacw_ref.rules.entrenchment import entrenchment_era
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import format_signed
from gcacw_ref.rules.odds import compute_odds, grand_assault_extra_loss

__all__ = ["CombatResult", "Outcome", "resolve_combat"]

DIE = range(1, 7)


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

    a_col, d_col = odds.attacker_chart_column, odds.defender_chart_column
    distribution, dice_outcomes, by_row = _distribution(
        artillery, fixed, defender_drm, a_col, d_col, extra
    )
    read: _Read | None = None
    if inp.dice is not None:
        drm = None if artillery.modifier is None else fixed + artillery.modifier
        read = _apply_dice(
            steps,
            (inp.dice.attacker, inp.dice.defender),
            (drm, defender_drm),
            (a_col, d_col),
            extra,
        )
        if read is not None and inp.action == "assault" and read.attacker.has("E"):
            steps.append(Step(rule="7.5", label=N_("E has no effect in an assault")))
    if inp.game == "SJW":
        steps.append(
            Step(
                rule="7.5",
                label=N_(
                    "SJW Union panic: the source chart text does not show which results "
                    "are italic; check the printed chart (register: union-panic-italics)"
                ),
                value=None,
            )
        )
    return CombatResult(
        artillery=artillery,
        attacker_drm_fixed=fixed,
        ratio=odds.strength_ratio,
        tactical_drm=tactical,
        defender_drm=defender_drm,
        attacker_column=a_col,
        defender_column=d_col,
        attacker_strength=att.total,
        defender_strength=odds.defender_strength,
        defender_column_strength=dfn.column_strength,
        attacker_modifiers={k: v for k, v in parts.items() if v},
        defender_modifiers={k: v for k, v in defender_parts.items() if v},
        mp_cost=mp_cost,
        grand_assault_extra_loss=extra,
        dice_outcomes=dice_outcomes,
        distribution=distribution,
        row_probabilities=by_row,
        differential=None if read is None else read.differential,
        attacker_result=None if read is None else read.attacker,
        defender_result=None if read is None else read.defender,
        attacker_result_applied=None if read is None else read.applied,
        steps=steps,
    )


def _artillery_choices(art: ArtilleryResult) -> list[int]:
    """Artillery modifiers to enumerate: one fixed value, or one per artillery die face."""
    if art.modifier is not None:
        return [art.modifier]
    return [art.for_die(d) for d in DIE]


def _distribution(
    art: ArtilleryResult,
    attacker_drm_fixed: int,
    defender_drm: int,
    a_col: Column,
    d_col: Column,
    extra_attacker_loss: int,
) -> tuple[list[Outcome], int, dict[int, Fraction]]:
    """Exact probability of every pair of results over all dice (36, or 216 with the
    artillery die), the number of dice outcomes and each chart row's chance (7.4, 7.5)."""
    choices = _artillery_choices(art)
    weight = Fraction(1, 36 * len(choices))
    pairs: dict[tuple[str, str], Fraction] = defaultdict(Fraction)
    rows: dict[tuple[str, str], set[int]] = defaultdict(set)
    by_row: dict[int, Fraction] = defaultdict(Fraction)
    for art_drm, a_die, d_die in product(choices, DIE, DIE):
        diff = chart_row((a_die + attacker_drm_fixed + art_drm) - (d_die + defender_drm))
        key = (
            chart_cell("attacker", diff, a_col.index),
            chart_cell("defender", diff, d_col.index),
        )
        pairs[key] += weight
        rows[key].add(diff)
        by_row[diff] += weight
    outcomes = []
    for key in sorted(pairs, key=lambda k: min(rows[k])):
        a_res = with_extra_loss(parse_result(key[0]), extra_attacker_loss)
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
    return outcomes, 36 * len(choices), dict(sorted(by_row.items()))


class _Read(NamedTuple):
    """The chart read for the dice rolled: the differential and both results (the
    attacker's also with the grand-assault loss)."""

    differential: int
    attacker: ChartResult
    defender: ChartResult
    applied: ChartResult


def _apply_dice(
    steps: list[Step],
    dice: tuple[int, int],
    drms: tuple[int | None, int],
    columns: tuple[Column, Column],
    extra_attacker_loss: int,
) -> _Read | None:
    """The result for the dice rolled (attacker's, defender's), None while the artillery
    die still decides the attacker's modifier; its steps go to `steps` (7.1 step 5, 7.5)."""
    attacker_die, defender_die = dice
    drm, defender_drm = drms
    a_col, d_col = columns
    steps.append(
        Step(
            rule="7.1",
            label=N_("Dice"),
            value=N_("attacker {attacker_die}, defender {defender_die}"),
            args={"attacker_die": attacker_die, "defender_die": defender_die},
        )
    )
    if drm is None:
        steps.append(
            Step(rule="7.4", label=N_("Roll the artillery die first: the result depends on it"))
        )
        return None
    a_total = attacker_die + drm
    d_total = defender_die + defender_drm
    diff = a_total - d_total
    row = row_label(diff)
    steps.append(
        Step(
            rule="7.5",
            label=N_("Differential ({attacker_die} {signed0}) - ({defender_die} {signed02})"),
            value=N_("{diff} (row {row})"),
            args={
                "attacker_die": attacker_die,
                "signed0": _signed0(drm),
                "defender_die": defender_die,
                "signed02": _signed0(defender_drm),
                "diff": format_signed(diff),
                "row": row,
            },
        )
    )
    defender = parse_result(chart_cell("defender", diff, d_col.index))
    attacker = parse_result(chart_cell("attacker", diff, a_col.index))
    applied = with_extra_loss(attacker, extra_attacker_loss)
    steps.append(
        Step(
            rule="7.5",
            label=N_("Defender's result (column {label}): {describe}"),
            value=defender.printed,
            args={
                "label": d_col.label,
                "describe": defender.describe_parts(),
                "loss": defender.loss,
            },
        )
    )
    steps.append(
        Step(
            rule="7.5",
            label=N_("Attacker's result (column {label}): {describe}"),
            value=attacker.printed,
            args={
                "label": a_col.label,
                "describe": applied.describe_parts(),
                "loss": applied.loss,
            },
        )
    )
    return _Read(diff, attacker, defender, applied)


def _signed0(value: int) -> str:
    """A modifier with its sign, zero written +0 (reads better inside a sum)."""
    return f"{value:+d}"
