"""Whole games: determinism, saves, replays, tampering, illegal actions, CLI exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.game.engine.core import apply, legal_actions, new_game
from gcacw_ref.game.model.actions import Action, IllegalAction
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.replay import play_bots, read_save, replay_save, save_game, verify


@pytest.fixture(scope="module")
def training():  # type: ignore[no-untyped-def]
    return load_scenario("training")


def test_same_seed_same_game(training) -> None:  # type: ignore[no-untyped-def]
    a = play_bots(training, 7, "heuristic", "random")
    b = play_bots(training, 7, "heuristic", "random")
    assert a.state.state_hash() == b.state.state_hash()
    assert a.events == b.events
    c = play_bots(training, 8, "heuristic", "random")
    assert c.state.state_hash() != a.state.state_hash()


def test_heuristic_game_reaches_game_end(training) -> None:  # type: ignore[no-untyped-def]
    game = play_bots(training, 1, "heuristic", "heuristic")
    types = {e["type"] for e in game.events}
    assert {
        "initiative",
        "pass",
        "march",
        "combat",
        "recovery",
        "rain",
        "turn_end",
        "game_end",
    } <= types
    assert game.events[-1]["type"] == "game_end"
    assert game.state.result is not None
    assert game.state.result["turns_played"] == training.scenario.turns
    for e in game.events:
        assert {"type", "turn", "rule"} <= set(e.as_json())
        assert not {"en", "ja", "text"} & set(e.as_json())


def test_save_replay_verify(tmp_path: Path, training) -> None:  # type: ignore[no-untyped-def]
    game = play_bots(training, 3, "random", "heuristic")
    path = tmp_path / "g.json"
    save_game(game, path)
    save = read_save(path)
    again = replay_save(save)
    verify(save, again)
    assert again.state.state_hash() == game.state.state_hash()


def test_tampered_save_is_detected(tmp_path: Path, training) -> None:  # type: ignore[no-untyped-def]
    game = play_bots(training, 3, "random", "random")
    path = tmp_path / "g.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    data["seed"] = 4
    path.write_text(json.dumps(data))
    save = read_save(path)
    with pytest.raises(DataError):
        verify(save, replay_save(save))


def test_illegal_action_raises(training) -> None:  # type: ignore[no-untyped-def]
    state = new_game(training, 1)
    with pytest.raises(IllegalAction, match="illegal action"):
        apply(state, Action(type="move", unit="u-1-I", hex="0909"))
    with pytest.raises(IllegalAction):
        apply(state, {"type": "take", "bogus": 1})
    assert Action(type="done") in legal_actions(state)


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gcacw_ref", *args], capture_output=True, text=True, cwd=cwd
    )


def test_cli_play_json_and_replay(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    res = _cli(
        "play",
        "--scenario",
        "training",
        "--seed",
        "5",
        "--bots",
        "random,heuristic",
        "--json",
        "--save",
        str(save),
    )
    assert res.returncode == 0, res.stderr
    doc = json.loads(res.stdout)
    assert set(doc["result"]) >= {"winner", "vp", "turns_played"}
    assert all({"type", "turn", "rule", "text"} <= set(e) for e in doc["events"])
    assert not any({"en", "ja"} & set(e) for e in doc["events"])
    again = _cli(
        "play", "--scenario", "training", "--seed", "5", "--bots", "random,heuristic", "--json"
    )
    assert json.loads(again.stdout)["final_state_hash"] == doc["final_state_hash"]
    rep = _cli("replay", str(save), "--verify", "--json")
    assert rep.returncode == 0, rep.stderr
    assert json.loads(rep.stdout)["final_state_hash"] == doc["final_state_hash"]


def test_cli_bad_input_exit_2_and_save_untouched(tmp_path: Path) -> None:
    save = tmp_path / "s.json"
    save.write_text("keep me")
    for args in (
        ["play", "--scenario", "nope", "--seed", "1", "--save", str(save)],
        [
            "play",
            "--scenario",
            "training",
            "--seed",
            "1",
            "--bots",
            "random,genius",
            "--save",
            str(save),
        ],
    ):
        res = _cli(*args)
        assert res.returncode == 2
        assert "Traceback" not in res.stderr and res.stderr.count("\n") == 1
    assert save.read_text() == "keep me"
    res = _cli("replay", str(save))
    assert res.returncode == 2 and "not a save file" in res.stderr
    good = tmp_path / "g.json"
    assert (
        _cli(
            "play",
            "--scenario",
            "training",
            "--seed",
            "2",
            "--bots",
            "random,random",
            "--save",
            str(good),
        ).returncode
        == 0
    )
    data = json.loads(good.read_text())
    data["actions"][3] = {"type": "move", "unit": "u-1-I", "hex": "0909"}
    good.write_text(json.dumps(data))
    res = _cli("replay", str(good), "--verify")
    assert res.returncode == 2 and "cannot be replayed" in res.stderr
    good2 = tmp_path / "g2.json"
    assert (
        _cli("play", "--scenario", "training", "--seed", "2", "--save", str(good2)).returncode == 0
    )
    data = json.loads(good2.read_text())
    data["final_state_hash"] = "0" * 64
    good2.write_text(json.dumps(data))
    res = _cli("replay", str(good2), "--verify")
    assert res.returncode == 2 and "does not reproduce" in res.stderr
    data["scenario"]["units"][0]["strength"] = 99
    good2.write_text(json.dumps(data))
    res = _cli("replay", str(good2))
    assert res.returncode == 2 and "strength" in res.stderr


def test_cli_actions_by_hand(tmp_path: Path) -> None:
    good = tmp_path / "a.json"
    good.write_text(
        json.dumps(
            [
                {"type": "done"},
                {"type": "done"},
                {"type": "take"},
                {"type": "march", "unit": "c-tate"},
                {"type": "forced_march", "option": "no"},
            ]
        )
    )
    save = tmp_path / "s.json"
    res = _cli(
        "play",
        "--scenario",
        "training",
        "--seed",
        "1",
        "--actions",
        str(good),
        "--json",
        "--save",
        str(save),
    )
    assert res.returncode == 0, res.stderr
    marches = [e for e in json.loads(res.stdout)["events"] if e["type"] == "march"]
    assert marches[0]["unit"] == "c-tate"
    assert _cli("replay", str(save), "--verify").returncode == 0
    bad = tmp_path / "b.json"
    bad.write_text(json.dumps([{"type": "done"}, {"type": "fly"}]))
    save.write_text("old")
    res = _cli(
        "play", "--scenario", "training", "--seed", "1", "--actions", str(bad), "--save", str(save)
    )
    assert res.returncode == 2
    assert "action 2: illegal action 'fly'" in res.stderr
    assert save.read_text() == "old"


def test_every_decision_has_a_description() -> None:
    import gcacw_ref.game.engine.core  # noqa: F401  (registers every frame kind)
    from gcacw_ref.game.engine.registry import HANDLERS
    from gcacw_ref.game.model.log import DECISIONS, describe_decision

    kinds = {k for k, h in HANDLERS.items() if not h.automatic}
    assert kinds <= set(DECISIONS)
    assert describe_decision("initiative", "union") == "Union: take the initiative or pass"
    assert describe_decision("initiative", "confederate", "ja").startswith("南軍")
