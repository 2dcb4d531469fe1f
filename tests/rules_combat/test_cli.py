"""`gcacw-ref calc odds|combat|artillery` through the CLI entry point."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.cli import main
from gcacw_ref.rules.combat import resolve_combat
from gcacw_ref.rules.combat_models import CombatInput


def run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: Any, *extra: str
) -> tuple[int, str, str]:
    path = tmp_path / "in.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["calc", name, "--input", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_odds_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, tmp_path, "odds", {"attacker": 17, "defender": 9}, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["ratio"] == "1-1" and doc["drm"] == 0
    assert doc["attacker_column"] == "12-18" and doc["defender_column"] == "7-11"
    assert all({"rule", "label"} <= set(s) for s in doc["steps"])


def test_odds_halves_and_column_strength(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = {"attacker": "3 1/2", "defender": 12, "defender_column_strength": 6, "game": "OTR"}
    code, out, _ = run(capsys, tmp_path, "odds", data, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["ratio"] == "1-4" and doc["drm"] == -3
    assert doc["attacker_column"] == "4-6" and doc["defender_column"] == "4-6"


def test_odds_end_rows(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    _, out, _ = run(capsys, tmp_path, "odds", {"attacker": 0.5, "defender": 60}, "--json")
    assert json.loads(out)["ratio"] == "1-13"
    _, out, _ = run(capsys, tmp_path, "odds", {"attacker": 75, "defender": 1}, "--json")
    assert json.loads(out)["ratio"] == "14-1"


def test_odds_readable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, tmp_path, "odds", {"attacker": 17, "defender": 9})
    assert code == 0 and "1-1" in out and "[7.4]" in out


def test_artillery_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = {"attacker_artillery": 5, "defender_artillery": 2, "defender_terrain": "clear"}
    code, out, _ = run(capsys, tmp_path, "artillery", data, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc == doc | {"difference": 3, "modifier": 0, "needs_die": False, "outcomes": None}
    data["attacker_artillery"] = 12
    _, out, _ = run(capsys, tmp_path, "artillery", data, "--json")
    doc = json.loads(out)
    assert doc["modifier"] is None and doc["needs_die"] and doc["outcomes"] == {"even": 2, "odd": 1}
    data["die"] = 3
    _, out, _ = run(capsys, tmp_path, "artillery", data, "--json")
    assert json.loads(out)["modifier"] == 1
    code, out, _ = run(capsys, tmp_path, "artillery", data)
    assert code == 0 and "Artillery modifier +1" in out


DESIGN_EXAMPLE = {
    "game": "OTR",
    "action": "march",
    "attack_type": "hasty",
    "attackers": [{"strength": 17, "artillery": 2, "tactical": 2}],
    "attacker_leader_tactical": 4,
    "defenders": [{"strength": 9, "artillery": 2, "tactical": 2}],
    "defender_leader_tactical": 3,
    "defender_terrain": "rolling",
    "hexside": "none",
    "flank_bonus": 2,
    "rain": False,
    "dice": {"attacker": 5, "defender": 2},
}


def test_combat_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, tmp_path, "combat", DESIGN_EXAMPLE, "--json")
    doc = json.loads(out)
    assert code == 0
    for key in (
        "ratio",
        "ratio_drm",
        "tactical_drm",
        "artillery_drm",
        "attacker_drm",
        "defender_drm",
        "attacker_column",
        "defender_column",
        "steps",
        "distribution",
        "differential",
        "attacker_result",
        "defender_result",
    ):
        assert key in doc, key
    assert (doc["ratio"], doc["ratio_drm"], doc["tactical_drm"], doc["artillery_drm"]) == (
        "1-1",
        0,
        1,
        -1,
    )
    assert (doc["attacker_drm"], doc["defender_drm"], doc["differential"]) == (1, 0, 4)
    assert (doc["attacker_result"], doc["defender_result"]) == ("1fa", "1DR")
    total = sum(
        int(c["probability"].split("/")[0]) / int(c["probability"].split("/")[1])
        for c in doc["distribution"]
    )
    assert abs(total - 1) < 1e-12


def test_combat_readable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, tmp_path, "combat", DESIGN_EXAMPLE)
    assert code == 0 and "Chances over 36 dice outcomes" in out and "1DR" in out


@pytest.mark.parametrize("name", ["odds", "combat", "artillery"])
def test_schema(capsys: pytest.CaptureFixture[str], name: str) -> None:
    assert main(["calc", name, "--schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["type"] == "object" and "properties" in schema


@pytest.mark.parametrize(
    ("name", "data", "field"),
    [
        ("odds", {"attacker": -3, "defender": 9}, "attacker"),
        ("odds", {"attacker": "1/3", "defender": 9}, "attacker"),
        ("odds", {"attacker": 2.25, "defender": 9}, "attacker"),
        ("odds", {"attacker": 0, "defender": 9}, "attacker"),
        ("odds", {"attacker": 5, "defender": 9, "game": "XYZ"}, "game"),
        ("odds", {"attacker": 5}, "defender"),
        (
            "artillery",
            {"attacker_artillery": 1, "defender_artillery": 1, "defender_terrain": "jungle"},
            "defender_terrain",
        ),
        (
            "artillery",
            {"attacker_artillery": -1, "defender_artillery": 1, "defender_terrain": "clear"},
            "attacker_artillery",
        ),
        ("combat", DESIGN_EXAMPLE | {"game": "ABC"}, "game"),
        ("combat", DESIGN_EXAMPLE | {"defender_terrain": "jungle"}, "defender_terrain"),
        ("combat", DESIGN_EXAMPLE | {"attackers": [{"strength": -1}]}, "attackers"),
        ("combat", DESIGN_EXAMPLE | {"hexside": "ford", "rain": True}, "12.0"),
        (
            "combat",
            DESIGN_EXAMPLE | {"attackers": [{"strength": 3, "artillery_unit": True}]},
            "7.1",
        ),
        ("combat", DESIGN_EXAMPLE | {"flank_bonus": 5}, "flank_bonus"),
        ("combat", DESIGN_EXAMPLE | {"dice": {"attacker": 7, "defender": 1}}, "dice"),
    ],
)
def test_bad_input_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str, data: Any, field: str
) -> None:
    code, out, err = run(capsys, tmp_path, name, data, "--json")
    assert code == 2
    assert out == ""
    assert "Traceback" not in err and err.count("\n") == 1
    assert field in err


def test_combat_artillery_die_pending(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = DESIGN_EXAMPLE | {
        "attackers": [{"strength": 17, "artillery": 10}],
        "defender_terrain": "clear",
    }
    code, out, _ = run(capsys, tmp_path, "combat", data, "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["artillery_drm"] is None and doc["attacker_drm"] is None
    assert doc["artillery_outcomes"] == {"even": 2, "odd": 1}
    assert doc["dice_outcomes"] == 216 and doc["attacker_result"] is None
    code, out, _ = run(capsys, tmp_path, "combat", data)
    assert code == 0 and "even die" in out and "216" in out


GRAND_ASSAULT = {
    "game": "GTC",
    "action": "assault",
    "grand_assault": True,
    "attackers": [
        {"strength": 42, "artillery": 2, "hex": "1010"},
        {"strength": "40 1/2", "tactical": 1, "hex": "1011"},
    ],
    "defenders": [{"strength": "20 1/2", "artillery": 1}],
    "defender_terrain": "woods",
    "dice": {"attacker": 4, "defender": 2},
}


def test_combat_json_is_the_rules_core_result(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The JSON is the rules core's result written out: every key in the contract's order,
    the typed values (ratio, columns, strengths, chart results, rows) as the chart prints
    them (7.2, 7.5)."""
    code, out, _ = run(capsys, tmp_path, "combat", GRAND_ASSAULT, "--json")
    doc = json.loads(out)
    assert code == 0
    assert list(doc) == [
        "ratio", "ratio_drm", "tactical_drm", "artillery_drm", "attacker_drm", "defender_drm",
        "attacker_column", "defender_column", "attacker_column_index", "defender_column_index",
        "attacker_strength", "defender_strength", "defender_column_strength",
        "artillery_difference", "artillery_outcomes", "attacker_drm_outcomes",
        "attacker_modifiers", "defender_modifiers", "mp_cost", "grand_assault_extra_loss",
        "dice_outcomes", "distribution", "row_probabilities", "differential", "row",
        "attacker_result", "defender_result", "attacker_result_applied", "attacker_effects",
        "defender_effects", "steps",
    ]  # fmt: skip
    res = resolve_combat(CombatInput.model_validate(GRAND_ASSAULT))
    assert (doc["ratio"], doc["ratio_drm"]) == (res.ratio.label, res.ratio.drm) == ("4-1", 3)
    assert (doc["attacker_column"], doc["attacker_column_index"]) == ("70+", 9)
    assert (doc["defender_column"], doc["defender_column_index"]) == ("19-26", 4)
    assert res.attacker_strength == Fraction(165, 2) and doc["attacker_strength"] == "82 1/2"
    assert doc["defender_column_strength"] == "20 1/2"
    assert doc["attacker_modifiers"] == {"ratio": 3, "tactical": 1, "attack_type": 1}
    assert doc["attacker_drm"] == res.attacker_drm == 5 and doc["artillery_drm"] == 0
    assert doc["grand_assault_extra_loss"] == 1 and doc["differential"] == 7
    assert doc["row"] == "+7" and doc["row_probabilities"]["+7"] == "1/9"
    assert res.row_probabilities[7] == Fraction(1, 9) and doc["row_probabilities"]["≥+10"] == "1/36"
    assert (doc["attacker_result"], doc["attacker_result_applied"]) == ("2a", "3a")
    assert res.attacker_result_applied is not None and res.attacker_result_applied.loss == 3
    assert doc["defender_result"] == "4DR"
    assert doc["attacker_effects"] == "lose 3 strength; may advance after combat"
