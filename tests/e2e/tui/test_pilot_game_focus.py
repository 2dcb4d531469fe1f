"""The end-to-end cases of tests/tui/test_pilot_game_focus.py (tests/README.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import OptionList

from gcacw_ref.game.play.api import legal_actions, pending_decision
from gcacw_ref.tui.app import GcacwApp
from tests.tui.conftest import loaded_game_pane, run_async, settle
from tests.tui.test_pilot_game_focus import PEOPLE, SIZE

# the kinds of choice the test makes in turn, so the game goes through many decisions
PREFERRED = (
    ("take", "march", "move", "attack", "end"),
    ("activate", "move", "select", "done", "end"),
    ("assault", "march", "move", "hex", "done", "end"),
)


@run_async
async def test_every_decision_takes_the_focus_and_enter_chooses(home: Path) -> None:
    app = GcacwApp(home=home, game=PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None
        box = app.query_one("#game-choices", OptionList)
        kinds: set[str] = set()
        await pilot.press("end", "right")
        for i in range(80):
            await settle(pilot)
            if h.last.over:
                break
            assert h.human_to_move() and h.at_end
            assert app.focused is box, pending_decision(h.last)
            facts = pending_decision(h.last)
            assert facts is not None
            kinds.add(facts.kind)
            nodes = len(h.nodes)
            legal = h.legal()
            wanted = PREFERRED[i % len(PREFERRED)]
            index = next((k for k, a in enumerate(legal) if a.type in wanted), 0)
            box.highlighted = box.get_option_index(f"a{index}")
            highlighted = box.highlighted_option
            assert highlighted is not None and highlighted.id is not None
            chosen = pane_choices_before(h, nodes)[int(highlighted.id[1:])]
            await pilot.press("enter")  # the highlighted choice
            await settle(pilot)
            assert len(h.nodes) == nodes + 1 and h.nodes[-1].by == "human"
            assert h.nodes[-1].action == chosen
            if h.human_to_move() and not h.last.over:  # the next decision, at once
                assert box.has_class("shown") and app.focused is box
                assert h.at_last_node
            await pilot.press("end")
            await settle(pilot)
            if not (h.at_end and app.focused is box):
                await pilot.press("right")
        assert {"initiative", "choose", "activation", "march", "forced_march", "transfer"} <= kinds


def pane_choices_before(h: Any, nodes: int) -> Any:
    """The legal actions of the position the last decision was made in."""
    return legal_actions(h.state_of(nodes - 1))
