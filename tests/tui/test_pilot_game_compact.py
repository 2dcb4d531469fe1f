"""The compact map (`m`): the whole harrow map at 160x45, the cursor, the overlays and
the highlights drawn in it, and the edges' numbers."""

from __future__ import annotations

import io
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console
from rich.style import Style
from textual.strip import Strip

from gcacw_ref.game.play.api import Action, initial_state, load_scenario
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.choiceline import ChoiceLine
from gcacw_ref.tui.game.compact import GUTTER
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.game.mapstyle import CHOICE_BG, CURSOR_BG, EVENT_BG, ZOC_BG
from gcacw_ref.tui.game.mapview import MapView

from .conftest import loaded_game_pane, run_async, settle

HARROW = GameOptions("harrow", 1, "human", "heuristic")


def strip_bgs(strip: Strip) -> set[str]:
    return {s.style.bgcolor.name for s in strip if s.style and s.style.bgcolor}


def cell(view: MapView, h: str) -> tuple[str, list[Style]]:
    """The text and the styles of hex `h` as drawn on the map's screen."""
    region = view.cell_region(h)
    sx, sy = view.scroll_offset
    line = view.render_line(region.y - int(sy))
    x = region.x - int(sx)
    part = line.crop(x, x + region.width)
    return part.text, [seg.style for seg in part if seg.style is not None]


def backgrounds(view: MapView, h: str) -> set[str]:
    return {s.bgcolor.name for s in cell(view, h)[1] if s.bgcolor is not None}


@run_async
async def test_m_shows_the_whole_harrow_map_at_160x45_and_back(home: Path) -> None:
    app = GcacwApp(home=home, game=HARROW)
    async with app.run_test(size=(160, 45)) as pilot:
        await loaded_game_pane(pilot)
        view = app.query_one(MapView)
        assert view.hexmap is not None
        assert (view.hexmap.columns, view.hexmap.rows) == (32, 26)
        full = view.virtual_size
        assert full.width > view.size.width  # the full hexes do not fit
        await pilot.press("m")
        await settle(pilot)
        assert view.compact
        assert view.virtual_size.width == 3 + 32 * 3 and view.virtual_size.height == 1 + 26
        assert view.virtual_size.width <= view.size.width
        assert view.virtual_size.height <= view.size.height
        assert view.scroll_offset == (0, 0)
        # every hex is on the screen at once
        for h in ("0101", "3201", "0126", "3226", "1613"):
            r = view.cell_region(h)
            assert r.right <= view.size.width and r.bottom <= view.size.height
        # the edges: column numbers on top, row numbers on the left
        top = view.render_line(0).text
        assert top.startswith(" " * GUTTER + "01 02 03") and top.rstrip().endswith("31 32")
        assert view.render_line(26).text.startswith("26 ")
        await pilot.press("m")
        await settle(pilot)
        assert not view.compact and view.virtual_size == full


@run_async
async def test_the_cursor_moves_and_is_lit_with_its_column_and_row(home: Path) -> None:
    app = GcacwApp(home=home, game=HARROW)
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await loaded_game_pane(pilot)
        view = app.query_one(MapView)
        await pilot.press("m")
        await settle(pilot)
        view.move_cursor("0505")
        await pilot.press("d", "d", "s")
        await settle(pilot)
        assert view.cursor_hex == "0706"
        assert backgrounds(view, "0706") == {CURSOR_BG}
        assert CURSOR_BG not in backgrounds(view, "0705")
        top = view.render_line(0)
        lit = top.crop(GUTTER + 6 * 3, GUTTER + 7 * 3)
        assert lit.text == "07 " and strip_bgs(lit) == {CURSOR_BG}
        side = view.render_line(6).crop(0, GUTTER)
        assert side.text == "06 " and strip_bgs(side) == {CURSOR_BG}
        assert CURSOR_BG not in strip_bgs(view.render_line(5).crop(0, GUTTER))
        # the hex panel names the cursor's hex (the ids left the hexes)
        assert "0706" in str(app.query_one("#game-info").render())
        # a click on a hex moves the cursor there; a click on the numbers does nothing
        r = view.cell_region("1210")
        await pilot.click(MapView, offset=(r.x + 1, r.y))
        await settle(pilot)
        assert view.cursor_hex == "1210"
        await pilot.click(MapView, offset=(1, 5))
        await settle(pilot)
        assert view.cursor_hex == "1210"
        assert pane.history is not None


