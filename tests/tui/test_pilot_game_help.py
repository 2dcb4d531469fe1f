"""Found playing harrow in tmux, each fixed here: the help screen (F1) from the game names
every key the game answers to (`R` was nowhere to be found); autoplay stopping at a
person's decision shows the highlighted choice in the detail panel (it showed the last
event, though enter makes the choice); the hex panel's hexside directions follow the
language ("NE 1221: 大河川" in Japanese); the dice prompt's example has as many dice as
asked; at 80x24 cut choice lines keep their ends (the leader transfers lost their targets,
the two cavalry retreat lines "Upham's Brigade · in 1022 ·…" were the same); and a key's
note is on screen at 80 columns."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Input, OptionList, Static

from gcacw_ref import i18n
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.controls import GameControls
from gcacw_ref.tui.game.dialogs import DiceDialog, GameOptions
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.screens import HelpScreen

from .conftest import loaded_game_pane, run_async, settle, until_still

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
    "left_square_bracket": "[",
    "right_square_bracket": "]",
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


@run_async
async def test_long_choice_lines_at_80x24_wrap_and_keep_both_names(home: Path) -> None:
    app = GcacwApp(home=home, game=GameOptions("harrow", 1, "human", "heuristic"))
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await loaded_game_pane(pilot)
        await until_still(pilot, pane)
        box = app.query_one("#game-choices", OptionList)
        assert pane._choices and app.focused is box
        # every leader transfer's line, drawn at the box's own width
        width = box.scrollable_content_region.width
        console = Console(width=width, color_system=None, file=io.StringIO())
        shown = []
        for option in box.options:
            if option.id and pane._choices[int(option.id[1:])].type == "transfer":
                with console.capture() as out:
                    console.print(option.prompt)
                words = str(getattr(option.prompt, "plain", "")).removesuffix("  [6.3]")
                shown.append((out.get(), words))
        assert len(shown) == 24 and not any("…" in line for line, _ in shown)
        # each choice whole over its rows, the tag ending the first; no two alike
        for line, words in shown:
            rows = line.splitlines()
            assert rows[0].rstrip().endswith("[6.3]")
            assert " ".join(" ".join(rows).replace("[6.3]", "").split()) == words.strip()
        assert len({line for line, _ in shown}) == 24
        assert shown[0][0].splitlines()[:2] == [
            "  Garrick (army) →            [6.3]",
            "    Birch (2/I)",
        ]


@run_async
async def test_the_hex_panel_names_hexside_directions_in_japanese(home: Path) -> None:
    app = GcacwApp(home=home, game=GameOptions("harrow", 1, "human", "heuristic"))
    try:
        async with app.run_test(size=(160, 45)) as pilot:
            await loaded_game_pane(pilot)
            await pilot.press("f8")  # Japanese
            await settle(pilot)
            assert i18n.current_language() == "ja"
            app.query_one(MapView).move_cursor("1122")
            await settle(pilot)
            rendered = app.query_one("#game-info", Static).render()
            info = rendered.plain if isinstance(rendered, Text) else str(rendered)
            assert "\n  北東 1221: 大河川\n  南東 1222: 大河川\n" in info
            assert "NE" not in info and "SE" not in info
    finally:
        i18n.set_language("en")


@run_async
async def test_a_keys_note_is_on_screen_at_80_columns(home: Path) -> None:
    """At 80x24 the note after the decision was cut off: `>` at the live end said why
    it did nothing where no one could read it."""
    app = GcacwApp(home=home, game=GameOptions("harrow", 1, "human", "heuristic"))
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await loaded_game_pane(pilot)
        # the person's "Done": the bot is next and plays on by itself; space pauses it
        await until_still(pilot, pane)
        await pilot.press("enter", "space")
        await settle(pilot)
        assert pane.history is not None and not pane.history.human_to_move()
        assert pane.autoplay is None and pane.paused
        await pilot.press("end", "greater_than_sign")
        await settle(pilot)
        assert pane.message == "already at the latest event: → lets the game go on"
        status = app.query_one("#game-status", Static)
        shown = status.render_line(1).text
        assert shown.startswith("already at the latest event: → lets the game go on  ")


@run_async
async def test_the_dice_prompts_example_has_as_many_dice_as_asked(home: Path) -> None:
    """A march's one die was prompted with "e.g. 3 5", two numbers."""
    app = GcacwApp(home=home, game=GameOptions("training", 1, "human", "human"))
    async with app.run_test(size=(80, 24)) as pilot:
        await loaded_game_pane(pilot)
        examples = []
        for count in (1, 2, 3):
            rolls = ["[5.1] movement allowance: Union: 1 die"]
            app.push_screen(DiceDialog(count, ["5.1"], "March · Birch (2/I)", rolls))
            await settle(pilot)
            examples.append(app.screen.query_one("#dice-input", Input).placeholder)
            await pilot.press("escape")
            await settle(pilot)
        assert examples == ["e.g. 3", "e.g. 3 5", "e.g. 3 5 2"]
