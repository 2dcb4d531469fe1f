"""The served game screen and its tab's autosave: it opens the tab's own game; a tab whose id
comes after a new default game was shown gets its game in place of that untouched one; an
autosave that cannot be opened is set aside as `.bad` and a new game starts."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import pytest

from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.serve.session import DRIVER
from gcacw_ref.serve.session import TAB_META as SENT
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.autosave import autosaves
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.pane import GamePane
from gcacw_ref.tui.tabdriver import TAB_META, TabDriver, TabKnown
from gcacw_ref.tui.touchkit import ENV_VAR

from .conftest import loaded_game_pane, run_async, settle

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fcntl locks")

TAB = "5" * 32
SIZE = (120, 40)
KEPT_SEED = 7  # the default new game has seed 1


def keep_game(home: Path, seed: int) -> Path:
    """A saved game of the training scenario with `seed`, as tab `TAB`'s autosave."""
    path = home / "games" / "autosave" / f"{TAB}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    players = {"union": "human", "confederate": "heuristic"}
    History.new(load_scenario("training"), seed, players).save(path)
    return path


@pytest.fixture
def served_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data directory as a served app has it (touch mode); its autosave lock let go after."""
    monkeypatch.setenv(ENV_VAR, "1")
    monkeypatch.setenv("GCACW_REF_HOME", str(tmp_path))
    try:
        yield tmp_path
    finally:
        autosaves().release()


async def game_on_show(app: GcacwApp, pilot: object, seed: int) -> GamePane:
    for _ in range(300):
        await settle(pilot)  # type: ignore[arg-type]
        panes = app.query(GamePane)
        if panes and panes.first().history is not None and panes.first().history.seed == seed:
            return panes.first()
    raise AssertionError(f"no game with seed {seed} on show")


@run_async
async def test_the_game_screen_opens_the_tabs_own_game(served_home: Path) -> None:
    keep_game(served_home, KEPT_SEED)
    autosaves().claim(TAB)
    app = GcacwApp(home=served_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_tab("game")
        pane = await game_on_show(app, pilot, KEPT_SEED)
        assert pane.history is not None and pane.history.scenario.id == "training"
        assert pane.message == "The game in progress is back: 0 actions"


@run_async
async def test_a_tab_known_late_replaces_an_untouched_new_game(served_home: Path) -> None:
    autosaves()  # this home's store, its tab not known yet
    app = GcacwApp(home=served_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_tab("game")
        first = await loaded_game_pane(pilot)
        assert first.history is not None and first.history.seed == 1
        assert not list((served_home / "games").glob("autosave/*.json"))  # no tab, no file
        keep_game(served_home, KEPT_SEED)
        app.post_message(TabKnown(autosaves().claim(TAB)))
        await game_on_show(app, pilot, KEPT_SEED)


@run_async
async def test_an_autosave_that_cannot_be_opened_is_set_aside(served_home: Path) -> None:
    folder = served_home / "games" / "autosave"
    folder.mkdir(parents=True)
    (folder / f"{TAB}.json").write_text('{"format": "not a game"', encoding="utf-8")
    autosaves().claim(TAB)
    app = GcacwApp(home=served_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_tab("game")
        pane = await game_on_show(app, pilot, 1)  # a new game in its place
        bad = folder / f"{TAB}.json.bad"
        assert bad.read_text(encoding="utf-8") == '{"format": "not a game"'
        notes = [str(n.message) for n in app._notifications]  # noqa: SLF001
        assert any(f"{TAB}.json.bad" in note for note in notes), notes
        assert pane.history is not None and not pane.history.nodes[2:]
        assert (folder / f"{TAB}.json").is_file()  # the new game, autosaved in turn


def test_the_driver_takes_the_first_well_formed_tab_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GCACW_REF_HOME", str(tmp_path))
    assert SENT == TAB_META and DRIVER == "gcacw_ref.tui.tabdriver:TabDriver"
    posted: list[object] = []
    driver = TabDriver.__new__(TabDriver)  # no process to drive: only its meta handling
    driver._app = SimpleNamespace(post_message=posted.append)  # type: ignore[assignment]
    try:
        driver.on_meta(TAB_META, {"id": "../" + TAB[3:]})
        driver.on_meta(TAB_META, {"id": 5})
        assert posted == [] and autosaves().tab is None
        driver.on_meta(TAB_META, {"id": TAB})
        assert [m.tab for m in posted if isinstance(m, TabKnown)] == [TAB]
        assert autosaves().path() == tmp_path / "games" / "autosave" / f"{TAB}.json"
        driver.on_meta(TAB_META, {"id": "6" * 32})  # told again (a tab coming back)
        assert len(posted) == 1 and autosaves().tab == TAB
    finally:
        autosaves().release()
