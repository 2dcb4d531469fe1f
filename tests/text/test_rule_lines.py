"""A question's line scores gathered by rule (`rule_lines.py`)."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.text.rule_lines import RuleLines

RULES = ["7.6", "8.0", "7.6", "7.6", "10.1", "8.0"]
SCORES = np.array([0.5, 0.9, 0.7, 0.1, 0.3, 0.2], dtype=np.float32)


def test_rules_in_first_line_order_with_their_best_line() -> None:
    lines = RuleLines(RULES)
    assert lines.names == ["7.6", "8.0", "10.1"]
    assert lines.best(SCORES) == [
        float(np.float32(0.7)),
        float(np.float32(0.9)),
        float(np.float32(0.3)),
    ]


def test_mean_of_the_best_lines_of_all_a_rule_has_when_fewer() -> None:
    got = RuleLines(RULES).mean_of_best(SCORES, 2)
    f = np.float32  # the sums are float32, as the scores
    expected = [
        float(f(0.7) + f(0.5)) / 2,
        float(f(0.9) + f(0.2)) / 2,
        float(np.float32(0.3)),  # one line only: its own score, not halved
    ]
    assert got == expected


def test_no_lines() -> None:
    lines = RuleLines([])
    empty = np.zeros(0, dtype=np.float32)
    assert lines.best(empty) == [] and lines.mean_of_best(empty, 3) == []


@given(
    st.lists(
        st.tuples(st.sampled_from("abcd"), st.floats(-1, 1, width=32)), min_size=1, max_size=30
    ),
    st.integers(1, 5),
)
def test_the_mean_of_one_is_the_best_and_never_above_it(
    lines: list[tuple[str, float]], k: int
) -> None:
    rules = [r for r, _ in lines]
    scores = np.array([s for _, s in lines], dtype=np.float32)
    groups = RuleLines(rules)
    best = groups.best(scores)
    assert groups.mean_of_best(scores, 1) == best
    for mean, top, name in zip(groups.mean_of_best(scores, k), best, groups.names, strict=True):
        mine = sorted((s for r, s in zip(rules, scores.tolist(), strict=True) if r == name))
        assert mean <= top + 1e-6
        assert abs(mean - sum(mine[-k:]) / len(mine[-k:])) < 1e-5
