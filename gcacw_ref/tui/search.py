"""Search first: a box that searches every imported book as the player types."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.actions import SkipAction
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.timer import Timer
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from gcacw_ref.i18n import N_, _, join_list, ngettext
from gcacw_ref.text import vector_pieces
from gcacw_ref.text.marks import plain_with_spans
from gcacw_ref.tui.messages import OpenRule
from gcacw_ref.tui.plain import plain
from gcacw_ref.tui.services import Services
from gcacw_ref.tui.threads import deliver
from gcacw_ref.tui.touchkit import hint, touch_mode
from gcacw_ref.tui.widgets import Choice, FormLabel, said_field

if TYPE_CHECKING:
    from gcacw_ref.text.models import Hit
    from gcacw_ref.tui.books import Books

DEBOUNCE_S = 0.12
ALL_BOOKS = N_("all books")  # the filter value; shown translated by Choice
PLACEHOLDER = N_("Search rules: 日本語 / English / a rule number (7.4)")
IMPORT_PATH = N_("path to a rulebook file, then enter")

WELCOME = N_(
    """[b]No rulebook imported yet[/b]

This app shows the rules text from a rulebook file you own; it ships none.
Import it once and it is kept in the data directory:

  • from a shell:  [b]gcacw-ref books import PATH/TO/RULES.txt[/b]
  • or here: type the file's path below and press enter.

