"""Place names on the full map read whole: a name longer than its hex runs on over the
quiet cells to its right (issue: names were cut to six cells, "Harrow", "Brando"); it is
cut only where the next cell shows something."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.i18n import set_language
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.mapstyle import CELL_W
from gcacw_ref.tui.game.mapview import MapView

from .conftest import loaded_game_pane, run_async, settle, until_still

HARROW = GameOptions("harrow", 1, "human", "heuristic")


def name_line(view: MapView, h: str, cells: int = 3) -> str:
    """The second line of hex `h` and the `cells` - 1 cells after it, as drawn."""
    region = view.cell_region(h)
    line = view._lines[region.y + 1]  # noqa: SLF001 - the drawing, scrolled or not
    return line.crop(region.x, region.x + CELL_W * cells).text


@run_async
async def test_long_place_names_read_whole_on_the_full_map(home: Path) -> None:
    app = GcacwApp(home=home, game=HARROW)
    async with app.run_test(size=(160, 45)) as pilot:
        await until_still(pilot, await loaded_game_pane(pilot))  # the bot's part played on
        view = app.query_one(MapView)
        assert not view.compact
        assert name_line(view, "0407").startswith("Brandon ")
        assert name_line(view, "3013").startswith("Harrowgate ")
        assert name_line(view, "1222").startswith("Tamsin Landing ")
        assert name_line(view, "0813").startswith("Kettle ")  # it fits its own hex
        # the cursor on the next hex: the name stops at its own hex, the cursor shows
        view.move_cursor("3114")
        await settle(pilot)
        assert name_line(view, "3013", 2) == "Harrow 3114   "


@run_async
async def test_long_place_names_read_whole_in_japanese(home: Path) -> None:
    set_language("ja")
    try:
        app = GcacwApp(home=home, game=HARROW)
        async with app.run_test(size=(160, 45)) as pilot:
            await until_still(pilot, await loaded_game_pane(pilot))
            view = app.query_one(MapView)
            assert name_line(view, "0419").startswith("フェンウィック")
            assert name_line(view, "1222").startswith("タムシン船着場")
    finally:
        set_language("en")


@run_async
async def test_the_full_map_shows_whole_hexes_at_its_edges(home: Path) -> None:
    """Scrolled to any hex, the view starts at a hex's left edge (no hex cut in half, its
    units shown without its id), a hex cut at the right edge is left blank (its "060"
    read as an id), and the hex scrolled to is whole."""
    app = GcacwApp(home=home, game=HARROW)
    async with app.run_test(size=(80, 24)) as pilot:
        await until_still(pilot, await loaded_game_pane(pilot))  # the bot's part played on
        view = app.query_one(MapView)
        offsets = set()
        for h in ("0101", "1006", "2313", "3226", "1720", "0407", "2902"):
            view.move_cursor(h)
            await settle(pilot)
            sx, sy = (int(v) for v in view.scroll_offset)
            offsets.add(sx % CELL_W)
            region = view.cell_region(h)
            drawn = view.render_line(region.y - sy).text
            left = sx - sx % CELL_W
            line = view._lines[region.y]  # noqa: SLF001 - the whole drawing's line
            whole = view.size.width - view.size.width % CELL_W  # no hex cut at the right
            assert drawn == line.crop_extend(left, left + whole, None).text.ljust(len(drawn))
            assert drawn[whole:] == " " * (view.size.width - whole)
            assert drawn[region.x - left : region.x - left + 4] == h
            assert region.x - left + CELL_W <= view.size.width  # the whole hex is in view
        assert offsets != {0}  # the scroll itself is not always on a hex's edge
