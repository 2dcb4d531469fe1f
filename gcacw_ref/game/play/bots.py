"""Bots: `random` (uniform over the legal actions) and `heuristic` (a sensible beginner).

Both choose only among `legal_actions(state)`, with their own seeded generator, so the
same seed gives the same game. The heuristic (`HeuristicBot`) scores each legal action
by its type's scorer (`bots_score.SCORERS`) and takes the best (ties broken by its
generator), asking the costly parts of a score only where they can change the choice
(`HeuristicBot.best`).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable

from gcacw_ref.errors import InputError
from gcacw_ref.game.engine.position import commands
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.pending import pending_decision
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots_score import score
from gcacw_ref.game.play.bots_view import View, ViewMemo

Bot = Callable[[GameState, list[Action]], Action]

BOT_NAMES = ("random", "heuristic")


def random_bot(seed: int) -> Bot:
    rng = random.Random(seed)

    def choose(state: GameState, legal: list[Action]) -> Action:
        return legal[rng.randrange(len(legal))]

    return choose


def hexes_left(state: GameState) -> frozenset[str]:
    """The hexes the marching unit has already been in this march (its path so far)."""
    pending = pending_decision(state)
    if pending is None or pending.kind != "march":
        return frozenset()
    return frozenset(pending.hexes)


class HeuristicBot:
    """The heuristic bot: its generator (the noise that breaks ties) and what it keeps
    from decision to decision (`ViewMemo`). Called with a state and its legal actions,
    it returns its choice."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.memo = ViewMemo()

    def __call__(self, state: GameState, legal: list[Action]) -> Action:
        view = View(state, self.memo)
        left = hexes_left(state)
        noise = [
            (i, self.rng.random() * 0.01)
            for i, a in enumerate(legal)
            if not (a.type == "move" and a.hex in left)
        ]
        return legal[self.best(view, legal, noise)] if noise else legal[0]

    @staticmethod
    def best(view: View, legal: list[Action], noise: list[tuple[int, float]]) -> int:
        """The index of the action with the highest (score + noise, index), as if every
        one were scored, but the units' ways forward asked only where they can change the
        choice.

        Each action starts with an upper bound of its score: read from the unit or leader
        alone for marches, entrenchments and activations (`bound`, level 0), else scored
        as if every unit had a way forward (`View.guess`, level 1; exact, level 2, where
        no way forward was guessed). No score falls when a unit gains a way forward or is
        freed from bridge work (a march's, an activation's count and the initiative only
        rise), so each bound holds. The action with the highest bound is refined one level
        at a time (level 0 to the guessed score, level 1 to the full one) until the
        highest is exact: it then beats every bound left, so it is the full scoring's
        choice (float addition keeps the order, and the index breaks every tie)."""
        heap: list[tuple[float, int, int]] = []  # (-(bound + noise), -index, level)
        jitter = dict(noise)
        view.guess = True
        for i, extra in noise:
            cheap = bound(view, legal[i])
            if cheap is None:
                heap.append((-(_score_level(view, legal[i]) + extra), -i, _level(view)))
            else:
                heap.append((-(cheap + extra), -i, 0))
        heapq.heapify(heap)
        while heap[0][2] < 2:
            _top, i, level = heap[0]
            view.guess = level == 0
            value = _score_level(view, legal[-i])
            heapq.heapreplace(heap, (-(value + jitter[-i]), i, _level(view)))
        view.guess = False
        return -heap[0][1]


def heuristic_bot(seed: int) -> Bot:
    return HeuristicBot(seed)


def _score_level(view: View, a: Action) -> float:
    """`score` with `view.guessed` cleared first (read back by `_level`)."""
    view.guessed = False
    return score(view, a)


def _level(view: View) -> int:
    """1: the score just worked out guessed a way forward (a bound); 2: it is exact."""
    return 1 if view.guess and view.guessed else 2


def make_bot(name: str, seed: int) -> Bot:
    if name == "random":
        return random_bot(seed)
    if name == "heuristic":
        return heuristic_bot(seed)
    raise InputError(f"--bots: unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")


def bound(view: View, a: Action) -> float | None:
    """A cheap upper bound of `score(view, a)` for the actions taken once per unit or
    leader in a choice among every unit's actions (5.0), from what the scorers read last
    (bridge work, a way forward, the units in command); None: no cheap bound, score it."""
    t = a.type
    if t == "activate" and a.leader:  # `_activate` with every unit fresh and free
        leader = view.state.leaders[a.leader]
        with_unit = view.state.units.get(leader.unit or "")
        if with_unit is None or with_unit.hex is None:
            return -3.0
        reach = max(leader.command, 1)
        n = sum(1 for u in view.own_within(with_unit.hex, reach) if commands(leader, u))
        return 1.5 + 0.2 * n if n >= 2 else -3.0
    unit = view.state.units.get(a.unit or "")
    if unit is None:
        return None
    if t == "march":  # -2.5 for bridge work, else fresh or not (`_march`)
        return max(-2.5, 1.0 - unit.fatigue * 0.3)
    if t == "entrench":  # -2.5 for bridge work, else `_entrench`'s
        return 2.5 if unit.fatigue <= 1 and view.adjacent_enemy(unit) else -2.0
    if t == "select" and a.option == "march":
        return 1.0
    if t == "select" and a.option == "entrench":
        return 1.2 if unit.fatigue <= 2 and view.adjacent_enemy(unit) else -1.0
    return None
