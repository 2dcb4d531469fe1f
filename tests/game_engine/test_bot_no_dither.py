"""The heuristic bot never moves a unit back into a hex it has left in the same march:
every hex a march enters is new to that march (harrow, the longest game, and training)."""

from __future__ import annotations

import pytest

from gcacw_ref.game.engine.core import legal_actions, new_game, step
from gcacw_ref.game.model.pending import pending_decision
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.bots import heuristic_bot


@pytest.mark.parametrize(("name", "seed"), [("harrow", 1), ("training", 1), ("training", 2)])
def test_a_march_never_enters_a_hex_twice(name: str, seed: int) -> None:
    state = new_game(load_scenario(name), seed)
    bots = {"union": heuristic_bot(seed * 2 + 1), "confederate": heuristic_bot(seed * 2 + 2)}
    moves = 0
    for _ in range(20_000):
        pending = pending_decision(state)
        if pending is None:
            break
        action = bots[pending.side.value if pending.side else "union"](state, legal_actions(state))
        if pending.kind == "march" and action.type == "move":
            assert action.hex not in pending.hexes, (pending.unit, pending.hexes, action.hex)
            moves += 1
        state, _events = step(state, action)
    assert state.over and moves > 20
