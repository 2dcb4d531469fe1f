"""The heuristic bot asks the units' ways forward only where they can change its choice
(`HeuristicBot.best`, issue 28): its choice must be the one the full scoring makes. Checked
decision by decision on whole games: every cheap-pass score is an upper bound of the
exact one (no score falls when a unit gains a way forward), exact where nothing was
guessed, and so is every cheap bound (`bots.bound`); and the lazy choice equals the
highest (score + noise, index) over every action scored in full."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.game.engine.core import legal_actions, new_game, step
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.pending import pending_decision
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots import HeuristicBot, bound, heuristic_bot
from gcacw_ref.game.play.bots_score import score
from gcacw_ref.game.play.bots_view import View, ViewMemo


def _states(name: str, seed: int, limit: int) -> list[tuple[GameState, list[Action]]]:
    """The states of a heuristic game's choices among every unit's actions (5.0)."""
    state = new_game(load_scenario(name), seed)
    bots = {"union": heuristic_bot(seed * 2 + 1), "confederate": heuristic_bot(seed * 2 + 2)}
    found: list[tuple[GameState, list[Action]]] = []
    while len(found) < limit:
        pending = pending_decision(state)
        if pending is None:
            break
        legal = legal_actions(state)
        if pending.kind == "choose":
            found.append((state, legal))
        action = bots[pending.side.value if pending.side else "union"](state, legal)
        state, _events = step(state, action)
    return found


_TRAINING = _states("training", 1, 40)


def _check(state: GameState, legal: list[Action], rng: random.Random) -> tuple[int, int, int]:
    """Asserts the bound and the choice on one state; (guessed actions, units answered
    "worth marching" in full by the lazy choice, and by the full scoring)."""
    noise = [(i, rng.random() * 0.01) for i in range(len(legal))]
    exact = View(state, ViewMemo())
    full = max((score(exact, legal[i]) + x, i) for i, x in noise)
    guessing = View(state, ViewMemo())
    guessing.guess = True
    guessed = 0
    for i, _x in noise:
        guessing.guessed = False
        guessed_score = score(guessing, legal[i])
        value = score(exact, legal[i])
        assert value <= guessed_score, (legal[i], value, guessed_score)
        if not guessing.guessed:
            assert value == guessed_score, legal[i]
        guessed += guessing.guessed
        cheap = bound(guessing, legal[i])
        assert cheap is None or value <= cheap, (legal[i], value, cheap)
    lazy = View(state, ViewMemo())
    assert HeuristicBot.best(lazy, legal, noise) == full[1]
    assert not lazy.guess
    return guessed, lazy.answered, exact.answered


@pytest.mark.parametrize(
    ("name", "seed", "counts"), [("harrow", 1, (474, 330, 762)), ("training", 2, (107, 75, 222))]
)
def test_lazy_choice_is_the_full_choice(name: str, seed: int, counts: tuple[int, ...]) -> None:
    states = _states(name, seed, 40)
    rng = random.Random(seed)
    checked = [_check(state, legal, rng) for state, legal in states]
    assert len(states) == 40
    assert tuple(sum(c[k] for c in checked) for k in range(3)) == counts


@settings(max_examples=40, deadline=None)
@given(st.integers(0, len(_TRAINING) - 1), st.integers(0, 2**32 - 1))
def test_lazy_choice_any_noise(index: int, seed: int) -> None:
    state, legal = _TRAINING[index]
    _check(state, legal, random.Random(seed))
