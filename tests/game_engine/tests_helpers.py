"""Helpers for engine tests: hand-built scenarios on small maps, driving a game."""

from __future__ import annotations

from typing import Any

from gcacw_ref.game.engine.core import legal_actions, step
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.scenario import scenario_from_data
from gcacw_ref.game.model.state import GameState


def small_map(
    hexes: dict[str, Any] | None = None,
    hexsides: list[Any] | None = None,
    columns: int = 10,
    rows: int = 10,
) -> dict[str, Any]:
    return {
        "map": {"id": "test", "columns": columns, "rows": rows, "default_terrain": "clear"},
        "hexes": hexes or {},
        "hexsides": hexsides or [],
    }


def make_scenario(
    units: list[dict[str, Any]],
    leaders: list[dict[str, Any]] | None = None,
    formations: list[dict[str, Any]] | None = None,
    game: str = "GTC",
    year: int = 1864,
    turns: int = 1,
    map_doc: dict[str, Any] | None = None,
    weather: dict[str, str] | None = None,
) -> Any:
    data = {
        "scenario": {
            "id": "t",
            "name": "test",
            "game": game,
            "year": year,
            "turns": turns,
            "map": "test",
        },
        "weather": weather or {},
        "formations": formations or [],
        "units": units,
        "leaders": leaders or [],
        "map_document": map_doc or small_map(),
    }
    return scenario_from_data(data, "test-scenario")


def unit(
    uid: str, side: str, hex_: str, strength: int = 5, kind: str = "infantry", **kw: Any
) -> dict[str, Any]:
    return {
        "id": uid,
        "name": kw.pop("name", uid),
        "side": side,
        "kind": kind,
        "strength": strength,
        "hex": hex_,
        **kw,
    }


def corps_scenario(units: list[dict[str, Any]], command: int = 3, **kw: Any) -> Any:
    """A Union corps "I" led by corps leader "l" (command `command`), who is with unit
    "a"; the units given are expected to include "a" with corps="I"."""
    leader = {
        "id": "l",
        "name": "L",
        "side": "union",
        "rank": "corps",
        "command": command,
        "commands": ["I"],
        "with_unit": "a",
    }
    forms = [{"id": "I", "side": "union", "kind": "corps"}]
    return make_scenario(units, leaders=[leader], formations=forms, **kw)


def porter_scenario(tactical: int = 3) -> Any:
    """The 7.1 example's position: Porter (command 5) with V Corps' Sykes (6) and Morell
    (8) in 0505 against a Confederate unit of 5 in 0605; OTR, 1862."""
    return make_scenario(
        [
            unit("sykes", "union", "0505", 6, corps="V"),
            unit("morell", "union", "0505", 8, corps="V"),
            unit("reb", "confederate", "0605", 5),
        ],
        leaders=[
            {
                "id": "porter",
                "name": "Porter",
                "side": "union",
                "rank": "corps",
                "command": 5,
                "tactical": tactical,
                "commands": ["V"],
                "with_unit": "sykes",
            }
        ],
        formations=[{"id": "V", "side": "union", "kind": "corps"}],
        game="OTR",
        year=1862,
    )


class Driver:
    """Plays a game action by action, with dice given for each action."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[dict[str, Any]] = []

    @property
    def kind(self) -> str:
        assert self.state.pending is not None
        return self.state.pending.kind

    def legal(self) -> list[Action]:
        return legal_actions(self.state)

    def do(self, type_: str, dice: list[int] | None = None, **kw: Any) -> list[dict[str, Any]]:
        action = Action(type=type_, **kw)
        self.state, events = step(self.state, action, dice)
        self.events.extend(events)
        return events

    def units(self) -> dict[str, Any]:
        return self.state.units
