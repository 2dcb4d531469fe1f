"""Bots: `random` (uniform over the legal actions) and `heuristic` (a sensible beginner).

Both choose only among `legal_actions(state)`, with their own seeded generator, so the
same seed gives the same game. The heuristic scores each legal action with a few rules
of thumb (`bots_score`) and takes the best (ties broken by its generator), asking the
costly parts of a score only where they can change the choice (`_best`).
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Callable

from gcacw_ref.errors import InputError
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.pending import pending_decision
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots_score import _score
from gcacw_ref.game.play.bots_view import ViewMemo, _View
from gcacw_ref.rules.command import leader_commands

Bot = Callable[[GameState, list[Action]], Action]

BOT_NAMES = ("random", "heuristic")


def random_bot(seed: int) -> Bot:
    rng = random.Random(seed)

    def choose(state: GameState, legal: list[Action]) -> Action:
        return legal[rng.randrange(len(legal))]

    return choose


def _hexes_left(state: GameState) -> frozenset[str]:
    """The hexes the marching unit has already been in this march (its path so far)."""
    pending = pending_decision(state)
    if pending is None or pending.kind != "march":
        return frozenset()
    return frozenset(pending.hexes)


def heuristic_bot(seed: int) -> Bot:
    rng = random.Random(seed)
    memo = ViewMemo()

    def choose(state: GameState, legal: list[Action]) -> Action:
        view = _View(state, memo)
        left = _hexes_left(state)
        noise = [
            (i, rng.random() * 0.01)
            for i, a in enumerate(legal)
            if not (a.type == "move" and a.hex in left)
        ]
        return legal[_best(view, legal, noise)] if noise else legal[0]

    return choose


def _best(view: _View, legal: list[Action], noise: list[tuple[int, float]]) -> int:
    """The index of the action with the highest (score + noise, index), as if every one
    were scored, but the units' ways forward asked only where they can change the choice.

    Each action starts with an upper bound of its score: read from the unit or leader
    alone for marches, entrenchments and activations (`_bound`, level 0), else scored as
    if every unit had a way forward (`_View.guess`, level 1; exact, level 2, where no way
    forward was guessed). No score falls when a unit gains a way forward or is freed from
    bridge work (a march's, an activation's count and the initiative only rise), so each
    bound holds. The action with the highest bound is refined one level at a time (level
    0 to the guessed score, level 1 to the full one) until the highest is exact: it then
    beats every bound left, so it is the full scoring's choice (float addition keeps the
    order, and the index breaks every tie)."""
    heap: list[tuple[float, int, int]] = []  # (-(bound + noise), -index, level)
    jitter = dict(noise)
    view.guess = True
    for i, extra in noise:
        cheap = _bound(view, legal[i])
        if cheap is None:
            heap.append((-(_score_level(view, legal[i]) + extra), -i, _level(view)))
        else:
            heap.append((-(cheap + extra), -i, 0))
    heapq.heapify(heap)
    while heap[0][2] < 2:
        _bound_, i, level = heap[0]
        view.guess = level == 0
        score = _score_level(view, legal[-i])
        heapq.heapreplace(heap, (-(score + jitter[-i]), i, _level(view)))
    view.guess = False
    return -heap[0][1]


def _score_level(view: _View, a: Action) -> float:
    """`_score` with `view.guessed` cleared first (read back by `_level`)."""
    view.guessed = False
    return _score(view, a)


def _level(view: _View) -> int:
    """1: the score just worked out guessed a way forward (a bound); 2: it is exact."""
    return 1 if view.guess and view.guessed else 2


def make_bot(name: str, seed: int) -> Bot:
    if name == "random":
        return random_bot(seed)
    if name == "heuristic":
        return heuristic_bot(seed)
    raise InputError(f"--bots: unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")


def _bound(view: _View, a: Action) -> float | None:
    """A cheap upper bound of `_score(view, a)` for the actions taken once per unit or
    leader in a choice among every unit's actions (5.0), from what `_score_plan` and
    `_score` read last (bridge work, a way forward, the units in command); None: no cheap
    bound, score it."""
    t = a.type
    if t == "activate" and a.leader:  # `_activate` with every unit fresh and free
        leader = view.state.leaders[a.leader]
        with_unit = view.state.units.get(leader.unit or "")
        if with_unit is None or with_unit.hex is None:
            return -3.0
        reach = max(leader.command, 1)
        n = sum(1 for u in view.own_within(with_unit.hex, reach) if leader_commands(leader, u))
        return 1.5 + 0.2 * n if n >= 2 else -3.0
    unit = view.state.units.get(a.unit or "")
    if unit is None:
        return None
    if t == "march":  # -2.5 for bridge work, else fresh or not (`_score_plan`)
        return max(-2.5, 1.0 - unit.fatigue * 0.3)
    if t == "entrench":  # -2.5 for bridge work, else `_score`'s
        return 2.5 if unit.fatigue <= 1 and view.adjacent_enemy(unit) else -2.0
    if t == "select" and a.option == "march":
        return 1.0
    if t == "select" and a.option == "entrench":
        return 1.2 if unit.fatigue <= 2 and view.adjacent_enemy(unit) else -1.0
    return None
