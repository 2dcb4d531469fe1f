"""Asks (`asks.toml`): the shipped file, how a line is read, and the asks ranker."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.text.asks import ASKS_FILE, line_tokens, load_asks, rank_asks, score_asks
from gcacw_ref.text.cards import CARDS_FILE, card_weights
from gcacw_ref.text.question import read_query

FIXTURE = """
[[asks]]
rule = "8.0"
en = ["when do my knackered troops get a breather?", "rest, breather, catch their breath"]
ja = ["疲れた部隊はいつ休めるの？"]

[[asks]]
rule = "7.6"
en = ["do I have to fall back toward my own lines?", "fall back, give ground"]
ja = ["負けたらどっちに下がるの？"]

[[asks]]
rule = "10.1"
en = ["can my engineers throw a floating bridge over the river?"]
ja = []
"""


@pytest.fixture
def fixture_asks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "asks.toml"
    path.write_text(FIXTURE, encoding="utf-8")
    load_asks.cache_clear()
    monkeypatch.setattr("gcacw_ref.text.asks.ASKS_FILE", path)
    yield path
    load_asks.cache_clear()


def test_a_line_is_its_folded_english_words_and_japanese_tokens() -> None:
    assert line_tokens("Do my troops fall back?") == ["troop", "fall", "back"]
    ja = line_tokens("ZOCから下がるの？")
    assert ja[0] == "zoc"  # English inside a Japanese line, once
    assert ja.count("zoc") == 1
    assert "下" in ja  # a kanji alone, as the book's tokens have it


def test_every_line_is_a_document_of_its_rule(fixture_asks: Path) -> None:
    index = load_asks()
    assert index.rules == ["8.0", "8.0", "8.0", "7.6", "7.6", "7.6", "10.1"]
    assert index.postings.n == 7


def test_a_rule_ranks_by_its_best_line(fixture_asks: Path) -> None:
    query = "my guys are knackered, when do they get a breather"
    assert rank_asks(["gcacw"], query, read_query(query))[0] == (0, "8.0")
    query = "which way do we fall back after losing?"
    order = rank_asks(["wftu", "gcacw"], query, read_query(query))
    assert order[0] == (1, "7.6")
    assert [rule for _, rule in order].count("7.6") == 1  # a rule once, at its best line


def test_score_asks_gives_each_rule_its_best_line(fixture_asks: Path) -> None:
    query = "my guys are knackered, when do they get a breather"
    order, best = score_asks(["wftu", "gcacw"], query, read_query(query))
    assert order == rank_asks(["wftu", "gcacw"], query, read_query(query))
    index = load_asks()
    from_lines = index.postings.score(card_weights(query, read_query(query)))
    assert set(best) == {(1, "8.0")}  # only 8.0's lines hold a word of the question
    assert best[(1, "8.0")] == max(from_lines.values())
    assert score_asks(["wftu"], query, read_query(query)) == ([], {})


def test_only_the_standard_rules_have_asks(fixture_asks: Path) -> None:
    query = "throw a floating bridge"
    assert rank_asks(["wftu", "brandywine"], query, read_query(query)) == []
    assert rank_asks(["gcacw"], "？！", read_query("？！")) == []  # nothing to read


def test_a_broken_asks_file_is_a_data_error(tmp_path: Path) -> None:
    bad = tmp_path / "asks.toml"
    bad.write_text('[[asks]]\nrule = ""\nen = ["x"]\n', encoding="utf-8")
    load_asks.cache_clear()
    try:
        with pytest.raises(DataError, match="asks"):
            load_asks(bad)
    finally:
        load_asks.cache_clear()


def test_the_shipped_asks_cover_every_rule_with_both_languages() -> None:
    """Every rule of the cards (every section of the standard rules) has lines in English
    and in Japanese, and no line names a rule the standard rules do not have."""
    cards = {c["rule"] for c in tomllib.loads(CARDS_FILE.read_text("utf-8"))["card"]}
    asks = tomllib.loads(ASKS_FILE.read_text("utf-8"))["asks"]
    rules = [a["rule"] for a in asks]
    assert len(rules) == len(set(rules))
    assert set(rules) == cards
    for a in asks:
        assert len(a["en"]) >= 3 and len(a["ja"]) >= 2, a["rule"]
