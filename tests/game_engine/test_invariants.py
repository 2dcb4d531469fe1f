"""Invariants after every action of random games, and replay reproducing each state."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gcacw_ref.game.bots import random_bot
from gcacw_ref.game.engine.core import legal_actions, new_game, step
from gcacw_ref.game.replay import Game, replay_save, verify
from gcacw_ref.game.scenario import load_scenario
from gcacw_ref.game.state import GameState


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


@pytest.mark.parametrize("seed", [11, 12, 13, 14])
def test_random_games_keep_invariants(seed: int) -> None:
    scen = load_scenario("training")
    state = new_game(scen, seed)
    bot = random_bot(seed)
    actions = []
    for _ in range(5000):
        if state.over:
            break
        check(state)
        legal = legal_actions(state)
        assert legal
        action = bot(state, legal)
        actions.append(action)
        state, _ = step(state, action)
    assert state.over, "the game must end"
    check(state)
    game = Game(scenario=scen, seed=seed, actions=actions, state=state)
    save = game.to_save()
    verify(save, replay_save(save))
