"""Touch (the app served to a browser): a dialog answers to its buttons, its key hint is
hidden, the touch bar pages through a screen's words, and every palette entry of a screen
names an action that screen has."""

from __future__ import annotations

import re

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Button, Input, Label

from gcacw_ref.tui.board.grid import BoardGrid
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.game.controls import GameControls
from gcacw_ref.tui.game.dialogs import DiceDialog, PathDialog
from gcacw_ref.tui.touch import BY_TAB, MORE, PALETTE, touch_bar
from gcacw_ref.tui.touchkit import ENV_VAR, hint

from .conftest import run_async, settle


class Host(App[None]):
    """An empty app to show one dialog on, keeping what it answered."""

    def __init__(self) -> None:
        super().__init__()
        self.answers: list[object] = []

    def compose(self) -> ComposeResult:
        yield Label("under the dialog")


async def answer_by_tap(monkeypatch: pytest.MonkeyPatch, typed: str, button: str) -> object:
    monkeypatch.setenv(ENV_VAR, "1")
    app = Host()
    async with app.run_test(size=(45, 30)) as pilot:
        app.push_screen(DiceDialog(2, ["4.2"], "Done", []), app.answers.append)
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, DiceDialog)
        labels = {str(b.label) for b in dialog.query(Button)}
        assert labels == {"OK", "Cancel"}
        hints = [w for w in dialog.query(Label) if "escape" in str(w.render())]
        assert hints and not any(w.display for w in hints)  # named keys: not on a phone
        dialog.query_one("#dice-input", Input).value = typed
        target = next(b for b in dialog.query(Button) if str(b.label) == button)
        await pilot.click(target)
        await settle(pilot)
        if isinstance(app.screen, DiceDialog):  # still open: what it says is wrong
            return str(app.screen.query_one("#dialog-error").render())
        return app.answers[-1]


@run_async
async def test_the_dice_dialog_answers_to_ok(monkeypatch: pytest.MonkeyPatch) -> None:
    assert await answer_by_tap(monkeypatch, "3 5", "OK") == [3, 5]


@run_async
async def test_the_dice_dialog_answers_to_cancel(monkeypatch: pytest.MonkeyPatch) -> None:
    assert await answer_by_tap(monkeypatch, "3 5", "Cancel") is None


@run_async
async def test_ok_with_too_few_dice_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    said = await answer_by_tap(monkeypatch, "3", "OK")
    assert said == "2 dice are needed here, you typed 1"


@run_async
async def test_the_path_dialog_answers_to_ok(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, "1")
    app = Host()
    async with app.run_test(size=(45, 30)) as pilot:
        app.push_screen(PathDialog("Save the game to", "/tmp/x.json"), app.answers.append)
        await settle(pilot)
        ok = next(b for b in app.screen.query(Button) if str(b.label) == "OK")
        await pilot.click(ok)
        await settle(pilot)
        assert app.answers == ["/tmp/x.json"]


def test_hints_name_keys_only_at_a_keyboard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_VAR, raising=False)
    assert hint("F9 breakdown", "tap breakdown") == "F9 breakdown"
    monkeypatch.setenv(ENV_VAR, "1")
    assert hint("F9 breakdown", "tap breakdown") == "tap breakdown"


def test_the_game_bar_pages_through_its_words() -> None:
    pages = [touch_bar("game", 45, page).plain for page in range(4)]
    assert "dice" in pages[0] and "undo" in pages[0] and "ZOC" not in pages[0]
    assert "ZOC" in pages[1] and "map" in pages[1] and "legend" in pages[1]
    assert "save" in pages[2] and "open file" in pages[2]
    assert pages[3] == pages[0]  # round again
    assert all("⋯ more" in page for page in pages)
    assert "⋯ more" not in touch_bar("search", 45).plain  # one page: no "more"
    for page in pages:  # no line wider than the phone
        assert max(len(line) for line in page.split("\n")) <= 45, page
    assert MORE[1] == "app.touch_more"


@pytest.mark.parametrize(
    "tab, widget", [("game", GameControls), ("calc", CalcPane), ("board", BoardGrid)]
)
def test_every_touch_action_is_one_the_screen_has(tab: str, widget: type) -> None:
    words = [action for page in BY_TAB[tab] for _label, action in page]
    words += [action for screen, _t, _h, action in PALETTE if screen == tab]
    for action in words:
        if action.startswith("app."):
            continue
        name = re.sub(r"\(.*\)$", "", action)
        assert hasattr(widget, f"action_{name}"), action
