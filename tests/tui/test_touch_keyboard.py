"""Touch (the app served to a browser): the page is told a text field has the focus (OSC
7766, `touchkit.TEXT_FIELD`, which lets the phone's keyboard come up) only once the player
taps a text field; a screen or a dialog that puts the cursor in its field by itself (the
search box at the start, a calculator's first field, the find bar, the path and dice
dialogs, importing a book) says nothing of the kind, and a tap elsewhere puts the
keyboard away. At a keyboard the page is told nothing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import DiceDialog, PathDialog
from gcacw_ref.tui.screens import ImportScreen
from gcacw_ref.tui.touchkit import ENV_VAR, NO_TEXT_FIELD, TEXT_FIELD

from .conftest import run_async, settle

PHONE = (45, 40)


class Page:
    """What the app wrote to the page about the focus (its OSC 7766 reports)."""

    def __init__(self, app: GcacwApp, monkeypatch: pytest.MonkeyPatch) -> None:
        self.said: list[str] = []
        driver = app._driver
        assert driver is not None
        write = driver.write

        def keep(data: str) -> None:
            if data in (TEXT_FIELD, NO_TEXT_FIELD):
                self.said.append("text" if data == TEXT_FIELD else "none")
            write(data)

        monkeypatch.setattr(driver, "write", keep)

    def told_text(self) -> bool:
        """Whether the last report said a text field (no report: no)."""
        return bool(self.said) and self.said[-1] == "text"


async def tap(pilot: Pilot[int], widget: Widget) -> None:
    await pilot.click(widget)
    await settle(pilot)


async def a_field_by_itself(
    pilot: Pilot[int], page: Page, opened: Callable[[], Input], where: str
) -> None:
    """The cursor is in a text field the player did not tap: no keyboard; a tap on the
    field asks for it; a tap on a label puts it away."""
    await settle(pilot, 0.2)
    field = opened()
    assert pilot.app.focused is field, where  # a keyboard's typing goes there at once
    assert not page.told_text(), f"{where}: {page.said}"
    await tap(pilot, field)

    assert page.told_text(), f"{where}: {page.said}"
    label = next(w for w in pilot.app.screen.query("Label, Static") if w.region.height)
    await tap(pilot, label)
    assert not page.told_text(), f"{where}: {page.said}"


def focused_field(app: GcacwApp) -> Input:
    field = app.focused
    assert isinstance(field, Input), field
    return field


def dialog_field(app: GcacwApp) -> Input:
    screen: Screen[object] = app.screen
    return screen.query_one(Input)


@run_async
async def test_the_keyboard_comes_only_for_a_tapped_field(
    app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, "1")
    app = GcacwApp(home=app_home)
    async with app.run_test(size=PHONE) as pilot:
        page = Page(app, monkeypatch)
        await a_field_by_itself(
            pilot, page, lambda: app.query_one("#search-input", Input), "the search box"
        )
        await app.run_action("show_calc('odds')")
        await settle(pilot, 0.3)
        await a_field_by_itself(pilot, page, lambda: focused_field(app), "a calculator")
        await app.run_action("open_rule('6.2')")
        await settle(pilot, 0.2)
        await app.run_action("touch('rules', 'find')")
        await a_field_by_itself(pilot, page, lambda: app.query_one("#find-input", Input), "find")
        dialogs = [
            ImportScreen(),
            PathDialog("Save the game to", "/tmp/x.json"),
            DiceDialog(2, ["7.1"], "the attack", []),
        ]
        for dialog in dialogs:
            app.push_screen(dialog)
            await a_field_by_itself(pilot, page, lambda: dialog_field(app), type(dialog).__name__)
            app.pop_screen()
        assert "text" in page.said and "none" in page.said


@run_async
async def test_at_a_keyboard_the_page_is_told_nothing(
    app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    app = GcacwApp(home=app_home)
    async with app.run_test(size=PHONE) as pilot:
        page = Page(app, monkeypatch)
        await settle(pilot, 0.2)
        field = app.query_one("#search-input", Input)
        await tap(pilot, app.query_one("#hints", Static))
        await tap(pilot, field)
        assert app.focused is field
        assert page.said == []
