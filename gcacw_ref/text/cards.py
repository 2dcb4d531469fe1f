"""Section cards: what each rule of the standard rules decides, in a player's words.

`cards.toml` (written for this project, never the rulebook's sentences) gives every
section id of the standard rules (book kind "gcacw") a short description in English and
in Japanese: the rule's key terms and the everyday words, verbs and situations a player
asks about ("slip away", "worn out", 下がる, へとへと). Each card was written by reading
its section, not from any question of the question sets.

The glossary maps single words and phrases; a card describes a whole rule. An English
question reaches the Japanese text only through the glossary, so its words that the
glossary does not know were lost; on the cards they meet the rule directly. BM25 over the
cards (`rank_cards`) is one more ranker of the reciprocal rank fusion (`rank.py`): a
card's document is its English words (folded like a question's, function words dropped)
and the tokens of its Japanese text. A query is read with its own English words and the
weighted tokens of its reading (Japanese words, thesaurus and glossary expansions).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Protocol, Self, TypeVar

from gcacw_ref.errors import DataError
from gcacw_ref.text import prepared
from gcacw_ref.text.bm25 import Postings, tokens
from gcacw_ref.text.clean import nfkc, search_form
from gcacw_ref.text.question import EN_STOP, WORD_RE, Reading, fold_word
from gcacw_ref.text.shapes import Fields, ShapeError

CARDS_FILE = Path(__file__).with_name("cards.toml")
BOOK_KIND = "gcacw"  # the cards describe the standard rules only
DEPTH = 30


@dataclass
class Card:
    """One rule's card (every field a text that is not empty)."""

    rule: str  # a section id of the standard rules ("7.6#退却の優先順位")
    en: str
    ja: str


@dataclass
class CardsFile:
    card: list[Card]  # at least one

    @classmethod
    def from_data(cls, data: object) -> CardsFile:
        """The file's parsed TOML, checked; `ShapeError` naming the first bad field."""
        cards = [
            Card(
                rule=c.text("rule", nonempty=True),
                en=c.text("en", nonempty=True),
                ja=c.text("ja", nonempty=True),
            )
            for c in Fields(data).tables("card", nonempty=True)
        ]
        return cls(card=cards)


def english_tokens(text: str) -> list[str]:
    """Folded English words of a text, function words dropped."""
    words = WORD_RE.findall(nfkc(text).lower())
    return [f for w in words if w not in EN_STOP and (f := fold_word(w)) not in EN_STOP]


def card_tokens(card: Card) -> list[str]:
    """A card's BM25 document: its English words and its Japanese tokens."""
    return english_tokens(card.en) + tokens(search_form(card.ja))


@dataclass(frozen=True)
class RuleDocs:
    """BM25 documents that each belong to a rule of the standard rules (cards, asks)."""

    rules: list[str]  # the rule of each document, in file order
    postings: Postings


class ShippedFile(Protocol):
    """A shipped data file's checked form: made from its parsed TOML."""

    @classmethod
    def from_data(cls, data: object) -> Self: ...


M = TypeVar("M", bound=ShippedFile)


def read_data(path: Path, model: type[M], what: str) -> M:
    """A shipped TOML file read into its model; `DataError` naming the file if it is bad.
    Read once per process while the file is unchanged (the rankers and the encoder's
    lines read the same files)."""
    try:
        st = path.stat()
        data = _read_data(path, st.st_mtime_ns, st.st_size, model, what)
    except (OSError, tomllib.TOMLDecodeError, ShapeError) as exc:
        raise DataError(f"{what}: cannot read {path.name}: {exc}") from exc
    assert isinstance(data, model)  # the cache is keyed by the model: it hands back its type
    return data


@lru_cache(maxsize=8)
def _read_data(path: Path, _mtime: int, _size: int, model: type[M], what: str) -> M:
    return model.from_data(tomllib.loads(path.read_text(encoding="utf-8")))


def card_docs(path: Path) -> tuple[list[str], list[list[str]]]:
    """(rule, tokens) of every card of a cards file, read and tokenized."""
    data = read_data(path, CardsFile, "cards")
    return [c.rule for c in data.card], [card_tokens(c) for c in data.card]


@lru_cache(maxsize=1)
def load_cards(path: Path | None = None) -> RuleDocs:
    """The cards and their BM25 postings (built once; about 130 short documents), from the
    shipped tokens when they were made from this file (`prepared.py`)."""
    file = path or CARDS_FILE
    rules, docs = prepared.docs("cards", file) or card_docs(file)
    return RuleDocs(rules, Postings.build(docs))


def standard_books(kinds: list[str]) -> list[int]:
    """The indexes of the books of the standard rules, the only ones cards and asks describe."""
    return [b for b, kind in enumerate(kinds) if kind == BOOK_KIND]


def card_weights(query: str, reading: Reading) -> dict[str, float]:
    """A query's tokens for the cards: its reading's Japanese tokens and its own English
    words (weight 1; the reading keeps English only where the glossary has no name)."""
    weights = {t: w for t, w in reading.weights.items() if not t.isascii()}
    for t in english_tokens(query):
        weights[t] = 1.0
    return weights


def rank_cards(kinds: list[str], query: str, reading: Reading) -> list[tuple[int, str]]:
    """(book index, ref) of the standard rules' books, best card first."""
    books = standard_books(kinds)
    if not books:
        return []
    index = load_cards()
    weights = card_weights(query, reading)
    if not weights:
        return []
    found = index.postings.top(weights, DEPTH)
    return [(b, index.rules[doc]) for b in books for doc, _ in found]
