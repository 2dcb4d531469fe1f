"""SVG snapshots of the touch screens (`GCACW_REF_TOUCH=1`, as `gcacw-ref serve` runs the
app) at a phone's 45 columns: the calculators as words to tap in place of the tab strip,
the flank picture's marks as words to tap, and the rule browser's find bar with its next
and close words. The practice rulebook, as in `test_snapshots.py`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.touchkit import ENV_VAR

from .conftest import settle
from .test_snapshots import keys

PHONE = (45, 40)


def find(needle: str) -> Any:
    """The rule 7.4 open, its find bar opened from the touch bar, `needle` in it."""

    async def run_before(pilot: Any) -> None:
        await keys("rule:7.4")(pilot)
        await pilot.app.run_action("touch('rules', 'find')")
        await settle(pilot)
        pilot.app.query_one("#find-input", Input).value = needle
        await settle(pilot)

    return run_before


SCREENS = {
    "touch_calc_odds_phone": keys("calc:odds"),
    "touch_calc_flank_phone": keys("calc:flank", "ctrl+g"),
    "touch_rule_find_phone": find("砲兵"),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_touch_screen(
    name: str, snap_home: Path, snap_compare: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, "1")
    app = GcacwApp(home=snap_home)
    assert snap_compare(app, terminal_size=PHONE, run_before=SCREENS[name])
