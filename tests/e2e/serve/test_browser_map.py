"""The compact game map in a real Chromium (Playwright) by touch, at a phone's size
(412x915) and a tablet's (1180x820), in English and in Japanese: harrow's 32 columns are
all on screen at once after a tap on the touch bar's "map".

The game is harrow, kept as a closed tab's autosave (a new tab takes it over and opens it
on the game tab). On the phone the hexes are one character wide and the column numbers take
two lines
(the tens over the ones); on the tablet the widest hex whose 32 columns fit the map pane
left of the side panel (3 characters: one line `01 02 … 32`; else 2). Either way columns
1 and 32 are read on the same screen. Screenshots are kept under `test-artefacts/browser/map-*`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from gcacw_ref.bench.browser import Screen, Served, browser_context, start_server
from gcacw_ref.game.play.api import load_scenario
from gcacw_ref.settings import Settings, save_settings
from gcacw_ref.tui.autosave import FOLDER
from gcacw_ref.tui.game.history import History
from tests.e2e.serve.test_browser import _browser, artefacts
from tests.e2e.serve.test_browser_touch import PHONE, TABLET, t, tap_bar, touch_home

__all__ = ["touch_home"]  # the module's fixture: a home with the rulebook imported

TENS = "00000000011111111112222222222333"
ONES = "12345678901234567890123456789012"
WIDE = re.compile(r"^ {3}01 02 03 .* 31 32 ")  # 3 characters a hex


@pytest.fixture
def harrow_server(touch_home: Path, request: pytest.FixtureRequest) -> Iterator[Served]:
    """A server whose apps speak `request.param` and open a harrow game (the autosave)."""
    lang = str(request.param)
    save_settings(Settings(game="GTC", language=lang), touch_home)
    kept = touch_home / "games" / FOLDER
    shutil.rmtree(kept, ignore_errors=True)
    kept.mkdir(parents=True)
    players = {"union": "human", "confederate": "heuristic"}
    # a closed tab's game: the new tab takes it over (`tui/autosave.py`)
    History.new(load_scenario("harrow"), 1, players).save(kept / f"{'0' * 32}.json")
    server = start_server(
        touch_home, "--max-sessions", "2", env=dict(os.environ, GCACW_REF_LANG="")
    )
    try:
        yield server
    finally:
        server.stop()
        shutil.rmtree(kept, ignore_errors=True)


def column_numbers(screen: Screen) -> tuple[int, int, int]:
    """Where the compact map's column numbers are (their first row, the column of number
    1) and the hexes' width they show: 3 (one line `01 02 … 32`) or 2 or 1 (two lines,
    the tens over the ones)."""
    rows = screen.settle().split("\n")
    for row, line in enumerate(rows):
        if WIDE.match(line):
            return row, 3, 3
        for w in (1, 2):
            tens = "".join(d.ljust(w) for d in TENS)
            if tens in line and row + 1 < len(rows):
                col = line.index(tens)
                ones = "".join(d.ljust(w) for d in ONES)
                assert rows[row + 1][col : col + 32 * w] == ones, "\n".join(rows)
                return row, col, w
    raise AssertionError("no column numbers on screen\n" + "\n".join(rows))


@pytest.mark.parametrize("harrow_server", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_compact_map_shows_the_whole_width(harrow_server: Served, size: str) -> None:
    executable = _browser()
    served = harrow_server
    lang = json.loads((served.home / "settings.json").read_text(encoding="utf-8"))["language"]
    with browser_context(PHONE if size == "phone" else TABLET, executable) as context:
        page = context.new_page()
        page.goto(served.url)
        screen = Screen(page)
        screen.wait_for(t(lang, "? help"), t(lang, "≡ menu"))
        screen.tap(t(lang, "Game"), after_row=1)
        screen.wait_for("0101")  # the full map, hex ids in the hexes
        tap_bar(screen, lang, t(lang, "⋯ more"))  # the bar's second page: the map's buttons
        tap_bar(screen, lang, t(lang, "map"))
        screen.wait_for(t(lang, "Compact map; map: full hexes"))
        row, left, w = column_numbers(screen)
        assert left == 3  # after the row numbers' gutter
        if size == "phone":
            assert w == 1 and screen.size()[0] <= 50, screen.text()
        else:  # the widest hex whose 32 columns fit left of the side panel (the hex panel)
            panel = screen.find("0101 ·")[1]
            assert w == 3 or panel - 1 < 3 + 32 * 3, (w, panel)  # 3 would not fit
            assert w >= 2 or panel - 2 < 3 + 32 * 2, (w, panel)  # nor 2
        # the rows under the numbers: 01 at the left edge
        lines = screen.text().split("\n")
        first = row + (1 if w == 3 else 2)
        assert lines[first].startswith("01 "), "\n".join(lines)
        page.screenshot(path=str(artefacts() / f"map-{size}-{lang}.png"))
        # the touch bar's map again: the full hexes, and the message names the button
        tap_bar(screen, lang, t(lang, "map"))
        screen.wait_for(t(lang, "Full map; map: the whole map at once"))
        screen.wait_for("0101")
