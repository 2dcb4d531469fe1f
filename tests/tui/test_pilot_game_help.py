"""Found playing harrow in tmux: the help screen (F1) opened from the game names every key
the game screen answers to (`R` was nowhere to be found), and autoplay stopping at a
person's decision shows the highlighted choice in the detail panel (it showed the last
event, though enter makes the choice)."""

from __future__ import annotations

from pathlib import Path

from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game import describe as D
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


@run_async
async def test_autoplay_stopping_at_a_decision_shows_the_highlighted_choice(home: Path) -> None:
    app = GcacwApp(home=home, game=GameOptions("training", 1, "human", "heuristic"))
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None
        await pilot.press("home")
        await settle(pilot)
        # autoplay's beats, one by one: through the set-up to the person's first decision
        for _ in range(40):
            if h.at_end and h.human_to_move():
                break
            pane.play.tick()
            await settle(pilot)
        pane.play.tick()  # the beat that finds the person to move and stops
        await settle(pilot)
        box = app.query_one("#game-choices", OptionList)
        assert app.focused is box
        option = box.highlighted_option
        assert option is not None and option.id is not None
        action = pane._choices[int(option.id[1:])]
        rendered = app.query_one("#game-detail", Static).render()
        detail = rendered.plain if isinstance(rendered, Text) else str(rendered)
        assert detail.splitlines()[0] == D.action_words(action, h.last)
