"""Calculator input, scenarios and saves under bad input: exit 2 and one clean line."""

from __future__ import annotations

import copy
import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.calculators import CALCULATORS
from gcacw_ref.game.model.scenario import SCENARIO_DIR
from gcacw_ref.paths import atomic_write_text
from tests.robust.conftest import assert_clean_failure, run_cli

Capsys = pytest.CaptureFixture[str]
TRAINING: dict[str, Any] = tomllib.loads((SCENARIO_DIR / "training.toml").read_text("utf-8"))


def scenario_file(tmp_path: Path, change: Any, name: str = "s.json") -> Path:
    data = copy.deepcopy(TRAINING)
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def check_fails(capsys: Capsys, *argv: str) -> str:
    code, _out, err = run_cli(capsys, *argv)
    return assert_clean_failure(code, err)


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_calc_refuses_special_files(name: str, tmp_path: Path, capsys: Capsys) -> None:
    fifo = tmp_path / "in.json"
    os.mkfifo(fifo)
    for source in ("/dev/zero", str(fifo), str(tmp_path)):
        check_fails(capsys, "calc", name, "--input", source)


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        '{"a": ' * 3000,
        "NaN",
        '{"attacker": Infinity}',
        '{"x": 1e999}',
        '{"seed": ' + "7" * 5000 + "}",
    ],
)
@pytest.mark.parametrize("name", ["odds", "combat", "move"])
def test_calc_refuses_bad_json(name: str, text: str, tmp_path: Path, capsys: Capsys) -> None:
    source = tmp_path / "in.json"
    source.write_text(text, encoding="utf-8")
    check_fails(capsys, "calc", name, "--input", str(source))


def test_strength_fields_refuse_non_numbers(tmp_path: Path, capsys: Capsys) -> None:
    for value in ('"Infinity"', '"NaN"', '"1e999"', '"1e99999999"', '"' + "9" * 5000 + '"'):
        source = tmp_path / "in.json"
        source.write_text(f'{{"attacker": {value}, "defender": 3}}', encoding="utf-8")
        check_fails(capsys, "calc", "odds", "--input", str(source))


def test_replay_refuses_special_and_bad_saves(tmp_path: Path, capsys: Capsys) -> None:
    check_fails(capsys, "replay", "/dev/zero")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000, encoding="utf-8")
    check_fails(capsys, "replay", str(deep))
    seed = tmp_path / "seed.json"
    seed.write_text('{"format": "gcacw-ref-save/1", "seed": ' + "1" * 5000 + "}", "utf-8")
    check_fails(capsys, "replay", str(seed))


def test_save_refuses_links_and_devices(tmp_path: Path, capsys: Capsys) -> None:
    target = tmp_path / "real.json"
    target.write_text("keep", encoding="utf-8")
    link = tmp_path / "link.json"
    os.symlink(target, link)
    for path in (link, Path("/dev/null")):
        line = check_fails(
            capsys, "play", "--scenario", "training", "--seed", "1", "--save", str(path)
        )
        assert "regular file" in line
    assert link.is_symlink() and target.read_text(encoding="utf-8") == "keep"


def test_failed_atomic_write_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    with pytest.raises((TypeError, ValueError, UnicodeEncodeError)):
        atomic_write_text(path, "\udcff")  # a lone surrogate cannot be written as UTF-8
    assert list(tmp_path.iterdir()) == []
    atomic_write_text(path, "ok")
    assert path.read_text(encoding="utf-8") == "ok"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]


