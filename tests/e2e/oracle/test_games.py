"""A few whole bot games under the oracle (the training scenario: about a second)."""

from __future__ import annotations

import pytest

from gcacw_ref.game.play.api import load_scenario
from gcacw_ref.oracle import Tally, play_checked

GAMES = [(1, "heuristic", "random"), (2, "random", "heuristic"), (3, "heuristic", "heuristic")]
GAMES += [(4, "random", "random"), (5, "heuristic", "heuristic")]  # 5: an advance after 7.7
# (the bots change; the frozen advance_limit position in test_findings keeps 7.7 advance checked)

# the violations the oracle reports over these games: none since the five fixes
EXPECTED: dict[str, int] = {}


@pytest.fixture(scope="module")
def tally() -> Tally:
    scenario = load_scenario("training")
    total = Tally()
    for seed, union, confederate in GAMES:
        _game, one = play_checked(scenario, seed, union, confederate)
        total.merge(one)
    return total


def test_violations_per_rule(tally: Tally) -> None:
    assert dict(tally.violations) == EXPECTED


def test_every_check_runs(tally: Tally) -> None:
    for rule in ("7.1 mountain/swamp", "7.1 river", "7.4 tactical", "7.4 flank"):
        assert tally.checks[rule] > 0, rule
    for rule in ("7.5 differential", "7.5 defender result", "7.7 modifiers", "7.7 advance"):
        assert tally.checks[rule] > 0, rule
    for rule in ("6.2 move cost", "6.2 moves offered", "6.2 ZOC stop", "6.1 MP spent"):
        assert tally.checks[rule] > 0, rule
    for rule in ("6.1 attack MP", "7.6 retreat priority", "7.6 retreat loss"):
        assert tally.checks[rule] > 0, rule
    for rule in ("8.0 recovery fatigue", "8.0 recovery organized"):
        assert tally.checks[rule] > 0, rule
