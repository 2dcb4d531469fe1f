"""Saves forged so that their hash still matches (the edited save replayed through the api
and its hash and result written back) are never "verified": a built-in scenario's copy
edited, the bots null or unknown, fields out of range; each error is one short line."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.cli import main
from gcacw_ref.game.play.api import load_scenario
from gcacw_ref.game.play.replay import Game, SaveFile, play_bots, replay_save
from gcacw_ref.game.play.save_checks import scenario_digest, shipped_digests

Doc = dict[str, Any]


@pytest.fixture(scope="module")
def game() -> Game:
    return play_bots(load_scenario("training"), 4, "heuristic", "random")


def rehash(doc: Doc) -> Doc:
    """What a forger does after editing a save: replay it and write back hash and result."""
    replayed = replay_save(SaveFile.model_validate(doc)).state
    doc["final_state_hash"] = replayed.state_hash()
    doc["result"] = json.loads(json.dumps(replayed.result))
    return doc


def run(tmp_path: Path, doc: Doc, capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    """`replay --verify` of the save; the one line on stderr (exit 2 asserted), at most 200
    characters besides the file names the user gave."""
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    code = main(["--lang", "en", "replay", str(path), "--verify", "--json", *extra])
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert "verified:" not in err
    own_text = err.replace(str(path), "F")
    for name in extra[1:]:
        own_text = own_text.replace(name, "F")
    assert len(err.splitlines()) == 1 and len(own_text) <= 200, err
    return err


def _vp_hex_moved(doc: Doc) -> None:
    doc["scenario"]["victory"]["hexes"][0]["hex"] = "1205"


def _stronger(doc: Doc) -> None:
    unit = doc["scenario"]["units"][6]
    unit["strength"] = str(int(unit["strength"]) + 3)


def _margin(doc: Doc) -> None:
    doc["scenario"]["victory"]["margin"] = 100


def _vp_value(doc: Doc) -> None:
    doc["scenario"]["victory"]["hexes"][1]["vp"] = 30


@pytest.mark.parametrize("edit", [_vp_hex_moved, _stronger, _margin, _vp_value])
def test_an_edited_builtin_scenario_is_refused(
    tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str], edit: Callable[[Doc], None]
) -> None:
    doc = game.to_save().model_dump(mode="json")
    edit(doc)
    err = run(tmp_path, rehash(doc), capsys)
    assert "copy of the built-in scenario training matches no version we shipped" in err


def test_the_edited_vp_value_changes_the_saved_result(game: Game) -> None:
    """The forged result the case above refuses is a different one (the edit matters)."""
    doc = game.to_save().model_dump(mode="json")
    _vp_value(doc)
    assert rehash(doc)["result"] != game.state.result


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("bots", None, "bots: None does not name the two players"),
        ("bots", ["heuristic", "cheater"], "bots: 'cheater' is not a player"),
        ("bots", ["heuristic"], "bots: ['heuristic'] does not name the two players"),
        ("scripted", 10**18, "scripted: 1000000000000000000 is not a number of actions"),
        ("scripted", -1, "scripted: -1 is not a number of actions"),
        ("rules", 1, "the save says rules version 1"),
        ("rules", None, "the save says rules version 1"),
        ("rules", 2, "the save says rules version 2"),
        ("rules", 4, "the save says rules version 4"),
        ("bots_version", 99, "bots_version: 99 is not a version of the bots"),
        ("bots_version", 0, "bots_version: 0 is not a version of the bots"),
    ],
)
def test_fields_out_of_range_are_refused(
    tmp_path: Path,
    game: Game,
    capsys: pytest.CaptureFixture[str],
    field: str,
    value: object,
    says: str,
) -> None:
    doc = game.to_save().model_dump(mode="json")
    doc[field] = value
    assert says in run(tmp_path, doc, capsys)


LONG = "ab" * 2500  # a 5,000-digit hex string


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d.update(final_state_hash=LONG),
        lambda d: d.update(format=LONG),
        lambda d: d.update(bots=["heuristic", LONG]),
        lambda d: d.update(rules=int(LONG[:4000].replace("a", "1").replace("b", "2"))),
        lambda d: d["scenario"]["scenario"].update(id=LONG),
        lambda d: d.update(result={"winner": LONG}),
        lambda d: d.update(dice={LONG: [1]}),
    ],
)
def test_long_values_are_cut_in_the_one_line_error(
    tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str], edit: Callable[[Doc], None]
) -> None:
    doc = game.to_save().model_dump(mode="json")
    edit(doc)
    err = run(tmp_path, doc, capsys)
    assert LONG[:200] not in err


def test_a_custom_scenario_is_verified_against_the_file_given(
    tmp_path: Path, game: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    doc = game.to_save().model_dump(mode="json")
    doc["scenario"]["scenario"]["id"] = "my-valley"
    _margin(doc)
    rehash(doc)
    assert "not a built-in one: give its file with --scenario FILE" in run(tmp_path, doc, capsys)
    own = tmp_path / "my-valley.json"
    own.write_text(json.dumps(doc["scenario"]), encoding="utf-8")
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["replay", str(path), "--verify", "--json", "--scenario", str(own)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["verification"] == {"bots": "verified", "scenario": "file"}
    doc["scenario"]["victory"]["margin"] = 99  # the save no longer holds the file's scenario
    err = run(tmp_path, rehash(doc), capsys, "--scenario", str(own))
    assert f"the scenario stored in the save is not the one in {own}" in err


def test_every_shipped_scenario_is_among_the_shipped_versions() -> None:
    """scripts/scenario_digests.py was run after the last change to a scenario or map."""
    for sid in ("training", "harrow"):
        assert scenario_digest(load_scenario(sid)) in shipped_digests()[sid]
    assert len(shipped_digests()["training"]) >= 4  # the versions of the git history
