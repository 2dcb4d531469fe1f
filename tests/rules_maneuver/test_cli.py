"""`calc flank|march|retreat` through the CLI: JSON, schema, readable output, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gcacw_ref.cli import main

MARCH = {
    "game": "RTG",
    "side": "union",
    "cavalry": False,
    "exhausted": True,
    "fatigue_before": 2,
    "organized": True,
    "strength": 6,
    "army_of_the_potomac": False,
    "die": 3,
}
FLANK = {
    "neighbors": [
        {"attacker_unit": True, "strength": 17},
        {"attacker_zoc": "normal", "strength": 17},
        {"attacker_zoc": "normal"},
        {"attacker_unit": True, "strength": 7},
        {"attacker_zoc": "normal", "strength": 7},
        {},
    ],
    "defender_strength": 9,
}
RETREAT = {
    "kind": "rout",
    "hex_number": 1,
    "in_enemy_zoc": True,
    "neighbors": [
        {"active_enemy": True},
        {"enemy_zoc": True},
        {"road": True, "farther": True},
        {"farther": True},
        {"prohibited": True},
        {"enemy_zoc": True, "farther": True},
    ],
}


def run(tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: object, *extra: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "in.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["calc", name, "--input", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_march_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(tmp_path, capsys, "march", MARCH, "--json")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["extended"] is True and doc["drm"] == 3 and doc["result"] == "D"
    assert {d["result"]: d["probability"] for d in doc["distribution"]} == {"NE": "1/3", "D": "2/3"}
    assert all(s["rule"] for s in doc["steps"])


def test_march_missing_cell(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Register extended-march-missing-column: a disorganized 6 1/2 reads the printed
    disorganized column (strength 5 or less): die 5 + 3 = 8 -> "2"."""
    data = dict(MARCH, organized=False, strength="6 1/2", die=5)
    code, out, _ = run(tmp_path, capsys, "march", data, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["result"] == "2"
    assert {d["result"]: d["probability"] for d in doc["distribution"]} == {
        "NE": "1/3",
        "1": "1/3",
        "2": "1/3",
    }


def test_march_with_allowance_and_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = {
        "game": "OTR",
        "side": "union",
        "exhausted": True,
        "fatigue_before": 1,
        "strength": 6,
        "die": 4,
        "movement_dice": 3,
        "forced_march_dice": 1,
    }
    code, out, _ = run(tmp_path, capsys, "march", data, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["result"] == "NE"
    assert (doc["movement_allowance"], doc["final_movement_allowance"]) == (3, 5)
    assert doc["forced_march"]["bonus"] == 2


def test_flank_json_and_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, capsys, "flank", FLANK, "--json")
    doc = json.loads(out)
    assert code == 0
    assert (doc["blocked"], doc["base_bonus"], doc["reduction"], doc["final_bonus"]) == (5, 2, 0, 2)
    code, out, _ = run(tmp_path, capsys, "flank", FLANK)
    assert code == 0 and "[7.4]" in out and "Flank die modifier: +2" in out


def test_retreat_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(tmp_path, capsys, "retreat", RETREAT, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["table"] == 1 and doc["must_choose"] == [2]
    assert len(doc["options"]) == 6
    assert set(doc["options"][2]) >= {"allowed", "priority", "strength_loss", "type"}
    code, out, _ = run(tmp_path, capsys, "retreat", RETREAT)
    assert code == 0 and "must choose" in out


@pytest.mark.parametrize("name", ["flank", "march", "retreat"])
def test_schema(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", name, "--schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["type"] == "object" and schema["properties"]


@pytest.mark.parametrize(
    "name,data,needle",
    [
        ("march", dict(MARCH, fatigue_before=5), "fatigue_before"),
        ("march", dict(MARCH, fatigue_before=-1), "fatigue_before"),
        ("march", dict(MARCH, game="XYZ"), "game"),
        ("march", dict(MARCH, fatigue_before=4), "fatigue 4"),
        ("march", dict(MARCH, strength="3 1/3"), "strength"),
        ("flank", dict(FLANK, neighbors=FLANK["neighbors"][:5]), "neighbors"),  # type: ignore[index]
        ("flank", dict(FLANK, game="ABC"), "game"),
        ("retreat", dict(RETREAT, neighbors=RETREAT["neighbors"][:4]), "neighbors"),  # type: ignore[index]
        ("retreat", dict(RETREAT, hex_number=9), "hex_number"),
        ("retreat", dict(RETREAT, kind="flee"), "kind"),
    ],
)
def test_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: object, needle: str
) -> None:
    code, out, err = run(tmp_path, capsys, name, data)
    assert code == 2
    assert needle in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1
