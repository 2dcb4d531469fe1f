"""`scenario check` accepts only what the engine can play (issue 41, item 8): the map size
limits are stated once (`scenario_limits.MAX_MAP_COLUMNS`/`MAX_MAP_ROWS`); a scenario at
the limit, its units against the far edges, plays to its end, and a larger map is refused
with one line."""

from __future__ import annotations

import copy
import json
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.game.model import geometry
from gcacw_ref.game.model.scenario import SCENARIO_DIR
from gcacw_ref.game.model.scenario_limits import MAX_MAP_COLUMNS, MAX_MAP_ROWS
from tests.robust.conftest import assert_clean_failure, run_cli
from tests.robust.test_files import TRAINING
from tests.robust.test_fuzz import FUZZ

Capsys = pytest.CaptureFixture[str]
MAP: dict[str, Any] = tomllib.loads(
    (SCENARIO_DIR.parent / "maps" / "training.toml").read_text("utf-8")
)
WIDTH, HEIGHT = MAP["map"]["columns"], MAP["map"]["rows"]  # 14 x 10


def _moved(name: str, dc: int, dr: int) -> str:
    col, row = geometry.parse_hex(name)
    return f"{col + dc:02d}{row + dr:02d}"


def edge_scenario(folder: Path, columns: int, rows: int, scenario_id: str = "edge") -> Path:
    """The training scenario on a `columns` x `rows` map, every unit, victory hex and
    hex of the map moved by the same step so that they sit against the far edges."""
    dc, dr = max(columns - WIDTH, 0), max(rows - HEIGHT, 0)
    board = copy.deepcopy(MAP)
    board["map"].update(columns=columns, rows=rows)
    board["hexes"] = {_moved(h, dc, dr): v for h, v in MAP.get("hexes", {}).items()}
    for side in board.get("hexsides", []):
        side["between"] = [_moved(h, dc, dr) for h in side["between"]]
    (folder / "board.json").write_text(json.dumps(board), encoding="utf-8")
    data = copy.deepcopy(TRAINING)
    data["scenario"].update(map="board.json", id=scenario_id)
    for unit in data["units"]:
        unit["hex"] = _moved(unit["hex"], dc, dr)
    for place in data["victory"]["hexes"]:
        place["hex"] = _moved(place["hex"], dc, dr)
    path = folder / "s.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_the_limits_leave_every_neighbour_a_name() -> None:
    corner = (MAX_MAP_COLUMNS, MAX_MAP_ROWS)
    for coord in geometry.neighbor_coords(corner):
        assert geometry.parse_hex(geometry.hex_name(coord)) == coord
    assert geometry.hex_name((MAX_MAP_COLUMNS + 2, 1)) == "10001"  # one more: no name


@pytest.mark.parametrize("seed", ["1", "3"])
def test_a_scenario_at_the_limit_plays_to_its_end(
    seed: str, tmp_path: Path, capsys: Capsys
) -> None:
    path = edge_scenario(tmp_path, MAX_MAP_COLUMNS, MAX_MAP_ROWS)
    code, out, err = run_cli(capsys, "scenario", "check", str(path))
    assert code == 0, err
    code, out, err = run_cli(capsys, "play", "--scenario", str(path), "--seed", seed, "--json")
    assert code == 0, err
    assert json.loads(out)["result"]["turns_played"] == TRAINING["scenario"]["turns"]


@pytest.mark.parametrize(
    ("columns", "rows", "field"),
    [(MAX_MAP_COLUMNS + 1, MAX_MAP_ROWS, "map.columns"), (40, MAX_MAP_ROWS + 1, "map.rows")],
)
def test_a_larger_map_is_refused(
    columns: int, rows: int, field: str, tmp_path: Path, capsys: Capsys
) -> None:
    path = edge_scenario(tmp_path, columns, rows)
    code, _out, err = run_cli(capsys, "scenario", "check", str(path))
    assert field in assert_clean_failure(code, err)


CONTROLS_SHOWN = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


@FUZZ
@given(
    columns=st.integers(1, 120),
    rows=st.integers(1, 120),
    scenario_id=st.text(max_size=12),
)
def test_fuzz_scenario_files_accepted_means_playable(
    columns: int, rows: int, scenario_id: str, tmp_path: Path, capsys: Capsys
) -> None:
    """Whatever the map's size and the scenario's id: `scenario check` either refuses in
    one clean line, or every hex of the map (its corner against the far edges included)
    has neighbours the engine can name, and its output holds no control character."""
    path = edge_scenario(tmp_path, columns, rows, scenario_id)
    code, out, err = run_cli(capsys, "scenario", "check", str(path))
    if code != 0:
        assert_clean_failure(code, err)
        return
    assert not CONTROLS_SHOWN.search(out), repr(out)
    for coord in geometry.neighbor_coords((columns, rows)):
        assert geometry.parse_hex(geometry.hex_name(coord)) == coord
