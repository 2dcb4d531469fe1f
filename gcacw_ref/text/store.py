"""Stored books on disk (`<data dir>/books/<id>.json`) and their in-memory form."""

from __future__ import annotations

import bisect
import hashlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from gcacw_ref.errors import DataError, one_line
from gcacw_ref.gcpause import bulk_load
from gcacw_ref.i18n import _
from gcacw_ref.paths import atomic_write_text, read_user_bytes
from gcacw_ref.text.bm25 import BookIndex, tokens
from gcacw_ref.text.bm25_cache import load_or_build
from gcacw_ref.text.clean import search_form
from gcacw_ref.text.index import BlobIndex, GramIndex
from gcacw_ref.text.models import BookInfo, Section, StoredBook
from gcacw_ref.text.shapes import ShapeError

FORMAT = 1
MAX_STORED_BYTES = 256 * 1024 * 1024  # a stored book (text, sections, index) of a 20 MB file


@dataclass
class LoadedBook:
    """A stored book ready for lookups: sections by id, reading order, search index."""

    info: BookInfo
    sections: list[Section]
    passages: list[tuple[int, int, int, str]]
    by_id: dict[str, int] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # non-anchor sections, reading order
    title_forms: list[str] = field(default_factory=list)  # search form of each title
    alt_title_forms: list[str] = field(default_factory=list)  # bracketed English, if any

    forms: list[str] = field(default_factory=list)  # search form of each passage
    spans: dict[int, tuple[int, int]] = field(default_factory=dict)  # section -> passage range

    text_index: BlobIndex = field(init=False)
    title_index: BlobIndex = field(init=False)
    gram_index: GramIndex = field(init=False)
    title_lookup: dict[str, list[int]] = field(default_factory=dict)
    title_longest: int = 0  # the longest title form (no longer piece of a query is a title)
    title_starts: set[str] = field(default_factory=set)  # the first two characters of each
    _anchor_marks: dict[int, tuple[list[int], list[str]]] = field(default_factory=dict)
    _passage_refs: list[str] | None = None
    _memo: dict[str, dict[int, int]] = field(default_factory=dict)
    _vocab: dict[str, dict[int, int]] = field(default_factory=dict)  # see `index_vocabulary`
    _ref_passages: dict[str, list[int]] = field(default_factory=dict)
    source: Path | None = None  # the stored book file (its BM25 index is cached beside it)
    digest: str = ""  # of the stored book file's bytes: stamps the cached index
    _bm25: BookIndex | None = None

    def __post_init__(self) -> None:
        self.by_id = {s.id: i for i, s in enumerate(self.sections)}
        self.forms = [p[3] for p in self.passages]
        self.text_index = BlobIndex(self.forms)
        self.gram_index = GramIndex(self.forms)
        for p_idx, p in enumerate(self.passages):
            lo, _ = self.spans.get(p[0], (p_idx, p_idx))
            self.spans[p[0]] = (lo, p_idx + 1)
        self.order = [s.id for s in self.sections if s.kind != "anchor"]
        self.title_forms = []
        self.alt_title_forms = []
        for s in self.sections:
            main, _, alt = _bare_title(s.title).partition("[")
            self.title_forms.append(search_form(main) or search_form(alt))
            self.alt_title_forms.append(search_form(alt.rstrip("]")))
        self.title_index = BlobIndex(self.title_forms)
        for i, form in enumerate(self.title_forms):
            self.title_lookup.setdefault(form, []).append(i)
        self.title_longest = max(map(len, self.title_lookup), default=0)
        self.title_starts = {form[:2] for form in self.title_lookup}

    def ref_of(self, sec_idx: int, start: int) -> str:
        """The id holding a passage: the anchor it falls in, else its section."""
        marks = self._anchor_marks.get(sec_idx)
        if marks is None:
            sec = self.sections[sec_idx]
            ids = [c for c in sec.children if "#" in c]
            starts = [self.sections[self.by_id[a]].start for a in ids]
            marks = (starts, ids)
            self._anchor_marks[sec_idx] = marks
        starts, ids = marks
        k = bisect.bisect_right(starts, start) - 1
        return ids[k] if k >= 0 else self.sections[sec_idx].id

    @property
    def passage_refs(self) -> list[str]:
        """The ref (anchor or section id) of every passage, computed once."""
        refs = self._passage_refs
        if refs is None:  # built locally, then published (safe if two threads race)
            refs = [self.ref_of(p[0], p[1]) for p in self.passages]
            by_ref: dict[str, list[int]] = {}
            for p_idx, ref in enumerate(refs):
                by_ref.setdefault(ref, []).append(p_idx)
            self._ref_passages = by_ref
            self._passage_refs = refs
        return refs

    def passages_of(self, ref: str) -> list[int]:
        """Passages belonging to a section or anchor (not to the anchors under it)."""
        _ = self.passage_refs
        return self._ref_passages.get(ref, [])

    def index_vocabulary(self, forms: list[str]) -> None:
        """Passages holding each of a fixed vocabulary (the glossary's Japanese forms, plain
        and in 「quotes」), looked up once: part of the book's index, like the BM25
        postings, so a question naming rule words pays no scan for them."""
        if self._vocab:
            return
        self.gram_index.ensure()
        self._vocab = {f: self.gram_index.holding(f) for f in forms if f}
        words = list(dict.fromkeys(t for f in forms for t in tokens(f)))
        index = self.bm25()
        index.passages.prepare(words)
        index.refs.prepare(words)

    def containing(self, term: str) -> dict[int, int]:
        """Passage index -> occurrences of a search-form term (memoised)."""
        got = self._memo.get(term)
        if got is None:
            got = self._vocab.get(term)
        if got is None:
            if self.gram_index.built:
                got = self.gram_index.holding(term)
            else:
                got = self.text_index.containing(term)
            if len(self._memo) >= 512:
                self._memo.clear()
            self._memo[term] = got
        return got

    def forget(self) -> None:
        """Drop the term memo (the benchmark measures searches without it)."""
        self._memo.clear()
        self.text_index.forget()
        self.title_index.forget()

    def bm25(self, *, quiet: bool = False) -> BookIndex:
        """The BM25 index (loaded from its cache file, or built and cached, once); `quiet`:
        no notice when the cache was stale (an import)."""
        index = self._bm25
        if index is None:
            titles = {s.id: self.title_forms[i] for i, s in enumerate(self.sections)}
            index = load_or_build(
                self.source, self.digest, self.forms, self.passage_refs, titles, quiet=quiet
            )
            self._bm25 = index
        return index

    def get(self, section_id: str) -> Section | None:
        i = self.by_id.get(section_id)
        return None if i is None else self.sections[i]


