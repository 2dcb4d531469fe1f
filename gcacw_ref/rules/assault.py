"""The assault command roll and the grand assault number (7.1)."""

from __future__ import annotations

from dataclasses import dataclass, field

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.artillery import check_die
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import format_signed

WING_COMMANDER_DRM = -2


@dataclass
class AssaultRoll:
    """Outcome of step 5 of an assault."""

    happens: bool
    modified_die: int | None
    assault_value: int | None
    max_units: int  # 0 when the assault does not happen
    participating: int  # units that attack, out of those chosen in step 1
    steps: list[Step] = field(default_factory=list)


def assault_roll(
    command: int,
    die: int,
    *,
    units_chosen: int = 1,
    wing_commander: bool = False,
    extra_modifier: int = 0,
) -> AssaultRoll:
    """Assault step 5: a raw 6 ends it; else command minus modified die is the assault value.

    A value below 0 ends the assault; 0 still lets one unit attack; otherwise at most that
    many of the chosen units attack (7.1). A wing commander subtracts 2 from the die;
    `extra_modifier` carries advanced-game modifiers.
    """
    check_die(die, "die")
    if command < 0:
        raise InputError(_("command: must be 0 or more (got {command})").format(command=command))
    if units_chosen < 1:
        raise InputError(_("units_chosen: at least one unit must be chosen for an assault"))
    steps = [Step(rule="7.1", label=N_("Assault command die"), value=str(die))]
    if die == 6:
        steps.append(Step(rule="7.1", label=N_("An unmodified 6 ends the assault")))
        return AssaultRoll(False, None, None, 0, 0, steps)
    modifier = (WING_COMMANDER_DRM if wing_commander else 0) + extra_modifier
    modified = die + modifier
    if modifier:
        steps.append(
            Step(
                rule="7.1",
                label=N_("Modified die"),
                value=N_("{die} {modifier} = {modified}"),
                args={"die": die, "modifier": format_signed(modifier), "modified": modified},
            )
        )
    value = command - modified
    steps.append(
        Step(
            rule="7.1",
            label=N_("Assault value {command} - {modified}"),
            value=str(value),
            args={"command": command, "modified": modified},
        )
    )
    if value < 0:
        steps.append(Step(rule="7.1", label=N_("Below 0: the assault does not take place")))
        return AssaultRoll(False, modified, value, 0, 0, steps)
    max_units = max(1, value)
    participating = min(units_chosen, max_units)
    steps.append(
        Step(
            rule="7.1",
            label=N_("Units attacking (at most {max_units}, of {units_chosen} chosen)"),
            value=str(participating),
            args={"max_units": max_units, "units_chosen": units_chosen},
        )
    )
    return AssaultRoll(True, modified, value, max_units, participating, steps)


@dataclass
class GrandAssault:
    """Outcome of a grand assault attempt (7.1)."""

    happens: bool
    number: int | None  # the grand assault number: most eligible hexes that may join
    steps: list[Step] = field(default_factory=list)


def grand_assault_number(command: int, die: int, *, extra_modifier: int = 0) -> GrandAssault:
    """A modified 6 or more fails; else command minus die; 1 or more means it must happen (7.1)."""
    check_die(die, "die")
    if command < 0:
        raise InputError(_("command: must be 0 or more (got {command})").format(command=command))
    modified = die + extra_modifier
    steps = [Step(rule="7.1", label=N_("Grand assault die"), value=str(modified))]
    if modified >= 6:
        steps.append(Step(rule="7.1", label=N_("6 or more: no grand assault")))
        return GrandAssault(False, None, steps)
    number = command - modified
    steps.append(
        Step(
            rule="7.1",
            label=N_("Grand assault number {command} - {modified}"),
            value=str(number),
            args={"command": command, "modified": modified},
        )
    )
    if number <= 0:
        steps.append(Step(rule="7.1", label=N_("0 or less: no grand assault")))
        return GrandAssault(False, number, steps)
    steps.append(
        Step(
            rule="7.1",
            label=N_("Grand assault happens: choose 1 to {number} eligible hexes"),
            args={"number": number},
        )
    )
    return GrandAssault(True, number, steps)
