"""Marching (5.1, 5.2): fatigue per march, extended marches and their table.

Pure functions over `tables/extended_march.toml`. Dice are inputs; distributions are
exact fractions over the six faces of the one die.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.numbers import format_signed, format_strength
from gcacw_ref.rules.tables import Source, load_table

MAX_FATIGUE = 4
RESULTS = ("NE", "D", "1", "2", "3")


class ExtendedMarchRow(BaseModel):
    """One band of modified dice and the two printed columns."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    low: int = Field(alias="from")
    high: int = Field(alias="to")
    organized: str
    disorganized_le5: str


class ExtendedMarchModifier(BaseModel):
    """One cumulative die modifier."""

    model_config = ConfigDict(extra="forbid")

    id: str
    value: int
    in_chart: bool
    rule: str
    games: list[Game] = []
    note: str


class ExtendedMarchTable(BaseModel):
    """`tables/extended_march.toml`."""

    model_config = ConfigDict(extra="forbid")

    source: Source
    row: list[ExtendedMarchRow]
    modifier: list[ExtendedMarchModifier]


def extended_march_table() -> ExtendedMarchTable:
    """The validated extended-march table."""
    return load_table("extended_march", ExtendedMarchTable)


def check_fatigue(value: int, name: str = "fatigue") -> int:
    """Fatigue levels run 0–4 (6.5); anything else is bad input."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_FATIGUE:
        raise InputError(
            _("{name}: must be a whole number from 0 to 4 (got {value!r})").format(
                name=name, value=value
            )
        )
    return value


def raise_fatigue(fatigue: int, by: int) -> int:
    """6.5: fatigue runs 0-4, so an increase from any cause (an action, a combat result,
    an optional retreat after "-", rain in a provisional swamp) stops at 4."""
    check_fatigue(fatigue)
    if isinstance(by, bool) or not isinstance(by, int) or by < 0:
        raise InputError(_("by: must be a whole number of 0 or more (got {by!r})").format(by=by))
    return min(MAX_FATIGUE, fatigue + by)


def fatigue_after_march(fatigue_before: int) -> int:
    """5.1 step 2: a march raises fatigue by one; a unit at 4 may not march (5.1, 6.5)."""
    check_fatigue(fatigue_before, "fatigue_before")
    if fatigue_before >= MAX_FATIGUE:
        raise RuleError(_("a unit at fatigue 4 may not march"), "5.1")
    return fatigue_before + 1


def is_extended_march(exhausted: bool, fatigue_after: int) -> bool:
    """5.1: fresh side reaching 3 or 4, or exhausted side reaching 2, 3 or 4 (the level after
    the march's +1: register "extended-march-trigger")."""
    return fatigue_after >= (2 if exhausted else 3)


@dataclass(frozen=True)
class Modifiers:
    """The extended-march die modifier and the steps that built it."""

    total: int
    steps: list[Step] = field(default_factory=list)


def _modifier(mid: str) -> ExtendedMarchModifier:
    for m in extended_march_table().modifier:
        if m.id == mid:
            return m
    raise KeyError(mid)  # pragma: no cover - the table is tested


def extended_march_modifiers(
    game: Game,
    side: Side,
    cavalry: bool,
    exhausted: bool,
    fatigue_before: int,
    army_of_the_potomac: bool = True,
    out_of_supply: bool = False,
) -> Modifiers:
    """5.1: the cumulative die modifiers of an extended march."""
    total = 0
    steps: list[Step] = []

    def add(mid: str, why: str) -> None:
        nonlocal total
        m = _modifier(mid)
        total += m.value
        steps.append(
            Step(rule=m.rule, label=why, value=format_signed(m.value), args={"game": format(game)})
        )

    if side is Side.UNION:
        potomac_cavalry = cavalry and army_of_the_potomac and game in (Game.RTG, Game.GTC)
        if potomac_cavalry:
            steps.append(
                Step(
                    rule="5.1",
                    label=N_("Union modifier not applied: Army of the Potomac cavalry in RTG/GTC"),
                    value="0",
                )
            )
        else:
            add("union", N_("Union unit marching"))
        if not army_of_the_potomac:
            if game in _modifier("not_army_of_the_potomac").games:
                add(
                    "not_army_of_the_potomac",
                    N_("Union unit outside the Army of the Potomac ({game})"),
                )
            else:
                steps.append(
                    Step(
                        rule="5.1",
                        label=N_("Army of the Potomac modifier: not used in {game}"),
                        value="0",
                        args={"game": game},
                    )
                )
    if out_of_supply:
        if game in _modifier("out_of_supply").games:
            add("out_of_supply", N_("out of supply ({game} advanced game)"))
        else:
            steps.append(
                Step(
                    rule="5.1",
                    label=N_("out-of-supply modifier: not used in {game}"),
                    value="0",
                    args={"game": game},
                )
            )
    after = fatigue_before + 1
    if not exhausted and (fatigue_before, after) == (3, 4):
        add("fresh_3_to_4", N_("fresh unit going from fatigue 3 to 4"))
    if exhausted and (fatigue_before, after) == (2, 3):
        add("exhausted_2_to_3", N_("exhausted unit going from fatigue 2 to 3"))
    if exhausted and (fatigue_before, after) == (3, 4):
        add("exhausted_3_to_4", N_("exhausted unit going from fatigue 3 to 4"))
    return Modifiers(total=total, steps=steps)


def extended_march_column(organized: bool, strength: Fraction) -> str | None:
    """5.1: which printed column applies. The chart prints a disorganized column only for
    strength 5 or less; a stronger disorganized unit reads it too, the least the rule can
    mean for it (register extended-march-missing-column)."""
    del strength  # every disorganized unit reads the one printed disorganized column
    return "organized" if organized else "disorganized_le5"


def extended_march_result(modified_die: int, organized: bool, strength: Fraction) -> str | None:
    """5.1: the table's entry for a modified die, or None where the chart is silent."""
    column = extended_march_column(organized, strength)
    if column is None:
        return None
    for row in extended_march_table().row:
        if row.low <= modified_die <= row.high:
            value: str = getattr(row, column)
            return value
    raise InputError(
        _("modified die {modified_die} is outside the extended-march table").format(
            modified_die=modified_die
        )
    )


def extended_march_distribution(
    drm: int, organized: bool, strength: Fraction
) -> dict[str | None, Fraction]:
    """Exact chance of each result over the six faces (None = the chart lacks the cell)."""
    dist: dict[str | None, Fraction] = {}
    for die in range(1, 7):
        result = extended_march_result(die + drm, organized, strength)
        dist[result] = dist.get(result, Fraction(0)) + Fraction(1, 6)
    return dist


@dataclass(frozen=True)
class MarchState:
    """A unit's strength marker after an extended-march result."""

    strength: Fraction
    organized: bool
    eliminated: bool


def apply_extended_march_result(result: str, strength: Fraction, organized: bool) -> MarchState:
    """5.1: NE changes nothing; D disorganizes; a number is strength lost, disorganized."""
    if result == "NE":
        return MarchState(strength, organized, False)
    if result == "D":
        return MarchState(strength, False, False)
    if result in ("1", "2", "3"):
        left = max(Fraction(0), strength - int(result))
        return MarchState(left, False, left == 0)
    raise InputError(_("result: unknown extended-march result {result!r}").format(result=result))


@dataclass(frozen=True)
class MarchCheck:
    """Everything a march decides before the unit moves (5.1 steps 2 and the extended march)."""

    fatigue_after: int
    extended: bool
    drm: int
    column: str | None
    result: str | None
    distribution: dict[str | None, Fraction]
    steps: list[Step]


def check_march(
    game: Game,
    side: Side,
    cavalry: bool,
    exhausted: bool,
    fatigue_before: int,
    organized: bool,
    strength: Fraction,
    army_of_the_potomac: bool = True,
    out_of_supply: bool = False,
    die: int | None = None,
    fatigue_four_option: bool = False,
) -> MarchCheck:
    """5.1 / 5.2: fatigue increase, whether the march is extended, its modifiers and result."""
    check_fatigue(fatigue_before, "fatigue_before")
    if strength <= 0:
        raise InputError(_("strength: a marching unit has strength of at least 1/2"))
    if die is not None and not 1 <= die <= 6:
        raise InputError(_("die: must be 1 to 6 (got {die})").format(die=die))
    steps: list[Step] = []
    if fatigue_before == MAX_FATIGUE:
        if not (fatigue_four_option and organized):
            raise RuleError(
                _(
                    "a unit at fatigue 4 may not march (the optional rule needs an organized "
                    "marker)"
                ),
                "5.1",
            )
        steps.append(
            Step(rule="5.1", label=N_("optional rule: fatigue-4 unit marches"), value=N_("stays 4"))
        )
        steps.append(Step(rule="5.1", label=N_("strength marker flips to disorganized"), value="D"))
        steps.append(Step(rule="5.1", label=N_("no extended-march roll and no forced march")))
        return MarchCheck(4, False, 0, None, "D", {"D": Fraction(1)}, steps)
    after = fatigue_after_march(fatigue_before)
    steps.append(
        Step(
            rule="5.1",
            label=N_("fatigue after the march"),
            value=N_("{fatigue_before} -> {after}"),
            args={"fatigue_before": fatigue_before, "after": after},
        )
    )
    extended = is_extended_march(exhausted, after)
    steps.append(
        Step(
            rule="5.1",
            label=N_("extended march? (exhausted side reaching 2, 3 or 4)")
            if exhausted
            else N_("extended march? (fresh side reaching 3 or 4)"),
            value=N_("yes") if extended else N_("no"),
        )
    )
    if not extended:
        return MarchCheck(after, False, 0, None, "NE", {"NE": Fraction(1)}, steps)
    mods = extended_march_modifiers(
        game, side, cavalry, exhausted, fatigue_before, army_of_the_potomac, out_of_supply
    )
    steps.extend(mods.steps)
    steps.append(
        Step(rule="5.1", label=N_("extended-march die modifier"), value=format_signed(mods.total))
    )
    column = extended_march_column(organized, strength)
    if not organized and strength > 5:
        steps.append(
            Step(
                rule="5.1",
                label=(
                    N_(
                        "the chart prints disorganized results only for strength 5 or less; "
                        "a disorganized unit of {strength} reads that column too (register "
                        "extended-march-missing-column)"
                    )
                ),
                value=N_("disorganized, strength 5 or less"),
                args={"strength": format_strength(strength)},
            )
        )
    else:
        name = (
            N_("organized (any strength)") if organized else N_("disorganized, strength 5 or less")
        )
        steps.append(Step(rule="5.1", label=N_("extended-march column"), value=name))
    dist = extended_march_distribution(mods.total, organized, strength)
    result: str | None = None
    if die is not None:
        modified = die + mods.total
        result = extended_march_result(modified, organized, strength)
        steps.append(
            Step(
                rule="5.1",
                label=N_("die {die} {total} = {modified}"),
                value=result if result is not None else N_("not given by the source"),
                args={"die": die, "total": format_signed(mods.total), "modified": modified},
            )
        )
    return MarchCheck(after, True, mods.total, column, result, dist, steps)
