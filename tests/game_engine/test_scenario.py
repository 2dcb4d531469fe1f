"""Scenario loading and its cross-checks (bad input gives one clear message)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gcacw_ref.errors import DataError, InputError
from gcacw_ref.game.model.scenario import load_scenario

TRAINING = (
    Path(__file__).resolve().parents[2] / "gcacw_ref" / "game" / "scenarios" / "training.toml"
)


def test_training_scenario_has_every_kind_of_piece() -> None:
    scen = load_scenario("training")
    kinds = {(u.side.value, u.kind) for u in scen.units}
    for side in ("union", "confederate"):
        for kind in ("infantry", "cavalry", "artillery"):
            assert (side, kind) in kinds
    ranks = {ld.rank for ld in scen.leaders}
    assert {"army", "corps", "division"} <= ranks
    assert scen.rain_event(2) == "rain"
    doc = scen.map_document
    assert doc is not None
    feats = {f for side in doc["hexsides"] for f in side["features"]}
    assert {
        "ford",
        "bridge",
        "ferry",
        "creek",
        "minor_river",
        "major_river",
        "road",
        "trail",
    } <= feats
    terrains = {h["terrain"] for h in doc["hexes"].values()}
    assert {"woods", "mountain"} <= terrains
    assert any("station" in h.get("features", []) for h in doc["hexes"].values())


def _write(tmp_path: Path, old: str, new: str) -> Path:
    text = TRAINING.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(
        text.replace(old, new, 1).replace('map = "training"', 'map = "training"'), encoding="utf-8"
    )
    return path


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('hex = "0305"', 'hex = "2305"', "off the map"),
        ('corps = "II"\ntactical = 1', 'corps = "IX"\ntactical = 1', "unknown formation"),
        ('with_unit = "u-1-II"', 'with_unit = "nobody"', "does not exist"),
        ("strength = 9\nhex", "strength = 40\nhex", "strength"),
        (
            "tactical = 2\nartillery = 2\nstrength = 9",
            "tactical = 12\nartillery = 2\nstrength = 9",
            "tactical",
        ),
        ('commands = ["II"]', 'commands = ["XX"]', "unknown formation"),
        ('id = "u-2-I"', 'id = "u-1-I"', "used twice"),
        ('"2" = "rain"', '"9" = "rain"', "not a turn of this scenario"),
        ('hex = "0705", vp = 5', 'hex = "0799", vp = 5', "off the map"),
        ('with_unit = "u-cav"', 'with_unit = "c-cav"', "enemy unit"),
        ("fatigue = 1", "fatigue = 7", "fatigue"),
        ("strength = 9\nhex", "strength = 19\nhex", "largest marker"),
    ],
)
def test_bad_scenarios_are_refused(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = _write(tmp_path, old, new)
    with pytest.raises(DataError, match=message):
        load_scenario(str(path))


def test_unknown_scenario_id() -> None:
    with pytest.raises(InputError, match="not a file nor a built-in id"):
        load_scenario("no-such-scenario")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gcacw_ref", *args], capture_output=True, text=True
    )


def test_cli_scenario_check(tmp_path: Path) -> None:
    ok = _cli("scenario", "check", str(TRAINING))
    assert ok.returncode == 0, ok.stderr
    assert "ok" in ok.stdout
    bad = _write(tmp_path, 'hex = "0305"', 'hex = "2305"')
    res = _cli("scenario", "check", str(bad))
    assert res.returncode == 2
    assert "off the map" in res.stderr
    assert "Traceback" not in res.stderr


def test_cli_japanese_log() -> None:
    res = _cli("play", "--scenario", "training", "--seed", "2", "--lang", "ja")
    assert res.returncode == 0, res.stderr
    assert "イニシアティブ" in res.stdout and "ゲーム終了" in res.stdout
