"""Forced march (5.1 強行軍): MP gained with its minimum, and the strength it costs."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import ShownStrength, format_strength
from gcacw_ref.rules.tables import Source, load_table

Kind = Literal["infantry", "cavalry", "artillery"]


class LossBand(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    low: int = Field(alias="from")
    high: int = Field(alias="to")
    loss: int


class ForcedMarchArm(BaseModel):
    model_config = ConfigDict(extra="forbid")

    dice: int
    subtract: int
    minimum_bonus: int
    loss: list[LossBand]


class ForcedMarchTable(BaseModel):
    """`tables/forced_march.toml`."""

    model_config = ConfigDict(extra="forbid")

    source: Source
    infantry: ForcedMarchArm
    cavalry: ForcedMarchArm


def forced_march_table() -> ForcedMarchTable:
    return load_table("forced_march", ForcedMarchTable)


def _arm(kind: Kind) -> ForcedMarchArm:
    table = forced_march_table()
    return table.cavalry if kind == "cavalry" else table.infantry


def check_forced_march_allowed(
    kind: Kind, organized: bool, fatigue_four_march: bool = False
) -> None:
    """5.1: only organized, non-artillery units, and not in a fatigue-4 march (optional rule)."""
    if kind == "artillery":
        raise RuleError(_("artillery may not force march"), "5.1")
    if fatigue_four_march:
        raise RuleError(_("a unit marching at fatigue 4 may not force march"), "5.1")
    if not organized:
        raise RuleError(_("only a unit with an organized strength marker may force march"), "5.1")


def _check_dice(kind: Kind, dice_total: int) -> None:
    arm = _arm(kind)
    low, high = arm.dice, 6 * arm.dice
    if not low <= dice_total <= high:
        raise InputError(
            _("forced_march_dice: {kind} rolls {dice}d6, so {low} to {high}").format(
                kind=kind, dice=arm.dice, low=low, high=high
            )
        )


def forced_march_bonus(kind: Kind, dice_total: int) -> int:
    """5.1 step 2: unmodified dice minus one, at least 2 (infantry) or 4 (cavalry)."""
    _check_dice(kind, dice_total)
    arm = _arm(kind)
    return max(arm.minimum_bonus, dice_total - arm.subtract)


def forced_march_loss(kind: Kind, dice_total: int) -> int:
    """5.1 step 3: strength lost by the unmodified dice."""
    _check_dice(kind, dice_total)
    for band in _arm(kind).loss:
        if band.low <= dice_total <= band.high:
            return band.loss
    raise InputError(
        _("forced_march_dice: {dice_total} not in the table").format(dice_total=dice_total)
    )  # pragma: no cover


class ForcedMarch(BaseModel):
    """What a forced march does (5.1): the MP it adds and the strength it costs; as
    `calc march --json` writes it under `forced_march`, declared once here (its steps
    join the calculator's own)."""

    model_config = ConfigDict(frozen=True)

    bonus: int
    strength_loss: int
    strength_after: ShownStrength
    eliminated: bool
    steps: list[Step] = Field(exclude=True)


def force_march(
    kind: Kind, dice_total: int, strength: Fraction, organized: bool = True
) -> ForcedMarch:
    """5.1 steps 1–3 in order: disorganize, add MP, take the loss."""
    check_forced_march_allowed(kind, organized)
    bonus = forced_march_bonus(kind, dice_total)
    loss = forced_march_loss(kind, dice_total)
    arm = _arm(kind)
    after = max(Fraction(0), strength - loss)
    steps = [
        Step(rule="5.1", label=N_("forced march: strength marker flips to disorganized")),
        Step(
            rule="5.1",
            label=N_("MP bonus: {dice_total} - {subtract}, at least {minimum_bonus}"),
            value=N_("+{bonus}"),
            args={
                "dice_total": dice_total,
                "subtract": arm.subtract,
                "minimum_bonus": arm.minimum_bonus,
                "bonus": bonus,
            },
        ),
        Step(
            rule="5.1",
            label=N_("strength loss for an unmodified {dice_total}"),
            value=N_("{loss} (strength {strength} -> {after})"),
            args={
                "dice_total": dice_total,
                "loss": loss,
                "strength": format_strength(strength),
                "after": format_strength(after),
            },
        ),
    ]
    return ForcedMarch(
        bonus=bonus, strength_loss=loss, strength_after=after, eliminated=after == 0, steps=steps
    )


def forced_march_distribution(kind: Kind) -> dict[tuple[int, int], Fraction]:
    """Exact chance of each (MP bonus, strength loss) pair."""
    dist: dict[tuple[int, int], Fraction] = {}
    faces = range(1, 7)
    totals = [a for a in faces] if kind != "cavalry" else [a + b for a in faces for b in faces]
    weight = Fraction(1, len(totals))
    for t in totals:
        key = (forced_march_bonus(kind, t), forced_march_loss(kind, t))
        dist[key] = dist.get(key, Fraction(0)) + weight
    return dist
