"""A worker's result reaches the screen only while the screen is still there."""

from __future__ import annotations

import asyncio

from textual.app import App, ComposeResult
from textual.widgets import Static

from gcacw_ref.tui.threads import deliver

from .conftest import run_async


class _Host(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("", id="target")


async def _from_thread(widget: Static, got: list[str], text: str) -> None:
    await asyncio.to_thread(deliver, widget, got.append, text)


@run_async
async def test_a_result_reaches_a_widget_on_show() -> None:
    got: list[str] = []
    app = _Host()
    async with app.run_test() as pilot:
        await _from_thread(app.query_one("#target", Static), got, "shown")
        await pilot.pause()
    assert got == ["shown"]


@run_async
async def test_a_result_for_a_removed_widget_is_dropped() -> None:
    got: list[str] = []
    app = _Host()
    async with app.run_test() as pilot:
        target = app.query_one("#target", Static)
        await target.remove()
        await _from_thread(target, got, "late")
        await pilot.pause()
    assert got == []


def test_a_result_after_the_app_stopped_is_dropped() -> None:
    got: list[str] = []
    app = _Host()

    async def run() -> Static:
        async with app.run_test() as pilot:
            await pilot.pause()
            return app.query_one("#target", Static)

    target = asyncio.run(run())
    deliver(target, got.append, "after")
    assert got == []
