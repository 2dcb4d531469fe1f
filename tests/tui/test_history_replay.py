"""The game screen rebuilds the states between its checkpoints through the play layer's
one loop (`replay.replay_from`), with its checks: typed dice must all be used, and a
node that no longer replays is refused rather than shown."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gcacw_ref.game.play.api import (
    ReplayFailed,
    ReplayStep,
    chance_requests,
    load_scenario,
    replay_from,
    replay_save,
)
from gcacw_ref.tui.game.history import CHECKPOINT, History

from .conftest import HISTORY_BOTS as BOTS
from .conftest import bot_history as played


def test_every_rebuilt_state_is_the_replayed_one() -> None:
    h = played(3 * CHECKPOINT + 5)
    hashes: list[str] = []

    def keep(done: ReplayStep) -> None:
        if not hashes:
            hashes.append(done.before.state_hash())
        hashes.append(done.after.state_hash())

    replay_save(h.game().to_save(), "test", keep)
    assert len(hashes) == len(h.nodes) == 3 * CHECKPOINT + 7
    h._cache.clear()  # noqa: SLF001 - every state not kept is rebuilt
    kept = [i for i, n in enumerate(h.nodes) if n.state is not None]
    assert kept == [0, 1, 16, 32, 48, 54]
    for i in reversed(range(len(h.nodes))):
        assert h.state_of(i).state_hash() == hashes[i], i


def test_replay_from_a_state_numbers_the_actions_of_the_game() -> None:
    h = played(CHECKPOINT + 4)
    base = h.state_of(5)
    actions = [n.action for n in h.nodes[6:10] if n.action is not None]
    state, events = replay_from(base, actions, first=4)
    assert state.state_hash() == h.state_of(9).state_hash()
    assert events == [e for n in h.nodes[6:10] for e in n.events]
    with pytest.raises(ReplayFailed, match=r"^action 6 \(.*\) cannot be replayed: .*not used"):
        replay_from(base, actions, {"5": [1, 1, 1, 1, 1, 1, 1, 1]}, first=4)


def test_a_node_that_no_longer_replays_is_refused() -> None:
    h = played(CHECKPOINT + 4)
    h._cache.clear()  # noqa: SLF001
    wrong = h.nodes[4].action
    h.nodes[5] = replace(h.nodes[5], action=wrong)  # not a legal action there any more
    with pytest.raises(ReplayFailed, match=r"^action 4 \("):
        h.state_of(8)


def test_typed_dice_a_step_did_not_use_are_not_kept(tmp_path: Path) -> None:
    """A typed die the step did not ask for is dropped, so the saved game replays (the
    replay requires every typed die to be used) and the rebuilt states are the same."""
    h = History.new(load_scenario("training"), 3, BOTS)
    typed = None
    for _ in range(200):
        if h.last.over:
            break
        h.go(len(h.stops) - 1)
        action, by = h.bot_choice()
        count = sum(r.dice for r in chance_requests(h.last, action))
        if count and typed is None:
            typed = len(h.nodes)
            h.play(action, [4] * (count + 2), by="human")
            continue
        h.play(action, by=by)
    assert typed is not None
    assert len(h.nodes[typed].dice) == sum(
        r.dice for r in chance_requests(h.state_of(typed - 1), h.nodes[typed].action)
    )
    assert set(h.nodes[typed].dice) == {4}
    path = tmp_path / "g.json"
    h.save(path)
    again = History.open(path)
    assert again.last.state_hash() == h.last.state_hash()
    h._cache.clear()  # noqa: SLF001
    assert h.state_of(typed).state_hash() == again.state_of(typed).state_hash()
