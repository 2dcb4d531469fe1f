"""The end-to-end cases of tests/tui/test_pilot_game.py (tests/README.md)."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.replay import play_bots, replay_save
from gcacw_ref.tui.app import GcacwApp
from tests.tui.conftest import loaded_game_pane, run_async
from tests.tui.test_pilot_game import BOTS, SIZE


@run_async
async def test_bots_to_the_end_then_back_and_forth(home: Path) -> None:
    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None and h.cursor == 0
        for _ in range(5000):  # the bots play, one event per → (the key itself below)
            if h.last.over and h.at_end:
                break
            pane.action_step(1)
            if pane.busy:  # the bot thinks in a worker, which hands its choice back
                await app.workers.wait_for_complete()
        assert h.last.over and h.at_end
        reference = play_bots(load_scenario("training"), 1, "heuristic", "heuristic")
        assert h.last.state_hash() == reference.state.state_hash()
        final = h.cursor
        await pilot.press("home")
        assert h.cursor == 0 and h.state.phase == "start"
        seen_at = {0: h.state.state_hash()}
        await pilot.press("right", "right", "left")
        assert h.cursor == 1
        seen_at[h.node_index] = h.state.state_hash()
        while h.cursor < final:  # the screen's step, without the key press machinery
            pane.action_step(1)
            seen_at[h.node_index] = h.state.state_hash()
        assert h.cursor == final and h.last.state_hash() == reference.state.state_hash()
        save = h.game().to_save()
        for n in (2, len(h.nodes) // 2, len(h.nodes) - 1):
            prefix = save.model_copy(update={"actions": save.actions[: n - 1]})
            assert replay_save(prefix).state.state_hash() == seen_at[n]
        while h.cursor > 0:
            pane.action_step(-1)
            assert h.state.state_hash() == seen_at[h.node_index]
        await pilot.press("end", "left")
        assert h.cursor == final - 1
        await pilot.press("end", "comma", "comma", "full_stop", "less_than_sign")
        assert h.turn_at(h.cursor) == h.last.turn
