"""The last look at a question's first results (`governing.py`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gcacw_ref.text import governing
from gcacw_ref.text.rank_config import CONFIG


def _where(item: tuple[int, str]) -> tuple[int, str]:
    return item


def test_a_question_naming_a_table_lifts_the_tables() -> None:
    order = [((0, "7.6#退却の優先順位"), 60.0), ((0, "retreat-tables"), 55.0), ((0, "7.7"), 40.0)]
    got = governing.governing_first(order, "Retreat table 2 priority 3 loss", _where)
    assert [k for k, _ in got] == [(0, "retreat-tables"), (0, "7.6#退却の優先順位"), (0, "7.7")]
    assert got[0][1] == min(100.0, round(55.0 * CONFIG.w_numbered_table, 1))  # by number
    ahead = [((0, "7.6#退却の優先順位"), 70.0), *order[1:]]
    which = governing.governing_first(ahead, "Which retreat table applies here", _where)
    assert [k for k, _ in which] == [k for k, _ in ahead]  # 55 x W_TABLE < 70: the rule stays
    assert which[1][1] == round(55.0 * CONFIG.w_table, 1)
    lifted = governing.governing_first(ahead, "Retreat table 1, priority 4", _where)
    assert lifted[0][0] == (0, "retreat-tables")  # 55 x 2 > 70
    same = governing.governing_first(order, "which way do I retreat", _where)
    assert same == order  # no table named: the fused order stands


def test_only_the_standard_rules_tables_and_the_first_results_move() -> None:
    order = [((0, "7.6"), 60.0)] + [((1, f"{n}.0"), 50.0 - n) for n in range(6)]
    order.append(((0, "retreat-tables"), 59.0))  # beyond the first `governing_top`: not looked at
    assert governing.governing_first(order, "retreat table", _where) == order


@pytest.mark.parametrize(
    ("query", "what"),
    [("What is a ZOC", True), ("支配地域とは", True), ("ZOCって何", True), ("Can I move", False)],
)
def test_the_shape_of_a_question(query: str, what: bool) -> None:
    assert governing.asks_what(query) is what


def test_the_definition_signal_when_tried() -> None:
    tried = replace(CONFIG, w_definition=0.5)
    order = [((0, "2.4"), 60.0), ((0, "6.2"), 50.0)]
    moved = governing.governing_first(order, "Can I leave an enemy ZOC", _where, tried)
    assert [k for k, _ in moved] == [(0, "6.2"), (0, "2.4")]
    assert governing.governing_first(order, "What is a ZOC", _where, tried) == order
    assert governing.governing_first(order, "Can I leave an enemy ZOC", _where) == order


@pytest.mark.parametrize(
    ("query", "numbered"),
    [
        ("Retreat table 1 priority 4", True),
        ("the second retreat table", True),
        ("退却表2で一番", True),
        ("2枚目の退却の表だと", True),
        ("which retreat table do i use", False),
        ("退却表はいつ使う", False),
    ],
)
def test_a_table_named_by_its_number(query: str, numbered: bool) -> None:
    assert bool(governing._NUMBERED_TABLE.search(query.lower())) is numbered


def test_a_part_of_a_definition_yields_to_the_rule_a_question_asks_about() -> None:
    order = [((0, "2.2#司令官"), 60.0), ((0, "7.5#ユニット及び司令官の除去"), 56.0)]
    moved = governing.governing_first(order, "Where does my general go if it dies", _where)
    assert [k for k, _ in moved] == [(0, "7.5#ユニット及び司令官の除去"), (0, "2.2#司令官")]
    assert moved[1][1] == round(60.0 * CONFIG.w_definition_heading, 1)
    # asking what it is keeps the definition; a whole definition section is not moved
    assert governing.governing_first(order, "What is a leader", _where) == order
    whole = [((0, "2.5"), 60.0), ((0, "5.2"), 56.0)]
    assert governing.governing_first(whole, "How far can my general reach", _where) == whole
