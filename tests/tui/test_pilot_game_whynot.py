""" "Why not?" on the game screen: pointing at a hex the person's unit cannot enter, or at
units an action cannot take, names the rule and the reason, read from the engine's own
checks (`api.why_not`); `R` opens that rule. One hand-built position per reason."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual.widgets import Static

from gcacw_ref.game.engine.core import initial_state, start, step
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.scenario import Scenario, scenario_from_data
from gcacw_ref.game.model.state import GameState
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.game.nodes import node_of
from gcacw_ref.tui.game.pane import GamePane
from gcacw_ref.tui.game.whyrule import refusal_place

from .conftest import run_async, settle

PEOPLE = GameOptions("training", 1, "human", "human")
ROAD_ROW5 = [
    {"between": [f"{c:02d}05", f"{c + 1:02d}05"], "features": ["road"]} for c in range(1, 10)
]


def unit(uid: str, side: str, hex_: str, strength: int = 5, **kw: Any) -> dict[str, Any]:
    kind = kw.pop("kind", "infantry")
    base = {"id": uid, "name": uid, "side": side, "kind": kind, "strength": strength}
    return base | {"hex": hex_} | kw


def scenario(units: list[dict[str, Any]], hexes: dict[str, Any] | None = None) -> Scenario:
    """A 10x10 GTC 1864 map, a road along row 5; Union corps I under leader "l" (with "a",
    command 3) when a unit "a" is given."""
    leaders = []
    if any(u["id"] == "a" for u in units):
        leaders = [
            {
                "id": "l",
                "name": "L",
                "side": "union",
                "rank": "corps",
                "command": 3,
                "commands": ["I"],
                "with_unit": "a",
            }
        ]
    data = {
        "scenario": {"id": "t", "name": "test", "game": "GTC", "year": 1864, "turns": 1},
        "weather": {},
        "formations": [{"id": "I", "side": "union", "kind": "corps"}],
        "units": units,
        "leaders": leaders,
        "map_document": {
            "map": {"id": "test", "columns": 10, "rows": 10, "default_terrain": "clear"},
            "hexes": hexes or {},
            "hexsides": ROAD_ROW5,
        },
    }
    data["scenario"]["map"] = "test"
    return scenario_from_data(data, "test-scenario")


def play(scen: Scenario, *actions: tuple[dict[str, Any], list[int] | None]) -> GameState:
    """Start with the Union winning the initiative, then play `actions` (with dice)."""
    state, _events = start(initial_state(scen, 1), [6, 1])
    while state.pending is not None and state.pending.kind == "transfer":
        state, _events = step(state, Action(type="done"), [6, 1])
    for fields, dice in actions:
        state, _events = step(state, Action(**fields), dice)
        if state.pending is not None and state.pending.kind == "forced_march":
            state, _events = step(state, Action(type="forced_march", option="no"))
    return state


def march(scen: Scenario, mover: str, die: int, *moves: str) -> GameState:
    steps: list[tuple[dict[str, Any], list[int] | None]] = [
        ({"type": "take"}, None),
        ({"type": "march", "unit": mover}, [die]),
    ]
    steps += [({"type": "move", "unit": mover, "hex": h}, None) for h in moves]
    return play(scen, *steps)


async def show(pilot: Any, scen: Scenario, state: GameState) -> GamePane:
    """The game screen at `state`, a person deciding for both sides."""
    for _ in range(300):
        await settle(pilot)
        panes = pilot.app.query(GamePane)
        if panes and panes.first().history is not None:
            break
    pane: GamePane = pilot.app.query_one(GamePane)
    h = History(scenario=scen, seed=1, players={"union": "human", "confederate": "human"})
    h._append(node_of(initial_state(scen, 1)))  # noqa: SLF001 - a position made by hand
    h._append(node_of(state))  # noqa: SLF001
    h.cursor = len(h.stops) - 1
    pane.set_history(h)
    await settle(pilot)
    return pane


def info_text(app: GcacwApp) -> str:
    rendered = app.query_one("#game-info", Static).render()
    return rendered.plain if isinstance(rendered, Text) else str(rendered)


async def point(pilot: Any, hex_: str) -> str:
    pilot.app.query_one(MapView).move_cursor(hex_)
    await settle(pilot)
    return info_text(pilot.app)


async def why(home: Path, scen: Scenario, state: GameState, hex_: str) -> tuple[str, str, str]:
    """What the hex panel and `enter` on the map say about `hex_`, and `R`'s rule."""
    app = GcacwApp(home=home, game=PEOPLE)
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await show(pilot, scen, state)
        assert pane._choices  # noqa: SLF001 - a person decides
        text = await point(pilot, hex_)
        app.query_one(MapView).focus()
        await pilot.press("enter")
        await settle(pilot)
        return text, pane.message, pane.why_rule


