"""At 80x24 an attack's detail (its strength steps, dice, differential and results) runs
past the bottom of the panel under the log: `[` and `]` scroll it, wherever the focus is,
without the panel taking the focus (Tab still cycles map → choices → log); the keys are
in the help and the hint line, and a key that cannot scroll says why."""

from __future__ import annotations

from pathlib import Path

from textual.containers import VerticalScroll
from textual.widgets import Static

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.keys import KEYS
from gcacw_ref.tui.tabs import hints

from .conftest import loaded_game_pane, run_async, settle, step_to_first_combat

BOTS = GameOptions("training", 1, "heuristic", "heuristic")


def visible_rows(app: GcacwApp) -> list[str]:
    """The detail's rows inside the panel's window now (the panel scrolls the text)."""
    box = app.query_one("#game-detail-box", VerticalScroll)
    text = app.query_one("#game-detail", Static)
    top = int(box.scroll_y)
    rows = range(top, min(top + box.scrollable_content_region.height, text.size.height))
    return [text.render_line(y).text.strip() for y in rows]


@run_async
async def test_an_attacks_detail_scrolls_to_its_last_line_at_80x24(home: Path) -> None:
    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await loaded_game_pane(pilot)
        event = await step_to_first_combat(pilot, pane)
        app.query_one(LogView).focus()
        await settle(pilot)
        box = app.query_one("#game-detail-box", VerticalScroll)
        assert box.max_scroll_y > 0 and box.scroll_y == 0
        last = str(event["steps"][-1])[:16]  # "[7.5] Attacker's": the start of the last step
        assert not any(last in row for row in visible_rows(app))
        await pilot.press("left_square_bracket")
        await settle(pilot)
        assert pane.message == "already at the top of the detail"
        for _ in range(20):
            await pilot.press("right_square_bracket")
            await settle(pilot)
            if box.scroll_y >= box.max_scroll_y:
                break
        assert box.scroll_y == box.max_scroll_y
        assert any(last in row for row in visible_rows(app)), visible_rows(app)
        assert app.focused is app.query_one(LogView)  # the panel never took the focus
        await pilot.press("right_square_bracket")
        await settle(pilot)
        assert pane.message == "already at the end of the detail"
        await pilot.press("tab")
        await settle(pilot)
        assert app.focused is app.query_one("#game-map")
        # another event: the detail starts from its top again
        pane.action_step(-1)
        await settle(pilot)
        assert box.scroll_y == 0
        rendered = app.query_one("#game-detail", Static).render()
        assert rendered


def test_the_detail_keys_are_in_the_help_and_the_hint_line() -> None:
    assert ("Game", "[  ]") in {(where, keys) for where, keys, _ in KEYS}
    assert "[] detail" in hints("game").plain
    assert "[] detail" in hints("game", 80).plain
