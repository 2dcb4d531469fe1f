"""The end-to-end cases of tests/text/test_questions.py (tests/README.md): the tuning
halves ranked, held to bars set from the goal (tests/text/quality.py)."""

from __future__ import annotations

from typing import Any

import pytest

from gcacw_ref.text.library import Library
from tests.text.quality import GOAL, TUNING, bar, evaluate, pooled
from tests.text.test_questions import QUESTIONS

TUNING_QUESTIONS = [q for q in QUESTIONS if q["half"] in TUNING]


@pytest.fixture(scope="module")
def scores(library: Library) -> dict[str, Any]:
    return evaluate(library, TUNING_QUESTIONS)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_questions_find_their_rule(scores: dict[str, Any], lang: str) -> None:
    got = pooled(scores, lang, TUNING)
    assert got["n"] >= 500
    for measure, goal in GOAL.items():
        assert got[measure] >= bar(goal, int(got["n"])), (measure, got, scores["misses"][:20])
