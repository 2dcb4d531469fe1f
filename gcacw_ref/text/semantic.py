"""Meaning, not words: a multilingual sentence encoder as two more lists of the fusion.

Every other ranker matches words. An English question reaches the Japanese rulebook only
through words someone listed (glossary, thesaurus, cards, asks), and a question worded
in a way nobody listed finds little. A multilingual sentence encoder (`embed.py`) puts a
sentence and its translation or paraphrase near each other in one vector space, whatever
the words.

Two rankings, for questions only (look-ups keep their term ranking):

* `passages`: cosine of the question with every passage of the leading book (the
  standard rules, in an all-books search); a ref ranks by its best passage;
* `lines`: cosine with every line of the cards (`cards.py`) and the asks (`asks.py`) of
  the standard rules, and with the Japanese questions of the tuning halves (`asked_lines.toml`,
  labelled with their answer); a rule ranks by its best line (for an English question, by
  the mean of its best three: `rule_lines.py`).

A book's passage vectors are computed once and cached beside it (`books/<id>.sem`, a
vectors file of `vector_file.py`, stamped with the book's digest and the model; a stale
or damaged file is rebuilt with a one-line notice, like the BM25 index); the lines'
vectors likewise (shipped with the package, `lines.sem`; when the cards or asks change
before it is remade, `books/lines.sem`, stamped with the lines' own digest).
"""

from __future__ import annotations

import contextlib
import hashlib
import stat
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gcacw_ref.i18n import _
from gcacw_ref.text import embed, prepared, vector_file, vector_pieces
from gcacw_ref.text.asks import ASKED_FILE, ASKS_FILE, AsksFile
from gcacw_ref.text.cards import CARDS_FILE, CardsFile, read_data, standard_books

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from gcacw_ref.text.rule_lines import RuleLines
    from gcacw_ref.text.store import LoadedBook

    Matrix = npt.NDArray[np.float32]

DEPTH = 30
LINES = 4 * DEPTH  # best lines read to rank DEPTH rules
LINES_FILE = "lines.sem"
LINE_FILES = (CARDS_FILE, ASKS_FILE, ASKED_FILE)  # the encoder's lines, in this order
SHIPPED = Path(__file__).with_name(LINES_FILE)

_lock = threading.RLock()  # the state below
_state: dict[str, Any] = {}  # "lines": (rules, matrix), "groups": the lines by rule
_books: dict[str, Matrix] = {}  # "file:digest" and digest -> passage vectors (this process)


def _digest(texts: list[str]) -> str:
    h = hashlib.blake2b(embed.MODEL.encode(), digest_size=16)
    for t in texts:
        h.update(t.encode("utf-8") + b"\0")
    return h.hexdigest()


def cached(path: Path | None, stamp: str, texts: list[str], known: Matrix | None = None) -> Matrix:
    """Vectors of `texts`: from the cache file at `path` when it is current, else `known`
    (the same texts encoded before in this process) or computed, and saved there; a stale
    or damaged file gets a one-line notice. A big book is encoded in pieces
    (`vector_pieces`: progress, stop, resume)."""
    if path is not None:
        got = vector_file.load(path, stamp, len(texts))
        if got is not None:
            return got
        if path.exists() or path.is_symlink():
            notice = _("search index {file} was out of date or damaged; rebuilt from the book")
            print(notice.format(file=path), file=sys.stderr)
    vectors = (
        known
        if known is not None
        else vector_pieces.encode_in_pieces(path, stamp, texts, _as_stored)
    )
    if path is not None:
        vector_file.save(path, stamp, vectors)
        vector_pieces.remove_pieces(path)
    return vectors


def _as_stored(texts: list[str]) -> Matrix:
    """The vectors of `texts` kept as stored (float16), so a search ranks the same from a
    fresh or a cached file."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    return embed.encode(texts).astype(np.float16).astype(np.float32)


def sem_path(book_file: Path) -> Path:
    return book_file.with_suffix(".sem")


def old_sem_path(book_file: Path) -> Path:
    """Where round 8 kept a book's vectors (a zip of float16), removed with the book."""
    return book_file.with_suffix(".sem.npz")


def book_vectors(book: LoadedBook) -> Matrix:
    """The vectors of a book's passages (cached beside the stored book, memory-mapped)."""
    with _lock:
        key = f"{book.source}:{book.digest}"
        got = _books.get(key)
        if got is None or got.shape[0] != len(book.forms):
            path = sem_path(book.source) if book.source is not None else None
            known = _books.get(book.digest)  # the same book in another data directory
            if known is not None and known.shape[0] != len(book.forms):
                known = None
            got = cached(path, f"{embed.MODEL}:{book.digest}", list(book.forms), known)
            _books[key] = _books[book.digest] = got
            if book.source is not None:  # round 8's file, replaced by this one
                with contextlib.suppress(OSError):
                    old = old_sem_path(book.source)
                    if stat.S_ISREG(old.lstat().st_mode):
                        old.unlink()
        return got


