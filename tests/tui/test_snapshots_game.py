"""SVG snapshots of the game screen at 80x24 and 160x45 (the training scenario, seed 1).

Update after a deliberate change with `pytest tests/tui --snapshot-update` and review
the SVGs under `tests/tui/__snapshots__`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.pane import GamePane

from .conftest import settle

PERSON = GameOptions("training", 1, "human", "heuristic")


def keys(*presses: str) -> Any:
    async def run_before(pilot: Any) -> None:
        for _ in range(300):
            await settle(pilot)
            panes = pilot.app.query(GamePane)
            if panes and panes.first().history is not None:
                break
        pane = pilot.app.query_one(GamePane)
        for _ in range(3000):  # against a bot the game plays on to the person's decision
            if pane.autoplay is None and not pane.busy:
                break
            await settle(pilot, pause=0.01)
        for key in presses:
            await pilot.press(key)
            await settle(pilot)
        await settle(pilot)

    return run_before


SCREENS = {
    "game_choices": ((160, 45), keys("end", "right")),
    "game_choices_small": ((80, 24), keys("end", "right")),
    "game_zoc_legend": ((160, 45), keys("end", "right", "z", "z", "l")),
    "game_set_up_small": ((80, 24), keys("home", "s", "s", "s", "s", "d", "d")),
    "game_zoc_overlay": ((160, 45), keys("end", "right", "z")),
    "game_zoc_overlay_small": ((80, 24), keys("end", "right", "z")),
}


@pytest.mark.parametrize("name", list(SCREENS))
def test_game_screen(name: str, snap_home: Path, snap_compare: Any) -> None:
    size, run_before = SCREENS[name]
    app = GcacwApp(home=snap_home, game=PERSON)
    assert snap_compare(app, terminal_size=size, run_before=run_before)


HARROW = GameOptions("harrow", 1, "human", "heuristic")


def test_game_screen_compact_harrow(snap_home: Path, snap_compare: Any) -> None:
    """The whole harrow map (32x26 hexes) at 160x45 in the compact drawing, with the
    Union's ZOC on and a choice's unit lit."""
    app = GcacwApp(home=snap_home, game=HARROW)
    presses = keys("end", "right", "m", "z", "down")
    assert snap_compare(app, terminal_size=(160, 45), run_before=presses)
