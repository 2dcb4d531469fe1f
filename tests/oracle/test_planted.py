"""Bugs planted in the engine (monkeypatched for one test) that the oracle must report:
one MP too few for a move, a unit going on after entering enemy ZOC, a ZOC-to-ZOC move
without its disorder, a retreat to a hex of a worse priority, a misread recovery.

Each bug is replayed from a frozen training position (`positions/planted_*.json.gz`: the
state just before the oracle first saw it, and the bots' actions from there), so the
tests do not hang on the bots' choices: with the bug the oracle reports the rule, without
it the same steps give no violation. A few live games give 0 violations too.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from gcacw_ref.game.engine import march
from gcacw_ref.game.engine import recovery as engine_recovery
from gcacw_ref.game.model import pathing
from gcacw_ref.game.play.api import deserialise, legal_actions, load_scenario, parse_action
from gcacw_ref.oracle import Tally, play_checked
from gcacw_ref.rules import retreat_paths
from gcacw_ref.rules.recovery import Recovery
from tests.oracle.test_findings import POSITIONS, replay_position

GAMES = [(1, "heuristic", "random"), (2, "random", "heuristic"), (3, "heuristic", "heuristic")]


def one_mp_too_few(mp: pytest.MonkeyPatch) -> None:
    """6.2: the engine charges one MP less than the hex costs (never below 0)."""
    real = march.move_verdict

    def cheap(*args: Any, **kwargs: Any) -> pathing.StepVerdict | None:
        verdict = real(*args, **kwargs)
        if verdict is None or verdict.mp is None:
            return verdict
        return replace(verdict, mp=max(Fraction(0), verdict.mp - 1))

    mp.setattr(march, "move_verdict", cheap)


def going_on_in_zoc(mp: pytest.MonkeyPatch) -> None:
    """6.2: a unit that entered enemy ZOC may move on (and leave ZOC at any time)."""
    real = pathing.zoc_move
    mp.setattr(march, "march_stopped", lambda *args: None)
    mp.setattr(pathing, "zoc_move", lambda za, zb, first, road: real(za, zb, True, road))


def zoc_to_zoc_in_order(mp: pytest.MonkeyPatch) -> None:
    """6.2: a ZOC-to-ZOC move off the roads leaves the unit as it was."""
    mp.setattr(march, "disorganize_or_lose", lambda *args: None)


def priority_ignored(mp: pytest.MonkeyPatch) -> None:
    """7.6: every hex the restrictions allow is offered, whatever its priority."""
    real = retreat_paths.must_choose
    mp.setattr(retreat_paths, "must_choose", lambda options, override=False: real(options, True))


def two_levels_off(mp: pytest.MonkeyPatch) -> None:
    """8.0 step 5: two fatigue levels off instead of three."""
    real = engine_recovery.recover

    def two_off(*args: Any, **kwargs: Any) -> Recovery:
        res = real(*args, **kwargs)
        return replace(res, unit=replace(res.unit, fatigue=max(0, args[0].fatigue - 2)))

    mp.setattr(engine_recovery, "recover", two_off)


# case -> (the rule the oracle must report, the bug)
PLANTS: dict[str, tuple[str, Callable[[pytest.MonkeyPatch], None]]] = {
    "move_cost": ("6.2 move cost", one_mp_too_few),
    "zoc_stop": ("6.2 ZOC stop", going_on_in_zoc),
    "zoc_to_zoc": ("6.2 ZOC to ZOC", zoc_to_zoc_in_order),
    "retreat_priority": ("7.6 retreat priority", priority_ignored),
    "recovery": ("8.0 recovery fatigue", two_levels_off),
}


@pytest.mark.parametrize("case", sorted(PLANTS))
def test_the_oracle_reports_the_planted_bug(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rule, plant = PLANTS[case]
    plant(monkeypatch)
    tally = replay_position(f"planted_{case}")
    assert tally.violations[rule] > 0
    assert any(e.startswith(rule) for e in tally.examples)


@pytest.mark.parametrize("case", sorted(PLANTS))
def test_the_same_steps_without_the_bug(case: str) -> None:
    tally = replay_position(f"planted_{case}")
    assert dict(tally.violations) == {}
    assert sum(tally.checks.values()) > 0 or case == "zoc_stop"


def test_no_move_is_offered_in_zoc_without_the_bug() -> None:
    """6.2: the unit that entered enemy ZOC is offered no move (the bug offered one)."""
    doc = json.loads(gzip.decompress((POSITIONS / "planted_zoc_stop.json.gz").read_bytes()))
    state = deserialise(json.dumps(doc["state"]))
    move = parse_action(doc["actions"][0])
    assert move.type == "move"
    assert [a for a in legal_actions(state) if a.type == "move"] == []


def test_real_games_move_retreat_and_recover_as_the_rules_say() -> None:
    scenario = load_scenario("training")
    tally = Tally()
    for seed, union, confederate in GAMES:
        _game, one = play_checked(scenario, seed, union, confederate)
        tally.merge(one)
    rules = ("6.2 move cost", "6.2 moves offered", "6.2 ZOC stop", "8.0 recovery fatigue")
    rules += ("7.6 retreat priority", "7.6 retreat loss", "6.1 MP spent")
    for rule in rules:
        assert tally.checks[rule] > 0, rule
    assert dict(tally.violations) == {}
