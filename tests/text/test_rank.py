"""Reciprocal rank fusion (rank.py) on hand-made rankings."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from gcacw_ref.text.rank import (
    Evidence,
    by_lines,
    fuse,
    written_in_japanese,
)
from gcacw_ref.text.rank_config import CONFIG

C = CONFIG


def _bm(
    passages: list[tuple[int, str]] | None = None,
    sections: list[tuple[int, str]] | None = None,
    **lists: Any,
) -> Evidence:
    return Evidence(passages or [], sections or [], {}, {}, **lists)


def test_a_ref_first_everywhere_scores_100() -> None:
    bm = _bm(passages=[(0, "7.6"), (0, "7.5")], sections=[(0, "7.6")])
    fused = fuse([((0, "7.6"), 50.0)], bm)
    assert fused[0] == ((0, "7.6"), 100.0)
    # 7.5: second in passages only, out of first in terms, passages and sections
    top = (1.0 + C.w_passages + C.w_sections) / (C.k + 1)
    assert fused[1] == ((0, "7.5"), round(100 * (C.w_passages / (C.k + 2)) / top, 1))


def test_only_the_cards_found_something() -> None:
    """A query only the cards answer ('00 * SAV 03' found this) is scored against the
    cards, not divided by zero."""
    bm = _bm(cards=[(0, "6.1"), (0, "5.1")])
    fused = fuse([], bm)
    assert fused == [((0, "6.1"), 100.0), ((0, "5.1"), round(100 * (C.k + 1) / (C.k + 2), 1))]
    assert C.w_cards > 0


def test_a_japanese_question_is_fused_with_the_same_weights() -> None:
    """Issue 45's ablation removed the Japanese curve and weights: only the lines' list
    tells the languages apart in the fusion (`lines_list`)."""
    bm = _bm(passages=[(0, "7.5")], sections=[(0, "7.6")], definitions=[(0, "7.6")])
    assert fuse([], bm)[0][0] == (0, "7.6")  # sections 0.7 + definitions 0.8 > passages 1.0
    assert fuse([], bm, japanese=True) == fuse([], bm)
    top = (C.w_passages + C.w_sections + C.w_definitions) / (C.k + 1)
    assert fuse([], bm)[1] == ((0, "7.5"), round(100 * C.w_passages / (C.k + 1) / top, 1))
    lines = _bm(sem_lines=[(0, "7.5")], trained=[(0, "7.6")])
    assert fuse([], lines, japanese=True)[0][0] == (0, "7.5")  # the nearest lines
    assert fuse([], lines)[0][0] == (0, "7.6")  # the trained ranker's list


@pytest.mark.parametrize(
    ("query", "japanese"),
    [("延長行軍", True), ("ZOCって何", True), ("Café rules", False), ("Can I move", False)],
)
def test_what_is_written_in_japanese(query: str, japanese: bool) -> None:
    assert written_in_japanese(query) is japanese


def _lines_bm() -> Evidence:
    return _bm(
        passages=[(0, "7.6"), (0, "7.5")],
        sem_lines=[(0, "7.5"), (0, "7.6")],
        line_cosine={(0, "7.5"): 0.62, (0, "7.6"): 0.40, (0, "8.0"): 0.1},
        line_asks={(0, "7.5"): 3.0, (0, "7.6"): 12.0},
    )


@pytest.mark.parametrize("japanese", [False, True])
def test_by_lines_adds_the_lines_margins_to_the_first_results(japanese: bool) -> None:
    order = [((0, "7.6"), 60.0), ((0, "7.5"), 50.0), ((1, "4.1"), 45.0)]
    got = by_lines(order, _lines_bm(), lambda k: k, [], japanese)
    w_cos = C.ja_w_line_cosine if japanese else C.w_line_cosine
    w_asks = C.ja_w_line_asks if japanese else C.w_line_asks
    value = {
        (0, "7.6"): 0.60 + w_cos * (0.40 - 0.62) + w_asks * 1.0,
        (0, "7.5"): 0.50 + w_cos * 0.0 + w_asks * 0.25,
        (1, "4.1"): 0.45 + w_cos * C.no_line,  # another book: no line describes it
    }
    expected = sorted(value, key=lambda k: -value[k])
    assert [k for k, _ in got] == expected
    assert [s for _, s in got] == [round(max(0.0, min(100.0, 100 * value[k])), 1) for k in expected]


def test_by_lines_looks_at_the_first_results_only() -> None:
    bm = _lines_bm()
    order = [((0, f"x{i}"), 90.0 - i) for i in range(C.lines_top)] + [((0, "7.5"), 10.0)]
    got = by_lines(order, bm, lambda k: k, [])
    assert got[-1] == ((0, "7.5"), 10.0)  # below the first results: untouched
    assert {k for k, _ in got[: C.lines_top]} == {k for k, _ in order[: C.lines_top]}


def test_by_lines_keeps_out_where_the_lines_do() -> None:
    order = [((0, "7.6"), 60.0), ((0, "7.5"), 50.0)]
    bm = _lines_bm()
    # the term ranker found the question's words in another book only: the lines keep out
    assert by_lines(order, bm, lambda k: k, [((1, "4.1"), 80.0)]) == order
    bm = replace(bm, line_cosine={})  # the encoder did not read the lines (not installed)
    assert by_lines(order, bm, lambda k: k, []) == order
