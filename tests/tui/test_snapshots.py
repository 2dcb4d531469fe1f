"""SVG snapshots of every screen (fixed size; fixed data: the practice rulebook in
`data/`, written for these tests, so no seed text ends up in the stored SVGs).

Update after a deliberate change with `pytest tests/tui --snapshot-update` and review
the SVGs under `tests/tui/__snapshots__`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.tui.app import GcacwApp

from .conftest import settle, type_text

BIG = (140, 45)
SMALL = (80, 24)
WIDE = (160, 45)  # the rule beside the answer


def keys(*presses: str, text: str = "", pause: float = 0.3) -> Any:
    async def run_before(pilot: Any) -> None:
        await settle(pilot)
        for key in presses:
            if key.startswith("type:"):
                await type_text(pilot, key[5:])
                await settle(pilot, pause=pause)
            elif key.startswith("rule:"):
                pilot.app.action_open_rule(key[5:], "practice")
                await settle(pilot)
            elif key.startswith("mark:"):  # no toast: snapshots must not depend on timing
                view = pilot.app.books.rule(key[5:], "practice")
                pilot.app.bookmarks.toggle(view.book, view.section, view.title)
            elif key.startswith("calc:"):
                pilot.app.action_show_calc(key[5:])
                await settle(pilot)
            elif key.startswith("chart:"):
                pilot.app.query_one("#charts-pane").focus_grid(key[6:])
                await settle(pilot)
            elif key.startswith("focus:"):
                pilot.app.query_one(key[6:]).focus()
            else:
                await pilot.press(key)  # waits until the screen has handled it
        await settle(pilot)

    return run_before


SCREENS = {
    "search_results": (BIG, keys("type:延長行軍")),
    "search_results_small": (SMALL, keys("type:flank attack")),
    "rule_7_4": (BIG, keys("rule:7.4")),
    "rule_7_6_small": (SMALL, keys("rule:7.6")),
    "rule_find": (BIG, keys("rule:7.4", "ctrl+f", "type:砲兵", "enter")),
    "calc_odds": (BIG, keys("f4")),  # empty: the examples are dim placeholders
    "calc_odds_small": (SMALL, keys("f4", "type:17", "tab", "type:9")),
    "calc_combat": (BIG, keys("calc:combat", "ctrl+g")),  # the example, labelled as such
    "calc_artillery": (BIG, keys("calc:artillery", "ctrl+g")),
    "calc_flank": (
        BIG,
        keys(
            "calc:flank",
            "focus:#flank-hexes",
            "1",
            "a",
            "2",
            "a",
            "3",
            "z",
            "4",
            "i",
            "focus:#flank-defender_strength",
            "type:9",
        ),
    ),
    "calc_flank_small": (
        SMALL,
        keys("calc:flank", "ctrl+g", "focus:#flank-hexes", "2", "a", "3", "z"),
    ),
    "calc_move": (BIG, keys("calc:move", "ctrl+g")),
    "calc_march": (BIG, keys("calc:march", "ctrl+g", "focus:#march-die", "type:6")),
    "calc_retreat": (
        BIG,
        keys("calc:retreat", "ctrl+g", "focus:#retreat-hexes", "1", "a", "r"),
    ),
    "charts_after_combat": (
        BIG,
        keys("calc:combat", "ctrl+g", "f5", "chart:combat_chart.attacker"),
    ),
    "calc_combat_small": (SMALL, keys("calc:combat")),
    "calc_combat_wide": (
        WIDE,
        keys("calc:combat", "ctrl+g", "f9", "down", "down", "down", "down", "down"),
    ),
    "calc_retreat_small": (SMALL, keys("calc:retreat")),
    "quickref": (BIG, keys("f7")),
    "quickref_small": (SMALL, keys("f7")),
    "help": (BIG, keys("f1")),
    "bookmarks": (BIG, keys("mark:9.0", "mark:7.4", "rule:5.1", "ctrl+b")),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_screen(name: str, snap_home: Path, snap_compare: Any) -> None:
    size, run_before = SCREENS[name]
    app = GcacwApp(home=snap_home)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


def test_first_run_without_books(home: Path, snap_compare: Any) -> None:
    assert snap_compare(GcacwApp(home=home), terminal_size=BIG, run_before=keys())


def test_first_run_without_books_small(home: Path, snap_compare: Any) -> None:
    assert snap_compare(GcacwApp(home=home), terminal_size=SMALL, run_before=keys())
