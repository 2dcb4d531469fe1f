"""Entrenchment (5.5, 9.0): the year's procedure, the next level, and the multipliers."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, get_args

from gcacw_ref.errors import InputError, RuleError
from gcacw_ref.i18n import _
from gcacw_ref.rules.combat_tables import LevelKey, entrenchment_table, games_table

Era = Literal[1862, 1863, 1864]
Phase = Literal["action", "recovery"]
LEVELS: tuple[str, ...] = get_args(LevelKey)


def entrenchment_era(game: str, year: int | None = None) -> Era:
    """Which year's procedure applies: 1862 or earlier, 1863, 1864 or later (9.0).

    Without a scenario year, the game's own year from `games.toml` is used.
    """
    if year is None:
        try:
            return games_table().get(game).entrenchment_year
        except KeyError:
            raise InputError(_("game: unknown game {game!r}").format(game=game)) from None
    if year <= 1862:
        return 1862
    if year == 1863:
        return 1863
    return 1864


ENTRENCHMENT_ACTIONS_FROM = 1864
"""5.5: entrenchment actions exist from this year (1863 only with the optional rule)."""


def entrenchment_actions_allowed(year: int, optional_1863: bool) -> bool:
    """5.5: entrenchment actions from 1864 on, or in 1863 with the optional rule."""
    return year >= ENTRENCHMENT_ACTIONS_FROM or (
        year == ENTRENCHMENT_ACTIONS_FROM - 1 and optional_1863
    )


def _check_level(level: str) -> str:
    if level not in LEVELS:
        raise InputError(
            _("entrenchment: unknown level {level!r}; one of {LEVELS}").format(
                level=level, LEVELS=", ".join(LEVELS)
            )
        )
    return level


def marker_multiplier(level: str, era: Era) -> Fraction:
    """The defender's strength/artillery multiplier from its own marker (9.0)."""
    info = entrenchment_table().get(_check_level(level))
    if era == 1864 and info.multiplier_from_1864 is not None:
        return info.multiplier_from_1864
    return info.multiplier


def earthworks_multiplier() -> Fraction:
    """A Confederate unit in a printed earthworks hex defends at this multiple (9.0)."""
    return entrenchment_table().earthworks.multiplier


def defence_multiplier(level: str, era: Era, *, in_earthworks: bool, confederate: bool) -> Fraction:
    """A defending unit's multiplier: its marker's, or earthworks' 1.5 when that is larger.

    Earthworks help Confederate units only; a marker adds nothing on top of earthworks,
    it replaces them when it gives more (9.0).
    """
    value = marker_multiplier(level, era)
    if in_earthworks and confederate:
        value = max(value, earthworks_multiplier())
    return value


def is_entrenched(level: str, era: Era, *, in_earthworks: bool, confederate: bool) -> bool:
    """True when the unit defends with a multiplier above 1 (counts for the 7.2 caps)."""
    return defence_multiplier(level, era, in_earthworks=in_earthworks, confederate=confederate) > 1


def next_level(
    level: str,
    era: Era,
    phase: Phase,
    *,
    confederate_in_earthworks: bool = False,
    rain: bool = False,
) -> LevelKey:
    """The marker a unit has after entrenching once (5.5 action, 9.0 recovery)."""
    _check_level(level)
    if rain:
        raise RuleError(_("no entrenching on a rain turn"), "12.0")
    if phase == "action" and era == 1862:
        raise RuleError(_("no entrenchment action in 1862 or earlier"), "5.5")
    table = entrenchment_table()
    steps = table.procedure[str(era)][phase]
    key = f"{era}.{phase}"
    if level == "none" and confederate_in_earthworks and key in table.earthworks_start:
        return table.earthworks_start[key]
    if level == "fort":
        raise RuleError(_("a unit with a completed fort cannot entrench further"), "5.5")
    if level not in steps:
        rule = "5.5" if phase == "action" else "9.0"
        raise RuleError(
            _("a unit with {level} cannot entrench in the {era} {phase} phase").format(
                level=level, era=era, phase=phase
            ),
            rule,
        )
    return steps[level]


def entrenchment_action_fatigue(era: Era) -> int:
    """5.5 step 1: fatigue an entrenchment action adds: 2 in 1863 (optional rule), 1 from
    1864. No entrenchment action exists in 1862 or earlier."""
    if era == 1862:
        raise RuleError(_("no entrenchment action in 1862 or earlier"), "5.5")
    return 2 if era == 1863 else 1


def may_take_entrenchment_action(era: Era, fatigue: int, demoralized: int, level: str) -> bool:
    """5.5: who may entrench as an action: fatigue 0-2 in 1863, 0-3 from 1864, not
    demoralized, no completed fort; never in 1862 or earlier."""
    _check_level(level)
    if era == 1862:
        return False
    limit = 2 if era == 1863 else 3
    return 0 <= fatigue <= limit and demoralized == 0 and level != "fort"
