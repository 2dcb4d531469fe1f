"""The end-to-end cases of tests/tui/test_robustness.py (tests/README.md)."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.tui.app import CALC_PANES, GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.widgets import Field
from tests.tui.conftest import run_async, settle

NASTY = ["", "-1", "1/0", "½", "３", "nan", "9" * 25, "17 d3", "🙂"]


@run_async
async def test_every_field_survives_odd_input(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        for cls in CALC_PANES:
            app.action_show_calc(cls.NAME)
            await settle(pilot)
            pane = app.query_one(f"#pane-{cls.NAME}", CalcPane)
            assert pane.output is None and pane.absent, cls.NAME  # empty: nothing computed
            pane.action_load_example()
            await settle(pilot)
            assert pane.output is not None, f"{cls.NAME} example input: {pane.error}"
            for field in list(pane.query(Field)):
                original = field.value
                for text in NASTY:
                    field.value = text
                    pane.recalc()
                    done = pane.output is not None or pane.error or pane.absent
                    assert done, (cls.NAME, field.id, text)
                    assert "internal error" not in (pane.error or ""), (field.id, text, pane.error)
                field.value = original
            pane.recalc()
            assert pane.output is not None
