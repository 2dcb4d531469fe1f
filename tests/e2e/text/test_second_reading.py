"""The end-to-end cases of tests/text/test_second_reading.py (tests/README.md)."""

from __future__ import annotations

import pytest

from gcacw_ref.text.library import Library
from gcacw_ref.text.quality import (
    either_reading,
    is_right,
)
from tests.text.test_second_reading import BARS, QUESTIONS, READINGS


@pytest.mark.parametrize("lang", sorted(BARS))
def test_the_first_answer_under_either_reading(library: Library, lang: str) -> None:
    mine = [r for r in READINGS if r["lang"] == lang]
    right = 0
    for r in mine:
        hits = library.search(r["q"], limit=1)
        expected = either_reading(r, QUESTIONS[r["q"]])
        right += bool(hits) and is_right(hits[0].book, hits[0].section, hits[0].ref, expected)
    assert right / len(mine) >= BARS[lang]
