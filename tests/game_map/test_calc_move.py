"""`gcacw-ref calc move` through the CLI: JSON, schema, readable output, bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.cli import main
from gcacw_ref.game.model.hexmap import builtin_map_path

UNIT = {"side": "union", "kind": "infantry", "strength": 6}


def run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, *flags: str
) -> tuple[int, str, str]:
    p = tmp_path / "in.json"
    p.write_text(json.dumps(data))
    code = main(["calc", "move", "--input", str(p), *flags])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_output_with_reachable(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = {
        "map": "example",
        "unit": UNIT,
        "path": ["0504", "0505", "0506", "0606", "0706", "0806"],
        "movement_allowance": 8,
        "friendly_units": [{"hex": "0506", "kind": "artillery", "strength": 4}],
    }
    code, out, _ = run(capsys, tmp_path, data, "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["legal"] is True and doc["cost"] == "8" and doc["stops_at"] is None
    assert doc["reason"] is None
    assert [s["value"] for s in doc["steps"][:5]] == ["1 MP", "2 MP", "1 MP", "1 MP", "3 MP"]
    assert all(s["rule"] for s in doc["steps"])
    assert doc["path"][4]["hex"] == "0806" and doc["path"][4]["mp"] == "3"
    assert doc["reachable"]["0504"] == "0" and doc["reachable"]["0806"] == "8"
    assert doc["reachable"]["0804"] == "3"  # pike over the bridge


def test_map_document_inline_and_by_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    inline = {
        "map": {"id": "i", "columns": 3, "rows": 3, "default_terrain": "woods"},
        "hexsides": [{"between": ["0101", "0102"], "features": ["road"]}],
    }
    data = {"map": inline, "unit": UNIT, "path": ["0101", "0102", "0103"], "rain": True}
    code, out, _ = run(capsys, tmp_path, data, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["cost"] == "9" and doc["reachable"] is None  # road 2 + woods 7
    data["map"] = str(builtin_map_path("example"))
    data["path"] = ["0504", "0404"]
    code, out, _ = run(capsys, tmp_path, data, "--json")
    assert json.loads(out)["cost"] == "1 1/2"


def test_zoc_and_disorganization(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = {
        "map": "example",
        "unit": UNIT,
        "path": ["0103", "0104"],
        "enemy_units": [{"hex": "0203", "kind": "cavalry", "strength": 2}],
        "movement_allowance": 4,
    }
    code, out, _ = run(capsys, tmp_path, data, "--json")
    doc = json.loads(out)
    assert doc["legal"] and doc["cost"] == "4" and doc["stops_at"] == "0104" and doc["disorganized"]
    code, out, _ = run(capsys, tmp_path, data)
    assert code == 0 and "disorganized" in out and "must stop at 0104" in out


def test_readable_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    data = {
        "map": "example",
        "unit": UNIT,
        "path": ["0104", "0204", "0304"],
        "movement_allowance": 2,
    }
    code, out, _ = run(capsys, tmp_path, data)
    assert code == 0
    assert "0204 clear: 1 MP (total 1)" in out and "[6.2] along pike: 1 MP" in out
    assert "Legal. Cost: 2 MP." in out and "Reachable hexes" in out


def test_illegal_path_is_reported_not_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    data = {"map": "example", "unit": UNIT, "path": ["1003", "1002"]}
    code, out, _ = run(capsys, tmp_path, data, "--json")
    doc = json.loads(out)
    assert code == 0 and doc["legal"] is False and doc["cost"] is None
    assert "water" in doc["reason"]


def test_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "move", "--schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert {
        "map",
        "unit",
        "path",
        "rain",
        "movement_allowance",
        "enemy_units",
        "friendly_units",
    } <= set(schema["properties"])


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        (
            {"map": "example", "unit": UNIT, "path": ["0101", "0103"]},
            "path[1]: 0103 is not adjacent to 0101",
        ),
        ({"map": "example", "unit": UNIT, "path": ["1109"]}, "path[0]: hex 1109 is off map"),
        ({"map": "nowhere", "unit": UNIT, "path": ["0101"]}, "map: 'nowhere' is neither"),
        (
            {
                "map": {
                    "map": {"id": "x", "columns": 2, "rows": 2},
                    "hexes": {"0101": {"terrain": "lava"}},
                },
                "unit": UNIT,
                "path": ["0101"],
            },
            "hexes.0101.terrain",
        ),
        ({"map": "example", "unit": {**UNIT, "kind": "navy"}, "path": ["0101"]}, "unit.kind"),
        (
            {"map": "example", "unit": {**UNIT, "strength": "6 1/3"}, "path": ["0101"]},
            "unit.strength",
        ),
        ({"map": "example", "unit": UNIT, "path": []}, "path"),
        (
            {"map": "example", "unit": UNIT, "path": ["0101"], "enemy_units": [{"hex": "9999"}]},
            "enemy_units[0].hex",
        ),
        (
            {"map": "example", "unit": UNIT, "path": ["0101"], "enemy_units": [{"hex": "0101"}]},
            "path[0]: 0101 holds an enemy unit",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: Any, needle: str
) -> None:
    code, out, err = run(capsys, tmp_path, data)
    assert code == 2 and out == ""
    assert needle in err and err.count("\n") == 1 and "Traceback" not in err
