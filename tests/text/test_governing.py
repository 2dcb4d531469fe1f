"""The last look at a question's first results (`governing.py`)."""

from __future__ import annotations

import pytest

from gcacw_ref.text import governing


def _where(item: tuple[int, str]) -> tuple[int, str]:
    return item


def test_a_question_naming_a_table_lifts_the_tables() -> None:
    order = [((0, "7.6#退却の優先順位"), 60.0), ((0, "retreat-tables"), 55.0), ((0, "7.7"), 40.0)]
    got = governing.governing_first(order, "Retreat table 2 priority 3 loss", _where)
    assert [k for k, _ in got] == [(0, "retreat-tables"), (0, "7.6#退却の優先順位"), (0, "7.7")]
    assert got[0][1] == round(55.0 * governing.W_TABLE, 1)
    same = governing.governing_first(order, "which way do I retreat", _where)
    assert same == order  # no table named: the fused order stands


def test_only_the_standard_rules_tables_and_the_first_results_move() -> None:
    order = [((0, "7.6"), 60.0)] + [((1, f"{n}.0"), 50.0 - n) for n in range(6)]
    order.append(((0, "retreat-tables"), 59.0))  # beyond the first TOP: not looked at
    assert governing.governing_first(order, "retreat table", _where) == order


@pytest.mark.parametrize(
    ("query", "what"),
    [("What is a ZOC", True), ("支配地域とは", True), ("ZOCって何", True), ("Can I move", False)],
)
def test_the_shape_of_a_question(query: str, what: bool) -> None:
    assert governing.asks_what(query) is what


def test_the_definition_signal_when_tried(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(governing, "W_DEFINITION", 0.5)
    order = [((0, "2.4"), 60.0), ((0, "6.2"), 50.0)]
    moved = governing.governing_first(order, "Can I leave an enemy ZOC", _where)
    assert [k for k, _ in moved] == [(0, "6.2"), (0, "2.4")]
    assert governing.governing_first(order, "What is a ZOC", _where) == order
