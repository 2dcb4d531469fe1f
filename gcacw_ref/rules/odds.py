"""Strength totals, caps, the strength ratio and its die modifier, chart columns (7.2, 7.4, 7.5)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.errors import DataError, InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.combat_chart import Column, chart_column
from gcacw_ref.rules.combat_tables import ratio_table, strength_caps
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import ShownStrength, format_signed, format_strength

Entrenched = Literal["none", "half", "all"]

LOWEST = 13  # 1-13 or worse
HIGHEST = 14  # 14-1 or better


@dataclass(frozen=True)
class Ratio:
    """A ratio as the table prints it: `attacker`-`defender` (one side is 1) and its modifier."""

    attacker: int
    defender: int
    drm: int

    @property
    def label(self) -> str:
        return f"{self.attacker}-{self.defender}"


def strength_ratio(attacker: Fraction, defender: Fraction) -> Ratio:
    """The ratio row, rounded in the defender's favour, and its DRM from the table (7.4)."""
    if attacker <= 0:
        raise InputError(_("attacker: total strength must be at least 1/2"))
    if defender <= 0:
        raise InputError(_("defender: total strength must be at least 1/2"))
    if attacker >= defender:
        times = min(HIGHEST, math.floor(attacker / defender))
        return _with_drm(Ratio(times, 1, 0))
    times = min(LOWEST, math.ceil(defender / attacker))
    return _with_drm(Ratio(1, times, 0))


def _with_drm(ratio: Ratio) -> Ratio:
    for row in ratio_table().row:
        if row.ratio == ratio.label:
            return Ratio(ratio.attacker, ratio.defender, row.drm)
    raise DataError(_("ratio.toml: no row {label}").format(label=ratio.label))


def attack_cap(game: str) -> int:
    """The most attacking strength counted in one combat (per hex in a grand assault) (7.2)."""
    return strength_caps().for_game(game).attack


def defense_cap(game: str, entrenched: Entrenched) -> int:
    """The most defending strength counted: by how many defenders are entrenched (7.2)."""
    caps = strength_caps().for_game(game)
    if entrenched == "all":
        return caps.defense_all_entrenched
    if entrenched == "half":
        return caps.defense_half_entrenched
    return caps.defense


def entrenched_share(entrenched_units: int, units: int) -> Entrenched:
    """Which defence cap applies: all units entrenched, half or more, or fewer (7.2)."""
    if units <= 0 or entrenched_units <= 0:
        return "none"
    if entrenched_units >= units:
        return "all"
    if 2 * entrenched_units >= units:
        return "half"
    return "none"


def capped(total: Fraction, cap: int) -> Fraction:
    """A total limited to its cap (7.2)."""
    return min(total, Fraction(cap))


def grand_assault_extra_loss(attack_total: Fraction) -> int:
    """Extra attacker strength loss in a grand assault with 80 or more attacking (7.2)."""
    extra = 0
    for band in strength_caps().grand_assault_loss.band:
        if attack_total >= band.low and (band.high is None or attack_total < band.high + 1):
            extra = band.extra_loss
    return extra


class Odds(BaseModel):
    """The odds part of a combat (7.2, 7.4, 7.5): the capped totals, the ratio and both
    chart columns; the calculator's result as it is (`calc odds --json`), declared once
    here. The totals before the caps and the ratio's parts are kept for the combat and
    left out of the JSON."""

    model_config = ConfigDict(frozen=True)

    ratio: str = Field(description="as the table prints it (2-1, 1-2; its ends 1-13, 14-1)")
    drm: int = Field(description="the strength ratio's die modifier")
    attacker_column: str
    defender_column: str
    attacker_column_index: int
    defender_column_index: int
    attacker_strength: ShownStrength = Field(description="attacking total after the cap")
    defender_strength: ShownStrength = Field(description="defending total after the cap")
    steps: list[Step]
    attacker_total: Fraction = Field(exclude=True)
    defender_total: Fraction = Field(exclude=True)
    defender_column_strength: Fraction = Field(exclude=True)
    strength_ratio: Ratio = Field(exclude=True)

    @property
    def attacker_chart_column(self) -> Column:
        return Column(self.attacker_column_index, self.attacker_column)

    @property
    def defender_chart_column(self) -> Column:
        return Column(self.defender_column_index, self.defender_column)


def compute_odds(
    attacker: Fraction,
    defender: Fraction,
    *,
    defender_column_strength: Fraction | None = None,
    game: str = "GTC",
    entrenched: Entrenched = "none",
    attacker_already_capped: bool = False,
) -> Odds:
    """Caps, ratio, ratio DRM and both chart columns for two totals (7.2, 7.4, 7.5)."""
    steps: list[Step] = []
    column_strength = defender if defender_column_strength is None else defender_column_strength
    if attacker_already_capped:
        attacker_used = attacker
    else:
        a_cap = attack_cap(game)
        attacker_used = capped(attacker, a_cap)
        steps.append(_cap_step(N_("Attacking strength"), attacker, attacker_used, a_cap, game))
    d_cap = defense_cap(game, entrenched)
    defender_used = capped(defender, d_cap)
    steps.append(
        _cap_step(N_("Defending strength"), defender, defender_used, d_cap, game, entrenched)
    )
    ratio = strength_ratio(attacker_used, defender_used)
    steps.append(
        Step(
            rule="7.4",
            label=(
                N_("Ratio {attacker_used} to {defender_used}, rounded in the defender's favour")
            ),
            value=ratio.label,
            args={
                "attacker_used": format_strength(attacker_used),
                "defender_used": format_strength(defender_used),
            },
        )
    )
    steps.append(
        Step(rule="7.4", label=N_("Strength ratio modifier"), value=format_signed(ratio.drm))
    )
    a_col = chart_column("attacker", attacker_used)
    d_col = chart_column("defender", column_strength)
    steps.append(
        Step(
            rule="7.5",
            label=N_("Attacker's chart column (strength {attacker_used})"),
            value=a_col.label,
            args={"attacker_used": format_strength(attacker_used)},
        )
    )
    steps.append(
        Step(
            rule="7.5",
            label=(
                N_(
                    "Defender's chart column (strength before entrenchment {column_strength}; a "
                    "half moves right)"
                )
            ),
            value=d_col.label,
            args={"column_strength": format_strength(column_strength)},
        )
    )
    return Odds(
        ratio=ratio.label,
        drm=ratio.drm,
        attacker_column=a_col.label,
        defender_column=d_col.label,
        attacker_column_index=a_col.index,
        defender_column_index=d_col.index,
        attacker_strength=attacker_used,
        defender_strength=defender_used,
        steps=steps,
        attacker_total=attacker,
        defender_total=defender,
        defender_column_strength=column_strength,
        strength_ratio=ratio,
    )


def _cap_step(
    what: str,
    total: Fraction,
    used: Fraction,
    cap: int,
    game: str,
    entrenched: Entrenched | None = None,
) -> Step:
    which = {
        None: N_("attack"),
        "none": N_("defence"),
        "half": N_("defence, half or more entrenched"),
        "all": N_("defence, all entrenched"),
    }[entrenched]
    args: dict[str, str | int] = {
        "what": what,
        "total": format_strength(total),
        "game": game,
        "which": which,
        "cap": cap,
    }
    if used < total:
        label = N_("{what} {total} exceeds the {game} cap ({which}) of {cap}")
        return Step(rule="7.2", label=label, value=format_strength(used), args=dict(args))
    label = N_("{what} (cap {cap}, {which}, not reached)")
    return Step(rule="7.2", label=label, value=format_strength(used), args=dict(args))
