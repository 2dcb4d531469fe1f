"""The end-to-end cases of tests/text/test_answer_marks.py (tests/README.md)."""

from __future__ import annotations

import pytest

from gcacw_ref.text.library import Library
from gcacw_ref.text.quality import passage_answers
from tests.text.test_answer_marks import BARS, BATCHES


@pytest.mark.parametrize(("name", "half"), sorted(BARS))
def test_passages_show_the_marked_sentence(library: Library, name: str, half: str) -> None:
    got = [passage_answers(library, a) for a in BATCHES[name] if a["half"] == half]
    ranked = [g for g in got if g is not None]
    assert len(ranked) >= 0.9 * len(got)  # the marked rule is still first for nearly all
    assert sum(ranked) / len(ranked) >= BARS[name, half]
