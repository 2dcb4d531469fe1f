"""The Japanese game screen writes its own parentheses full-width (（）), as the rest of
the Japanese screens do: the player in the status line ("（プレイヤー）") and a unit's side in
the hex panel ("（南軍）") come from translatable patterns, not from ASCII glued in code."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.widgets import Static

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.mapview import MapView

from .conftest import loaded_game_pane, run_async, settle


def shown(app: GcacwApp, selector: str) -> str:
    rendered = app.query_one(selector, Static).render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


@run_async
async def test_the_player_and_a_units_side_in_full_width_brackets(
    home: Path, japanese: None
) -> None:
    app = GcacwApp(home=home, game=GameOptions("training", 3, "human", "heuristic"))
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None
        pane.action_step(1)
        await settle(pilot)
        assert h.cursor > 0
        status = shown(app, "#game-status")
        assert "（プレイヤー）" in status or "（ヒューリスティック・ボット）" in status, status
        assert "(プレイヤー)" not in status and "(ヒューリスティック・ボット)" not in status
        unit = next(u for u in h.state.units.values() if u.hex and u.side.value == "confederate")
        app.query_one(MapView).cursor_hex = unit.hex
        pane.show_info()
        await settle(pilot)
        info = shown(app, "#game-info")
        assert "（南軍）" in info, info
        assert "(南軍)" not in info
