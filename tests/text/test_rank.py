"""Reciprocal rank fusion (rank.py) on hand-made rankings."""

from __future__ import annotations

import pytest

from gcacw_ref.text.rank import (
    JA_K,
    JA_W_DEFINITIONS,
    JA_W_LINE_ASKS,
    JA_W_LINE_COSINE,
    JA_W_PASSAGES,
    JA_W_SECTIONS,
    LINES_TOP,
    NO_LINE,
    W_CARDS,
    W_LINE_ASKS,
    W_LINE_COSINE,
    W_PASSAGES,
    W_SECTIONS,
    Bm25Result,
    K,
    by_lines,
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


def _lines_bm() -> Bm25Result:
    bm = _bm(passages=[(0, "7.6"), (0, "7.5")])
    bm.sem_lines = [(0, "7.5"), (0, "7.6")]
    bm.line_cosine = {(0, "7.5"): 0.62, (0, "7.6"): 0.40, (0, "8.0"): 0.1}
    bm.line_asks = {(0, "7.5"): 3.0, (0, "7.6"): 12.0}
    return bm


@pytest.mark.parametrize("japanese", [False, True])
def test_by_lines_adds_the_lines_margins_to_the_first_results(japanese: bool) -> None:
    order = [((0, "7.6"), 60.0), ((0, "7.5"), 50.0), ((1, "4.1"), 45.0)]
    got = by_lines(order, _lines_bm(), lambda k: k, [], japanese)
    w_cos = JA_W_LINE_COSINE if japanese else W_LINE_COSINE
    w_asks = JA_W_LINE_ASKS if japanese else W_LINE_ASKS
    value = {
        (0, "7.6"): 0.60 + w_cos * (0.40 - 0.62) + w_asks * 1.0,
        (0, "7.5"): 0.50 + w_cos * 0.0 + w_asks * 0.25,
        (1, "4.1"): 0.45 + w_cos * NO_LINE,  # another book: no line describes it
    }
    expected = sorted(value, key=lambda k: -value[k])
    assert [k for k, _ in got] == expected
    assert [s for _, s in got] == [round(max(0.0, min(100.0, 100 * value[k])), 1) for k in expected]


def test_by_lines_looks_at_the_first_results_only() -> None:
    bm = _lines_bm()
    order = [((0, f"x{i}"), 90.0 - i) for i in range(LINES_TOP)] + [((0, "7.5"), 10.0)]
    got = by_lines(order, bm, lambda k: k, [])
    assert got[-1] == ((0, "7.5"), 10.0)  # below the first results: untouched
    assert {k for k, _ in got[:LINES_TOP]} == {k for k, _ in order[:LINES_TOP]}


def test_by_lines_keeps_out_where_the_lines_do() -> None:
    order = [((0, "7.6"), 60.0), ((0, "7.5"), 50.0)]
    bm = _lines_bm()
    # the term ranker found the question's words in another book only: the lines keep out
    assert by_lines(order, bm, lambda k: k, [((1, "4.1"), 80.0)]) == order
    bm.line_cosine = {}  # the encoder did not read the lines (not installed, damaged)
    assert by_lines(order, bm, lambda k: k, []) == order
