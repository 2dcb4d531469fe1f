"""Bugs planted in the engine (monkeypatched for one test) that the oracle must report:
one MP too few for a move, a unit going on after entering enemy ZOC, a retreat to a
hex of a worse priority, a misread recovery. Each plays a few training games with the
bug in place and asserts the oracle's count for that rule is not 0 (exact counts would
tie the tests to the bots' choices)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from gcacw_ref.game.engine import march
from gcacw_ref.game.engine import recovery as engine_recovery
from gcacw_ref.game.model import pathing
from gcacw_ref.game.play.api import load_scenario
from gcacw_ref.oracle import Tally, play_checked
from gcacw_ref.rules import retreat_paths
from gcacw_ref.rules.recovery import Recovery

GAMES = [(1, "heuristic", "random"), (2, "random", "heuristic"), (3, "heuristic", "heuristic")]


def tally_of(games: list[tuple[int, str, str]] = GAMES) -> Tally:
    scenario = load_scenario("training")
    total = Tally()
    for seed, union, confederate in games:
        _game, one = play_checked(scenario, seed, union, confederate)
        total.merge(one)
    return total


def test_one_mp_too_few(monkeypatch: pytest.MonkeyPatch) -> None:
    """6.2: the engine charges one MP less than the hex costs (never below 0)."""
    real = march.move_verdict

    def cheap(*args: Any, **kwargs: Any) -> pathing.StepVerdict | None:
        verdict = real(*args, **kwargs)
        if verdict is None or verdict.mp is None:
            return verdict
        return replace(verdict, mp=max(Fraction(0), verdict.mp - 1))

    monkeypatch.setattr(march, "move_verdict", cheap)
    tally = tally_of()
    assert tally.violations["6.2 move cost"] > 0
    assert any(e.startswith("6.2 move cost") for e in tally.examples)


def test_going_on_after_entering_zoc(monkeypatch: pytest.MonkeyPatch) -> None:
    """6.2: the engine lets a unit that entered enemy ZOC move on (and leave ZOC later
    than its march's first action)."""
    real = pathing.zoc_move
    monkeypatch.setattr(march, "march_stopped", lambda *args: None)
    monkeypatch.setattr(pathing, "zoc_move", lambda za, zb, first, road: real(za, zb, True, road))
    tally = tally_of()
    assert tally.violations["6.2 ZOC stop"] > 0


def test_zoc_to_zoc_without_disorder(monkeypatch: pytest.MonkeyPatch) -> None:
    """6.2: the engine forgets to disorganize a unit moving from ZOC to ZOC off the roads."""
    monkeypatch.setattr(march, "disorganize_or_lose", lambda *args: None)
    tally = tally_of(GAMES + [(4, "random", "random"), (5, "heuristic", "heuristic")])
    assert tally.violations["6.2 ZOC to ZOC"] > 0


def test_retreat_to_a_worse_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """7.6: the engine offers every hex the restrictions allow, whatever its priority."""
    real = retreat_paths.must_choose
    monkeypatch.setattr(
        retreat_paths, "must_choose", lambda options, override=False: real(options, True)
    )
    tally = tally_of(GAMES[:2])
    assert tally.violations["7.6 retreat priority"] > 0


def test_recovery_misread(monkeypatch: pytest.MonkeyPatch) -> None:
    """8.0 step 5: the engine takes two fatigue levels off instead of three."""
    real = engine_recovery.recover

    def two_off(*args: Any, **kwargs: Any) -> Recovery:
        res = real(*args, **kwargs)
        before = args[0].fatigue
        return replace(res, unit=replace(res.unit, fatigue=max(0, before - 2)))

    monkeypatch.setattr(engine_recovery, "recover", two_off)
    tally = tally_of(GAMES[:1])
    assert tally.violations["8.0 recovery fatigue"] > 0


def test_real_games_move_as_the_rules_say() -> None:
    tally = tally_of()
    rules = ("6.2 move cost", "6.2 moves offered", "6.2 ZOC stop", "8.0 recovery fatigue")
    rules += ("7.6 retreat priority", "7.6 retreat loss")
    for rule in rules:
        assert tally.checks[rule] > 0, rule
        assert tally.violations[rule] == 0, rule
