"""The public API (`gcacw_ref.game.play.api`): the same names as the engine's older homes,
chance outcomes with probabilities, state serialising and hashing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.game.engine import core
from gcacw_ref.game.play import api


def test_api_reexports_the_engine_names_unchanged() -> None:
    for name in ("new_game", "initial_state", "start", "legal_actions", "step", "apply"):
        assert getattr(api, name) is getattr(core, name)


def test_serialise_round_trip_keeps_the_hash_and_the_legal_actions() -> None:
    state = api.new_game(api.load_scenario("training"), 5)
    again = api.deserialise(api.serialise(state))
    assert api.state_hash(again) == api.state_hash(state)
    assert api.legal_actions(again) == api.legal_actions(state)


def test_deserialise_refuses_garbage() -> None:
    with pytest.raises(DataError, match="not a game state"):
        api.deserialise('{"turn": 1}')


def test_dice_outcomes_two_dice() -> None:
    rolls = api.dice_outcomes(2)
    assert len(rolls) == 36 and rolls[0] == ((1, 1), Fraction(1, 36))
    assert sum(p for _, p in rolls) == 1


def test_chance_outcomes_of_the_first_decision_sum_to_one() -> None:
    state = api.new_game(api.load_scenario("training"), 5)
    action = api.legal_actions(state)[0]
    outs = api.chance_outcomes(state, action, max_dice=2)
    assert sum(o.probability for o in outs) == 1
    for o in outs[:3]:  # each outcome is the step replayed with those table dice
        again, _ = api.step(state, action, list(o.dice))
        if o.exhaustive:
            assert again.state_hash() == o.state.state_hash()
