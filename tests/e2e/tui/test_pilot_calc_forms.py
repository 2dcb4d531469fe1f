"""The end-to-end cases of tests/tui/test_pilot_calc_forms.py (tests/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gcacw_ref.tui.app import GcacwApp
from tests.tui.conftest import run_async, settle
from tests.tui.test_pilot_calc_forms import NAMES, SIZE, open_pane, pane

TAB_ORDER = {
    "flank": ["flank-hexes", "flank-hex-strength"],
    "retreat": ["retreat-hexes"],
}


@pytest.mark.parametrize("name", NAMES)
@run_async
async def test_tab_walks_each_form_in_its_documented_order(home: Path, name: str) -> None:
    """Tab from the first control visits the hex picture (flank, retreat), then the fields
    in the order `calc NAME --help` lists them; the same on a fresh start."""
    orders = []
    for _attempt in range(2):
        app = GcacwApp(home=home)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            await open_pane(app, pilot, name)
            calc = pane(app, name)
            seen: list[str | None] = []
            for _press in range(60):
                focused = app.focused
                if focused is None or not any(a.has_class("calc-form") for a in focused.ancestors):
                    break
                seen.append(focused.id)
                await pilot.press("tab")
            shown = [
                f"{name}-{s.key}"
                for s in calc.main_specs()
                if app.query_one(f"#{name}-{s.key}").display
            ]
            expected: list[str | None] = [*TAB_ORDER.get(name, []), *shown]
            if name == "combat":
                expected.append(None)  # the folded game-specific rules' title
            assert seen == expected
            orders.append(seen)
    assert orders[0] == orders[1]
