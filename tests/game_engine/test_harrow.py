"""The campaign-size scenario `harrow`, `scenario list`, and three set-up / save holes closed:
enemy units in one hex (6.2), a VP hex on water, an edited result under `replay --verify`."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.game.model.scenario import Scenario, load_scenario
from gcacw_ref.game.play.replay import play_bots, read_save, replay_save, save_game, verify

SCENARIOS = Path(__file__).resolve().parents[2] / "gcacw_ref" / "game" / "scenarios"


@pytest.fixture(scope="module")
def harrow() -> Scenario:
    return load_scenario("harrow")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gcacw_ref", *args], capture_output=True, text=True
    )


# --- the scenario's shape ----------------------------------------------------------------
def test_harrow_map_has_every_kind_of_terrain(harrow: Scenario) -> None:
    doc = harrow.map_document
    assert doc is not None
    assert (doc["map"]["columns"], doc["map"]["rows"]) == (32, 26)
    terrains = {h["terrain"] for h in doc["hexes"].values()} | {doc["map"]["default_terrain"]}
    assert terrains == {
        "clear",
        "rolling",
        "rough",
        "woods",
        "city",
        "mountain",
        "swamp",
        "provisional_swamp",
        "water",
    }
    inside = Counter(f for h in doc["hexes"].values() for f in h.get("features", []))
    assert inside == {"station": 5, "village": 7, "earthworks": 1, "landing": 1}
    cities = sorted(h["name"] for h in doc["hexes"].values() if h["terrain"] == "city")
    assert cities == ["Brandon", "Cassel", "Harrowgate"]
    along = Counter(f for s in doc["hexsides"] for f in s["features"])
    assert set(along) == {
        "road",
        "pike",
        "railroad",
        "trail",
        "creek",
        "minor_river",
        "major_river",
        "ford",
        "bridge",
        "ferry",
    }
    # crossings: the Tamsin (major) has 2 bridges, a ferry, 2 fords; Wren Run and Lamb's
    # Fork (minor) 3 bridges, a ferry, 4 fords
    crossings = Counter(
        (river, c)
        for s in doc["hexsides"]
        for river in ("major_river", "minor_river")
        for c in ("bridge", "ferry", "ford")
        if river in s["features"] and c in s["features"]
    )
    assert crossings == {
        ("major_river", "bridge"): 2,
        ("major_river", "ferry"): 1,
        ("major_river", "ford"): 2,
        ("minor_river", "bridge"): 3,
        ("minor_river", "ferry"): 1,
        ("minor_river", "ford"): 4,
    }
    # roads through a swamp and over a mountain
    routes = {"road", "pike", "trail"}
    for terrain in ("swamp", "mountain"):
        hexes = {k for k, h in doc["hexes"].items() if h["terrain"] == terrain}
        assert any(
            set(s["between"]) & hexes and set(s["features"]) & routes for s in doc["hexsides"]
        ), terrain


def test_harrow_map_is_what_its_generator_writes() -> None:
    script = SCENARIOS.parents[2] / "scripts" / "gen_harrow_map.py"
    res = subprocess.run([sys.executable, str(script), "--check"], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_harrow_order_of_battle(harrow: Scenario) -> None:
    sides = Counter(u.side.value for u in harrow.units)
    assert sides == {"union": 22, "confederate": 19}
    kinds = Counter((u.side.value, u.kind) for u in harrow.units)
    assert kinds == {
        ("union", "infantry"): 13,
        ("union", "artillery"): 3,
        ("union", "cavalry"): 6,
        ("confederate", "infantry"): 12,
        ("confederate", "artillery"): 2,
        ("confederate", "cavalry"): 5,
    }
    ranks = Counter((ld.side.value, ld.rank) for ld in harrow.leaders)
    assert ranks == {
        ("union", "army"): 1,
        ("union", "corps"): 5,
        ("union", "division"): 2,
        ("confederate", "army"): 1,
        ("confederate", "corps"): 3,
        ("confederate", "division"): 3,
    }
    assert sum(ld.cavalry for ld in harrow.leaders) == 6
    kinds_of_formation = Counter(f.kind for f in harrow.formations)
    assert kinds_of_formation == {
        "corps": 6,
        "division": 1,
        "cavalry_corps": 2,
        "cavalry_division": 4,
    }
    entrenched = sorted(u.id for u in harrow.units if u.entrenchment != "none")
    assert entrenched == [
        "c-F-1",
        "c-F-2",
        "c-F-3",
        "c-R-2",
        "c-S-1",
        "c-S-2",
        "c-S-3",
        "u-V-1",
    ]


def test_harrow_turns_rain_and_victory(harrow: Scenario) -> None:
    assert (harrow.scenario.game.value, harrow.scenario.year, harrow.scenario.turns) == (
        "GTC",
        1864,
        10,
    )
    assert [harrow.rain_event(t) for t in (1, 6)] == ["rain", "rain+1"]
    table = [harrow.rain_from_table(total) for total in range(2, 13)]
    assert table == ["rain+2", "rain", "rain", *["none"] * 5, "rain", "rain", "rain+1"]
    held = Counter(vh.owner.value for vh in harrow.victory.hexes)
    assert held == {"confederate": 5, "union": 2}
    # tuned for balance (issue 24): the Confederate towns 8 VP, the Union depots 7, no draws
    vp = Counter[str]()
    for vh in harrow.victory.hexes:
        vp[vh.owner.value] += vh.vp
    assert vp == {"confederate": 8, "union": 7}
    assert harrow.victory.margin == 0


def test_harrow_random_games_finish_and_repeat(harrow: Scenario) -> None:
    for seed in (1, 2):
        a = play_bots(harrow, seed, "random", "random")
        b = play_bots(harrow, seed, "random", "random")
        assert a.state.state_hash() == b.state.state_hash()
        assert a.events == b.events
        result = a.state.result
        assert result is not None and result["turns_played"] == 10
        assert result["winner"] in ("union", "confederate", "draw")
        types = Counter(e["type"] for e in a.events)
        assert types["turn_end"] == 10 and types["game_end"] == 1
        # the first turn's rain cuts off the battalion in the Okra Bottoms (12.0)
        cut_off = [e for e in a.events if e.get("unit") == "c-marsh" and e["turn"] == 1]
        assert [(e["rule"], e["hex"]) for e in cut_off] == [("12.0", "1924")]


# --- scenario list -------------------------------------------------------------------------
def test_scenario_list_json() -> None:
    res = _cli("scenario", "list", "--json")
    assert res.returncode == 0, res.stderr
    found = json.loads(res.stdout)
    assert [s["id"] for s in found] == ["harrow", "training"]
    assert found[0] == {
        "id": "harrow",
        "name": "Harrow Valley campaign",
        "name_ja": "ハロウ渓谷の戦役",
        "game": "GTC",
        "year": 1864,
        "turns": 10,
        "units": 41,
        "leaders": 15,
        "map": "harrow",
        "map_size": "32x26",
    }
    assert found[1]["map_size"] == "14x10" and found[1]["units"] == 11


def test_scenario_list_table_in_both_languages() -> None:
    en = _cli("--lang", "en", "scenario", "list")
    assert en.returncode == 0, en.stderr
    lines = en.stdout.splitlines()
    assert lines[0].split() == ["id", "name", "game", "year", "turns", "units", "map"]
    assert lines[2].split()[0] == "harrow" and "harrow (32x26)" in lines[2]
    ja = _cli("--lang", "ja", "scenario", "list")
    assert ja.returncode == 0, ja.stderr
    assert "ハロウ渓谷の戦役" in ja.stdout and "ユニット" in ja.stdout.splitlines()[0]


# --- validation holes ----------------------------------------------------------------------
def _training_with(tmp_path: Path, old: str, new: str) -> Path:
    text = (SCENARIOS / "training.toml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_enemy_units_in_one_hex_are_refused(tmp_path: Path) -> None:
    path = _training_with(tmp_path, 'hex = "0808"', 'hex = "0402"')  # Wade's cavalry on Kirby's
    with pytest.raises(DataError, match=r"hex 0402 holds both .* \(6\.2\)"):
        load_scenario(str(path))
    res = _cli("scenario", "check", str(path))
    assert res.returncode == 2
    assert res.stderr.strip().splitlines() == [
        f"gcacw-ref: {path}: hex 0402 holds both Union and Confederate units (unit c-cav); "
        "enemy units may not share a hex (6.2)"
    ]
    play = _cli("play", "--scenario", str(path), "--seed", "1")
    assert play.returncode == 2 and "6.2" in play.stderr


def test_victory_hex_on_water_is_refused(tmp_path: Path) -> None:
    path = _training_with(tmp_path, 'hex = "1105", vp = 4', 'hex = "1401", vp = 4')
    with pytest.raises(DataError, match="victory hex 1401 is water"):
        load_scenario(str(path))
    res = _cli("scenario", "check", str(path))
    assert res.returncode == 2
    assert str(path) in res.stderr and "1401 is water" in res.stderr
    assert "Traceback" not in res.stderr


def test_replay_verify_recomputes_the_result(tmp_path: Path) -> None:
    training = load_scenario("training")
    game = play_bots(training, 4, "random", "heuristic")
    path = tmp_path / "g.json"
    save_game(game, path)
    verify(read_save(path), replay_save(read_save(path)))  # untouched: accepted
    data = json.loads(path.read_text(encoding="utf-8"))
    winner = data["result"]["winner"]
    data["result"]["winner"] = "union" if winner != "union" else "confederate"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DataError, match="not the result the replay reaches"):
        verify(read_save(path), replay_save(read_save(path)), str(path))
    res = _cli("replay", str(path), "--verify")
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert str(path) in res.stderr and "not the result the replay reaches" in res.stderr
    data["result"]["winner"] = winner
    data["result"]["vp"]["union"] += 1
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _cli("replay", str(path), "--verify").returncode == 2
    data["result"] = None
    path.write_text(json.dumps(data), encoding="utf-8")
    assert _cli("replay", str(path), "--verify").returncode == 2
