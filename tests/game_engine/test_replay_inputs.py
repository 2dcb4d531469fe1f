"""`replay --verify` checks every recorded input: typed dice consumed exactly where they are
recorded, the bots the save names, the rules version; `scenario check` refuses a victory
hex listed twice."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.game.model.scenario import check_scenario
from gcacw_ref.game.play.api import chance_outcomes, legal_actions, load_scenario
from gcacw_ref.game.play.replay import (
    Game,
    SaveFile,
    check_bots,
    play_action,
    play_bots,
    replay_save,
    start_game,
    verify_save,
)
from gcacw_ref.game.play.save_checks import check_scenario_copy
from gcacw_ref.rules.games import Side


@pytest.fixture(scope="module")
def bot_game() -> Game:
    return play_bots(load_scenario("training"), 4, "heuristic", "random")


@pytest.fixture(scope="module")
def typed_game(bot_game: Game) -> tuple[Game, int]:
    """The bot game's actions replayed up to the first one that rolls a die, with that
    die typed at the table (the game stops there: later actions may differ)."""
    game = start_game(bot_game.scenario, bot_game.seed, ["human", "human"])
    for i, action in enumerate(bot_game.actions):
        outcomes = chance_outcomes(game.state, action)
        if outcomes and outcomes[0].dice:
            play_action(game, action, [outcomes[0].dice[0]], all_dice=True)
            return game, i
        play_action(game, action)
    raise AssertionError("no action rolled a die")


def doc_of(game: Game) -> dict[str, Any]:
    return game.to_save().model_dump(mode="json")


def check(doc: dict[str, Any]) -> str:
    """Replay and verify a save document; the error's text, or "" when it verifies."""
    try:
        save = SaveFile.model_validate(doc)
        verify_save(save, replay_save(save), "s")
    except DataError as exc:
        return str(exc)
    return ""


def test_typed_game_verifies(typed_game: tuple[Game, int]) -> None:
    game, i = typed_game
    doc = doc_of(game)
    assert doc["dice"] == {str(i): game.dice[str(i)]} and doc["rules"] == 3
    assert check(doc) == ""


def test_a_changed_typed_die_is_refused(typed_game: tuple[Game, int]) -> None:
    """Even where the other die gives the same outcome, the state remembers typed dice."""
    game, i = typed_game
    for other in range(1, 7):
        if other == game.dice[str(i)][0]:
            continue
        doc = doc_of(game)
        doc["dice"] = {str(i): [other]}
        assert "does not reproduce" in check(doc)


@pytest.mark.parametrize(
    ("dice", "words"),
    [
        ({"KEY": [9]}, "not a die of 1 to 6"),
        ({"KEY": [0]}, "not a die of 1 to 6"),
        ({"999": [3]}, "not the index of an action"),
        ({"-1": [3]}, "not the index of an action"),
        ({"0KEY": [3]}, "not the index of an action"),
        ({"KEY": []}, "0 dice"),
        ({"KEY": [3] * 100_000}, "100000 dice"),
    ],
)
def test_malformed_typed_dice_are_refused(
    typed_game: tuple[Game, int], dice: dict[str, list[int]], words: str
) -> None:
    game, i = typed_game
    doc = doc_of(game)
    doc["dice"] = {k.replace("KEY", str(i)): v for k, v in dice.items()}
    assert words in check(doc)


def test_unused_typed_dice_are_refused(typed_game: tuple[Game, int]) -> None:
    game, i = typed_game
    doc = doc_of(game)
    doc["dice"] = {str(i): [*game.dice[str(i)], 3, 3, 3, 3, 3, 3, 3, 3]}
    assert "were not used" in check(doc)


def test_dice_as_text_are_not_dice(typed_game: tuple[Game, int]) -> None:
    game, i = typed_game
    doc = doc_of(game)
    doc["dice"] = {str(i): [str(game.dice[str(i)][0])]}
    with pytest.raises(ValueError, match="valid integer"):
        SaveFile.model_validate(doc)


def test_bots_are_verified_by_playing_them(bot_game: Game) -> None:
    doc = doc_of(bot_game)
    assert check(doc) == ""
    save = SaveFile.model_validate(doc)
    assert check_bots(bot_game.scenario, 4, save.bots, save.actions, 0, False, "s") == "verified"
    doc["bots"] = ["random", "random"]
    assert "the bots field was altered" in check(doc)


