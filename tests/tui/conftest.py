"""Fixtures for the TUI tests: a data directory with the three seed rulebooks imported."""

from __future__ import annotations

import asyncio
import functools
import shutil
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest
import textual._wait
import textual.screen
from textual.pilot import Pilot
from textual.widgets import Input

from gcacw_ref.game.play.api import load_scenario
from gcacw_ref.text.library import Library
from gcacw_ref.tui.books import Books
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.pane import GamePane


@pytest.fixture(autouse=True)
def no_search_warm_up(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """The app warms the search up in a background thread after the books load (the
    encoder, the indexes, a first search). A test that does not ask about that skips it:
    the work is real CPU (36 s for the 1 MB paragraph of test_sturdy) and it runs beside
    the test's own steps. Tests marked `warm_up` keep it (a player's first search)."""
    if request.node.get_closest_marker("warm_up") is None:
        monkeypatch.setattr(Books, "warm_up", lambda self: None)


# The pilot (Textual's test driver) takes the app to be done with a key press or a pause
# once the process used under 5 % of the CPU over one sleep: twice per key and once per
# pause. Textual sleeps 20 ms, just over its 60-a-second screen update (16.7 ms), so that
# work waiting for the next update (a repaint, a callback after it) falls inside the
# window; those sleeps were 94 s of the TUI tests' time. Here the screens update up to
# 240 times a second and the check sleeps 5 ms: the same question, in the same proportion
# to the update, asked four times as often.
UPDATE_S = 1 / 240
IDLE_CHECK_S = 0.005


@pytest.fixture(autouse=True)
def quick_idle_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """Screen updates every 1/240 s and the pilot's idle check every 5 ms (Textual: 1/60 s
    and 20 ms), the check under 5 % of the CPU as in Textual."""
    monkeypatch.setattr(textual.screen, "UPDATE_PERIOD", UPDATE_S)
    monkeypatch.setattr(textual._wait, "SLEEP_GRANULARITY", IDLE_CHECK_S)
    monkeypatch.setattr(textual._wait, "SLEEP_IDLE", IDLE_CHECK_S / 20)


@pytest.fixture(scope="session")
def library_home(seeds: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Imported once per session; tests copy it before writing to it."""
    home = tmp_path_factory.mktemp("tui-library")
    library = Library(home=home)
    for key in ("gcacw", "wftu", "brandywine"):
        library.import_book(seeds[key])
    return home


PRACTICE_BOOK = Path(__file__).with_name("data") / "practice_rules.txt"


@pytest.fixture(scope="session")
def practice_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library holding only the practice rulebook written for these tests.

    Snapshots are stored in the repository, so they show this text (our own words),
    never text from a seed rulebook.
    """
    home = tmp_path_factory.mktemp("tui-practice")
    Library(home=home).import_book(PRACTICE_BOOK, book_id="practice")
    return home


@pytest.fixture
def snap_home(practice_home: Path, tmp_path: Path) -> Path:
    """A private copy of the practice library."""
    home = tmp_path / "snap-home"
    shutil.copytree(practice_home, home)
    return home


@pytest.fixture
def app_home(library_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of the imported library, also set as GCACW_REF_HOME."""
    home = tmp_path / "app-home"
    shutil.copytree(library_home, home)
    monkeypatch.setenv("GCACW_REF_HOME", str(home))
    return home


SETTLE_S = 60.0  # the longest a test waits for the app's workers (a search takes < 1 s)
STILL_S = 120.0  # the longest a test waits for the bot to reach a decision (seconds at most)


async def settle(pilot: Pilot[object], pause: float = 0.0) -> None:
    """Let timers fire and workers finish (for `SETTLE_S` at most), then let the screen
    catch up.

    Bounded: once in CI (round 14) a pilot test waited for its workers for good while the
    screen kept updating; a worker still unfinished after `SETTLE_S` now fails the test,
    naming the workers, instead of holding the run to its limit."""
    if pause:
        await asyncio.sleep(pause)
    try:
        await asyncio.wait_for(pilot.app.workers.wait_for_complete(), SETTLE_S)
    except TimeoutError:
        left = [f"{w.name} ({w.state.name})" for w in pilot.app.workers]
        pytest.fail(f"workers still running after {SETTLE_S:.0f} s: {left}")
    await pilot.pause()


HISTORY_BOTS = {"union": "heuristic", "confederate": "random"}


def bot_history(actions: int, seed: int = 3) -> History:
    """The game screen's history of a training game (heuristic Union, random
    Confederates), `actions` bot choices long, stepped as the screen steps."""
    h = History.new(
        load_scenario("training"), seed, {"union": "heuristic", "confederate": "random"}
    )
    for _ in range(actions):
        if h.last.over:
            break
        h.go(len(h.stops) - 1)
        action, by = h.bot_choice()
        h.play(action, by=by)
    return h


async def loaded_game_pane(pilot: Pilot[object]) -> GamePane:
    """Wait until the game pane is mounted and its game is loaded."""
    for _ in range(300):
        await settle(pilot)
        panes = pilot.app.query(GamePane)
        if panes and panes.first().history is not None:
            return panes.first()
    raise AssertionError("the game pane did not load")


async def until_still(pilot: Pilot[object], pane: GamePane) -> None:
    """Wait until the game stands still: against a bot, the bot plays on by itself (one
    event a beat) to the person's next decision; no key is pressed meanwhile."""
    deadline = time.monotonic() + STILL_S
    while time.monotonic() < deadline:
        await settle(pilot, pause=0.01)
        if pane.autoplay is None and not pane.busy:
            return
    raise AssertionError(f"the bot did not stop at a decision within {STILL_S:.0f} s")


async def step_to_first_combat(pilot: Pilot[object], pane: GamePane) -> dict[str, Any]:
    """Step the game pane forward (as → does) until its event is a combat; that event."""
    h = pane.history
    assert h is not None
    for _ in range(3000):
        event = h.event
        if (h.last.over and h.at_end) or (event is not None and event["type"] == "combat"):
            break
        pane.action_step(1)
        if pane.busy:
            await pilot.app.workers.wait_for_complete()
    event = h.event
    assert event is not None and event["type"] == "combat"
    return event


async def type_query(pilot: Pilot[object], text: str) -> None:
    """Type into the focused field as a player would, then wait for the debounced search."""
    await type_text(pilot, text)
    await settle(pilot, pause=0.3)


async def type_text(pilot: Pilot[object], text: str) -> None:
    """Key presses for each character; characters the pilot has no key name for (full-width
    punctuation) go in as the terminal would deliver them, as inserted text."""
    for ch in text:
        if ch == " ":
            await pilot.press("space")
        elif ch.isascii() or ch.isalnum():
            await pilot.press(ch)
        else:
            focused = pilot.app.focused
            assert isinstance(focused, Input)
            focused.insert_text_at_cursor(ch)
            await pilot.pause()


async def clear_and_type(pilot: Pilot[object], text: str) -> None:
    """Empty the focused input and type `text`."""
    await pilot.press("ctrl+a", "ctrl+k")
    await type_text(pilot, text)
    await pilot.pause()


def run_async(test: Callable[..., Coroutine[Any, Any, None]]) -> Callable[..., None]:
    """Run an async test body with asyncio (no async pytest plugin needed)."""

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        asyncio.run(test(*args, **kwargs))

    return wrapper


async def paste(pilot: Pilot[object], text: str) -> None:
    """Replace the focused input's text at once, as a paste would."""
    await pilot.pause()  # let a focus change land first
    focused = pilot.app.focused
    assert isinstance(focused, Input)
    focused.value = text
    focused.cursor_position = len(text)
    await pilot.pause()
