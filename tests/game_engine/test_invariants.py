"""Invariants after every action of random games, and replay reproducing each state."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.game.engine.core import legal_actions, new_game, step
from gcacw_ref.game.model.log import render_text
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots import random_bot
from gcacw_ref.game.play.replay import Game, replay_save, verify


def check(state: GameState) -> None:
    scen = state.scenario
    positions: dict[str, set[str]] = {}
    for u in state.units.values():
        assert 0 <= u.fatigue <= 4, u
        assert Fraction(u.strength) >= 0, u
        assert u.demoralized in (0, 1, 2)
        if u.hex is not None:
            assert Fraction(u.strength) > 0
            positions.setdefault(u.hex, set()).add(u.side.value)
    pending = state.pending
    busy = {"retreat", "cavalry_retreat", "loss"}
    if pending is None or pending.kind not in busy:
        for h, sides in positions.items():
            assert len(sides) == 1, f"both sides in {h}"
    for ld in state.leaders.values():
        if ld.unit is None:
            continue
        u = state.units[ld.unit]
        assert u.hex is not None, f"{ld.id} with an eliminated unit"
        assert u.side == ld.side
        if ld.rank != "army":
            assert u.corps in ld.commands or u.division in ld.commands, (ld.id, u.id)
    del scen


def check_retreat(event: dict[str, object]) -> None:
    """7.6/7.7 restrictions on a finished retreat: adjacent steps, no hex twice, never back
    to the start, length within the kind's limits (longer only to get clear of enemy
    units), not ending next to the start unless optional."""
    from gcacw_ref.game.model.geometry import distance
    from gcacw_ref.rules.retreat import retreat_length

    path = list(event["path"])  # type: ignore[call-overload]
    kind = str(event["kind"])
    assert len(set(path)) == len(path), path
    for a, b in zip(path, path[1:], strict=False):
        assert distance(a, b) == 1, path
    lo, hi = retreat_length(kind)  # type: ignore[arg-type]
    moved = len(path) - 1
    alive = bool(event.get("units"))
    if alive and moved >= lo:
        assert moved <= hi + 6
        if kind != "optional":
            assert distance(path[0], path[-1]) >= 2, path


@pytest.mark.parametrize("seed", range(11, 27))
def test_random_games_keep_invariants(seed: int) -> None:
    scen = load_scenario("training")
    state = new_game(scen, seed)
    from gcacw_ref.game.play.bots import heuristic_bot

    bots = {"union": random_bot(seed), "confederate": random_bot(seed + 100)}
    if seed % 2:
        bots["confederate"] = heuristic_bot(seed)
    else:
        bots["union"] = heuristic_bot(seed)
    retreats = 0
    actions = []
    for _ in range(5000):
        if state.over:
            break
        check(state)
        legal = legal_actions(state)
        assert legal
        assert len(set(legal)) == len(legal), "a legal action listed twice"
        assert state.pending is not None and state.pending.side is not None
        action = bots[state.pending.side.value](state, legal)
        actions.append(action)
        state, events = step(state, action)
        for event in events:
            assert {"type", "turn", "rule"} <= set(event.as_json())
            assert render_text(event, "ja", {}) and render_text(event, "en", {})
            if event["type"] == "retreat":
                check_retreat(event)
                retreats += 1
    assert state.over, "the game must end"
    del retreats
    check(state)
    game = Game(scenario=scen, seed=seed, actions=actions, state=state)
    save = game.to_save()
    verify(save, replay_save(save))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_any_seed_replays_to_the_same_hash(seed: int) -> None:
    """Property: whatever the seed, a random game ends, keeps the invariants at the end,
    and replaying its actions reproduces its final state exactly."""
    from gcacw_ref.game.play.replay import play_bots

    scen = load_scenario("training")
    game = play_bots(scen, seed, "random", "random")
    assert game.state.over
    check(game.state)
    save = game.to_save()
    verify(save, replay_save(save))


def test_state_survives_json_and_plays_on_identically() -> None:
    """The state is plain JSON: a state read back from its JSON has the same hash and
    gives the same results for the same action."""
    import random

    from gcacw_ref.game.model.state import GameState

    scen = load_scenario("training")
    state = new_game(scen, 21)
    rng = random.Random(21)
    while not state.over:
        legal = legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        copy = GameState.model_validate_json(state.model_dump_json())
        assert copy.state_hash() == state.state_hash()
        one, events_one = step(state, action)
        two, events_two = step(copy, action)
        assert one.state_hash() == two.state_hash() and events_one == events_two
        state = one
