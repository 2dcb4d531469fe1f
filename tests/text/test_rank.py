"""Reciprocal rank fusion (rank.py) on hand-made rankings."""

from __future__ import annotations

import pytest

from gcacw_ref.text.rank import (
    JA_K,
    JA_W_DEFINITIONS,
    JA_W_PASSAGES,
    JA_W_SECTIONS,
    W_CARDS,
    W_PASSAGES,
    W_SECTIONS,
    Bm25Result,
    K,
    fuse,
    written_in_japanese,
)


def _bm(**lists: list[tuple[int, str]]) -> Bm25Result:
    return Bm25Result(lists.get("passages", []), lists.get("sections", []), {}, {})


def test_a_ref_first_everywhere_scores_100() -> None:
    bm = _bm(passages=[(0, "7.6"), (0, "7.5")], sections=[(0, "7.6")])
    fused = fuse([((0, "7.6"), 50.0)], bm)
    assert fused[0] == ((0, "7.6"), 100.0)
    # 7.5: second in passages only, out of first in terms, passages and sections
    top = (1.0 + W_PASSAGES + W_SECTIONS) / (K + 1)
    assert fused[1] == ((0, "7.5"), round(100 * (W_PASSAGES / (K + 2)) / top, 1))


def test_only_the_cards_found_something() -> None:
    """A query only the cards answer ('00 * SAV 03' found this) is scored against the
    cards, not divided by zero."""
    bm = _bm()
    bm.cards = [(0, "6.1"), (0, "5.1")]
    fused = fuse([], bm)
    assert fused == [((0, "6.1"), 100.0), ((0, "5.1"), round(100 * (K + 1) / (K + 2), 1))]
    assert W_CARDS > 0


def test_a_japanese_question_is_fused_with_its_own_weights() -> None:
    bm = _bm(passages=[(0, "7.5")], sections=[(0, "7.6")])
    bm.definitions = [(0, "7.6")]
    assert fuse([], bm)[0][0] == (0, "7.6")  # sections 0.7 + definitions 0.8 > passages 1.0
    ja = fuse([], bm, japanese=True)
    top = (JA_W_PASSAGES + JA_W_SECTIONS + JA_W_DEFINITIONS) / (JA_K + 1)
    assert ja[0] == ((0, "7.5"), round(100 * JA_W_PASSAGES / (JA_K + 1) / top, 1))
    assert fuse([], bm, lookup=True, japanese=True) == fuse([], bm, lookup=True)  # look-ups


@pytest.mark.parametrize(
    ("query", "japanese"),
    [("延長行軍", True), ("ZOCって何", True), ("Café rules", False), ("Can I move", False)],
)
def test_what_is_written_in_japanese(query: str, japanese: bool) -> None:
    assert written_in_japanese(query) is japanese
