"""The user's library of imported rulebooks: import, list, remove, look up, search.

Nothing is read at construction; books load on first use and stay cached (reloaded
when their file changes), so creating a `Library` is instant.
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

from gcacw_ref import paths
from gcacw_ref.errors import DataError, InputError, one_line, quoted
from gcacw_ref.gcpause import bulk_load
from gcacw_ref.i18n import _
from gcacw_ref.text import embed, line_ranker, semantic
from gcacw_ref.text.asks import load_asks
from gcacw_ref.text.bm25_cache import index_path
from gcacw_ref.text.cards import load_cards
from gcacw_ref.text.clean import nfkc, search_form
from gcacw_ref.text.glossary import load_glossary, vocabulary
from gcacw_ref.text.importer import build_book
from gcacw_ref.text.models import BookInfo, Hit, RuleView, Section, SectionRef
from gcacw_ref.text.question import thesaurus
from gcacw_ref.text.rank_config import CONFIG, RankConfig
from gcacw_ref.text.rulenum import normalize_rule_number
from gcacw_ref.text.search import Searcher
from gcacw_ref.text.semantic import old_sem_path, sem_path
from gcacw_ref.text.store import (
    LoadedBook,
    book_path,
    check_books_dir,
    file_stamp,
    load_book,
    save_book,
)
from gcacw_ref.text.vector_pieces import remove_pieces

__all__ = ["Library", "normalize_rule_number"]

_CITE_RE = re.compile(r"(?<![\d.])(\d{1,2}\.\d{1,2})(?![\d])")


class BookExists(InputError):
    """An import would replace a book already stored under the same id, and was not
    told it may (the CLI's `--replace`, the TUI's confirmation)."""

    def __init__(self, book_id: str) -> None:
        super().__init__(
            _(
                "a book with id {id} is already imported; give --replace to replace it, "
                "or --id to store this one under another id"
            ).format(id=quoted(book_id))
        )
        self.book_id = book_id


class Library:
    """Imported rulebooks under the data directory (`<home>/books/<id>.json`)."""

    def __init__(self, home: Path | None = None, config: RankConfig = CONFIG) -> None:
        self.home = Path(home) if home is not None else paths.data_dir()
        self.config = config  # the ranking's constants (tuning scripts try others)
        self._cache: dict[str, tuple[tuple[int, int], LoadedBook]] = {}
        self._listing: tuple[int, list[str]] | None = None
        self._searches = 0
        self.problems: list[str] = []  # why stored books were left out of the last listing
        # one search or one warm-up step at a time (no work done twice, no contention);
        # a search goes ahead of every warm-up step not yet started
        self._work = threading.RLock()
        self._asking = threading.Condition()
        self._waiting = 0  # searches asked and not yet answered

    # -- storage -----------------------------------------------------------------
    @property
    def books_dir(self) -> Path:
        return check_books_dir(self.home)

    def _ids(self, folder: Path | None = None) -> list[str]:
        """The stored books' ids: the names of the `*.json` entries in the books folder
        (`folder`, when the caller has just checked it).

        Every entry is listed, a damaged file or a broken link too (loading it reports the
        problem, `books remove` clears it)."""
        d = self.books_dir if folder is None else folder
        try:
            stamp = d.stat().st_mtime_ns
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise DataError(_folder_error(d, exc)) from None
        if self._listing and self._listing[0] == stamp:
            return list(self._listing[1])
        try:
            with os.scandir(d) as entries:
                names = sorted(
                    e.name[: -len(".json")]
                    for e in entries
                    if e.name.endswith(".json") and not e.name.startswith(".")
                )
        except OSError as exc:
            raise DataError(_folder_error(d, exc)) from None
        self._listing = (stamp, names)
        return list(names)

    def _book(self, book_id: str, folder: Path | None = None) -> LoadedBook:
        """A stored book by id; `InputError` for an id that is not in the books folder
        (so `--book ../x` never reads outside it), `DataError` for a damaged one.
        `folder`: the books folder, when the caller has just listed it (saves two stats)."""
        if folder is None:
            if book_id not in self._ids():
                self._cache.pop(book_id, None)
                raise self._unknown_book(book_id)
            folder = self.books_dir
        path = book_path(folder, book_id)
        hint = _("re-import it or run `gcacw-ref books remove {id}`").format(id=book_id)
        try:
            stamp = file_stamp(path)
        except OSError as exc:
            self._cache.pop(book_id, None)
            raise DataError(
                _("stored book {path}: cannot read ({reason}); {hint}").format(
                    path=one_line(str(path)), reason=exc.strerror or exc, hint=hint
                )
            ) from None
        cached = self._cache.get(book_id)
        if cached and cached[0] == stamp:
            return cached[1]
        loaded = load_book(path)
        if loaded.info.id != book_id:  # a file copied or renamed by hand: its name is its id
            loaded.info = replace(loaded.info, id=book_id)
        self._cache[book_id] = (stamp, loaded)
        return loaded

    def _unknown_book(self, book_id: str) -> InputError:
        ids = self._ids()
        known = ", ".join(ids) if ids else _("none imported; run `gcacw-ref books import FILE`")
        return InputError(
            _("unknown book {id} (books: {known})").format(id=quoted(book_id), known=known)
        )

    def _loaded(self) -> list[LoadedBook]:
        """Every book that can be read, the standard rules first. A damaged one is left
        out with a notice in `problems`, so that it does not stop the others."""
        books: list[LoadedBook] = []
        problems: list[str] = []
        folder = self.books_dir
        for i in self._ids(folder):
            try:
                books.append(self._book(i, folder))
            except DataError as exc:
                problems.append(str(exc))
        self.problems = problems
        return sorted(
            books, key=lambda b: (b.info.kind != "gcacw", b.info.id != "gcacw", b.info.id)
        )

    # -- public API ----------------------------------------------------------------
    def books(self) -> list[BookInfo]:
        return [b.info for b in self._loaded()]

    def import_book(
        self, path: Path, book_id: str | None = None, *, replace: bool = False
    ) -> BookInfo:
        """Parse a rulebook file and store it. A book already stored under the same id
        (the id given, or the one recognised from the content) is replaced, atomically,
        only with `replace`; else `BookExists`, and nothing is written."""
        stored = build_book(Path(path), book_id)
        if not replace and stored.info.id in self._ids():
            raise BookExists(stored.info.id)
        try:
            save_book(self.books_dir, stored)
        except OSError as exc:
            raise DataError(
                f"cannot write to the data directory {self.home}: {exc.strerror or exc}"
            ) from None
        self._cache.pop(stored.info.id, None)
        self._book(stored.info.id).bm25(quiet=True)  # the search index, built with the book
        return stored.info

    def remove(self, book_id: str) -> None:
        """Remove a stored book: any entry of the books folder by its listed name (a
        damaged file, a broken link or a hand-named file too), never a path outside it."""
        if book_id not in self._ids():
            raise self._unknown_book(book_id)
        path = book_path(self.books_dir, book_id)
        try:
            if path.is_dir() and not path.is_symlink():
                raise InputError(
                    _("cannot remove {path}: it is a folder").format(path=one_line(str(path)))
                )
            path.unlink()
        except OSError as exc:
            raise InputError(
                _("cannot remove {path}: {reason}").format(
                    path=one_line(str(path)), reason=exc.strerror or exc
                )
            ) from None
        for index in (
            index_path(path),
            sem_path(path),
            old_sem_path(path),
        ):  # its search indexes go with it
            with contextlib.suppress(OSError):
                index.unlink()
        remove_pieces(sem_path(path))  # and a stopped build's pieces of vectors
        self._cache.pop(book_id, None)
        self._listing = None

    def default_book(self) -> str:
        """The book a rule is looked up in: gcacw (a damaged one says so), else the first
        standard-rules book that can be read, else the first book."""
        ids = self._ids()
        if not ids:
            raise InputError(_("no rulebook imported yet; run `gcacw-ref books import FILE`"))
        if "gcacw" in ids:
            return "gcacw"
        loaded = self._loaded()
        for b in loaded:
            if b.info.kind == "gcacw":
                return b.info.id
        if not loaded:
            raise DataError(self.problems[0])
        return loaded[0].info.id

    def rule(self, number: str, book: str | None = None) -> RuleView:
        """One rule (or part, or anchor) whole, with its neighbours."""
        if not number or not number.strip():
            raise InputError(_("rule: give a rule number such as 7.4"))
        bid = book if book is not None else self.default_book()
        lb = self._book(bid)
        sec = self._resolve(lb, number.strip())
        if sec is None:
            raise InputError(
                _("rule {number} not found in book {book}").format(
                    number=quoted(number.strip()), book=quoted(bid)
                )
            )
        return self._view(lb, sec)

    def search(self, query: str, book: str | None = None, limit: int = 10) -> list[Hit]:
        with self._asked():
            return self._search(query, book, limit)

    @contextlib.contextmanager
    def _asked(self) -> Iterator[None]:
        """A search's turn: after the warm-up step under way, before any other; a bulk load
        (a first search loads what the warm-up has not reached yet, and the collector,
        running, walked it all: a full collection of 55 ms inside the TUI's first
        question, measured)."""
        with self._asking:
            self._waiting += 1
        try:
            with self._work, bulk_load():
                yield
        finally:
            with self._asking:
                self._waiting -= 1
                self._asking.notify_all()

    def wait_for_searches(self) -> None:
        """Return once no search is waiting or running (background work yields to them)."""
        with self._asking:
            self._asking.wait_for(lambda: self._waiting == 0)

    @contextlib.contextmanager
    def _step(self) -> Iterator[None]:
        """One step of the warm-up: once no search is asked, and alone; a bulk load (what
        it makes lives as long as the library)."""
        self.wait_for_searches()
        with self._work, bulk_load():
            yield

    def _search(self, query: str, book: str | None, limit: int) -> list[Hit]:
        books = [self._book(book)] if book is not None else self._loaded()
        if not books:
            if not query.strip():
                raise InputError(_("search: the query is empty"))
            if self.problems:
                raise DataError(self.problems[0])
            raise InputError(_("no rulebook imported yet; run `gcacw-ref books import FILE`"))

        self._searches += 1
        if self._searches == 2:  # interactive use: build the fast indexes once (tens of ms)
            for b in books:
                b.gram_index.ensure()
                b.bm25()
                b.index_vocabulary(vocabulary())
        return Searcher(books, self.config).search(query, limit)

    def warm(self) -> None:
        """Load every book and build the lazy search indexes now (e.g. in a background
        worker after the TUI is up), so that no later search pays for them. What a
        question needs comes first (word indexes, the encoder, its vectors and the trained
        ranker's weights); the misspelling index and the glossary's forms after. Each step
        waits while a search is asked, so the player's first question never waits for
        more than one step."""
        with self._step():
            books = self._loaded()
            for b in books:
                b.bm25()
        with self._step():
            load_cards()
            load_asks()
            load_glossary()
            thesaurus()
        with self._step():
            semantic.warm(books)
            if embed.available():  # the trained ranker's weights (4 ms)
                line_ranker.model()
                line_ranker.ngram_model()
        for b in books:
            with self._step():
                b.gram_index.ensure()
        for b in books:
            with self._step():
                b.index_vocabulary(vocabulary())

    def forget_memos(self) -> None:
        """Drop the per-term search memos (for honest benchmarking of a fresh query)."""
        for _stamp, book in self._cache.values():
            book.forget()

    def toc(self, book_id: str) -> list[SectionRef]:
        lb = self._book(book_id)
        return [
            SectionRef(book=book_id, section=s.id, title=s.title, depth=s.depth)
            for s in lb.sections
        ]

    # -- helpers -----------------------------------------------------------------
    def _resolve(self, lb: LoadedBook, text: str) -> Section | None:
        found = lb.get(text)
        if found is not None:
            return found
        head, sep, tail = text.partition("#")
        if not sep and "/" in text:  # "5.1/延長行軍" written with a slash
            slash_head, _, slash_tail = text.partition("/")
            if normalize_rule_number(slash_head) is not None:
                head, sep, tail = slash_head, "#", slash_tail
        number = normalize_rule_number(head)
        if sep:
            base = number or head.strip()
            want = search_form(tail)
            parent = lb.get(base)
            for cid in parent.children if parent else []:
                child = lb.get(cid)
                if child and child.kind == "anchor" and search_form(child.title) == want:
                    return child
            return None
        if number is not None:
            return lb.get(number)
        want = search_form(text)
        for kind in ("anchor", "rule", "chapter", "part"):
            for i, s in enumerate(lb.sections):
                if s.kind == kind and lb.title_forms[i] == want:
                    return s
        return None

    def _view(self, lb: LoadedBook, sec: Section) -> RuleView:
        if sec.kind == "anchor":
            parent = lb.get(sec.parent) if sec.parent else None
            siblings = [c for c in (parent.children if parent else []) if "#" in c]
        else:
            siblings = lb.order
        k = siblings.index(sec.id) if sec.id in siblings else -1
        prev_id = siblings[k - 1] if k > 0 else None
        next_id = siblings[k + 1] if 0 <= k < len(siblings) - 1 else None
        return RuleView(
            book=lb.info.id,
            section=sec.id,
            title=sec.title,
            text=sec.text,
            parent=sec.parent,
            children=list(sec.children),
            previous=prev_id,
            next=next_id,
            cites=_cites(lb, sec),
        )


def _folder_error(folder: Path, exc: OSError) -> str:
    return _("cannot read the data directory {path}: {reason}").format(
        path=one_line(str(folder)), reason=exc.strerror or exc
    )


def _cites(lb: LoadedBook, sec: Section) -> list[str]:
    """Rule numbers this text points to that exist in the book (itself excluded)."""
    own = {sec.id, sec.number}
    out: list[str] = []
    # each distinct spelling once, in order (a long rule cites the same few numbers often)
    for raw in dict.fromkeys(_CITE_RE.findall(nfkc(sec.text))):
        n = normalize_rule_number(raw)
        if n and n not in own and n in lb.by_id and n not in out:
            out.append(n)
    return out
