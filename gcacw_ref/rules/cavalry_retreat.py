"""Cavalry retreat (7.7): the die modifiers, the MP taken from the enemy, the loss."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pydantic import BaseModel, ConfigDict

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.numbers import format_signed, format_strength
from gcacw_ref.rules.tables import Source, load_table


class ConfederateValues(BaseModel):
    model_config = ConfigDict(extra="forbid")

    sjw_hcr: int
    otr_siv: int


class CavalryModifier(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    value: int
    in_chart: bool
    note: str
    reduced_value: int | None = None
    confederate: ConfederateValues | None = None


class CavalryRoll(BaseModel):
    model_config = ConfigDict(extra="forbid")

    divide_by: int
    loss_on_raw_die: int
    loss: int
    fatigue_increase: int
    min_hexes: int
    max_hexes: int


class CavalryRetreatTable(BaseModel):
    """`tables/cavalry_retreat.toml`."""

    model_config = ConfigDict(extra="forbid")

    source: Source
    roll: CavalryRoll
    modifier: list[CavalryModifier]


def cavalry_retreat_table() -> CavalryRetreatTable:
    return load_table("cavalry_retreat", CavalryRetreatTable)


def _mod(mid: str) -> CavalryModifier:
    for m in cavalry_retreat_table().modifier:
        if m.id == mid:
            return m
    raise KeyError(mid)  # pragma: no cover


def modifier_value(mid: str, game: Game, side: Side) -> int:
    """7.7: a modifier's value for this side and game (Confederate variants in SJW/HCR, OTR/SIV)."""
    m = _mod(mid)
    if side is Side.CONFEDERATE and m.confederate is not None:
        if game in (Game.SJW, Game.HCR):
            return m.confederate.sjw_hcr
        if game in (Game.OTR, Game.SIV):
            return m.confederate.otr_siv
    return m.value


@dataclass(frozen=True)
class CavalryHex:
    """The cavalry hex as 7.7 sees it. `strengths`: each cavalry unit, entrenchment included;
    `printed`: each unit's combat strength before entrenchment (the very small band reads
    it; default: `strengths`)."""

    strengths: list[Fraction]
    printed: list[Fraction] | None = None
    in_mountain: bool = False
    active_in_mountain: bool = False
    river_crossing_between: bool = False
    all_demoralized: bool = False
    all_fatigue_4: bool = False
    all_out_of_ammunition: bool = False


def cavalry_retreat_modifiers(game: Game, side: Side, hx: CavalryHex) -> tuple[int, list[Step]]:
    """7.7: the cumulative die modifier of a cavalry retreat roll."""
    if not hx.strengths:
        raise InputError(_("strengths: at least one cavalry unit is needed"))
    total = sum(hx.strengths, Fraction(0))
    steps: list[Step] = []
    drm = 0

    def add(mid: str, label: str, value: int | None = None) -> None:
        nonlocal drm
        v = modifier_value(mid, game, side) if value is None else value
        drm += v
        args: dict[str, str | int] = {"total": format_strength(total)}
        if v == 0:
            args.update(what=label, side=format(side), game=format(game))
            label = N_("{what}: ignored for {side} cavalry in {game}")
        steps.append(Step(rule="7.7", label=label, value=format_signed(v), args=args))

    if hx.in_mountain:
        m = _mod("mountain")
        if hx.active_in_mountain:
            add("mountain", N_("cavalry in mountain, active unit too"), m.reduced_value)
        else:
            add("mountain", N_("cavalry in a mountain hex"))
    if hx.river_crossing_between:
        add("river", N_("river crossing (or creek in rain) between cavalry and active unit"))
    if total >= 3:
        add("very_large", N_("very large force (total {total})"))
    elif total == 2 and side is Side.CONFEDERATE and modifier_value("large", game, side):
        add("large", N_("large Confederate force (total 2)"))
    elif total == 1:
        add("small", N_("small force (total exactly 1)"))
    elif very_small_force(hx):
        add("very_small", N_("very small force (a single unit of 1/2)"))
    if hx.all_demoralized:
        add("demoralized", N_("every cavalry unit demoralized"))
    if hx.all_fatigue_4:
        add("fatigue", N_("every cavalry unit at fatigue 4"))
    if hx.all_out_of_ammunition:
        add("ammunition", N_("every cavalry unit out of ammunition (advanced game)"))
    return drm, steps


def very_small_force(hx: CavalryHex) -> bool:
    """7.7: a lone cavalry unit of strength 1/2. The band names no entrenchment (the small,
    large and very large bands count it), so the unit's own strength is read; only one size
    band applies, the first that matches from the largest down (register
    cavalry-retreat-size-entrenchment)."""
    printed = hx.printed if hx.printed is not None else hx.strengths
    return len(printed) == 1 and printed[0] == Fraction(1, 2)


def mp_reduction(modified_die: int) -> int:
    """7.7 step 1: half the modified die, fractions dropped; a negative roll takes nothing
    (register cavalry-retreat-negative)."""
    return max(0, modified_die // cavalry_retreat_table().roll.divide_by)


def cavalry_retreat_loss(raw_die: int) -> int:
    """7.7 step 2: an unmodified 1 costs the cavalry one strength."""
    if not 1 <= raw_die <= 6:
        raise InputError(_("die: must be 1 to 6 (got {raw_die})").format(raw_die=raw_die))
    roll = cavalry_retreat_table().roll
    return roll.loss if raw_die == roll.loss_on_raw_die else 0


def cavalry_retreat_distribution(drm: int) -> dict[tuple[int, int], Fraction]:
    """Exact chance of each (MP reduction, strength loss) pair."""
    dist: dict[tuple[int, int], Fraction] = {}
    for die in range(1, 7):
        key = (mp_reduction(die + drm), cavalry_retreat_loss(die))
        dist[key] = dist.get(key, Fraction(0)) + Fraction(1, 6)
    return dist
