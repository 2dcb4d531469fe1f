"""Each tab's game comes back after a server restart, in a real Chromium at a phone's size
(412x915), in English and in Japanese.

Two tabs open the game screen and make different decisions (the first choice in one, the
second in the other); each game is autosaved to a file named by its tab's id
(`games/autosave/ID.json`). The server is stopped and started again on the same port (so the
tabs keep their `sessionStorage`, where their ids live); each tab opens the new address and
its game screen shows its own game again, where its decision left it.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gcacw_ref.bench.browser import WAIT_S, Screen, Served, browser_context, start_server
from gcacw_ref.settings import Settings, save_settings
from gcacw_ref.text.library import Library
from tests.e2e.serve.test_browser import _browser, artefacts
from tests.e2e.serve.test_browser_touch import PHONE, t, tap_bar

RESUME_JS = "window.sessionStorage.getItem('gcacw-resume')"
STATUS_ROW = 3  # the game's status line: turn, phase, VP
CHOICE_ROWS = {1: 1, 2: 3}  # rows below the choices box's top: "Done"; a transfer


@pytest.fixture(scope="module")
def save_home(seeds: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("autosave-home")
    Library(home=home).import_book(seeds["gcacw"])
    return home


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(home: Path, port: int) -> Served:
    """A server on `port` whose apps read the language from settings.json."""
    env = dict(os.environ, GCACW_REF_LANG="")
    return start_server(home, "--max-sessions", "4", "--port", str(port), env=env)


@pytest.fixture
def restartable(save_home: Path, request: pytest.FixtureRequest) -> Iterator[list[Served]]:
    """A server on a fixed port (the list holds the one running; the test restarts it)."""
    save_settings(Settings(game="GTC", language=str(request.param)), save_home)
    shutil.rmtree(save_home / "games", ignore_errors=True)
    port = free_port()
    running = [start(save_home, port)]
    try:
        yield running
    finally:
        running[-1].stop()


def status(screen: Screen) -> str:
    """The game's status line (turn, phase, VP, event), once the screen is quiet."""
    return screen.settle(quiet=2.0).split("\n")[STATUS_ROW]


def decide(screen: Screen, lang: str, choice: int) -> str:
    """On the game screen, step to the first decision, tap its `choice`-th choice (1:
    "Done", the box's first row; 2: the first leader transfer, under its group's title)
    and wait until the screen is quiet (the bot has played on); the status line then."""
    tap_bar(screen, lang, " ▶ ")
    top = screen.find("╭", after_row=3)[0]
    before = screen.settle(quiet=1.0)
    screen.tap_cell(top + CHOICE_ROWS[choice], 8)
    deadline = time.monotonic() + WAIT_S
    while screen.settle(quiet=1.0) == before:
        assert time.monotonic() < deadline, screen.text()
        time.sleep(0.2)
    return status(screen)


def open_game(screen: Screen, lang: str) -> None:
    screen.wait_for(t(lang, "? help"))
    screen.tap(t(lang, "Game"), after_row=1)
    screen.wait_for("0101")


def kept(home: Path) -> dict[str, list[object]]:
    """Each autosave's tab id and the actions of its game."""
    found = {}
    for path in (home / "games" / "autosave").glob("*.json"):
        found[path.stem] = list(json.loads(path.read_text(encoding="utf-8"))["actions"])
    return found


@pytest.mark.parametrize("restartable", ["en", "ja"], indirect=True)
def test_each_tab_gets_its_own_game_back_after_a_restart(restartable: list[Served]) -> None:
    executable = _browser()
    served = restartable[0]
    lang = json.loads((served.home / "settings.json").read_text(encoding="utf-8"))["language"]
    with browser_context(PHONE, executable) as context:
        tabs = [Screen(context.new_page()) for _ in range(2)]
        ids, shown = [], []
        for number, screen in enumerate(tabs, start=1):
            screen.page.goto(served.url)
            open_game(screen, lang)
            shown.append(decide(screen, lang, number))
            ids.append(str(screen.page.evaluate(RESUME_JS)))
            screen.page.screenshot(path=str(artefacts() / f"autosave-{lang}-tab{number}.png"))
        assert shown[0] != shown[1], shown  # two different games on show
        before = kept(served.home)
        assert sorted(before) == sorted(ids)  # a file for each tab, named by its id
        assert all(before.values()) and before[ids[0]] != before[ids[1]]

        served.stop()
        served = start(served.home, served.port)
        restartable.append(served)
        for number, screen in enumerate(tabs, start=1):
            screen.page.goto(served.url)  # the same tab: its id kept in sessionStorage
            assert screen.page.evaluate(RESUME_JS) == ids[number - 1]
            open_game(screen, lang)
            # its game is back (the status says so), at the status it was left at
            screen.wait_for(t(lang, "The game in progress is back: {n} actions").split("{")[0])
            deadline = time.monotonic() + WAIT_S
            while status(screen) != shown[number - 1]:
                assert time.monotonic() < deadline, (shown[number - 1], screen.text())
                time.sleep(0.2)
            screen.page.screenshot(path=str(artefacts() / f"autosave-{lang}-tab{number}-back.png"))
        # each game screen opened its own game (a new game would have been autosaved in
        # its place, with no action of the player) and took nothing from the other tab
        assert kept(served.home) == before
