"""The game screen, driven as a player would: watch, step back and forth, play a side,
type table dice, save and open; and every bad entry answered in the screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from textual.widgets import Input, OptionList

from gcacw_ref.cli import main
from gcacw_ref.game.engine.core import legal_actions
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.replay import play_bots, save_game
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import DiceDialog, GameOptions, parse_dice
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.pane import GamePane

from .conftest import loaded_game_pane, run_async, settle

BOTS = GameOptions("training", 1, "heuristic", "heuristic")
SIZE = (160, 45)


def pane_of(app: GcacwApp) -> GamePane:
    return app.query_one(GamePane)


@run_async
async def test_a_person_marches_with_legal_choices(home: Path) -> None:
    app = GcacwApp(home=home, game=GameOptions("training", 3, "human", "heuristic"))
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None
        box = app.query_one("#game-choices", OptionList)
        moved = False
        for _ in range(200):
            await pilot.press("end", "right")
            await settle(pilot)
            if not (h.human_to_move() and h.at_end):
                continue
            legal = h.legal()
            assert pane._choices == legal  # noqa: SLF001 - the list shown is the engine's
            wanted = next(
                (
                    t
                    for t in ("move", "march", "activate", "select", "take")
                    if any(a.type == t for a in legal)
                ),
                None,
            )
            index = next(i for i, a in enumerate(legal) if a.type == wanted) if wanted else 0
            box.highlighted = box.get_option_index(f"a{index}")
            box.focus()
            await pilot.press("enter")
            await settle(pilot)
            if any(e["type"] == "move" for n in h.nodes if n.by == "human" for e in n.events):
                moved = True
                break
        assert moved
        people = [n for n in h.nodes if n.by == "human"]
        before = len(h.nodes)
        await pilot.press("u")
        assert len(h.nodes) < before
        assert [n for n in h.nodes if n.by == "human"] == people[:-1]


@run_async
async def test_table_dice(home: Path) -> None:
    app = GcacwApp(home=home, game=GameOptions("training", 2, "human", "human"))
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None
        await pilot.press("t")
        assert pane.table_dice
        for _ in range(300):
            h.go(len(h.stops) - 1)
            legal = h.legal()
            rolling = [(a, h.dice_needed(a)[0]) for a in legal]
            rolling = [(a, n) for a, n in rolling if n]
            if rolling:
                break
            pane._play(legal[0], "human", None)  # noqa: SLF001
        action, count = rolling[0]
        nodes = len(h.nodes)
        pane.decide(action)
        await settle(pilot)
        assert isinstance(app.screen, DiceDialog)
        field = app.screen.query_one(Input)
        for bad in ("x", "7", "0", "3 b"):
            field.value = bad
            await pilot.press("enter")
            await settle(pilot)
            assert isinstance(app.screen, DiceDialog)
            assert str(app.screen.query_one("#dialog-error").render()).strip()
        assert len(h.nodes) == nodes  # nothing played
        field.value = " ".join(["6"] * count)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, DiceDialog)
        assert len(h.nodes) == nodes + 1 and h.nodes[-1].dice == (6,) * count


def test_dice_parsing() -> None:
    assert parse_dice("3, 5", 2) == [3, 5]
    for text in ("", "a", "0", "7", "3", "3 4 5", "2.5"):
        try:
            parse_dice(text, 2)
        except ValueError as exc:
            assert str(exc)
        else:
            raise AssertionError(text)


@run_async
async def test_open_a_play_save_and_save_for_replay(home: Path, tmp_path: Path) -> None:
    game = play_bots(load_scenario("training"), 4, "random", "heuristic")
    source = tmp_path / "played.json"
    save_game(game, source)
    options = GameOptions(open_path=str(source))
    app = GcacwApp(home=home, game=options)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        h = pane.history
        assert h is not None and h.last.state_hash() == game.state.state_hash()
        await pilot.press("right", "right", "full_stop", "greater_than_sign")
        assert h.cursor > 0
        target = tmp_path / "from-tui.json"
        pane.save_to(str(target))
        assert target.is_file()
    assert main(["replay", str(target), "--verify"]) == 0


@run_async
async def test_bad_files_leave_the_game_alone(home: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"hello": 1}), encoding="utf-8")
    bad_scenario = tmp_path / "bad.toml"
    bad_scenario.write_text('[scenario]\nid = "x"\n', encoding="utf-8")
    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("right", "right")
        await settle(pilot)
        h = pane.history
        assert h is not None
        before = (h.last.state_hash(), h.cursor)
        for path in (broken, foreign, tmp_path / "missing.json", tmp_path):
            pane.open_game(str(path))
            await settle(pilot)
            assert pane.history is h and (h.last.state_hash(), h.cursor) == before
            assert str(path) in pane.message
        pane.start_game(GameOptions(str(bad_scenario), 1, "human", "human"))
        await settle(pilot)
        assert pane.history is h and "bad.toml" in pane.message
        await pilot.press("n")  # the same through the new-game dialog, typed as a player
        await settle(pilot)
        app.screen.query_one("#new-scenario", Input).value = str(bad_scenario)
        app.screen.query_one("#new-seed", Input).value = "x1"
        await pilot.press("enter")
        await settle(pilot)
        assert "seed" in str(app.screen.query_one("#dialog-error").render())
        app.screen.query_one("#new-seed", Input).value = "7"
        app.screen.query_one("#new-seed", Input).focus()
        await pilot.press("enter")
        await settle(pilot)
        assert pane.history is h and "bad.toml" in pane.message
        pane.save_to(str(tmp_path))  # a folder
        assert "folder" in pane.message or "フォルダ" in pane.message


def test_history_undo_and_branch() -> None:
    h = History.new(load_scenario("training"), 5, {"union": "human", "confederate": "human"})
    h.go(len(h.stops) - 1)
    first = h.legal()[0]
    h.play(first)
    h.go(len(h.stops) - 1)
    h.play(h.legal()[0])
    assert len(h.nodes) == 4
    h.go(h.first_stop_of(2))
    h.play(legal_actions(h.state)[-1])  # a new branch from node 2 drops node 3
    assert len(h.nodes) == 4
    assert h.undo() and len(h.nodes) == 3


@run_async
async def test_enter_on_the_log_opens_the_rule_and_escape_comes_back(snap_home: Path) -> None:
    from gcacw_ref.tui.game.logview import LogView

    app = GcacwApp(home=snap_home, game=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        for _ in range(50):  # wait for the rulebook too
            if app.books.ready:
                break
            await settle(pilot, pause=0.1)
        h = pane.history
        assert h is not None
        for _ in range(400):
            event = h.event
            if (h.last.over and h.at_end) or (event is not None and event.get("rule") == "5.1"):
                break
            pane.action_step(1)
            if pane.busy:
                await app.workers.wait_for_complete()
        assert h.event is not None and h.event["rule"] == "5.1"
        log = app.query_one(LogView)
        log.focus()
        await pilot.press("enter")
        await settle(pilot)
        assert app.query_one("#tabs").active == "rules"  # type: ignore[attr-defined]
        assert app.query_one("#rules-pane").view.section == "5.1"  # type: ignore[attr-defined]
        await pilot.press("escape")
        await settle(pilot)
        assert app.query_one("#tabs").active == "game"  # type: ignore[attr-defined]


def test_game_command_refuses_bad_arguments(tmp_path: Path, capsys: Any) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("[1, 2", encoding="utf-8")
    for args in (
        ["game", "--bots", "human"],
        ["game", "--bots", "human,wizard"],
        ["game", "--seed", "-3"],
        ["game", "--scenario", str(tmp_path / "nope.toml")],
        ["game", "--open", str(broken)],
    ):
        assert main(args) == 2, args
        err = capsys.readouterr().err
        assert err.startswith("gcacw-ref: ") and len(err.strip().splitlines()) == 1
