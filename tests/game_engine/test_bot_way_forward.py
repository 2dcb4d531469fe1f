"""The heuristic bot marches a unit only when the march can do something (issue 28: a
bigger game played more actions a unit because units with no way forward walked sideways
until their MP ran out):

- every unit it starts on a march (by itself, 5.1, or by a leader's activation, 5.2) is
  next to the enemy or has a first move nearer its goal that the engine offers (6.2);
- within a march, it never steps to a hex no nearer its goal while ending the march is
  offered.

Checked on whole games, decision by decision, against the engine's own legal actions."""

from __future__ import annotations

import pytest

from gcacw_ref.game.engine.core import legal_actions, new_game, step
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.pending import pending_decision
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots import heuristic_bot
from gcacw_ref.game.play.bots_view import View, ViewMemo


def _has_way_forward(state: GameState, uid: str, legal: list[Action]) -> bool:
    """At the march's first decision: an enemy beside the unit, or an offered move nearer
    its goal (distances from a fresh view, not the bot's memo)."""
    view = View(state, ViewMemo())
    unit = state.units[uid]
    here = unit.hex or ""
    if view.adjacent_enemy(unit):
        return True
    d0 = view.goal_distance(here)
    return any(a.type == "move" and a.hex and view.goal_distance(a.hex) < d0 for a in legal)


@pytest.mark.parametrize(("name", "seed"), [("harrow", 1), ("training", 1), ("training", 2)])
def test_marches_go_somewhere(name: str, seed: int) -> None:
    state = new_game(load_scenario(name), seed)
    bots = {"union": heuristic_bot(seed * 2 + 1), "confederate": heuristic_bot(seed * 2 + 2)}
    started: str | None = None  # the unit sent on a march, until its first march decision
    marches = moves = 0
    for _ in range(20_000):
        pending = pending_decision(state)
        if pending is None:
            break
        legal = legal_actions(state)
        action = bots[pending.side.value if pending.side else "union"](state, legal)
        if started is not None and pending.kind == "march" and pending.unit == started:
            assert _has_way_forward(state, started, legal), (state.turn, started)
            started = None
            marches += 1
        if action.type == "march":
            started = action.unit
        could_end = any(a.type == "end" for a in legal)
        if pending.kind == "march" and action.type == "move" and pending.unit and could_end:
            view = View(state, ViewMemo())
            here = state.units[pending.unit].hex or ""
            nearer = view.goal_distance(action.hex or "") < view.goal_distance(here)
            assert nearer, (pending.unit, here, action.hex)
            moves += 1
        state, _events = step(state, action)
    assert state.over and marches > 10 and moves > 10