def test_bots_of_a_game_with_typed_dice_are_unverified(typed_game: tuple[Game, int]) -> None:
    game, _i = typed_game
    save = SaveFile.model_validate({**doc_of(game), "bots": ["heuristic", "random"]})
    assert check_bots(game.scenario, 4, save.bots, save.actions, 0, True, "s") == "unverified"


def test_an_older_save_says_the_rules_changed(bot_game: Game) -> None:
    doc = doc_of(bot_game)
    doc["final_state_hash"] = "0" * 64
    assert "corrupt or was altered" in check(doc)
    del doc["rules"]
    assert "the rules changed since this game was saved (rules version 1, now 3)" in check(doc)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gcacw_ref", *args], capture_output=True, text=True
    )


def test_cli_refuses_with_one_line(tmp_path: Path, typed_game: tuple[Game, int]) -> None:
    game, i = typed_game
    doc = doc_of(game)
    doc["dice"] = {"05": [3]}
    path = tmp_path / "s.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    res = _cli("replay", str(path), "--verify")
    assert res.returncode == 2
    assert len(res.stderr.strip().splitlines()) == 1 and "not the index" in res.stderr


def test_scenario_check_refuses_a_victory_hex_listed_twice() -> None:
    scen = load_scenario("training")
    vh = scen.victory.hexes[0]
    owner = Side.UNION if vh.owner is Side.CONFEDERATE else Side.CONFEDERATE
    hexes = [*scen.victory.hexes, vh.model_copy(update={"owner": owner})]
    twice = scen.model_copy(update={"victory": scen.victory.model_copy(update={"hexes": hexes})})
    with pytest.raises(DataError, match=f"victory hex {vh.hex} is listed twice"):
        check_scenario(twice, "twice")
    check_scenario(scen, "training")


def test_legal_actions_untouched_by_typed_dice(typed_game: tuple[Game, int]) -> None:
    game, _i = typed_game
    assert legal_actions(game.state)


def test_saves_name_the_bots_version(bot_game: Game) -> None:
    assert doc_of(bot_game)["bots_version"] == 3


def test_an_older_save_whose_bots_now_choose_otherwise_says_the_bots_changed(
    bot_game: Game,
) -> None:
    doc = doc_of(bot_game)
    doc["bots"] = ["random", "random"]  # these bots would not choose its first action
    del doc["bots_version"]
    assert "the bots changed since this game was saved (bots version 1, now 3)" in check(doc)
    assert "they would not choose action 1" in check(doc)


def test_an_older_save_whose_bots_still_choose_the_same_verifies(bot_game: Game) -> None:
    doc = doc_of(bot_game)
    del doc["bots_version"]
    assert check(doc) == ""


def test_the_scenario_stored_in_a_save_is_compared_with_the_shipped_one(bot_game: Game) -> None:
    assert check_scenario_copy(bot_game.scenario) == "shipped"
    changed = bot_game.scenario.model_copy(
        update={"victory": bot_game.scenario.victory.model_copy(update={"margin": 5})}
    )
    with pytest.raises(DataError, match="no version we shipped"):
        check_scenario_copy(changed)
    assert check_scenario_copy(changed, given=changed, file="mine.toml") == "file"
    info = bot_game.scenario.scenario.model_copy(update={"id": "my-own"})
    own = bot_game.scenario.model_copy(update={"scenario": info})
    with pytest.raises(DataError, match="give its file with --scenario FILE"):
        check_scenario_copy(own)


def older_training(doc: dict[str, Any]) -> None:
    """Turn the save's training scenario into the version shipped before the place names
    got Japanese ones (commit 78f470c): the map without any `name_ja`."""
    board = doc["scenario"]["map_document"]
    del board["map"]["name_ja"]
    for cell in board["hexes"].values():
        cell.pop("name_ja", None)


def test_cli_notes_a_save_of_a_changed_scenario(tmp_path: Path, bot_game: Game) -> None:
    """The save replays under its own copy of the scenario, an earlier shipped version; the
    note says the shipped one changed since."""
    doc = doc_of(bot_game)
    older_training(doc)
    game = replay_save(SaveFile.model_validate(doc))
    doc["final_state_hash"] = game.state.state_hash()
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    res = _cli("replay", str(path), "--verify")
    assert res.returncode == 0, res.stderr
    assert "the shipped scenario training has changed since this game was saved" in res.stdout
