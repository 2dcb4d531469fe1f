"""The compact map on a phone's 45x40: harrow's 32 columns all on screen at once, one
character a hex, in both languages; a tap on a hex chooses it; a larger terminal fits the
hexes again at three characters; the message after `m` names the touch bar's button."""

from __future__ import annotations

from pathlib import Path

import pytest

from gcacw_ref.i18n import catalog
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.compact import GUTTER
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.mapstyle import CURSOR_STYLE
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.touchkit import ENV_VAR

from .conftest import loaded_game_pane, run_async, settle, until_still

HARROW = GameOptions("harrow", 1, "human", "heuristic")
COLUMNS = "00000000011111111112222222222333", "12345678901234567890123456789012"


def t(lang: str, text: str) -> str:
    return catalog(lang).gettext(text) if lang == "ja" else text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_whole_harrow_width_on_a_phone(
    lang: str, home: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    if lang == "ja":
        request.getfixturevalue("japanese")
    monkeypatch.setenv(ENV_VAR, "1")  # served to a phone: the touch bar, taps

    @run_async
    async def run() -> None:
        app = GcacwApp(home=home, game=HARROW)
        async with app.run_test(size=(45, 40)) as pilot:
            pane = await loaded_game_pane(pilot)
            await until_still(pilot, pane)  # each bot's step clears the message
            view = app.query_one(MapView)
            await app.action_touch("game", "map_compact")  # the touch bar's "map"
            await settle(pilot)
            assert view.compact and view.hex_w == 1
            assert pane.message == t(lang, "Compact map; map: full hexes")
            assert t(lang, "map") in pane.message
            room = view.scrollable_content_region.width
            assert view.virtual_size.width == GUTTER + 32 <= room
            assert view.scroll_offset.x == 0
            # columns 1 and 32 on screen at once, under their numbers (tens over ones)
            assert [view.render_line(y).text[GUTTER : GUTTER + 32] for y in (0, 1)] == list(COLUMNS)
            assert view.render_line(2).text.startswith("01 ")
            for h in ("0101", "3201", "1605"):
                r = view.cell_region(h)
                assert r.width == 1 and r.right <= room
            # a tap on a hex at the right edge chooses it; the hex panel names it exactly
            r = view.cell_region("3205")
            await pilot.click(MapView, offset=(r.x, r.y))
            await settle(pilot)
            assert view.cursor_hex == "3205"
            assert "3205" in str(app.query_one("#game-info").render())
            for y in (0, 1):  # column 32 lit on both lines of numbers
                lit = [s.text for s in view.render_line(y) if s.style == CURSOR_STYLE]
                assert lit == [COLUMNS[y][-1]]
            # a tap on the numbers chooses nothing
            await pilot.click(MapView, offset=(GUTTER + 3, 1))
            await settle(pilot)
            assert view.cursor_hex == "3205"
            # the bottom row: the view scrolls, the numbers stay on top
            view.move_cursor("3226")
            await settle(pilot)
            assert view.render_line(0).text[GUTTER:].startswith(COLUMNS[0])
            r = view.cell_region("3226")
            assert r.y - view.scroll_offset.y < view.scrollable_content_region.height
            # a larger terminal: three characters a hex again
            await pilot.resize_terminal(160, 45)
            await settle(pilot)
            assert view.hex_w == 3 and view.virtual_size.width == GUTTER + 32 * 3
            assert view.render_line(0).text.startswith(" " * GUTTER + "01 02 03")
            await app.action_touch("game", "map_compact")
            await settle(pilot)
            assert pane.message == t(lang, "Full map; map: the whole map at once")

    run()


@run_async
async def test_at_a_keyboard_the_message_names_the_key(home: Path) -> None:
    app = GcacwApp(home=home, game=HARROW)
    async with app.run_test(size=(120, 40)) as pilot:
        pane = await loaded_game_pane(pilot)
        await until_still(pilot, pane)
        view = app.query_one(MapView)
        await pilot.press("m")
        await settle(pilot)
        assert view.hex_w == 2  # 67 cells fit the 68 of the map pane
        assert pane.message == "Compact map: a line a hex, hex ids on the edges; m: full hexes"
        assert view.render_line(0).text.startswith("   0 0 0 0 0 0 0 0 0 1 1")
        assert view.render_line(1).text.startswith("   1 2 3 4 5 6 7 8 9 0 1")
        r = view.cell_region("3210")
        await pilot.click(MapView, offset=(r.x + 1, r.y))
        await settle(pilot)
        assert view.cursor_hex == "3210"
