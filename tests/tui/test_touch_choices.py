"""A phone's game screen when the player decides: the choices box gets the room (the map a
third, the hex panel two lines, the log one, the choice's detail hidden), so a finger finds
the choices under their group titles, and one tap on a choice decides it (a group's title
is no choice)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.touchkit import ENV_VAR

from .conftest import loaded_game_pane, run_async, settle, until_still


@run_async
async def test_a_phone_shows_the_choices_and_one_tap_decides(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, "1")
    app = GcacwApp(home=home, game=GameOptions())
    async with app.run_test(size=(45, 24)) as pilot:
        pane = await loaded_game_pane(pilot)
        # a game just opened steps through its set-up by itself to the person's first
        # decision: wait for it (how far it got by the time the pane loaded depends on the
        # machine's load; asserting "not deciding yet" there failed under load)
        await until_still(pilot, pane)
        assert pane.has_class("deciding")
        await pilot.press("left")  # an event before the decision: nobody decides there
        await settle(pilot)
        assert not pane.has_class("deciding")
        await pilot.press("right")
        await until_still(pilot, pane)
        assert pane.has_class("deciding")
        box = app.query_one("#game-choices", OptionList)
        inside = box.region.height - 2  # the border's two rows
        assert inside == 7, box.region  # at 45x24: the map 35%, the detail hidden
        # the first rows of the box: "Done", the title "Transfer a leader", transfers
        options = [box.get_option_at_index(i) for i in range(box.option_count)]
        assert [o.disabled for o in options] == [False, True, False, False, False, False, False]
        h = pane.history
        assert h is not None
        before = len(h.nodes)
        legal = h.legal()
        tapped = legal[int(str(options[2].id).removeprefix("a"))]
        await pilot.click(box, offset=(5, 2))  # the title: no choice
        await settle(pilot)
        assert len(h.nodes) == before
        await pilot.click(box, offset=(5, 3))  # the first transfer under it
        await until_still(pilot, pane)
        assert len(h.nodes) > before
        assert h.nodes[before].action == tapped