def _line_texts() -> tuple[list[str], list[str]]:
    """(rule, text) of every card, asks line and asked question of the standard rules, in
    file order."""
    rules: list[str] = []
    texts: list[str] = []
    cards = read_data(CARDS_FILE, CardsFile, "cards")
    for card in cards.card:
        for text in (card.en, card.ja):
            rules.append(card.rule)
            texts.append(text)
    for path in LINE_FILES[1:]:
        for entry in read_data(path, AsksFile, "asks").asks:
            for text in entry.en + entry.ja:
                rules.append(entry.rule)
                texts.append(text)
    return rules, texts


def line_vectors(books_dir: Path | None) -> tuple[list[str], Matrix]:
    """The rule of every card and asks line, and their vectors: shipped with the package
    (`SHIPPED`, made by scripts/lines_vectors.py), else cached in `books_dir`."""
    with _lock:
        got = _state.get("lines")
        if got is None:
            shipped = prepared.lines(*LINE_FILES)  # no need to read the files
            vectors = None
            if shipped is not None:
                rules, stamp = shipped
                vectors = vector_file.load(SHIPPED, stamp, len(rules))
            if vectors is None:
                rules, texts = _line_texts()
                stamp = _digest(texts)
                vectors = vector_file.load(SHIPPED, stamp, len(texts))
            if vectors is None:  # the cards or asks changed since the file was made
                path = books_dir / LINES_FILE if books_dir is not None else None
                vectors = cached(path, stamp, texts)
            got = _state["lines"] = (rules, vectors)
        return got


def line_stamp() -> tuple[str, list[str]]:
    """The stamp of the current lines and their texts (for scripts/lines_vectors.py)."""
    _rules, texts = _line_texts()
    return _digest(texts), texts


def _best(scores: Matrix, label: Callable[[int], str], reads: int) -> list[tuple[str, int, float]]:
    """(label, row, score) of each label's best row among the `reads` best rows, best first."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    n = scores.shape[0]
    k = min(reads, n)
    if k == 0:
        return []
    top = np.argpartition(-scores, k - 1)[:k] if k < n else np.arange(n)
    top = top[np.argsort(-scores[top], kind="stable")]
    out: dict[str, tuple[str, int, float]] = {}
    for i in top.tolist():
        name = label(i)
        if name not in out:
            out[name] = (name, i, float(scores[i]))
            if len(out) == DEPTH:
                break
    return list(out.values())


def rank_passages(books: list[LoadedBook], query: str) -> list[tuple[tuple[int, str], int]]:
    """((book index, ref), its best passage) by cosine, best first, in the leading book
    (the standard rules lead an all-books search; see `rank.py`)."""
    if not books:
        return []
    embed.use_folder(books[0].source.parent if books[0].source is not None else None)
    refs = books[0].passage_refs
    found = _best(book_vectors(books[0]) @ embed.query_vector(query), refs.__getitem__, LINES)
    return [((0, ref), p_idx) for ref, p_idx, _score in found]


def rank_lines(kinds: list[str], query: str, books_dir: Path | None) -> list[tuple[int, str]]:
    """(book index, ref) of the standard rules' books, the rule of the best line first."""
    return score_lines(kinds, query, books_dir)[0]


def _groups(rules: list[str]) -> RuleLines:
    """The lines' rows gathered by rule, made once per set of lines."""
    # lazy: the encoder's numpy loads only when a question is asked
    from gcacw_ref.text.rule_lines import RuleLines

    with _lock:
        got: RuleLines | None = _state.get("groups")
        if got is None or got.rules is not rules:
            got = _state["groups"] = RuleLines(rules)
        return got


def score_lines(
    kinds: list[str], query: str, books_dir: Path | None, best_of: int = 1
) -> tuple[list[tuple[int, str]], dict[tuple[int, str], float]]:
    """`rank_lines`'s list, and the cosine of every rule's best line (for `rank.by_lines`).

    `best_of` > 1 ranks a rule by the mean of its `best_of` best lines instead of its
    best line (`RankConfig.en_best_of` for an English question; see `rule_lines.py`)."""
    books = standard_books(kinds)
    if not books:
        return [], {}
    rules, vectors = line_vectors(books_dir)
    scores = vectors @ embed.query_vector(query)
    groups = _groups(rules)
    best = groups.best(scores)
    if best_of > 1:
        value = dict(zip(groups.names, groups.mean_of_best(scores, best_of), strict=True))
        order = sorted(groups.names, key=lambda r: -value[r])[:DEPTH]
    else:
        order = [rule for rule, _row, _score in _best(scores, rules.__getitem__, LINES)]
    ranked = [(b, rule) for b in books for rule in order]
    return ranked, {(b, rule): v for b in books for rule, v in zip(groups.names, best, strict=True)}


def warm(books: list[LoadedBook]) -> None:
    """Load the encoder and every vector a question needs now (the TUI's warm-up)."""
    if not embed.available() or not books:
        return
    folder = next((b.source.parent for b in books if b.source is not None), None)
    embed.use_folder(folder)
    try:
        embed.query_vector("warm")
    except embed.EncoderUnavailable:
        return
    line_vectors(folder)
    book_vectors(books[0])
