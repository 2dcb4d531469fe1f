"""The reachable-hexes overlay belongs to the decision it was asked at: it is about the
unit deciding (not the first unit of its stack), follows that unit while its march goes
on, and goes away by itself once the decision is over (no stale hexes until `x`)."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.game.model.actions import Action
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.extras import overlay_layers
from gcacw_ref.tui.game.mapview import MapView

from .conftest import run_async, settle
from .test_pilot_game_whynot import PEOPLE, march, scenario, show, unit


@run_async
async def test_reach_follows_the_marching_unit_and_ends_with_its_march(home: Path) -> None:
    scen = scenario(
        [
            unit("v", "union", "0305", 4),  # listed first: the first unit of the stack
            unit("u", "union", "0305", 6),
            unit("c", "confederate", "0909", 3),
        ]
    )
    state = march(scen, "u", 6)
    app = GcacwApp(home=home, game=PEOPLE)
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await show(pilot, scen, state)
        assert app.query_one(MapView).cursor_hex == "0305"  # the acting unit's hex
        await pilot.press("r")
        await settle(pilot)
        assert (pane.overlay, pane.overlay_unit) == ("reach", "u")
        _bg, labels = overlay_layers(state, "reach", "0305", "u")
        assert app.query_one(MapView).labels == labels  # u's MP left, not v's allowance
        pane.decide(Action(type="move", unit="u", hex="0405"))
        await settle(pilot)
        assert (pane.overlay, pane.overlay_unit) == ("reach", "u")  # the march goes on
        assert pane.history is not None
        moved = pane.history.last
        assert moved.units["u"].hex == "0405"
        assert app.query_one(MapView).labels == overlay_layers(moved, "reach", "", "u")[1]
        pane.decide(Action(type="end"))
        await settle(pilot)
        assert pane.overlay == ""  # the march is over: its reach with it
        assert app.query_one(MapView).labels == {}
