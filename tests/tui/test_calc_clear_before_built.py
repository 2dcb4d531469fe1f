"""ctrl+g then ctrl+l before a calculator's form is built (it is built the first time its
pane shows): the clear wins, and the form starts empty (seen as a pilot test failing under
load, where the keys came before the form)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane

from .conftest import run_async, settle


@run_async
async def test_a_clear_cancels_an_example_asked_for_before_the_form_is_built(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        calc = app.query_one("#pane-artillery", CalcPane)
        assert not calc.started
        calc.action_load_example()  # not built: remembered for when it is
        calc.action_clear_form()
        app.action_show_calc("artillery")
        await settle(pilot)
        assert calc.started and not calc.example_loaded
        values = [w.value for w in calc.query(Input)]
        assert values and all(v == "" for v in values)
