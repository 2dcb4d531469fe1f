"""Asks: the ways players ask about each rule, one short line each, as one more ranker.

`asks.toml` (written for this project, never the rulebook's sentences) lists, for the
sections and sub-headings of the standard rules, questions and fragments a player might
type about them, in English and Japanese, in many voices (a newcomer describing the
board, a veteran's jargon, an argument with the opponent, a terse fragment), and a line of
other words players use for the rule's ideas. Several writers, each given only the
rulebook's text of their sections, wrote them; none saw a question of the question sets,
the search or its glossary.

A card (`cards.py`) describes a rule in one voice; the asks add many. Each line is its
own BM25 document, so a question meets the line that is worded most like it, and a rule
ranks by its best line (a doc2query-style expansion of the rulebook: Nogueira et al.,
2019, with the expansions written by people rather than generated). The query side is
read as for the cards (`card_weights`). `rank_asks` is one more list of the reciprocal
rank fusion in `rank.py`, for questions only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from gcacw_ref.text import prepared
from gcacw_ref.text.bm25 import Postings, tokens
from gcacw_ref.text.cards import (
    RuleDocs,
    card_weights,
    english_tokens,
    read_data,
    standard_books,
)
from gcacw_ref.text.clean import search_form
from gcacw_ref.text.question import Reading
from gcacw_ref.text.shapes import Fields

ASKS_FILE = Path(__file__).with_name("asks.toml")
# players' Japanese questions kept as more lines of the encoder only: training data like
# the asks, never read as an evaluation by the product (the tuning halves' questions and
# scripts/data/asked_more.toml's, made by scripts/asked_lines.py; never a held-out half)
ASKED_FILE = Path(__file__).with_name("asked_lines.toml")
DEPTH = 30
LINES = 4 * DEPTH  # how many best lines are read to rank DEPTH rules


@dataclass
class Asks:
    """One rule's lines."""

    rule: str  # a section id of the standard rules (not empty)
    en: list[str]
    ja: list[str]


@dataclass
class AsksFile:
    asks: list[Asks]  # at least one

    @classmethod
    def from_data(cls, data: object) -> AsksFile:
        """The file's parsed TOML, checked; `ShapeError` naming the first bad field."""
        asks = [
            Asks(rule=a.text("rule", nonempty=True), en=a.texts("en", []), ja=a.texts("ja", []))
            for a in Fields(data).tables("asks", nonempty=True)
        ]
        return cls(asks=asks)


def line_tokens(line: str) -> list[str]:
    """One line's BM25 document: its folded English words and its Japanese tokens."""
    return english_tokens(line) + [t for t in tokens(search_form(line)) if not t.isascii()]


def asks_docs(path: Path) -> tuple[list[str], list[list[str]]]:
    """(rule, tokens) of every line of an asks file with a token, read and tokenized."""
    data = read_data(path, AsksFile, "asks")
    rules: list[str] = []
    docs: list[list[str]] = []
    for entry in data.asks:
        for line in entry.en + entry.ja:
            doc = line_tokens(line)
            if doc:
                rules.append(entry.rule)
                docs.append(doc)
    return rules, docs


@lru_cache(maxsize=1)
def load_asks(path: Path | None = None) -> RuleDocs:
    """Every line as a BM25 document, with the rule it belongs to (built once), from the
    shipped tokens when they were made from this file (`prepared.py`)."""
    file = path or ASKS_FILE
    rules, docs = prepared.docs("asks", file) or asks_docs(file)
    return RuleDocs(rules, Postings.build(docs))


def rank_asks(kinds: list[str], query: str, reading: Reading) -> list[tuple[int, str]]:
    """(book index, ref) of the standard rules' books, the rule of the best line first."""
    return score_asks(kinds, query, reading)[0]


def score_asks(
    kinds: list[str], query: str, reading: Reading
) -> tuple[list[tuple[int, str]], dict[tuple[int, str], float]]:
    """`rank_asks`'s list, and the BM25 score of the best line of every rule a line of
    which the question touches (for `rank.by_lines`)."""
    books = standard_books(kinds)
    if not books:
        return [], {}
    weights = card_weights(query, reading)
    if not weights:
        return [], {}
    index = load_asks()
    scores = index.postings.score(weights)
    best: dict[str, float] = {}
    for doc, score in scores.items():
        rule = index.rules[doc]
        if score > best.get(rule, 0.0):
            best[rule] = score
    order: list[str] = []
    for doc in sorted(scores, key=scores.__getitem__, reverse=True)[:LINES]:
        rule = index.rules[doc]
        if rule not in order:
            order.append(rule)
            if len(order) == DEPTH:
                break
    ranked = [(b, rule) for b in books for rule in order]
    return ranked, {(b, rule): v for b in books for rule, v in best.items()}
