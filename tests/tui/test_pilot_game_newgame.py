"""The new-game dialog lists the built-in scenarios a line each (size, turns, sides), and
the header names the game the game screen plays, not the player's own game setting."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions, NewGameDialog
from gcacw_ref.tui.game.pane import GamePane

from .conftest import loaded_game_pane, run_async, settle

HARROW_LINE = (
    "harrow: Harrow Valley campaign · GTC 1864 · 10 turns · map 32x26 · "
    "Union 22 units, Confederate 19 units"
)


@run_async
async def test_new_game_picks_a_listed_scenario_and_the_header_names_its_game(
    home: Path,
) -> None:
    options = GameOptions("training", 1, "heuristic", "heuristic")
    app = GcacwApp(home=home, game=options, player_game="RTG")
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await loaded_game_pane(pilot)
        await settle(pilot)
        # the player's game is RTG; the training scenario is a GTC game: the header says so
        assert app.sub_title.endswith("game GTC: Little Ash crossing (training)")
        await pilot.press("space")  # the watched game stops: the dialog's keys are its own
        await pilot.press("n")
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, NewGameDialog)
        box = dialog.query_one("#new-scenarios", OptionList)
        assert app.focused is box
        lines = [str(box.get_option_at_index(i).prompt) for i in range(box.option_count)]
        assert lines[0] == HARROW_LINE
        assert lines[1].startswith("training: Little Ash crossing (training) · GTC 1864 · 3 turns")
        assert box.highlighted == 1  # the game in progress
        await pilot.press("up", "enter")
        await settle(pilot)
        assert not isinstance(app.screen, NewGameDialog)
        h = app.query_one(GamePane).history
        assert h is not None and h.scenario.id == "harrow" and pane.history is h
        assert app.sub_title.endswith("game GTC: Harrow Valley campaign")
        await pilot.press("f2")  # another screen: the player's own game
        await settle(pilot)
        assert app.sub_title.endswith("game RTG")
