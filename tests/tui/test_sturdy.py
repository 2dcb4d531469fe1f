"""The TUI under hostile files and terminals: refused writes keep the game and say why,
text from files and users is shown as text (never as markup), tiny terminals do not
crash, and a long paragraph opens at once."""

from __future__ import annotations

import json
import os
from pathlib import Path

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.pane import GamePane

from .conftest import run_async, settle
from .test_pilot_game import BOTS, SIZE, start


@run_async
async def test_a_refused_save_keeps_the_game_and_says_why(home: Path, tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("keep", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        pane = await start(pilot)
        await pilot.press("right", "right")
        await settle(pilot)
        h = pane.history
        assert h is not None
        before = (h.last.state_hash(), h.cursor)
        for target in ("/dev/null", str(link), str(a_file / "x.json"), "bad\0name.json"):
            pane.save_to(target)
            await settle(pilot)
            assert app.is_running
            assert app.query_one(GamePane).history is h
            assert (h.last.state_hash(), h.cursor) == before
            assert pane.message and "Saved" not in pane.message, target
    assert real.read_text(encoding="utf-8") == "keep" and link.is_symlink()


@run_async
async def test_language_switch_with_settings_as_a_link_or_a_folder(
    home: Path, tmp_path: Path
) -> None:
    real = tmp_path / "dotfiles-settings.json"
    real.write_text('{"language": "en"}\n', encoding="utf-8")
    (home / "settings.json").symlink_to(real)
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_switch_language()
        await settle(pilot)
        assert app.is_running
    assert (home / "settings.json").is_symlink()
    assert json.loads(real.read_text("utf-8"))["language"] in ("ja", "en")
    os.unlink(home / "settings.json")
    (home / "settings.json").mkdir()
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_switch_language()
        await settle(pilot)
        assert app.is_running
