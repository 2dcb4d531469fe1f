"""A big book's first question in the TUI (issue 41, item 7): how far its meaning
vectors are shows where the answer will appear; escape stops the build, and the next
question goes on from the pieces already written."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from textual.widgets import Input, Static

from gcacw_ref.text import semantic, vector_pieces
from gcacw_ref.text.library import Library
from gcacw_ref.tui.app import GcacwApp
from tests.text.test_vector_pieces import CountingEncoder, _book

from .conftest import run_async, settle

SIZE = (140, 45)


class HeldEncoder(CountingEncoder):
    """Encodes the first piece, then waits (in the worker thread) until released."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()

    def __call__(self, texts: list[str]) -> np.ndarray:
        if self.encoded:
            self.release.wait(30)
        return super().__call__(texts)


def _status(app: GcacwApp) -> str:
    return str(app.query_one("#search-status", Static).render())


async def _until(check: Callable[[], bool]) -> None:
    """Wait until `check` holds (a bound, not a timing: 60 s on a loaded machine)."""
    for _ in range(6000):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("never happened")


@pytest.fixture
def big_home(home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    Library(home=home).import_book(_book(tmp_path, 40), book_id="big")
    monkeypatch.setattr(vector_pieces, "PIECE", 8)
    monkeypatch.setattr(vector_pieces, "BIG", 0)
    semantic._books.clear()
    return home


@run_async
async def test_progress_shows_and_escape_stops_then_the_next_question_goes_on(
    big_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    held = HeldEncoder()
    monkeypatch.setattr(semantic, "_as_stored", held)
    app = GcacwApp(home=big_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        box = app.query_one("#search-input", Input)
        box.focus()
        box.value = "部隊はどう行軍するか"
        await _until(lambda: "8 of 41" in _status(app))
        await pilot.press("escape")
        held.release.set()
        await settle(pilot)
        assert "Stopped" in _status(app), _status(app)
        done = len(held.encoded)
        assert 8 <= done < 41
        pieces = vector_pieces.pieces_dir(big_home / "books" / "big.sem")
        assert len(list(pieces.iterdir())) == done // 8
        going_on = CountingEncoder()
        monkeypatch.setattr(semantic, "_as_stored", going_on)
        box.value = "部隊はどう行軍するか？"
        await _until(lambda: "result" in _status(app))
        await settle(pilot)
        assert len(going_on.encoded) == 41 - (done // 8) * 8
        assert not pieces.exists()
