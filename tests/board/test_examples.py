"""The rulebook's worked examples as built-in boards, checked against the results the
rulebook states (seed 000: the combat example of 7.4-7.6, the march example of 5.1, the
leader-activation example of 2.5/5.2). The figures are read from the rulebook here."""

from __future__ import annotations

from pathlib import Path

import pytest

from gcacw_ref.board import builtin_boards, load, situation
from gcacw_ref.board.answer import run_calc
from gcacw_ref.board.attack import ask_attack
from gcacw_ref.board.command import ask_command
from gcacw_ref.board.move import ask_move
from gcacw_ref.board.retreat import ask_retreat
from gcacw_ref.paths import seeds_dir


def _seed_000() -> str:
    (path,) = Path(seeds_dir()).glob("000_*.txt")
    return path.read_text(encoding="utf-8")


def test_the_examples_are_built_in() -> None:
    assert builtin_boards() == ["combat", "command", "march"]


def test_combat_example() -> None:
    text = _seed_000()
    assert "17-9は1-1の比率" in text and "+2 (側面) = +1 (合計)" in text
    assert "結果は「1DR」" in text and "結果は「1fa」" in text
    sit = load("combat")
    answer = ask_attack(sit, "0404", ["anderson"], "hasty", (5, 2))
    out = answer.to_json()
    assert out["ratio"] == "1-1"
    assert out["attacker_drm"] == 1 and out["defender_drm"] == 0
    assert answer.input["flank_bonus"] == 2
    assert answer.board["flank"]["final_bonus"] == 2
    assert (out["attacker_result"], out["defender_result"]) == ("1fa", "1DR")
    steps = {s["label"]: s for s in out["steps"]}
    assert any("Tactical modifier" in k and v["value"] == "+1" for k, v in steps.items())


def test_combat_example_rout() -> None:
    # 1DR: a rout (R); every hex of it at priority 1, with no loss on the way
    answer = ask_retreat(load("combat"), "mccall", "1DR")
    assert answer.input["kind"] == "rout"
    assert min(f["priority"] for f in answer.board["first_hexes"]) == 1
    assert answer.board["paths"] and all(sum(p["losses"]) == 0 for p in answer.board["paths"])
    assert all(4 <= len(p["hexes"]) <= 6 for p in answer.board["paths"])
    assert ["0305", "0306", "0307", "0308"] in [p["hexes"] for p in answer.board["paths"]]


def test_march_example() -> None:
    text = _seed_000()
    assert "疲労レベルが1" in text and "結果が「NE」" in text
    answer = ask_move(load("march"), "ord")
    march = answer.board["march"]
    assert march["extended"] and march["fatigue_after"] == 2
    rolled = run_calc("march", {**march["input"], "die": 4}).model_dump(mode="json")
    assert rolled["result"] == "NE"
    worse = {**march["input"], "fatigue_before": 2, "die": 4}
    assert run_calc("march", worse).model_dump(mode="json")["result"] == "D"


def test_a_unit_at_fatigue_4_may_not_march() -> None:
    board = load("march").board.model_copy(deep=True)
    board.units[0].fatigue = 4
    answer = ask_move(situation(board), "ord")
    assert answer.board["allowed"] is False
    assert answer.board["refusals"][0]["rule"] == "5.1"
    assert not [line for line in answer.lines if " MP via " in line]


def test_command_example() -> None:
    assert "Crawford は第 5 軍団所属" in _seed_000()
    rows = {r["unit"]: r for r in ask_command(load("command"), "hancock").to_json()["units"]}
    assert {u for u, r in rows.items() if r["in_command"]} == {"gibbon", "birney", "barlow"}
    assert {u for u, r in rows.items() if r["may_join"]} == {"birney", "barlow"}
    assert rows["crawford"]["rule"] == "2.2"


@pytest.mark.parametrize("name", ["combat", "command", "march"])
def test_every_example_checks(name: str) -> None:
    assert load(name).state.units
