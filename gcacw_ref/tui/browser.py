"""The rule browser: contents of every book, the open rule whole, links, history, find."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Span, Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Input, OptionList, Static, Tree
from textual.widgets.option_list import Option
from textual.widgets.tree import TreeNode

from gcacw_ref.errors import InputError, printable
from gcacw_ref.i18n import N_, _, ngettext
from gcacw_ref.layout import count_lines
from gcacw_ref.text.marks import align_tables, strip_bold
from gcacw_ref.tui.lazytext import LazyText
from gcacw_ref.tui.messages import ShowTab
from gcacw_ref.tui.plain import plain
from gcacw_ref.tui.ruletext import body_text, find_in, link_spans, register_notes
from gcacw_ref.tui.services import Services
from gcacw_ref.tui.touchkit import CLOSE, NEXT, hint, tap_words, touch_mode

if TYPE_CHECKING:
    from gcacw_ref.text.models import RuleView
from gcacw_ref.tui.widgets import Field

EMPTY = N_("Open a rule from the search (F2), the contents on the left, or a bookmark (ctrl+b).")
EMPTY_TOUCH = N_("Open a rule from the search, the contents, or a bookmark (≡ menu).")


def toc_number(section: str) -> str:
    """What the contents show before a title: a rule number ("7.4 "), nothing for a part
    without one (the intro, the set-up, a named part "5.1#延長行軍") whose id is no word
    for a player."""
    return f"{section} " if section[:1].isdigit() and "#" not in section else ""


class RulesPane(Horizontal):
    """Table of contents on the left, the rule on the right."""

    BINDINGS = [
        Binding("alt+left,comma", "back", "Back"),
        Binding("alt+right,full_stop", "forward", "Forward"),
        Binding("p", "previous", "Prev"),
        Binding("n", "next", "Next"),
        Binding("u", "parent", "Parent"),
        Binding("m", "bookmark", "Mark"),
        Binding("ctrl+f", "find", "Find"),
        Binding("t", "toc", "Contents", show=False),
        Binding("l", "links", "Links", show=False),
        Binding("r", "register", "Register notes", show=False),
        Binding("escape", "close_find", show=False),
    ]

    def __init__(self, services: Services, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.services = services
        self.view: RuleView | None = None
        self.history: list[tuple[str, str]] = []
        self.position = -1
        self.return_at: int | None = None  # history position opened from a calculator
        self._toc_nodes: dict[tuple[str, str], TreeNode[tuple[str, str]]] = {}
        self._paragraphs: list[str] = []
        self._bold: list[list[tuple[int, int]]] = []
        self._link_targets: list[str] = []
        self._matches: list[tuple[int, int, int]] = []  # (paragraph, start, end)
        self._current = 0

    def compose(self) -> ComposeResult:
        tree: Tree[tuple[str, str]] = Tree(_("Books"), id="toc")
        tree.show_root = False
        yield tree
        with Vertical(id="reader"):
            yield Static(hint(_(EMPTY), _(EMPTY_TOUCH)), id="rule-head")
            yield Static("", id="rule-nav")
            with Horizontal(id="find-bar"):
                yield Field(placeholder=_("find in this rule"), id="find-input", compact=True)
                yield Static("", id="find-status")
            with VerticalScroll(id="rule-body"):
                yield Static("", id="rule-banner")
                yield LazyText("", id="rule-text")  # only the lines on screen are drawn
                yield Static("", id="rule-register", classes="register-note")
            yield OptionList(id="rule-links")

    def on_mount(self) -> None:
        self.query_one("#find-bar").display = False
        self.query_one("#rule-links").display = False
        self.query_one("#rule-register").display = False
        self.query_one("#rule-banner").display = False

    # -- contents ---------------------------------------------------------------------

    def load_toc(self) -> None:
        books = self.services.books
        tree = self.query_one("#toc", Tree)
        tree.clear()
        self._toc_nodes = {}
        default = books.default_book()
        for info in books.infos:
            top = tree.root.add(
                plain(f"{info.title} [{info.id}]"), data=(info.id, ""), expand=info.id == default
            )
            stack: list[tuple[int, TreeNode[tuple[str, str]]]] = [(-1, top)]
            try:
                refs = books.toc(info.id)
            except Exception:  # noqa: BLE001
                refs = []
            for ref in refs:
                while stack and stack[-1][0] >= ref.depth:
                    stack.pop()
                parent = stack[-1][1] if stack else top
                label = Text(toc_number(ref.section), style="bold")
                label.append(printable(ref.title))
                node = parent.add(label, data=(ref.book, ref.section))
                self._toc_nodes[(ref.book, ref.section)] = node
                stack.append((ref.depth, node))
            for node in list(self._toc_nodes.values()):
                if not node.children:
                    node.allow_expand = False

    @on(Tree.NodeSelected, "#toc")
    def _toc_chosen(self, event: Tree.NodeSelected[tuple[str, str]]) -> None:
        event.stop()
        self.app.remove_class("show-toc")  # touch, phone: the contents give way to the rule
        data = event.node.data
        if data and data[1]:
            self.open(data[0], data[1])

    def relabel(self) -> None:
        """Redraw the pane's own words in the current language (the rule text is the book's)."""
        self.query_one("#find-input", Input).placeholder = _("find in this rule")
        if self.view is None:
            self.query_one("#rule-head", Static).update(hint(_(EMPTY), _(EMPTY_TOUCH)))
        else:
            self._render_view()

    # -- opening ----------------------------------------------------------------------

    def open(
        self, book: str | None, section: str, push: bool = True, anchor: str | None = None
    ) -> bool:
        """Show rule `section` of `book` (any book when None); False with a message if unknown."""
        books = self.services.books
        if not books.ready:
            self.app.notify(
                hint(
                    _("No rulebook is available yet (import one: ctrl+o)."),
                    _("No rulebook is available yet (import one: ≡ menu)."),
                ),
                severity="warning",
            )
            return False
        try:
            view = books.rule(section, book=book)
        except Exception as exc:  # noqa: BLE001 - unknown rule etc.
            self.app.notify(str(exc), title=_("Rule"), severity="warning")
            return False
        self.view = view
        if push:
            del self.history[self.position + 1 :]
            self.history.append((view.book, view.section))
            self.position = len(self.history) - 1
        self._render_view()
        node = self._toc_nodes.get((view.book, view.section))
        if node is not None:
            parent = node.parent
            while parent is not None:
                parent.expand()
                parent = parent.parent
            tree = self.query_one("#toc", Tree)
            tree.move_cursor(node)
        if anchor:
            # twice: the text is laid out on the first refresh, measured after it
            self.call_after_refresh(self.call_after_refresh, self.scroll_to_heading, anchor)
        return True

    def scroll_to_heading(self, heading: str) -> None:
        """Scroll the body so the paragraph that is `heading` (a named sub-heading) is on top."""
        for n, paragraph in enumerate(self._paragraphs):
            if paragraph.strip() == heading.strip():
                self.scroll_to_paragraph(n, top=True)
                return

    def scroll_to_paragraph(self, index: int, top: bool = False) -> None:
        """Scroll so paragraph `index` of the rule text is in view (on top when asked)."""
        body = self.query_one("#rule-body", VerticalScroll)
        text_widget = self.query_one("#rule-text", Static)
        width = max(10, text_widget.content_size.width)
        y = text_widget.virtual_region.y
        for paragraph in self._paragraphs[:index]:
            y += max(1, count_lines(paragraph, width)) if paragraph else 1
        if top or not (body.scroll_y <= y < body.scroll_y + body.size.height - 1):
            body.scroll_to(y=max(0, y - (0 if top else 2)), animate=False)

    def _render_view(self) -> None:
        view = self.view
        if view is None:
            return
        marked = self.services.bookmarks.has(view.book, view.section)
        head = Text()
        head.append(f"{view.section} ", style="bold cyan")
        head.append(view.title, style="bold")
        head.append(f"   [{view.book}]", style="dim")
        if marked:
            head.append("  ★ " + _("bookmarked"), style="yellow")
        self.query_one("#rule-head", Static).update(head)
        nav = Text(style="dim")
        for label, value in (
            (N_("parent"), view.parent),
            (N_("prev"), view.previous),
            (N_("next"), view.next),
        ):
            nav.append(f"{_(label)} ")
            nav.append(value or "—", style="bold")
            nav.append(" · ")
        nav.append(
            _("history {position}/{count}").format(
                position=self.position + 1, count=len(self.history)
            )
        )
        self.query_one("#rule-nav", Static).update(nav)
        stripped = [strip_bold(p) for p in align_tables(str(view.text)).split("\n")]
        self._paragraphs = [plain for plain, _ in stripped]
        self._bold = [spans for _, spans in stripped]
        self._matches, self._current = [], 0
        is_gcacw = self.services.books.kind(view.book) == "gcacw"
        notes = register_notes(view.section) if is_gcacw else ()
        register = self.query_one("#rule-register", Static)
        register.update(Text("\n").join(notes) if notes else "")
        register.display = bool(notes)
        banner = self.query_one("#rule-banner", Static)
        banner.display = bool(notes)
        if notes:
            line = Text(
                "⚠ "
                + ngettext("{count} register note", "{count} register notes", len(notes)).format(
                    count=len(notes)
                ),
                style="bold yellow",
            )
            line.append(
                " "
                + hint(
                    _("(conflicts or gaps touching this rule) below the text · key r"),
                    _("(conflicts or gaps touching this rule) below the text"),
                ),
                style="dim",
            )
            banner.update(line)
        self._show_text()
        self.query_one("#rule-body", VerticalScroll).scroll_home(animate=False)
        links = self.query_one("#rule-links", OptionList)
        links.clear_options()
        self._link_targets = []
        for number in view.cites:
            line = Text("→ ", style="cyan")
            line.append(number, style="bold cyan")
            line.append("  " + _("cited"), style="dim")
            links.add_option(Option(line, id=f"link-{len(self._link_targets)}"))
            self._link_targets.append(number)
        for child in view.children:
            line = Text("↳ ", style="green")
            line.append(child.replace("#", " › "), style="bold green")
            line.append("  " + _("part of this rule"), style="dim")
            links.add_option(Option(line, id=f"link-{len(self._link_targets)}"))
            self._link_targets.append(child)
        links.display = bool(links.option_count)
        if self.query_one("#find-bar").display:
            self._find(self.query_one("#find-input", Input).value)

    @on(OptionList.OptionSelected, "#rule-links")
    def _link_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        index = event.option_index
        if self.view is not None and 0 <= index < len(self._link_targets):
            self.open(self.view.book, self._link_targets[index])

    # -- navigation -------------------------------------------------------------------

    def action_back(self) -> None:
        if self.return_at is not None and self.position == self.return_at:
            self.return_at = None  # opened from a calculator: back goes there
            self.post_message(ShowTab("calc"))
            return
        if self.position > 0:
            self.position -= 1
            self.open(*self.history[self.position], push=False)

    def action_forward(self) -> None:
        if self.position < len(self.history) - 1:
            self.position += 1
            self.open(*self.history[self.position], push=False)

    def _go(self, target: str | None, what: str) -> None:
        if self.view is None:
            return
        if not target:
            self.app.notify(_(what), severity="information")
            return
        self.open(self.view.book, target)

    def action_previous(self) -> None:
        self._go(self.view.previous if self.view else None, N_("This rule has no previous rule."))

    def action_next(self) -> None:
        self._go(self.view.next if self.view else None, N_("This rule has no next rule."))

    def action_parent(self) -> None:
        self._go(self.view.parent if self.view else None, N_("This rule has no parent."))

    def action_bookmark(self) -> None:
        if self.view is None:
            return
        view = self.view
        try:
            added = self.services.bookmarks.toggle(view.book, view.section, view.title)
        except (OSError, InputError) as exc:
            self.app.notify(
                _("Could not save bookmarks: {reason}").format(reason=exc), severity="error"
            )
            return
        done = _("Bookmarked {section}") if added else _("Removed bookmark {section}")
        self.app.notify(done.format(section=view.section))
        self._render_view()

    def action_register(self) -> None:
        register = self.query_one("#rule-register")
        if register.display:
            self.query_one("#rule-body", VerticalScroll).scroll_to_widget(
                register, animate=False, top=True
            )

    def action_toc(self) -> None:
        self.query_one("#toc").focus()

    def action_links(self) -> None:
        links = self.query_one("#rule-links", OptionList)
        if links.option_count:
            links.focus()
            links.highlighted = 0

    # -- find in rule -----------------------------------------------------------------

    def action_find(self) -> None:
        self.query_one("#find-bar").display = True
        self.query_one("#find-input").focus()

    def action_close_find(self) -> None:
        bar = self.query_one("#find-bar")
        if bar.display:
            bar.display = False
            self._find("")
            self.query_one("#rule-body").focus()

    @on(Input.Changed, "#find-input")
    def _find_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._find(event.value)

    @on(Input.Submitted, "#find-input")
    def _find_next(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_find_next()

    def action_find_next(self) -> None:
        if self._matches:
            self._current = (self._current + 1) % len(self._matches)
            self._paint_matches()

    def _find(self, needle: str) -> None:
        self._matches, self._current = find_in(self._paragraphs, needle), 0
        self._paint_matches()

    def _links(self, plain: str, start: int, end: int) -> list[Span]:
        """The cited rule numbers in `plain[start:end]` as links (asked for as they are drawn)."""
        view = self.view
        cites = set(view.cites) if view is not None else set()
        return link_spans(plain, cites, view.book, start, end) if view and cites else []

    def _show_text(self) -> None:
        text = self.query_one("#rule-text", LazyText)
        plain, spans = body_text(self._paragraphs, self._bold, self._matches, self._current)
        text.show(plain, spans, styler=self._links)

    def _paint_matches(self) -> None:
        if self.view is None:
            return
        self._show_text()
        status = self.query_one("#find-status", Static)
        needle = self.query_one("#find-input", Input).value
        said = Text(" " + _("no match"), style="red") if needle else Text("")
        if needle and self._matches:
            count = hint(_("{current}/{count} · enter: next"), "{current}/{count}")
            said = Text(" " + count.format(current=self._current + 1, count=len(self._matches)))
        words = [(_(NEXT), "find_next"), (_(CLOSE), "close_find")] if touch_mode() else []
        status.update(Content.assemble(Content.from_rich_text(said), tap_words("rules", words)))
        if needle and self._matches:
            self.call_after_refresh(self.scroll_to_paragraph, self._matches[self._current][0])