def _set(path: list[Any], value: Any) -> Any:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (_set(["rain_table"], {"2-99999999": "rain"}), "rain_table"),
        (_set(["rain_table"], {"99999999999999999999": "rain"}), "rain_table"),
        (_set(["rain_table"], {"²": "rain"}), "rain_table"),
        (_set(["rain_table"], {"2-²": "rain"}), "rain_table"),
        (_set(["rain_table"], {"9-3": "rain"}), "rain_table"),
        (_set(["weather"], {"²": "rain"}), "weather"),
        (_set(["weather"], {"٣": "rain"}), "weather"),
        (_set(["units", 0, "hex"], "０３０５"), "hex"),
        (_set(["units", 0, "hex"], "٠٣٠٥"), "hex"),
        (_set(["victory", "hexes", 0, "hex"], "１１０５"), "hex"),
        (_set(["units", 0, "strength"], "Infinity"), "strength"),
        (_set(["units", 0, "strength"], "1e999"), "strength"),
        (_set(["scenario", "map"], "../maps/training.toml"), "map"),
        (_set(["scenario", "map"], "/proc/self/environ"), "map"),
        (_set(["units"], [TRAINING["units"][0]] * 301), "units"),
        (_set(["units", 0, "name"], "x" * 5000), "name"),
        (_set(["weather"], {"a\nb\x1b[31m": "rain"}), "a\\nb"),
        (_set(["units", 0, "corps"], "a\nb\x1b[31m"), "a\\nb"),
    ],
)
def test_scenario_check_refuses(change: Any, words: str, tmp_path: Path, capsys: Capsys) -> None:
    path = scenario_file(tmp_path, change)
    line = check_fails(capsys, "scenario", "check", str(path))
    assert words in line


def test_deep_toml_scenario(tmp_path: Path, capsys: Capsys) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 2000 + "]" * 2000 + "\n", encoding="utf-8")
    check_fails(capsys, "scenario", "check", str(path))
    path.write_text("x = " + "{a = " * 2000 + "1" + "}" * 2000 + "\n", encoding="utf-8")
    check_fails(capsys, "scenario", "check", str(path))


def test_scenario_map_beside_it_still_works(tmp_path: Path, capsys: Capsys) -> None:
    maps = SCENARIO_DIR.parent / "maps" / "training.toml"
    (tmp_path / "mine.toml").write_bytes(maps.read_bytes())
    path = scenario_file(tmp_path, _set(["scenario", "map"], "mine.toml"))
    code, out, err = run_cli(capsys, "scenario", "check", str(path))
    assert code == 0, err
    os.symlink("/proc/self/environ", tmp_path / "env.toml")
    path = scenario_file(tmp_path, _set(["scenario", "map"], "env"))
    assert "map" in check_fails(capsys, "scenario", "check", str(path))


def test_map_outside_the_scenario_folder_is_refused(tmp_path: Path, capsys: Capsys) -> None:
    maps = SCENARIO_DIR.parent / "maps" / "training.toml"
    (tmp_path / "outside.toml").write_bytes(maps.read_bytes())
    (tmp_path / "sub").mkdir()
    for name in ("../outside.toml", "../outside", str(tmp_path / "outside.toml")):
        path = scenario_file(tmp_path / "sub", _set(["scenario", "map"], name))
        assert "map" in check_fails(capsys, "scenario", "check", str(path))


def test_toml_infinity_and_nan_strengths(tmp_path: Path, capsys: Capsys) -> None:
    text = (SCENARIO_DIR / "training.toml").read_text(encoding="utf-8")
    assert "\nstrength = " in text
    for value in ("inf", "-inf", "nan", "1e999"):
        path = tmp_path / "s.toml"
        path.write_text(text.replace("\nstrength = ", f"\nstrength = {value} #", 1), "utf-8")
        assert "strength" in check_fails(capsys, "scenario", "check", str(path))


def test_rain_table_bounds_are_checked_before_any_range() -> None:
    from gcacw_ref.game.model.scenario import rain_table_span

    assert rain_table_span("2-4") == {2, 3, 4}
    assert rain_table_span("12") == {12}
    for key in ("2-99999999", "1-12", "2-13", "9-3", "²", "2-²", "٣", "0x3", " 7", "7-", "-7"):
        assert rain_table_span(key) is None
