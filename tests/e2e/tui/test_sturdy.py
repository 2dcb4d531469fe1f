"""The end-to-end cases of tests/tui/test_sturdy.py (tests/README.md)."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.tui.app import GcacwApp
from tests.tui.conftest import run_async, settle

TINY = [(5, 2), (1, 1), (20, 5), (2, 40), (140, 1), (3, 3)]


@run_async
async def test_a_rule_open_then_shrunk_to_tiny_sizes(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=(140, 40)) as pilot:
        for _ in range(40):
            await settle(pilot)
            if app.books.ready:
                break
        app.action_open_rule("7.4")
        await settle(pilot)
        for tab in ("f3", "f4", "f5", "f7", "f2", "f6"):
            await pilot.press(tab)
            for size in TINY:
                await pilot.resize_terminal(*size)
                await settle(pilot)
                assert app.is_running, (tab, size)
            await pilot.resize_terminal(140, 40)
            await settle(pilot)
    assert app.return_code in (None, 0)


@run_async
async def test_starting_on_tiny_terminals(app_home: Path) -> None:
    for size in TINY:
        app = GcacwApp(home=app_home)
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await pilot.press("f3", "down", "enter", "f7", "f4")
            await settle(pilot)
            assert app.is_running, size
        assert app.return_code in (None, 0), size
