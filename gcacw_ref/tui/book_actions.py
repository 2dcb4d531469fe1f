"""`BookActions`, a part of the app: the rulebooks loaded and imported in worker
threads, and what the search screen says of them."""

from __future__ import annotations

from collections.abc import Callable

from textual import on, work
from textual.app import App
from textual.widgets import TabbedContent

from gcacw_ref.calculators import CALCULATORS, calculator
from gcacw_ref.i18n import _
from gcacw_ref.text.library import BookExists
from gcacw_ref.tui.books import Books
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.screens import ConfirmScreen, ImportScreen
from gcacw_ref.tui.search import SearchPane
from gcacw_ref.tui.threads import deliver


def warm_up_calculators(before_each: Callable[[], None] = lambda: None) -> None:
    """Import the calculator modules in the background so the first calculation is quick
    (`before_each`: waits while a search runs, so a question never shares the CPU)."""
    for name in CALCULATORS:
        before_each()
        try:
            calculator(name)
        except Exception:  # noqa: BLE001, S112 - a missing module is reported when it is used
            continue


class BookActions(App[int]):
    """Loading the stored rulebooks at start and importing another (ctrl+o, the path box)."""

    books: Books

    @work(thread=True, exclusive=True, group="books")
    def _load_books(self) -> None:
        self.books.load()
        deliver(self, self._books_loaded, False)
        self.books.warm_up()
        warm_up_calculators(self.books.wait_for_searches)

    def _books_loaded(self, again: bool = True) -> None:
        """Show the books (at start, or after an import: `again`, the box's question is asked
        once more, over the new book too)."""
        search = self.query_one(SearchPane)
        books = self.books
        if books.error:
            search.set_status(f"⚠ {books.error}")
        elif books.problems and not books.infos:
            search.set_status(f"⚠ {books.problems[0]}")
        elif not books.infos:
            search.set_status("")
        else:
            names = ", ".join(b.id for b in books.infos)
            search.set_status(_("Books: {names} · type to search").format(names=names))
        for problem in books.problems:
            self.notify(problem, title=_("A stored book was skipped"), severity="warning")
        search.show_welcome(not books.infos and not books.problems)
        search.set_books(books.ids())
        # after the screen's own first focus, however fast the books loaded
        self.call_after_refresh(self._focus_first_field)
        if books.infos:
            self.query_one(RulesPane).load_toc()
        search.search_typed(again)

    def _focus_first_field(self) -> None:
        """Search when there are books; on a first run (none) the cursor waits in the path
        box. Only where the player has not moved on already."""
        stranded = self.focused is None or self.focused.id in ("import-path", "search-input")
        if stranded and self.query_one("#tabs", TabbedContent).active == "search":
            self.query_one("#search-input" if self.books.infos else "#import-path").focus()

    def action_import_book(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.import_book(path)

        self.push_screen(ImportScreen(), chosen)

    @on(SearchPane.ImportRequested)
    def _import_requested(self, event: SearchPane.ImportRequested) -> None:
        self.import_book(event.path)

    def import_book(self, path: str) -> None:
        if not self.books.ready:
            self.notify(self.books.error or _("The rulebooks are still loading."), severity="error")
            return
        self.notify(_("Importing {path}…").format(path=path))
        self._import_worker(path)

    @work(thread=True, exclusive=True, group="import")
    def _import_worker(self, path: str, replace: bool = False) -> None:
        try:
            info = self.books.import_book(path, replace=replace)
        except BookExists as exc:  # ask before replacing a stored book
            deliver(self, self._confirm_replace, path, exc.book_id)
            return
        except Exception as exc:  # noqa: BLE001 - the message is for the player
            deliver(self, self.notify, str(exc), title=_("Import failed"), severity="error")
            return
        message = _("Imported {title} as '{id}' ({sections} sections).").format(
            title=info.title, id=info.id, sections=info.sections
        )
        deliver(self, self.notify, message, title=_("Import"))
        deliver(self, self._books_loaded)
        self.books.warm_up()

    def _confirm_replace(self, path: str, book_id: str) -> None:
        """The file would replace the book stored as `book_id`: import it only if the
        player says so."""

        def answered(yes: bool | None) -> None:
            if yes:
                self.notify(_("Importing {path}…").format(path=path))
                self._import_worker(path, True)
            else:
                self.notify(_("Import cancelled: {id} is kept.").format(id=book_id))

        question = _(
            "A book is already imported as '{id}'. Replace it with {path}? "
            "Its bookmarks stay; its search indexes are rebuilt."
        ).format(id=book_id, path=path)
        self.push_screen(ConfirmScreen(_("Replace a rulebook?"), question), answered)