@run_async
async def test_terrain_prohibited(home: Path) -> None:
    scen = scenario(
        [unit("u", "union", "0305", 6), unit("c", "confederate", "0909", 3)],
        {"0304": {"terrain": "water"}},
    )
    text, said, rule = await why(home, scen, march(scen, "u", 6), "0304")
    assert "Why not 0304? [6.2] units cannot enter water hexes" in text
    assert said.startswith("Why not 0304? [6.2] units cannot enter water hexes") and rule == "6.2"


@run_async
async def test_not_enough_mp_with_the_cost(home: Path) -> None:
    scen = scenario(
        [unit("u", "union", "0305", 6), unit("c", "confederate", "0909", 3)],
        {"0406": {"terrain": "woods"}},
    )
    state = march(scen, "u", 2, "0405")
    text, said, rule = await why(home, scen, state, "0406")
    assert "Why not 0406? [6.2] 0406 needs 6 MP, only 1 left" in text
    assert rule == "6.2" and "only 1 left" in said


@run_async
async def test_enemy_zoc_stops_the_march(home: Path) -> None:
    scen = scenario([unit("u", "union", "0305", 6), unit("c", "confederate", "0605", 3)])
    state = march(scen, "u", 6, "0405", "0505")
    text, _said, rule = await why(home, scen, state, "0504")
    assert "Why not 0504? [6.2] the unit entered enemy ZOC at 0505 and must stop there" in text
    assert rule == "6.2"


@run_async
async def test_enemy_occupied_and_swamp_attack_without_a_road(home: Path) -> None:
    scen = scenario(
        [unit("u", "union", "0305", 6), unit("c", "confederate", "0404", 3)],
        {"0404": {"terrain": "swamp"}},
    )
    text, _said, rule = await why(home, scen, march(scen, "u", 6), "0404")
    assert "[6.2] 0404 holds an enemy unit" in text
    assert (
        "[7.1] an attack into or out of a mountain or swamp hex needs a road, pike, trail or "
        "railroad joining the two hexes" in " ".join(text.split())
    )
    assert rule == "6.2"


@run_async
async def test_not_adjacent(home: Path) -> None:
    scen = scenario([unit("u", "union", "0305", 6), unit("c", "confederate", "0909", 3)])
    text, _said, _rule = await why(home, scen, march(scen, "u", 6), "0307")
    assert "[6.2] 0307 is not next to 0305: a march enters one adjacent hex at a time" in text


@run_async
async def test_outside_the_command_radius(home: Path) -> None:
    scen = scenario(
        [
            unit("a", "union", "0101", corps="I"),
            unit("b", "union", "0909", corps="I"),
            unit("c2", "union", "0102", corps="I"),
            unit("c", "confederate", "0109", 3),
        ]
    )
    state = play(scen, ({"type": "take"}, None), ({"type": "activate", "leader": "l"}, None))
    text, _said, rule = await why(home, scen, state, "0909")
    assert "Why not 0909? [5.2] b: 0909 is outside the leader's command radius" in text
    assert rule == "5.2"


@run_async
async def test_fatigue_and_r_opens_the_rule(snap_home: Path) -> None:
    scen = scenario(
        [
            unit("u", "union", "0305", 6),
            unit("z", "union", "0103", fatigue=4),
            unit("c", "confederate", "0909", 3),
        ]
    )
    state = play(scen, ({"type": "take"}, None))
    app = GcacwApp(home=snap_home, game=PEOPLE)
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await show(pilot, scen, state)
        for _ in range(50):  # wait for the rulebook
            if app.books.ready:
                break
            await settle(pilot, pause=0.1)
        text = await point(pilot, "0103")
        assert "Why not 0103? [5.1] z: fatigue 4: a unit marches only at fatigue 3 or less" in text
        assert pane.why_rule == "5.1"
        app.query_one(MapView).focus()
        await pilot.press("R")
        await settle(pilot)
        assert app.query_one("#tabs").active == "rules"  # type: ignore[attr-defined]
        assert app.query_one("#rules-pane").view.section == "5.1"  # type: ignore[attr-defined]