def _bare_title(title: str) -> str:
    """A title without the ellipsis a cut-short title ends with."""
    return title.rstrip("…")


def book_path(books_dir: Path, book_id: str) -> Path:
    return books_dir / f"{book_id}.json"


def check_books_dir(home: Path) -> Path:
    """The books folder inside the data directory; DataError if the layout is broken."""
    books = home / "books"
    try:
        if stat.S_ISDIR(os.stat(books).st_mode):
            return books  # the usual case: one stat
        raise DataError(
            _("data directory is damaged: {path} is not a directory").format(
                path=one_line(str(books))
            )
        )
    except FileNotFoundError:
        pass
    except NotADirectoryError:
        raise DataError(
            _("data directory {path} is not a directory").format(path=one_line(str(home)))
        ) from None
    except OSError as exc:  # no search permission, a link loop, ...
        raise DataError(
            _("cannot read the data directory {path}: {reason}").format(
                path=one_line(str(books)), reason=exc.strerror or exc
            )
        ) from None
    if home.exists() and not home.is_dir():
        raise DataError(
            _("data directory {path} is not a directory").format(path=one_line(str(home)))
        )
    return books


def load_book(path: Path) -> LoadedBook:
    """Read one stored book; DataError (one line, data left untouched) if it is damaged."""
    book_id = path.stem
    hint = _("re-import it or run `gcacw-ref books remove {id}`").format(id=book_id)
    try:
        raw = read_user_bytes(path, MAX_STORED_BYTES)
    except DataError as exc:
        raise DataError(_("stored book {problem}; {hint}").format(problem=exc, hint=hint)) from None
    try:
        with bulk_load():
            stored = StoredBook.from_json(raw)
    except ShapeError as exc:
        raise DataError(f"stored book {path} is damaged ({exc}); {hint}") from None
    except (ValueError, RecursionError) as exc:  # not JSON (UnicodeDecodeError is a ValueError)
        raise DataError(f"stored book {path} is damaged (file: {exc}); {hint}") from None
    if stored.format != FORMAT:
        raise DataError(f"stored book {path} has format {stored.format}, expected {FORMAT}; {hint}")
    n = len(stored.sections)
    if any(not (0 <= p[0] < n) for p in stored.passages):
        raise DataError(f"stored book {path} is damaged (search index); {hint}")
    ids = {s.id for s in stored.sections}
    for s in stored.sections:
        if (s.parent is not None and s.parent not in ids) or any(c not in ids for c in s.children):
            raise DataError(f"stored book {path} is damaged (section {s.id!r}); {hint}")
    return LoadedBook(
        info=stored.info,
        sections=stored.sections,
        passages=stored.passages,
        source=path,
        digest=hashlib.blake2b(raw, digest_size=16).hexdigest(),
    )


def save_book(books_dir: Path, book: StoredBook) -> None:
    """Write a book atomically: a crash leaves the old file or the new one, never half."""
    books_dir.mkdir(parents=True, exist_ok=True)
    atomic_write_text(book_path(books_dir, book.info.id), book.to_json(), home=books_dir)


def file_stamp(path: Path) -> tuple[int, int]:
    st = os.stat(path)
    return st.st_mtime_ns, st.st_size
