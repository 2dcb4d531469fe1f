"""The soak of issue 14 in small: every scenario and bot pairing, no errors, the play
contract's event types, the same hash on replay; and its measuring parts by hand."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from gcacw_ref.bench.soak import PAIRINGS, plan
from gcacw_ref.bench.soak_coverage import import_time_lines, ranges
from gcacw_ref.bench.soak_paths import Watcher, extended_march_worst
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.scenario import load_scenario


def test_plan_covers_every_scenario_and_pairing_in_eight_games() -> None:
    games = plan(8, 5, ["harrow", "training"])
    assert games[:3] == [
        ("harrow", "random", "random", 5),
        ("training", "random", "random", 6),
        ("harrow", "random", "heuristic", 7),
    ]
    assert {(s, u, c) for s, u, c, _ in games} == {
        (s, u, c) for s in ("harrow", "training") for u, c in PAIRINGS
    }
    assert len(PAIRINGS) == 4


def test_ranges_and_import_time_lines(tmp_path: Path) -> None:
    assert ranges([1, 2, 3, 7, 9, 10]) == "1-3, 7, 9-10"
    assert ranges([]) == ""
    src = tmp_path / "m.py"
    src.write_text(
        "import os\n"  # 1
        "X = 1\n"  # 2
        "def f():\n"  # 3
        "    return 2\n"  # 4
        "class C:\n"  # 5
        "    y = 3\n"  # 6
        "    def g(self):\n"  # 7
        "        return 4\n",  # 8
        encoding="utf-8",
    )
    assert import_time_lines(src) - {0} == {1, 2, 3, 5, 6, 7}


def _ev(type_: str, turn: int = 1, **kw: object) -> dict[str, object]:
    return {"type": type_, "turn": turn, "rule": kw.pop("rule", "x"), **kw}


def test_watcher_counts_paths_from_events() -> None:
    state = load_scenario("training")
    from gcacw_ref.game.engine.core import initial_state

    before = initial_state(state, 1)
    w = Watcher()
    w.see(before, None, [_ev("surrender", rule="12.0"), _ev("surrender", rule="7.6")])
    w.see(before, Action(type="dismantle", unit="u", hex="0101"), [_ev("bridge", rule="10.2")])
    w.see(before, None, [_ev("bridge", rule="10.3", ok=True), _ev("bridge", rule="10.1", ok=0)])
    w.see(before, None, [_ev("initiative", dice=None)])
    w.see(before, Action(type="pass"), [_ev("pass", side="union"), _ev("pass", rule="4.4")])
    w.see(before, None, [_ev("initiative", dice={"union": 1, "confederate": 2})])
    w.see(before, Action(type="pass"), [_ev("pass", rule="4.4")])
    w.see(before, None, [_ev("rain", turn=3, rule="12.0", minor_until=4, major_until=0)])
    w.see(before, None, [_ev("rain", turn=3, rule="12.0", minor_until=2, major_until=0)])
    assert w.paths == Counter(
        {
            "surrender_swamp": 1,
            "surrender_retreat": 1,
            "pontoon_dismantled": 1,
            "bridge_repaired": 1,
            "pontoon_failed": 1,
            "initiative_without_roll": 1,
            "lone_side_passes": 1,
            "rivers_unfordable": 1,
        }
    )
    assert extended_march_worst([_ev("extended_march", result="1"), _ev("march")]) == 1


def test_bench_timed_game_plays_the_same_game_as_play_bots() -> None:
    from gcacw_ref.bench.play import timed_game
    from gcacw_ref.game.play.replay import play_bots

    training = load_scenario("training")
    row = timed_game(training, 1)
    game = play_bots(training, 1, "heuristic", "heuristic")
    assert (row["units"], row["actions"]) == (11, len(game.actions))
    assert 0 <= row["bot_cpu_s"] <= row["cpu_s"]
    d = row["decision_cpu_ms"]
    assert 0 <= d["median"] <= d["p95"] <= d["max"] <= row["bot_cpu_s"] * 1000 + 0.01
