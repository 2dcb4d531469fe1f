"""The game screen's focus model (written down in `gcacw_ref.tui.game.focus`), every event
readable in full, the future dimmed, and keys that can do nothing saying why."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import OptionList, Static

from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.replay import play_bots, save_game
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game import pane as pane_module
from gcacw_ref.tui.game.dialogs import DiceDialog, GameOptions
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.game.mapview import MapView

from .conftest import loaded_game_pane, run_async, settle, step_to_first_combat, until_still

PEOPLE = GameOptions("training", 3, "human", "human")
BOTS = GameOptions("training", 1, "heuristic", "heuristic")
SIZE = (160, 45)


def detail_text(app: GcacwApp) -> str:
    rendered = app.query_one("#game-detail", Static).render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


def status_text(app: GcacwApp) -> str:
    rendered = app.query_one("#game-status", Static).render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


@run_async
async def test_tab_cycles_map_choices_log_and_never_leaves_the_game(home: Path) -> None:
    app = GcacwApp(home=home, game=PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        mapview = app.query_one(MapView)
        log = app.query_one(LogView)
        box = app.query_one("#game-choices", OptionList)
        assert app.focused is mapview  # the set-up: no decision shown
        await pilot.press("tab")
        assert app.focused is log
        await pilot.press("tab")
        assert app.focused is mapview
        await pilot.press("end", "right")
        await settle(pilot)
        assert app.focused is box
        order = []
        for _ in range(6):
            await pilot.press("tab")
            order.append(app.focused)
        assert order == [log, mapview, box, log, mapview, box]
        await pilot.press("shift+tab")
        assert app.focused is mapview
        await pilot.press("tab", "tab", "end", "right", "tab")  # from the log on
        assert app.query_one("#tabs").active == "game"  # type: ignore[attr-defined]
        assert app.focused is not None and pane in app.focused.ancestors_with_self


@run_async
async def test_a_reopened_save_shows_the_event_where_it_was_saved(
    home: Path, tmp_path: Path
) -> None:
    game = play_bots(load_scenario("training"), 2, "heuristic", "heuristic")
    path = tmp_path / "saved.json"
    save_game(game, path)
    app = GcacwApp(home=home, game=GameOptions(open_path=str(path)))
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None
        assert h.at_end and h.cursor == len(h.stops) - 1 > 0
        assert app.query_one(LogView).current == h.cursor
        assert h.event == game.events[-1]


@run_async
async def test_a_key_that_can_do_nothing_says_why(home: Path) -> None:
    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None
        await pilot.press("left")
        assert pane.message == "already at the set-up: nothing earlier"
        assert "already at the set-up" in status_text(app)
        await pilot.press("less_than_sign")
        assert pane.message == "already at the set-up: nothing earlier"
        await pilot.press("end", "greater_than_sign")
        assert pane.message == "already at the latest event: → lets the game go on"
        await pilot.press("end")
        assert pane.message == "already at the latest event: → lets the game go on"
        await pilot.press("g")
        assert pane.message.startswith("the log's cursor is on the current event")
        await pilot.press("u")
        assert pane.message == "Nothing to undo."
        await pilot.press("R")  # the map has no reason shown yet
        assert pane.message == "no rule to open here"


@run_async
async def test_an_attack_reads_in_full_at_80_columns_and_the_future_is_dim(home: Path) -> None:
    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await loaded_game_pane(pilot)
        event = await step_to_first_combat(pilot, pane)
        h = pane.history
        assert h is not None
        await settle(pilot)
        text = " ".join(detail_text(app).split())
        assert " ".join(D.event_text(event, h.last).split()) in text
        dice = event["dice"]
        assert f"attacker {dice['attacker']} (Union)" in text or (
            f"attacker {dice['attacker']} (Confederate)" in text
        )
        assert f"differential {event['differential']:+d}" in text
        assert f"[{event['rule']}]" in text
        assert all(" ".join(str(s).split()) in text for s in event["steps"])
        # stepping back: the combat is now in the future, drawn dim
        pane.action_step(-1)
        await settle(pilot)
        log = app.query_one(LogView)
        future = log.render_line(log.row_of(h.cursor + 1) - int(log.scroll_offset.y))
        assert all(seg.style is not None and seg.style.dim for seg in future if seg.text.strip())
        now = log.render_line(log.row_of(h.cursor) - int(log.scroll_offset.y))
        assert not all(seg.style is not None and seg.style.dim for seg in now if seg.text.strip())


@run_async
async def test_the_header_waits_for_the_players_dice(home: Path) -> None:
    app = GcacwApp(home=home, game=GameOptions("training", 2, "human", "human"))
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None
        await pilot.press("t")
        for _ in range(300):
            h.go(len(h.stops) - 1)
            legal = h.legal()
            rolling = [a for a in legal if h.dice_needed(a)[0]]
            if rolling:
                break
            pane._play(legal[0], "human", None)  # noqa: SLF001
        pane.decide(rolling[0])
        await settle(pilot)
        assert isinstance(app.screen, DiceDialog)
        assert pane.dice_wait and "waiting for your dice" in status_text(app)
        assert "bot is thinking" not in status_text(app)
        rolls = app.screen.rolls
        assert rolls and all(r.startswith("[") and ": " in r for r in rolls)
        await pilot.press("escape")
        await settle(pilot)
        assert not pane.dice_wait
        assert pane.message == "dice not typed: the decision is still open"


@run_async
async def test_the_live_end_says_which_key_plays_on(home: Path) -> None:
    """A bot waits for → at the live end: the status line says so. A person's open
    decision is not played on by →: a step there says the decision is open."""
    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("end")
        await settle(pilot)
        assert "(heuristic bot)  →: the bot decides" in status_text(app)
        await pilot.press("left")
        await settle(pilot)
        assert "→: the bot decides" not in status_text(app)  # not at the live end
        assert pane.history is not None
    app = GcacwApp(home=home, game=PEOPLE)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("end", "right")
        await settle(pilot)
        assert pane._choices  # noqa: SLF001 - a person decides
        await pilot.press("greater_than_sign")
        await settle(pilot)
        assert pane.message == "already at the latest event: your decision is open (enter chooses)"
        assert "→: the bot decides" not in status_text(app)


@run_async
async def test_reading_the_log_at_80x24_under_an_open_decision_shows_the_event_whole(
    home: Path,
) -> None:
    app = GcacwApp(home=home, game=GameOptions("harrow", 1, "human", "heuristic"))
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("end", "right")
        await settle(pilot)
        assert pane._choices and app.focused is app.query_one("#game-choices")  # noqa: SLF001
        await pilot.press("tab", "up")  # to the log: an event of the first turn
        await settle(pilot)
        assert isinstance(app.focused, LogView)
        detail = app.query_one("#game-detail", Static)
        lines = Text(detail_text(app)).wrap(app.console, detail.content_region.width)
        assert len(lines) >= 2 and detail.content_region.height >= len(lines)
        # the open decision shrinks to a quarter of the side: the log gets the room
        side = app.query_one("#game-side").region.height
        assert app.query_one("#game-choices").region.height <= side // 4
        assert app.query_one(LogView).region.height >= 6
        assert app.query_one("#game-choices").display  # the decision stays in view
        await pilot.press("tab")  # back to the map: the choices have their room again
        await settle(pilot)
        assert not pane.has_class("log-focus")


@run_async
async def test_after_a_choice_that_hands_over_to_the_bot_the_map_has_the_focus(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The choices box goes when the bot is to decide; the focus goes to the map, not on
    to the log, where the next `enter` opened a rule instead of doing nothing."""
    app = GcacwApp(home=home, game=GameOptions("harrow", 1, "human", "heuristic"))
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        await until_still(pilot, pane)
        assert pane._choices and app.focused is app.query_one("#game-choices")  # noqa: SLF001
        # "Done": the Confederate bot moves its leaders next, by itself (space pauses it);
        # its beat slowed to a minute, so that on a loaded machine it has not played back
        # to the person before space is read
        monkeypatch.setattr(pane_module, "SPEEDS", (60.0,) * 6)
        await pilot.press("enter", "space")
        await settle(pilot)
        assert pane.history is not None and not pane.history.human_to_move()
        assert app.focused is app.query_one(MapView)
        await pilot.press("enter")
        await settle(pilot)
        assert app.query_one("#tabs").active == "game"  # type: ignore[attr-defined]
