"""Touch, on a phone (45 columns): the calculators' tab strip, too long for the screen,
gives way to every calculator as a word to tap, in lines that fit; a tap on each word
shows that calculator (in English and in Japanese), and the palette has an entry for
each. At a keyboard, or on a wide screen, the tab strip stays."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.widgets import Static, TabbedContent

from gcacw_ref import i18n
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.sixhex import FlankPicker
from gcacw_ref.tui.tabs import CALC_PANES
from gcacw_ref.tui.touchkit import ENV_VAR

from .conftest import run_async, settle
from .test_touch_no_keys import screen_lines

PHONE = (45, 40)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def place(lines: list[str], word: str, below: int) -> tuple[int, int]:
    """(column, row) of `word` (as a screen cell) in the first row under `below` holding it."""
    for row, line in enumerate(lines):
        if row > below and f" {word} " in f"{line} ":
            return cell_len(f" {line}"[: f" {line} ".index(f" {word} ")]), row
    raise AssertionError(f"{word!r} not on screen:\n" + "\n".join(lines))


@pytest.mark.parametrize("lang", ["en", "ja"])
@run_async
async def test_a_tap_reaches_every_calculator_on_a_phone(
    lang: str, app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, "1")
    i18n.set_language(lang)
    app = GcacwApp(home=app_home)
    async with app.run_test(size=PHONE) as pilot:
        await settle(pilot, 0.2)
        await app.run_action("show_tab('calc')")
        await settle(pilot, 0.2)
        picker = app.query_one("#calc-picker", Static)
        assert picker.region.height == 2  # seven words in two lines of 45 cells
        tab_strip = app.query_one("#calc-tabs", TabbedContent).query_one("ContentTabs")
        assert not tab_strip.region.height
        for pane in reversed(CALC_PANES):  # the last first: those the strip hid
            title = i18n._(pane.title())
            col, row = place(screen_lines(app), title, picker.region.y - 1)
            await pilot.click(offset=(col + 1, row))
            await settle(pilot, 0.2)
            assert app.query_one("#calc-tabs", TabbedContent).active == f"calc-{pane.NAME}"
            shown = app.query_one(f"#pane-{pane.NAME}", CalcPane)
            assert shown.region.height > 10, pane.NAME
        titles = {c.title for c in app.get_system_commands(app.screen)}
        for pane in CALC_PANES:
            assert i18n._("Calculator: {title}").format(title=i18n._(pane.title())) in titles


@pytest.mark.parametrize("touch, size", [(False, PHONE), (True, (130, 40))])
@run_async
async def test_the_tab_strip_stays_where_it_fits_or_keys_work(
    touch: bool, size: tuple[int, int], app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if touch:
        monkeypatch.setenv(ENV_VAR, "1")
    else:
        monkeypatch.delenv(ENV_VAR, raising=False)
    app = GcacwApp(home=app_home)
    async with app.run_test(size=size) as pilot:
        await settle(pilot, 0.2)
        await app.run_action("show_tab('calc')")
        await settle(pilot, 0.2)
        assert not app.query_one("#calc-picker", Static).region.height
        tab_strip = app.query_one("#calc-tabs", TabbedContent).query_one("ContentTabs")
        assert tab_strip.region.height


@run_async
async def test_the_hex_pictures_marks_by_tap(
    app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Flank (7.4) on a phone: a tap on a hex, then on "Attacker unit" and twice on "ZOC",
    marks that hex as a keyboard's `a` and `z z` do, and no other."""
    monkeypatch.setenv(ENV_VAR, "1")
    app = GcacwApp(home=app_home)
    async with app.run_test(size=(45, 70)) as pilot:
        await settle(pilot, 0.2)
        await app.run_action("show_calc('flank')")
        await settle(pilot, 0.2)
        picker = app.query_one(FlankPicker)
        await pilot.click(picker, offset=(27, 7))  # the box of neighbour 3 (SE)
        legend = picker.region.y + picker.region.height - 1
        for word in ("Attacker unit", "ZOC", "ZOC"):
            col, row = place(screen_lines(app), word, legend)
            await pilot.click(offset=(col + 1, row))
            await settle(pilot)
        assert picker.selected == 2
        assert picker.cells[2]["attacker_unit"] is True
        assert picker.cells[2]["attacker_zoc"] == "limited"
        assert [i for i, cell in enumerate(picker.cells) if cell["attacker_unit"]] == [2]
