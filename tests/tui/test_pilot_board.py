"""Pilot tests of the board tab (F10, issue 39): a three-unit argument set up from nothing
by keys and its attack answer read, in English and after F8 in Japanese; a hexside
feature toggled; a board saved and opened again; a bad file refused in one line."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Static, TabbedContent

from gcacw_ref import i18n
from gcacw_ref.board import BoardUnit, read_board
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.board.edit import LEADER_RATINGS, field_range
from gcacw_ref.tui.board.grid import BoardGrid
from gcacw_ref.tui.board.pane import AnswerLines, BoardPane
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.touchkit import ENV_VAR

from .conftest import run_async, settle
from .test_snapshots_game import PERSON, keys

SIZE = (160, 45)
# from nothing: the tab, a Union division in 0303, a Confederate 8 in 0302 (selected: the
# attacker) and a 6 in 0203 (next to 0303 too: the flank); then `b` on 0303
SETUP = ["f10", *"ddssu", "w", "c", "plus", "plus", "space", "a", "s", "c"]
ASK = ["d", "b"]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


async def open_tab(pilot: Pilot[int], app: GcacwApp) -> None:
    """F10 once the app is up, and wait until the grid has the keys."""
    await settle(pilot)
    await pilot.press("f10")
    for _ in range(100):
        await pilot.pause(0.02)
        if app.focused is app.query_one(BoardGrid):
            return
    raise AssertionError(f"the grid never had the focus: {app.focused}")


def answer(app: GcacwApp) -> list[str]:
    lines = app.query_one(AnswerLines)
    return [str(lines.get_option_at_index(i).prompt) for i in range(lines.option_count)]


def test_three_unit_setup_takes_16_keys() -> None:
    assert len(SETUP) + len(ASK) == 16  # the keys a player types: well under a minute


@run_async
async def test_three_unit_attack_by_keys(tmp_path: Path) -> None:
    if True:
        app = GcacwApp(home=tmp_path)
        async with app.run_test(size=SIZE) as pilot:
            await open_tab(pilot, app)
            await pilot.press(*SETUP[1:], *ASK)
            await pilot.pause()
            pane = app.query_one(BoardPane)
            assert [(u.hex, u.side.value, int(u.strength)) for u in pane.board.units] == [
                ("0303", "union", 6),
                ("0302", "confederate", 8),
                ("0203", "confederate", 6),
            ]
            lines = answer(app)
            assert lines[0].startswith("Odds 1-1"), lines[:3]  # 8 to 6
            assert any(line.startswith("[7.4] Flank bonus") for line in lines)
            assert "%" in "\n".join(lines)  # every outcome's chance
            await pilot.press("f8")
            await pilot.pause()
            ja = "\n".join(answer(app))
            assert "1-1" in ja and "[7.4]" in ja and "Odds" not in ja


@run_async
async def test_a_grand_assault_by_keys(tmp_path: Path) -> None:
    """Both Confederate units selected (0302 and 0203, two hexes), B once: a grand assault
    on 0303, each unit from its own hex."""
    app = GcacwApp(home=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tab(pilot, app)
        await pilot.press(*SETUP[1:], "space", "B")
        pane = app.query_one(BoardPane)
        assert pane.said == "b asks: grand_assault attack"  # the --type word
        await pilot.press(*ASK)
        await pilot.pause()
        lines = answer(app)
        assert lines[0].startswith("Odds 2-1"), lines[:3]  # 8 + 6 to 6
        assert any(line.startswith("[7.1] a grand assault from 2 hexes") for line in lines)


@run_async
async def test_hexside_toggle_and_save_open(tmp_path: Path) -> None:
    if True:
        app = GcacwApp(home=tmp_path)
        target = tmp_path / "mine.toml"
        async with app.run_test(size=SIZE) as pilot:
            await open_tab(pilot, app)
            await pilot.press("s", "4", "f", "f", "f", "h", "t", "u")
            pane = app.query_one(BoardPane)
            assert pane.board.hexsides == [{"between": ["0102", "0103"], "features": ["road"]}]
            assert pane.board.hexes == {"0102": {"terrain": "rolling"}}
            pane.query_one("#board-file").value = str(target)  # type: ignore[attr-defined]
            await pilot.press("S")
            saved = read_board(target)
            assert saved.hexsides[0]["features"] == ["road"]
            await pilot.press("N", "O")
            assert pane.board.hexes == {"0102": {"terrain": "rolling"}}
            assert len(pane.board.units) == 1
            (tmp_path / "bad.toml").write_text("[[units]]\nhex = '0101'\n")
            pane.query_one("#board-file").value = str(tmp_path / "bad.toml")  # type: ignore[attr-defined]
            await pilot.press("O")
            assert len(pane.board.units) == 1  # nothing lost
            assert pane.said.endswith("bad.toml: unit '0101' side: Field required")


@run_async
async def test_move_retreat_command_by_keys(tmp_path: Path) -> None:
    app = GcacwApp(home=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tab(pilot, app)
        # a Union division in 0303 with its leader, a Confederate one in 0304 next to it
        await pilot.press(*"ddssu", "L", "s", "c", "w", "m")
        await pilot.pause()
        grid = app.query_one(BoardGrid)
        moved = answer(app)
        assert any(line.startswith("[5.1] movement allowance") for line in moved), moved[:5]
        # beside an enemy unit: the five hexes the engine reaches with 6 MP, drawn on the grid
        assert set(grid.marks.reach) == {"0202", "0302", "0402", "0203", "0403"}
        await pilot.press("o")
        await pilot.pause()
        assert any("[2.5]" in line for line in answer(app)), answer(app)[:5]
        await pilot.press("r")
        await pilot.pause()
        retreat = answer(app)
        assert any("[7.6]" in line for line in retreat), retreat[:5]
        assert grid.marks.subject is not None


@run_async
async def test_a_leaders_ratings_are_set_by_keys_and_the_command_question_reads_them(
    tmp_path: Path,
) -> None:
    app = GcacwApp(home=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_tab(pilot, app)
        await pilot.press(*"ddssu", "g")  # no leader yet: said so, nothing changed
        pane = app.query_one(BoardPane)
        assert pane.said == "No leader with the unit in hex 0303 (L puts one)"
        await pilot.press("L", "g", "g", "G")  # command 2 -> 3 -> 4, tactical 0 -> 1
        await pilot.pause()
        (leader,) = pane.board.leaders
        assert (leader.command, leader.tactical) == (4, 1)
        shown = str(app.query_one("#board-hex", Static).render())
        assert "leader: command rating 4 · tactical rating 1" in shown, shown
        await pilot.press("f8")  # in Japanese: the rulebook's words in full-width brackets
        await settle(pilot)
        shown = str(app.query_one("#board-hex", Static).render())
        assert "（司令官：指揮値 4・戦術値 1）" in shown and "(" not in shown, shown
        await pilot.press("f8")
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert any("command rating 4" in line for line in answer(app)), answer(app)[:5]
        await pilot.press(*["plus"] * 20)  # 6 up to the greatest strength a unit has
        assert pane.board.units[0].strength == 21


@run_async
async def test_touch_bar_words_edit_the_board(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, "1")
    app = GcacwApp(home=tmp_path)
    async with app.run_test(size=(80, 30)) as pilot:
        await settle(pilot)
        app.action_show_tab("board")
        await settle(pilot)
        bar = str(app.query_one("#hints", Static).render())
        assert "terrain" in bar and "Union" in bar
        await app.action_touch("board", "walk(1, 0)")
        await app.action_touch("board", "do('union')")
        await app.action_touch("board", "do('stronger')")
        await settle(pilot)
        units = app.query_one(BoardPane).board.units
        assert [(u.hex, u.side.value, int(u.strength)) for u in units] == [("0201", "union", 7)]
        # a hexside by taps: the side pointed at turns clockwise (N, NE, SE, S), as "4" does
        for action in ["point_next"] * 3 + ["do('feature')"] * 3 + ["do('hexside')"]:
            await app.action_touch("board", action)
        await settle(pilot)
        assert app.query_one(BoardPane).board.hexsides == [
            {"between": ["0201", "0202"], "features": ["road"]}
        ]
        for action in ("leader", "command_rating", "tactical_rating", "tactical_rating"):
            await app.action_touch("board", f"do({action!r})")
        (leader,) = app.query_one(BoardPane).board.leaders
        assert (leader.command, leader.tactical) == (3, 2)


@run_async
async def test_enter_on_an_answer_line_opens_its_rule(snap_home: Path) -> None:
    app = GcacwApp(home=snap_home)
    async with app.run_test(size=SIZE) as pilot:
        await open_tab(pilot, app)
        await pilot.press(*SETUP[1:], *ASK)
        await settle(pilot)
        lines = app.query_one(AnswerLines)
        flank = next(i for i, line in enumerate(answer(app)) if line.startswith("[7.4] Flank"))
        lines.focus()
        lines.highlighted = flank
        await pilot.press("enter")
        await settle(pilot)
        assert app.query_one("#tabs", TabbedContent).active == "rules"
        assert app.query_one(RulesPane).view is not None
        assert app.query_one(RulesPane).view.section.startswith("7.4")  # type: ignore[union-attr]


@run_async
async def test_argue_about_this_opens_the_game_position(tmp_path: Path) -> None:
    app = GcacwApp(home=tmp_path, game=PERSON)
    async with app.run_test(size=SIZE) as pilot:
        await keys()(pilot)  # the training scenario up to the person's first decision
        shown = app.query_one("#game-map").state  # type: ignore[attr-defined]
        await pilot.press("b")
        await settle(pilot)
        assert app.query_one("#tabs", TabbedContent).active == "board"
        board = app.query_one(BoardPane).board
        assert board.board.map == "training" and board.board.turn == shown.turn
        on_map = sorted(u.id for u in shown.units.values() if u.hex is not None)
        assert sorted(str(u.id) for u in board.units) == on_map


def test_the_markers_and_ratings_cycle_through_the_documents_ranges() -> None:
    """The tab's keys step through the values the board document allows, read from its
    models (fatigue 0-4, demoralized 0-2, command 0-9, tactical 0-6), not typed again."""
    assert field_range(BoardUnit, "fatigue") == range(5)
    assert field_range(BoardUnit, "demoralized") == range(3)
    assert dict(LEADER_RATINGS) == {"command": range(10), "tactical": range(7)}