@run_async
async def test_overlays_and_highlights_show_in_the_compact_map(home: Path) -> None:
    app = GcacwApp(home=home, game=HARROW)
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await loaded_game_pane(pilot)
        view = app.query_one(MapView)
        await pilot.press("m")
        await settle(pilot)
        await pilot.press("z")  # the Union's ZOC
        await settle(pilot)
        assert pane.overlay == "zoc-union"
        zoc = [h for h, bg in view.overlay_bg.items() if bg == ZOC_BG["union"]]
        assert zoc
        shown = [h for h in zoc if ZOC_BG["union"] in backgrounds(view, h)]
        lit = view.highlight | view.choices | {view.cursor_hex}
        assert set(shown) == set(zoc) - lit
        # a unit's hex reads as kind-or-count and strength, in three characters
        state = pane.history.state if pane.history else None
        assert state is not None
        u = next(u for u in state.units.values() if u.hex and len(state.units_at(u.hex)) == 1)
        assert u.hex is not None
        text, _styles = cell(view, u.hex)
        assert len(text) == 3 and text[0] in "ICA"
        # the acting unit of the highlighted choice is lit, as on the full map
        await pilot.press("end", "right")
        await settle(pilot)
        assert pane._choices and app.focused is app.query_one("#game-choices")
        await pilot.press("down")
        await settle(pilot)
        assert pane.pointed and set(pane.pointed) <= view.highlight
        for h in view.highlight - {view.cursor_hex}:
            assert backgrounds(view, h) == {EVENT_BG}
        # the hexes of the current choices keep their colour over an overlay
        choice = next(h for h in zoc if h not in view.highlight and h != view.cursor_hex)
        view.show(state, choices=[choice], overlay_bg=view.overlay_bg)
        assert backgrounds(view, choice) == {CHOICE_BG}


@run_async
async def test_choice_lines_keep_their_rule_tag_and_show_whole_in_the_detail(
    home: Path,
) -> None:
    app = GcacwApp(home=home, game=HARROW)
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("end", "right")
        await settle(pilot)
        box = app.query_one("#game-choices")
        assert pane._choices and app.focused is box
        rows = [box.render_line(y).text.rstrip(" │▂▇▅▆▄▃▁█") for y in range(box.size.height)]
        tagged = [r for r in rows if "[" in r]
        # every choice on one line, tag included; one group title (a lone "Done" has none)
        assert len(tagged) == box.size.height - 1
        assert all(r.endswith("[6.3]") for r in tagged)
        # under its group's title a line does not repeat it
        assert not any("Transfer a leader ·" in r for r in rows)
        await pilot.press("down")
        await settle(pilot)
        detail = str(app.query_one("#game-detail").render())
        assert detail.startswith("Transfer a leader · Garrick (army) → Birch (2/I)\n[6.3] ")


def test_a_choice_line_wraps_its_words_never_cuts_them() -> None:
    console = Console(width=24, color_system=None, file=io.StringIO())
    line = ChoiceLine("March · Birch (2/I) to 1107 Harrow Mill", "6.1")
    with console.capture() as out:
        console.print(line)
    # the words whole over three rows, the tag at the first row's edge
    assert [r.rstrip() for r in out.get().splitlines()] == [  # wrapped where its parts meet
        "  March ·          [6.1]",
        "    Birch (2/I) to 1107",
        "    Harrow Mill",
    ]
    wide = Console(width=60, color_system=None, file=io.StringIO())
    with wide.capture() as out:
        wide.print(line)
    assert out.get().rstrip() == "  March · Birch (2/I) to 1107 Harrow Mill  [6.1]"
    kana = Console(width=20, color_system=None, file=io.StringIO())
    with kana.capture() as out:
        kana.print(ChoiceLine("行軍 · バーチ（第1軍団第2師団）", "6.1"))
    rows = out.get().splitlines()
    assert rows[0].endswith("  [6.1]") and cell_len(rows[0]) == 20
    whole = "".join(rows).replace("[6.1]", "").replace(" ", "")
    assert whole == "行軍·バーチ（第1軍団第2師団）"


@run_async
async def test_the_log_keeps_the_latest_event_in_view_when_the_choices_open(home: Path) -> None:
    app = GcacwApp(home=home, game=HARROW)
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("end", "right")
        await settle(pilot)
        log = app.query_one(LogView)
        for _ in range(120):  # play on (the first choice each time) until the log is long
            if pane._choices and log.current > log.size.height:
                break
            await pilot.press("enter" if pane._choices else "right")
            for _ in range(2000):  # the bot plays on by itself to the next decision
                await settle(pilot, pause=0.005)
                if pane.autoplay is None and not pane.busy:
                    break
        assert pane._choices and log.current > log.size.height
        top = int(log.scroll_offset.y)
        assert top <= log.current < top + log.size.height


def test_choices_words_and_rules_read_from_the_decision() -> None:
    state = initial_state(load_scenario("harrow"), 1)
    cav = next(u for u in state.units.values() if u.kind == "cavalry" and u.hex)
    assert cav.hex is not None
    words = D.action_words(Action(type="cavalry_retreat", hex=cav.hex, option="yes"), state)
    assert words == f"Cavalry retreat · {cav.name} · in {cav.hex} · yes"
    # a choice the screen has no rule for follows its decision's rule (leaders split: 6.3)
    assert D.action_rule(Action(type="done"), "leaders_split", "6.3") == "6.3"
    assert D.action_rule(Action(type="done"), "activation", "5.2") == "5.2"


@run_async
async def test_a_reopened_save_waiting_for_a_person_focuses_the_choices(
    home: Path, tmp_path: Path
) -> None:
    path = tmp_path / "waiting.json"
    first = GcacwApp(home=home, game=HARROW)
    async with first.run_test(size=(80, 24)) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("end", "right")
        await settle(pilot)
        assert pane._choices and pane.history is not None
        pane.history.save(path)  # a person's decision open at the end
    app = GcacwApp(home=home, game=GameOptions(open_path=str(path)))
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await loaded_game_pane(pilot)
        await settle(pilot)
        assert pane._choices
        assert app.focused is app.query_one("#game-choices")
