"""Against a bot, the bot plays its part by itself (one event a beat, the pace made
instant here) until the person's next decision, which then shows what the bot did since
the person's last one; a whole harrow turn as the Union, passing whenever allowed, takes
a few keys (issue 42)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from gcacw_ref import i18n
from gcacw_ref.layout_rich import wrap_text
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game import pane as pane_module
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.game.pane import GamePane

from .conftest import loaded_game_pane, run_async, settle

HARROW = GameOptions("harrow", 1, "human", "heuristic")
INSTANT = (0.001,) * 6
PASSING = ("pass", "done", "end")  # the choices of a player who does nothing


async def until_decision(pilot: Pilot[object], pane: GamePane) -> None:
    """Wait, pressing nothing, until the bot's run stops at a decision of the person's (or
    the game's end)."""
    h = pane.history
    assert h is not None
    for _ in range(2000):
        await settle(pilot, pause=0.002)
        if pane.autoplay is None and not pane.busy:
            break
    await settle(pilot)  # the focus moves on the next turn of the event loop
    assert pane.autoplay is None and not pane.busy
    assert h.last.over or h.human_to_move()


def pass_keys(pane: GamePane) -> list[str]:
    """The keys that make the choice a passing player makes: down to it, then enter."""
    box = pane.query_one("#game-choices", OptionList)
    choices = pane._choices
    want = next((i for i, a in enumerate(choices) if a.type in PASSING), 0)
    target = box.get_option_index(f"a{want}")
    assert box.highlighted is not None
    steps = [box.get_option_at_index(i) for i in range(box.highlighted, target)]
    downs = sum(1 for o in steps if not o.disabled)
    return ["down"] * downs + ["enter"]


@pytest.mark.parametrize("size", [(160, 45), (80, 24)])
def test_a_harrow_turn_as_the_union_takes_under_60_keys(
    home: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    monkeypatch.setattr(pane_module, "SPEEDS", INSTANT)

    @run_async
    async def body() -> None:
        app = GcacwApp(home=home, game=HARROW)
        async with app.run_test(size=size) as pilot:
            pane = await loaded_game_pane(pilot)
            h = pane.history
            assert h is not None
            await until_decision(pilot, pane)  # no key from the set-up to the first
            assert h.human_to_move() and h.last.turn == 1
            keys = 0
            decisions = 0
            summaries = 0
            while h.last.turn == 1 and not h.last.over:
                assert app.focused is pane.query_one("#game-choices", OptionList)
                summary = pane.query_one("#game-summary", Static)
                if summary.has_class("shown"):
                    summaries += 1
                    assert pane.summary.startswith("The bot since your decision (")
                    # whole in its box (fewer named at 80x24), never cut off mid-line
                    lines = wrap_text(Text(pane.summary), summary.content_region.width, words=True)
                    assert len(lines) <= summary.content_region.height, (lines, summary.region)
                press = pass_keys(pane)
                keys += len(press)
                decisions += 1
                before = len(h.nodes)
                await pilot.press(*press)
                assert len(h.nodes) > before
                await until_decision(pilot, pane)
            assert h.last.turn == 2 and decisions >= 10
            assert summaries >= decisions - 1  # every decision after the bot's part
            assert keys < 60, keys
            bots = [n for n in h.nodes if n.by == "heuristic"]
            assert len(bots) > 100  # the bot's own play, every action a stop in the log
            assert all(any(s.node == h.nodes.index(n) for s in h.stops) for n in bots[:5])

    body()


def shown_rows(log: LogView, index: int) -> list[str]:
    """The rows line `index` of the log takes on screen, as text."""
    top = log.row_of(index) - int(log.scroll_offset.y)
    rows = []
    for y in range(top, log.size.height):
        if y < 0 or log.index_at(y + int(log.scroll_offset.y)) != index:
            break
        rows.append(log.render_line(y).text.rstrip())
    return rows


@pytest.mark.parametrize(("size", "lang"), [((160, 45), "en"), ((80, 24), "ja")])
def test_the_log_line_of_the_event_on_show_is_never_cut(
    home: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], lang: str
) -> None:
    """Every event the game stops at reads whole where it stands in the log: a line
    longer than the log wraps over as many rows as it needs (the bot's first turn of
    harrow, stepped back through event by event)."""
    monkeypatch.setattr(pane_module, "SPEEDS", INSTANT)

    @run_async
    async def body() -> None:
        i18n.set_language(lang)
        try:
            app = GcacwApp(home=home, game=HARROW)
            async with app.run_test(size=size) as pilot:
                pane = await loaded_game_pane(pilot)
                h = pane.history
                assert h is not None
                await until_decision(pilot, pane)
                for _ in range(3):  # three decisions: the bot's turn so far behind them
                    await pilot.press(*pass_keys(pane))
                    await until_decision(pilot, pane)
                log = pane.query_one(LogView)
                wrapped = 0
                while h.cursor > 0:
                    rows = shown_rows(log, h.cursor)
                    whole = log.lines[h.cursor].plain
                    seen = "".join(rows).replace(" ", "")
                    if seen != whole.replace(" ", ""):  # taller than the log itself:
                        assert whole.replace(" ", "").startswith(seen)  # its start, and
                        assert len(rows) == log.size.height  # the log's every row for it
                        if not h.at_last_node:  # and the detail panel shows it whole
                            detail = str(pane.query_one("#game-detail", Static).render())
                            event = h.event
                            assert event is not None
                            said = D.event_text(event, h.state).replace(" ", "")
                            assert said in detail.replace(" ", "").replace("\n", "")
                    assert "…" not in "".join(rows) or "…" in whole
                    wrapped += len(rows) > 1
                    pane.action_step(-1)
                    await pilot.pause()
                assert wrapped > 3  # long lines were there to wrap
        finally:
            i18n.set_language("en")

    body()