The GCACW standard rules are recognised by their content (book id [b]gcacw[/b]);
War for the Union and Brandywine files can be imported too.
Calculators (F4) and charts (F5) work without a rulebook."""
)


class SearchPane(Vertical):
    """The search box, its results, and the first-run explanation."""

    BINDINGS = [
        Binding("down", "results", "Results", show=False),
        Binding("escape", "stop_building", show=False),
    ]

    class ImportRequested(Message):
        def __init__(self, path: str) -> None:
            super().__init__()
            self.path = path

    def __init__(self, services: Services, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.services = services
        self._timer: Timer | None = None
        self._hits: list[Hit] = []
        self._asked = ""
        self._asks = 0  # searches started; a worker's answer counts only if it is the last
        self._shown: str | None = None  # the query whose results are on screen
        self._open_when_shown: str | None = None  # enter was pressed before they arrived
        self._titles: dict[str, str] = {}  # see-also rule number -> title (top result)
        self._build_under_way = False  # a big book's vectors are being built (escape stops)

    def compose(self) -> ComposeResult:
        with Horizontal(id="search-row"):
            yield said_field(PLACEHOLDER, id="search-input")
            yield Choice(["all books"], "all books", id="search-book", type_into="#search-input")
        yield Static("", id="search-status")
        yield OptionList(id="search-results")
        with Vertical(id="welcome"):
            yield FormLabel(WELCOME, id="welcome-text")
            yield said_field(
                N_("path to a rulebook file") if touch_mode() else IMPORT_PATH, id="import-path"
            )

    def action_results(self) -> None:
        results = self.query_one("#search-results", OptionList)
        if results.option_count:
            results.focus()
            if results.highlighted is None:
                results.highlighted = 0

    @property
    def books(self) -> Books:
        return self.services.books

    def set_books(self, ids: list[str]) -> None:
        """Offer a filter for each imported book."""
        choice = self.query_one("#search-book", Choice)
        choice.options = ["all books", *ids]
        if choice.value not in choice.options:
            choice.value = "all books"
        choice.refresh()

    @property
    def book_filter(self) -> str | None:
        value = self.query_one("#search-book", Choice).value
        return None if value == "all books" else value

    @on(Choice.Changed, "#search-book")
    def _book_changed(self, event: Choice.Changed) -> None:
        event.stop()
        query = self.query_one("#search-input", Input).value
        if query.strip():
            self.run_search(query)

    def show_welcome(self, show: bool) -> None:
        self.query_one("#welcome").display = show
        self.query_one("#search-results").display = not show

    def set_status(self, text: str | Text) -> None:
        """A status line; a `str` is shown as it is (it may hold a path or a title)."""
        self.query_one("#search-status", Static).update(
            plain(text) if isinstance(text, str) else text
        )

    @on(Input.Changed, "#search-input")
    def _typed(self, event: Input.Changed) -> None:
        event.stop()
        if self._timer is not None:
            self._timer.stop()
        self._timer = self.set_timer(DEBOUNCE_S, lambda: self.run_search(event.value))

    def run_search(self, query: str) -> None:
        books = self.books
        if not books.ready:
            return
        self._asked = query
        self._asks += 1
        if not query.strip():
            self._show(query, [], None)
            return
        self.set_status(Text(_("searching…"), style="dim"))
        self._search_worker(self._asks, query, self.book_filter)

    def search_typed(self, again: bool) -> None:
        """Ask what is in the box once the books are listed: a question typed while they
        loaded. One already asked (typed in the moment between the books opening and their
        list shown) is not asked twice, which would drop its answer and pay again, unless
        `again` (an import added a book)."""
        query = self.query_one("#search-input", Input).value
        if query and (again or query != self._asked):
            self.run_search(query)

    @work(thread=True, exclusive=True, group="search")
    def _search_worker(self, ask: int, query: str, book: str | None) -> None:
        books = self.books
        error = None
        worker = get_current_worker()

        def building(done: int, total: int) -> None:  # a big book's first question
            if worker.is_cancelled:  # escape, or a newer question: the pieces are kept
                raise vector_pieces.Cancelled
            deliver(self, self._building, ask, done, total)

        try:
            with vector_pieces.listening(building):
                hits = books.search(query, book=book)
            self._titles = see_also_titles(books, hits)
        except vector_pieces.Cancelled:
            deliver(self, self._stopped, ask)
            return
        except Exception as exc:  # noqa: BLE001 - a bad query must never crash the app
            hits, error = [], str(exc)
        deliver(self, self._answered, ask, query, hits, error)

    def _building(self, ask: int, done: int, total: int) -> None:
        """How far the meaning vectors of a big book are, where the answer will appear."""
        self._build_under_way = done < total
        if ask == self._asks:
            self.set_status(
                Text(
                    hint(
                        _(
                            "Preparing this book for questions (once): {done} of {total} "
                            "passages · escape stops; the next question goes on from here"
                        ),
                        _("Preparing this book for questions (once): {done} of {total} passages"),
                    ).format(done=f"{done:,}", total=f"{total:,}"),
                    style="yellow",
                )
            )

    def _stopped(self, ask: int) -> None:
        self._build_under_way = False
        if ask == self._asks:
            self.set_status(
                Text(
                    _("Stopped. The next question goes on from where this one stopped."),
                    style="yellow",
                )
            )

    def action_stop_building(self) -> None:
        """Escape while a big book is being prepared: stop (what is done is kept)."""
        if not self._build_under_way:
            raise SkipAction
        self._build_under_way = False
        self.workers.cancel_group(self, "search")

    def _answered(self, ask: int, query: str, hits: list[Hit], error: str | None) -> None:
        """A worker's answer; a thread cannot be stopped, so the answer of a search that a
        newer one replaced (the same words in another book, say) may still arrive: drop it."""
        if ask == self._asks:
            self._show(query, hits, error)

    def _show(self, query: str, hits: list[Hit], error: str | None) -> None:
        if query != self.query_one("#search-input", Input).value:
            return  # a newer query is on its way
        self._hits = hits
        self._shown = query
        results = self.query_one("#search-results", OptionList)
        results.clear_options()
        number = self.books.rule_number(query)
        if error:
            self.set_status(Text(f"⚠ {error}", style="red"))
        elif not self.books.infos and self.books.problems:
            self.set_status(Text(f"⚠ {self.books.problems[0]}", style="red"))
        elif not self.books.infos:
            self.set_status(
                Text(
                    hint(
                        _("No rulebook imported yet: see below, or press ctrl+o."),
                        _("No rulebook imported yet: see below."),
                    ),
                    style="yellow",
                )
            )
        elif not query.strip():
            self.set_status("")
        elif number:
            self.set_status(
                Text(
                    hint(
                        _("enter: open rule {number} · ↓ results"),
                        _("rule {number}: a tap on it below opens it"),
                    ).format(number=number),
                    style="dim",
                )
            )
        else:
            keys = ngettext(
                "{count} result · ↓ to choose, enter opens",
                "{count} results · ↓ to choose, enter opens",
                len(hits),
            )
            taps = ngettext(
                "{count} result · a tap opens", "{count} results · a tap opens", len(hits)
            )
            status = hint(keys, taps).format(count=len(hits))
            self.set_status(Text(status, style="dim"))
        for n, hit in enumerate(hits):
            results.add_option(Option(hit_prompt(hit, self._titles), id=f"hit-{n}"))
        if hits:
            results.highlighted = 0
        if self._open_when_shown == query:
            self._open_when_shown = None
            if hits:
                self._open_hit(hits[0])

    @on(Input.Submitted, "#search-input")
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        query = event.value.strip()
        if not query:
            return
        number = self.books.rule_number(query)
        if number:
            self.post_message(OpenRule(number))
            return
        if self._hits and self._shown == event.value:
            results = self.query_one("#search-results", OptionList)
            index = results.highlighted or 0
            self._open_hit(self._hits[index])
            return
        # typed faster than the results came: open the best one as soon as it arrives
        self._open_when_shown = event.value
        if self._timer is not None:
            self._timer.stop()
        if self._asked != event.value:
            self.run_search(event.value)

    @on(OptionList.OptionSelected, "#search-results")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._hits):
            self._open_hit(self._hits[event.option_index])

    def _open_hit(self, hit: Hit) -> None:
        self.post_message(OpenRule(hit.section, hit.book, hit.anchor))

    @on(Input.Submitted, "#import-path")
    def _import(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.post_message(self.ImportRequested(event.value.strip()))


def see_also_titles(books: Books, hits: list[Hit]) -> dict[str, str]:
    """Titles of the top result's see-also rules (read in the search worker)."""
    titles: dict[str, str] = {}
    if hits:
        for number in hits[0].see_also:
            try:
                titles[number] = str(books.rule(number, book=hits[0].book).title)
            except Exception:  # noqa: BLE001 - a missing title only shortens the line
                continue
    return titles


