"""Chance as a decision of its own: the engine never rolls, it asks.

Each roll the rules call for is a `ChanceRequest` (which roll, how many d6, whose roll,
the rule) put to the chance player (`engine.chance.ChancePlayer`), which answers with the
dice: typed dice first (a player's table dice, a save's recorded dice, or the prefix that
`api.chance_outcomes` enumerates), then the state's seeded generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
