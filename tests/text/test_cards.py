"""Section cards (`cards.toml`): the shipped file, its reading, and the cards ranker."""

from __future__ import annotations

from pathlib import Path

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.text.cards import (
    CARDS_FILE,
    card_weights,
    english_tokens,
    load_cards,
    rank_cards,
)
from gcacw_ref.text.library import Library
from gcacw_ref.text.question import read_query

FIXTURE = """
[[card]]
rule = "10.1"
en = "pontoon bridge: engineers lay a floating bridge over a river; roll to succeed"
ja = "浮橋 架設 工兵 川に橋"

[[card]]
rule = "8.0"
en = "recovery: units rest and lose fatigue at the end of the turn"
ja = "回復 休む 疲労が減る"

[[card]]
rule = "7.6"
en = "retreat after combat: pull back two hexes, away from the enemy"
ja = "退却 下がる 敵から離れる"
"""


@pytest.fixture
def fixture_cards(tmp_path: Path) -> Path:
    path = tmp_path / "cards.toml"
    path.write_text(FIXTURE, encoding="utf-8")
    return path


def test_english_tokens_fold_and_drop_function_words() -> None:
    assert english_tokens("Can the retreating units cross two hexes?") == [
        "retreat",
        "unit",
        "cross",
        "two",
        "hex",
    ]


def test_card_weights_keep_english_words_and_japanese_tokens() -> None:
    weights = card_weights("engineers rest", read_query("engineers rest"))
    assert weights["engineer"] == 1.0
    assert weights["rest"] == 1.0
    assert all(not t.isascii() or t in {"engineer", "rest"} for t in weights)
    ja = card_weights("下がる", read_query("下がる"))
    assert "退却" in ja  # the thesaurus' rulebook word, as a bigram token


def test_rank_cards_on_a_fixture(fixture_cards: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    load_cards.cache_clear()
    monkeypatch.setattr("gcacw_ref.text.cards.CARDS_FILE", fixture_cards)
    try:
        query = "when do my tired units get some rest?"
        order = rank_cards(["gcacw", "wftu"], query, read_query(query))
        assert order[0] == (0, "8.0")
        assert all(b == 0 for b, _ in order)  # only the standard rules have cards
        query = "can engineers lay a bridge over the river?"
        assert rank_cards(["wftu", "gcacw"], query, read_query(query))[0] == (1, "10.1")
        assert rank_cards(["wftu"], query, read_query(query)) == []
    finally:
        load_cards.cache_clear()


def test_a_broken_cards_file_is_a_data_error(tmp_path: Path) -> None:
    bad = tmp_path / "cards.toml"
    bad.write_text('[[card]]\nrule = "7.6"\n', encoding="utf-8")
    with pytest.raises(DataError, match="cards"):
        load_cards(bad)


def test_every_card_names_a_rule_once_and_every_rule_has_a_card(library: Library) -> None:
    """The shipped cards cover the standard rules' sections and sub-headings, once each."""
    import tomllib

    rules = [c["rule"] for c in tomllib.loads(CARDS_FILE.read_text(encoding="utf-8"))["card"]]
    book = library._book("gcacw")
    assert len(rules) == len(set(rules))
    assert [r for r in rules if book.get(r) is None] == []
    refs = {s.id for s in book.sections}
    assert sorted(refs - set(rules)) == []