def hit_prompt(hit: Hit, titles: dict[str, str] | None = None) -> Text:
    """Number, title and book; then the snippet with its matches highlighted.

    The top result (it has a `passage`) shows the sentences that answer instead of the
    snippet, and a "see also" line of related rules.
    """
    head = Text()
    head.append(f"{hit.section}", style="bold cyan")
    head.append(f"  {hit.title}", style="bold")
    anchor = hit.anchor
    if anchor:
        head.append(f" › {anchor}", style="bold")
    head.append(f"   {hit.book} · {round(float(hit.score))}", style="dim")

    passage = hit.passage
    if passage:
        text, spans = passage, list(hit.passage_highlights)
    else:
        text, spans = hit.snippet, list(hit.highlights)
    plain, bold, spans = plain_with_spans(text.replace("\n", " "), spans)
    body = Text(plain)
    for start, end in bold:  # the rulebook's own emphasis, without its ** marks
        body.stylize("bold", start, end)
    for start, end in spans:
        if 0 <= start < end <= len(body):
            body.stylize("bold reverse", start, end)
    head.append("\n")
    head.append_text(body)
    see_also = hit.see_also
    if passage and see_also:
        names = join_list(f"{n} {(titles or {}).get(n, '')}".rstrip() for n in see_also)
        head.append("\n")
        head.append(_("see also: {rules}").format(rules=names), style="italic dim")
    head.append("\n")
    return head
