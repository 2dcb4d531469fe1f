"""The TUI's handle on the imported rulebooks (the text layer's `Library`), loaded lazily.

Everything here may run in a worker thread; errors become messages, never exceptions
that reach the screen.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

from gcacw_ref.text import vector_pieces
from gcacw_ref.text.library import Library, normalize_rule_number

if TYPE_CHECKING:
    from gcacw_ref.text.library import Library
    from gcacw_ref.text.models import BookInfo, Hit, RuleView, SectionRef


class Books:
    """Wraps `gcacw_ref.text.library.Library`; `error` says why it is unusable."""

    def __init__(self, home: Path | None) -> None:
        self.home = home
        self.library: Library | None = None
        self.infos: list[BookInfo] = []
        self.error: str | None = None
        self.problems: list[str] = []  # stored books left out (damaged), one message each
        self.loaded = False

    def load(self) -> None:
        """Open the library and list the books (slow the first time: call from a worker)."""
        try:
            self.library = Library(home=self.home)
            self.infos = list(self.library.books())
            self.problems = list(self.library.problems)
            self.error = None
        except Exception as exc:  # noqa: BLE001 - a broken data directory must not stop the app
            self.error = f"The data directory could not be read: {exc}"
            self.infos = []
        self.loaded = True

    def warm_up(self) -> None:
        """Load the books, their indexes and the sentence encoder, and run one search, so
        that the player's first question pays for none of it."""
        if self.library is not None and self.infos:
            # a real search reports any problem; a big book's vectors are not built here,
            # unseen (minutes): the player's first question builds them, showing how far
            with contextlib.suppress(Exception), vector_pieces.listening(_never_build):
                self.library.warm()
                self.library.search("行軍", limit=1)

    def wait_for_searches(self) -> None:
        """Return once no search is running (background work yields to the player's)."""
        if self.library is not None:
            self.library.wait_for_searches()

    @property
    def ready(self) -> bool:
        return self.library is not None

    def ids(self) -> list[str]:
        return [b.id for b in self.infos]

    def kind(self, book: str) -> str:
        """The kind of book (`gcacw` for the standard rules the register is about)."""
        for info in self.infos:
            if info.id == book:
                return info.kind
        return ""

    def default_book(self) -> str | None:
        """The library's default book (the standard rules when imported), or None."""
        if self.library is None or not self.infos:
            return None
        try:
            return self.library.default_book()
        except Exception:  # noqa: BLE001 - no book after all
            return None

    def search(self, query: str, limit: int = 30, book: str | None = None) -> list[Hit]:
        if self.library is None or not query.strip():
            return []
        return list(self.library.search(query, book=book, limit=limit))

    def rule(self, number: str, book: str | None = None) -> RuleView:
        assert self.library is not None, "the rulebooks are not loaded"
        return self.library.rule(number, book=book)

    def toc(self, book: str) -> list[SectionRef]:
        assert self.library is not None, "the rulebooks are not loaded"
        return list(self.library.toc(book))

    def import_book(self, path: str, replace: bool = False) -> BookInfo:
        """Import a rulebook; `text.library.BookExists` when it would replace a stored
        book and `replace` is not given (the app asks first)."""
        assert self.library is not None, "the rulebooks are not loaded"
        info = self.library.import_book(Path(path).expanduser(), replace=replace)
        self.infos = list(self.library.books())
        self.problems = list(self.library.problems)
        return info

    @staticmethod
    def rule_number(text: str) -> str | None:
        """The rule number `text` names (`7.4`, `７．４`), or None."""
        try:
            result = normalize_rule_number(text)
        except Exception:  # noqa: BLE001
            return None
        return result if isinstance(result, str) else None


def _never_build(done: int, total: int) -> None:
    """The warm-up's listener: stops a build in pieces before its first piece."""
    raise vector_pieces.Cancelled
