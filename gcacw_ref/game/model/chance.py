"""Chance as a decision of its own: the engine never rolls, it asks.

Each roll the rules call for is a `ChanceRequest` (which roll, how many d6, whose roll,
the rule) put to the chance player (`engine.chance.ChancePlayer`), which answers with the
dice: typed dice first (a player's table dice, a save's recorded dice, or the prefix that
`api.chance_outcomes` enumerates), then the state's seeded generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gcacw_ref.i18n import N_
from gcacw_ref.rules.games import Side

RollKind = Literal[
    "initiative",
    "rain",
    "movement_allowance",
    "extended_march",
    "forced_march",
    "combat",
    "artillery",
    "cavalry_retreat",
    "assault_command",
    "grand_assault",
    "bridge_destroy",
    "bridge_repair",
    "pontoon",
]
"""Every roll the engine makes, named for what it decides."""

ROLL_NAMES: dict[RollKind, str] = {
    "initiative": N_("initiative"),
    "rain": N_("rain"),
    "movement_allowance": N_("movement allowance"),
    "extended_march": N_("extended march"),
    "forced_march": N_("forced march"),
    "combat": N_("combat"),
    "artillery": N_("artillery"),
    "cavalry_retreat": N_("cavalry retreat"),
    "assault_command": N_("assault command"),
    "grand_assault": N_("grand assault"),
    "bridge_destroy": N_("bridge destruction"),
    "bridge_repair": N_("bridge repair"),
    "pontoon": N_("pontoon bridge"),
}
"""How each roll is named to a player (translated where shown)."""

DieOwner = Literal["union", "confederate", "attacker", "defender", "table"]


@dataclass(frozen=True)
class ChanceRequest:
    """One roll the engine needs: `dice` six-sided dice for `roll` under `rule`, rolled by
    `side` (None when both sides roll, as for the initiative, or nobody does, as for the
    weather). The dice come back in order (the combat roll: the attacker's, then the
    defender's)."""

    roll: RollKind
    dice: int
    side: Side | None
    rule: str


def die_owners(request: ChanceRequest) -> tuple[DieOwner, ...]:
    """Whose each die of `request` is, in the order the engine uses them: the combat roll
    is the attacker's die then the defender's (7.4), the initiative the Union's then the
    Confederate's (4.2); a roll with a side is that side's; any other (the weather, the
    artillery die) is the table's."""
    if request.roll == "combat" and request.dice == 2:
        return ("attacker", "defender")
    if request.roll == "initiative" and request.dice == 2:
        return ("union", "confederate")
    if request.side is not None:
        owner: DieOwner = "union" if request.side is Side.UNION else "confederate"
        return tuple(owner for _ in range(request.dice))
    return tuple("table" for _ in range(request.dice))