@run_async
async def test_r_opens_the_why_not_pointed_at_while_the_choices_keep_the_focus(
    app_home: Path,
) -> None:
    """The hex panel says "R: rule 6.2" after w a s d moved the cursor: `R` opens 6.2,
    not the highlighted choice's rule, though the choices still have the focus; after
    a choice is highlighted again, `R` is the choice's and the cursor is back on the unit."""
    scen = scenario(
        [unit("u", "union", "0305", 6), unit("c", "confederate", "0909", 3)],
        {"0304": {"terrain": "water"}},
    )
    app = GcacwApp(home=app_home, game=PEOPLE)
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await show(pilot, scen, march(scen, "u", 6))
        for _ in range(50):  # wait for the rulebook
            if app.books.ready:
                break
            await settle(pilot, pause=0.1)
        choices = app.query_one("#game-choices")
        assert app.focused is choices and app.query_one(MapView).cursor_hex == "0305"
        await pilot.press("w")  # the cursor to 0304, water
        await settle(pilot)
        assert "R: rule 6.2" in info_text(app) and app.focused is choices
        refusal = pane.why_refusal
        assert refusal is not None and refusal.rule == "6.2"
        section, paragraph = refusal_place(refusal, app.books)
        assert section == "6.2" and paragraph is not None  # the part it cites, not the top
        await pilot.press("R")
        await settle(pilot, pause=0.2)
        assert app.query_one("#tabs").active == "rules"  # type: ignore[attr-defined]
        rules: Any = app.query_one("#rules-pane")
        assert rules.view.section == "6.2"
        at = rules._paragraphs.index(paragraph)
        assert at > 0 and rules.query_one("#rule-body").scroll_y > 0  # scrolled to it
        await pilot.press("escape")
        await settle(pilot)
        assert app.focused is choices
        await pilot.press("down", "up")  # back to a choice: `R` is its rule again
        await settle(pilot)
        await pilot.press("R")
        await settle(pilot)
        assert app.query_one("#rules-pane").view.section == "6.1"  # type: ignore[attr-defined]
        # back at a choice the hex panel is the acting unit's again: its reason is gone
        assert app.query_one(MapView).cursor_hex == "0305" and pane.why_rule == ""


@run_async
async def test_the_whole_reason_shows_at_80_columns(home: Path) -> None:
    """At 80x24 the hex panel is 4 lines high; a "why not?" makes it grow so the reason
    and its "R: rule" are read whole."""
    scen = scenario(
        [unit("u", "union", "0305", 6), unit("c", "confederate", "0404", 3)],
        {"0404": {"terrain": "swamp"}},
    )
    app = GcacwApp(home=home, game=PEOPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        await show(pilot, scen, march(scen, "u", 6))
        await point(pilot, "0404")
        await settle(pilot)
        info = app.query_one("#game-info", Static)
        lines = Text(info_text(app)).wrap(app.console, info.content_region.width)
        last = next(i for i, line in enumerate(lines) if "R: rule" in line.plain)
        assert last > 3  # the reason needs more than the panel's usual 4 lines
        assert last < info.content_region.height


@run_async
async def test_back_from_the_map_to_the_choices_the_why_not_gives_way_at_80x24(home: Path) -> None:
    """Played in tmux at 80x24: after pointing at a hex the unit cannot enter, the hex
    panel kept its "why not?" while the player went back to the choices, and the
    highlighted choice's detail was pushed off the screen."""
    scen = scenario([unit("u", "union", "0305", 6), unit("c", "confederate", "0909", 3)])
    app = GcacwApp(home=home, game=PEOPLE)
    async with app.run_test(size=(80, 24)) as pilot:
        pane = await show(pilot, scen, march(scen, "u", 6))
        assert pane._choices  # noqa: SLF001 - a person decides
        view = app.query_one(MapView)
        assert view.cursor_hex == "0305"
        await pilot.press("d", "d")  # two columns east: not next to the unit
        await settle(pilot)
        info = app.query_one("#game-info", Static)
        assert view.cursor_hex == "0505" and info.has_class("why")
        await pilot.press("down")  # back to the choices
        await settle(pilot)
        assert view.cursor_hex == "0305" and not info.has_class("why")
        assert info_text(app).startswith("0305")
        detail = app.query_one("#game-detail", Static)
        assert detail.region.height > 0 and detail.region.bottom <= app.screen.region.bottom
