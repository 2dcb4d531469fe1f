"""The recovery phase (8.0) for one unit, in the rulebook's order."""

from __future__ import annotations

from dataclasses import dataclass, replace

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.demoralization import check_level, demoralization_after_recovery
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.march import check_fatigue

NO_SUPPLY_GAMES = (Game.SLB, Game.RTG)


@dataclass(frozen=True)
class UnitCondition:
    """What recovery looks at and changes."""

    fatigue: int
    organized: bool = True
    exhausted: bool = False
    demoralized: int = 0
    out_of_supply: bool = False


@dataclass(frozen=True)
class Recovery:
    unit: UnitCondition
    may_build: bool  # step 1: entrench, build or repair a bridge/ferry
    may_forage: bool  # step 2: advanced game, if nothing was done in step 1
    steps: list[Step]


def may_build_in_recovery(fatigue: int, rain: bool) -> bool:
    """8.0 step 1: fatigue 0 and not a rain turn."""
    return fatigue == 0 and not rain


def may_forage(fatigue: int, built: bool) -> bool:
    """8.0 step 2 (advanced game): fatigue 0–2 and nothing done in step 1."""
    return fatigue <= 2 and not built


def reorganizes(u: UnitCondition, game: Game, dem2_at_start: bool) -> bool:
    """8.0 step 3a: fatigue 0/1 disorganized units turn organized, except demoralized-2
    at the start of the step or out of supply (not a state in SLB/RTG)."""
    if u.organized or u.fatigue > 1 or dem2_at_start:
        return False
    return not (u.out_of_supply and game not in NO_SUPPLY_GAMES)


def freshens(u: UnitCondition, dem2_at_start: bool) -> bool:
    """8.0 step 3b: fatigue 0/1 exhausted units turn fresh, except demoralized-2 at the start."""
    return u.exhausted and u.fatigue <= 1 and not dem2_at_start


def becomes_exhausted(fatigue: int) -> bool:
    """8.0 step 4: fatigue 3 or 4 turns the unit to its exhausted side."""
    return fatigue >= 3


def fatigue_after_recovery(fatigue: int) -> int:
    """8.0 step 5: three levels off, not below 0."""
    return max(0, fatigue - 3)


def supply_disorganizes(u: UnitCondition, game: Game, side: Side) -> bool:
    """8.0 step 6: out-of-supply organized units disorganize in SIV (Union), OTR and GTC."""
    applies = game in (Game.OTR, Game.GTC) or (game is Game.SIV and side is Side.UNION)
    return applies and u.out_of_supply and u.organized


def recover(
    unit: UnitCondition, game: Game, side: Side, rain: bool = False, built: bool = False
) -> Recovery:
    """8.0 steps 1–6 on one unit. `built`: the unit did a step-1 activity this phase."""
    check_fatigue(unit.fatigue)
    check_level(unit.demoralized)
    if built and not may_build_in_recovery(unit.fatigue, rain):
        raise InputError(
            _("built: only a fatigue-0 unit on a dry turn may build in recovery (8.0)")
        )
    steps: list[Step] = []
    build = may_build_in_recovery(unit.fatigue, rain)
    steps.append(Step(rule="8.0", label=N_("step 1: may entrench/build/repair"), value=_yn(build)))
    forage = may_forage(unit.fatigue, built)
    steps.append(
        Step(rule="8.0", label=N_("step 2: may forage (advanced game)"), value=_yn(forage))
    )
    u = unit
    dem2 = u.demoralized == 2
    if reorganizes(u, game, dem2):
        u = replace(u, organized=True)
        steps.append(Step(rule="8.0", label=N_("step 3a: marker turns organized")))
    if freshens(u, dem2):
        u = replace(u, exhausted=False)
        steps.append(Step(rule="8.0", label=N_("step 3b: unit turns to its fresh side")))
    level = demoralization_after_recovery(u.demoralized, u.fatigue)
    if level != u.demoralized:
        steps.append(
            Step(
                rule="8.0",
                label=N_("step 3c: demoralization"),
                value=N_("{demoralized} -> {level}"),
                args={"demoralized": u.demoralized, "level": level},
            )
        )
        u = replace(u, demoralized=level)
    if becomes_exhausted(u.fatigue) and not u.exhausted:
        u = replace(u, exhausted=True)
        steps.append(Step(rule="8.0", label=N_("step 4: unit turns to its exhausted side")))
    new_fatigue = fatigue_after_recovery(u.fatigue)
    if new_fatigue != u.fatigue:
        steps.append(
            Step(
                rule="8.0",
                label=N_("step 5: fatigue"),
                value=N_("{fatigue} -> {new_fatigue}"),
                args={"fatigue": u.fatigue, "new_fatigue": new_fatigue},
            )
        )
        u = replace(u, fatigue=new_fatigue)
    if supply_disorganizes(u, game, side):
        u = replace(u, organized=False)
        steps.append(Step(rule="8.0", label=N_("step 6: out of supply, marker disorganized")))
    return Recovery(u, build, forage, steps)


def _yn(flag: bool) -> str:
    return N_("yes") if flag else N_("no")
