"""Keys that arrive in one burst (a fast typist, a paste of keystrokes, a terminal under
load) land where they would one at a time: Tab moves on to the next field before the
keys after it are handed out, so "17 Tab 9" fills two fields, not "179" in the first."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import Input

from gcacw_ref.tui.app import GcacwApp

from .conftest import run_async, settle


def burst(app: GcacwApp, *keys: str) -> None:
    """Queue every key at once, as a terminal delivers a burst (the pilot's `press`
    waits for each key to be handled before the next)."""
    for key in keys:
        char = {"tab": "\t"}.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, char))


KEYS = ("1", "7", "tab", "9", "tab", "tab", "shift+tab", "shift+tab", "8")


async def typed(home: Path, at_once: bool) -> tuple[str, str, str | None]:
    """The odds form's two strengths and the focused field after `KEYS`, typed one key
    at a time or all in one burst."""
    app = GcacwApp(home=home)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        app.action_show_calc("odds")
        await settle(pilot)
        assert app.focused is not None and app.focused.id == "odds-attacker"
        if at_once:
            burst(app, *KEYS)
        else:
            await pilot.press(*KEYS)
        await settle(pilot)
        attacker = app.query_one("#odds-attacker", Input).value
        defender = app.query_one("#odds-defender", Input).value
        return attacker, defender, app.focused.id if app.focused else None


@run_async
async def test_a_burst_with_tab_lands_as_the_keys_one_at_a_time(home: Path) -> None:
    one_by_one = await typed(home, at_once=False)
    assert one_by_one[0] == "17" and one_by_one[2] == "odds-defender"
    assert await typed(home, at_once=True) == one_by_one


@run_async
async def test_a_burst_that_opens_the_calculator_fills_its_form(home: Path) -> None:
    """F4 and the strengths typed at once: the form is built after the keys arrived; they
    wait for it and fill its fields in order, none lands in the screen left behind."""
    app = GcacwApp(home=home)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        before = app.focused
        assert isinstance(before, Input)
        burst(app, "f4", "1", "7", "tab", "9")
        for _ in range(5):
            await settle(pilot)
        assert before.value == ""  # nothing typed into the screen left behind
        attacker = app.query_one("#odds-attacker", Input).value
        defender = app.query_one("#odds-defender", Input).value
        assert (attacker, defender) == ("17", "9")
        assert app.focused is not None and app.focused.id == "odds-defender"
