"""The help screen (F1) opened from the game names every key the game screen answers to,
the rule key `R` and the Tab cycle among them (played in tmux: `R` was nowhere to be found)."""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.controls import GameControls
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.screens import HelpScreen

from .conftest import loaded_game_pane, run_async, settle

PEOPLE = GameOptions("training", 3, "human", "human")
# binding names as the help writes them
SHOWN = {
    "full_stop": ".",
    "comma": ",",
    "greater_than_sign": ">",
    "less_than_sign": "<",
    "plus": "+",
    "plus_sign": "+",
    "equals_sign": "+",
    "minus": "-",
}


def help_rows(app: GcacwApp) -> list[tuple[str, str, str]]:
    """The (where, keys, what) rows of the open help screen."""
    assert isinstance(app.screen, HelpScreen)
    table = app.screen.query_one(VerticalScroll).query_one(Static).content
    assert isinstance(table, Table)
    cells = [list(map(str, column._cells)) for column in table.columns]
    return list(zip(cells[0], cells[1], cells[2], strict=True))


@run_async
async def test_help_from_the_game_lists_every_game_key(home: Path) -> None:
    app = GcacwApp(home=home, game=PEOPLE)
    async with app.run_test(size=(160, 45)) as pilot:
        await loaded_game_pane(pilot)
        await pilot.press("f1")
        await settle(pilot)
        rows = help_rows(app)
        game_keys = {
            key for where, keys, _ in rows if where in ("Game", "Anywhere") for key in keys.split()
        }
        declared = {
            SHOWN.get(k.strip(), k.strip())
            for b in GameControls.BINDINGS
            if isinstance(b, Binding)
            for k in b.key.split(",")
        }
        assert sorted(declared - game_keys) == []
        game_rows = {keys: what for where, keys, what in rows if where == "Game"}
        assert game_rows["R"] == (
            "The rule of the highlighted choice, the event, or the hex's why not"
        )
        assert game_rows["tab  shift+tab"] == "Map, choices, log in turn (never leaves the game)"
        assert game_rows["enter"] == "Make the highlighted choice"
