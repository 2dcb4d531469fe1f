"""The end-to-end cases of tests/text/test_answer_marks.py (tests/README.md)."""

from __future__ import annotations

import pytest

from gcacw_ref.text.library import Library
from tests.text.quality import bar, passage_answers
from tests.text.test_answer_marks import BATCHES, BEFORE


@pytest.mark.parametrize("name", sorted(BEFORE))
def test_passages_show_the_marked_sentence(library: Library, name: str) -> None:
    got = [passage_answers(library, a) for a in BATCHES[name] if a["half"] == "tune"]
    ranked = [g for g in got if g is not None]
    assert len(ranked) >= 0.9 * len(got)  # the marked rule is still first for nearly all
    assert sum(ranked) / len(ranked) >= bar(BEFORE[name], len(ranked))
