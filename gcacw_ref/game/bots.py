"""Bots: `random` (uniform over the legal actions) and `heuristic` (a sensible beginner).

Both choose only among `legal_actions(state)`, with their own seeded generator, so the
same seed gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction

from gcacw_ref.errors import InputError
from gcacw_ref.game.actions import Action
from gcacw_ref.game.state import GameState

Bot = Callable[[GameState, list[Action]], Action]
BOT_NAMES = ("random", "heuristic")


def random_bot(seed: int) -> Bot:
    rng = random.Random(seed)

    def choose(state: GameState, legal: list[Action]) -> Action:
        return legal[rng.randrange(len(legal))]

    return choose


def _enemy_centre(state: GameState, side: str) -> list[str]:
    return [u.hex for u in state.units.values() if u.hex and u.side.value != side]


def _dist(a: str, b: str) -> int:
    from gcacw_ref.game.geometry import distance

    return distance(a, b)


def heuristic_bot(seed: int) -> Bot:
    """Take the initiative with fresh units, march towards the enemy and the VP hexes,
    attack at good odds with normal attacks, avoid extended marches and forced marches,
    entrench when next to the enemy, keep leaders with their units, retreat as required."""
    rng = random.Random(seed)

    def score(state: GameState, a: Action) -> float:
        frame = state.pending
        side = frame.side.value if frame and frame.side else "union"
        t = a.type
        if t == "take":
            fresh = [
                u for u in state.units.values() if u.hex and u.side.value == side and u.fatigue <= 1
            ]
            return 2.0 if fresh else -1.0
        if t == "pass":
            return 0.0
        if t in ("march", "activate", "assault", "entrench", "raid"):
            if t == "raid":
                return 5.0
            unit = state.units.get(a.unit or "")
            if t == "march" and unit is not None:
                extended = unit.fatigue >= (1 if unit.exhausted else 2)
                return (1.0 if not extended else -3.0) - unit.fatigue * 0.3
            if t == "activate":
                return 1.5
            if t == "assault":
                return 1.2
            if t == "entrench" and unit is not None:
                near = any(_dist(unit.hex or "0101", h) <= 1 for h in _enemy_centre(state, side))
                return 2.5 if near and unit.fatigue <= 1 else -2.0
        if t == "forced_march":
            return 1.0 if a.option == "no" else -1.0
        if t == "move":
            unit = state.units[a.unit or ""]
            goals = _enemy_centre(state, side) + [vh.hex for vh in state.scenario.victory.hexes]
            before = min(_dist(unit.hex or "0101", g) for g in goals)
            after = min(_dist(a.hex or "0101", g) for g in goals)
            return 0.5 + (before - after) * 1.0
        if t == "attack":
            unit = state.units[a.unit or ""]
            mine = Fraction(unit.strength)
            theirs = sum(
                (Fraction(u.strength) for u in state.units.values() if u.hex == a.hex), Fraction(0)
            )
            odds = float(mine / theirs) if theirs else 9.0
            bonus = {"normal": 0.5, "hasty": 0.2, "prepared": 0.4, "column": -1.0}.get(
                a.option or "", 0
            )
            return (odds - 1.5) * 2 + bonus
        if t == "end":
            return 0.2
        if t in ("advance", "select", "hex"):
            return 1.0
        if t == "done":
            return 0.3
        if t == "transfer":
            return -0.5
        if t == "cavalry_retreat":
            return 1.0 if a.option == "yes" else 0.0
        if t == "grand_assault":
            return 1.0 if a.option == "yes" else 0.0
        if t == "build":
            return 1.5 if a.option == "entrench" else 0.5
        if t == "refuse":
            return -0.5
        if t == "destroy":
            return 0.8
        if t == "stop":
            return 1.0
        return 0.0

    def choose(state: GameState, legal: list[Action]) -> Action:
        scored = [(score(state, a) + rng.random() * 0.01, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    return choose


def make_bot(name: str, seed: int) -> Bot:
    if name == "random":
        return random_bot(seed)
    if name == "heuristic":
        return heuristic_bot(seed)
    raise InputError(f"--bots: unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
