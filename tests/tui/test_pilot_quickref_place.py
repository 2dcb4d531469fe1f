"""The quick reference (F7) keeps its place (issue 30): escape from a rule opened from it
comes back to it at the same line, and F7 reopens where it was left."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import OptionList

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.quickref import QuickRefScreen

from .conftest import run_async, settle

SIZE = (100, 30)


def lit(app: GcacwApp) -> int | None:
    assert isinstance(app.screen, QuickRefScreen)
    return app.screen.query_one("#quickref-list", OptionList).highlighted


@run_async
async def test_escape_from_a_rule_returns_to_the_same_line(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f7")
        await settle(pilot)
        await pilot.press(*["down"] * 12)
        place = lit(app)
        assert place is not None and place > 10
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, QuickRefScreen)
        assert app.query_one("#tabs").active == "rules"  # type: ignore[attr-defined]
        await pilot.press("escape")
        await settle(pilot)
        assert lit(app) == place
        await pilot.press("down", "escape")  # closed by hand: F7 reopens there
        await settle(pilot)
        assert not isinstance(app.screen, QuickRefScreen)
        await pilot.press("f7")
        await settle(pilot)
        assert lit(app) == place + 1
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("escape")  # no rule was opened this time: escape does its usual job
        await settle(pilot)
        assert not isinstance(app.screen, QuickRefScreen)


@run_async
async def test_the_title_names_the_players_game(home: Path) -> None:
    app = GcacwApp(home=home, player_game="SLB")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f7")
        await settle(pilot)
        assert isinstance(app.screen, QuickRefScreen)
        title = app.screen.query(".dialog-title").first()
        assert "game SLB" in str(title.render())  # type: ignore[attr-defined]
