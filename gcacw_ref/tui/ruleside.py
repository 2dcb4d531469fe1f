"""The rule beside the answer: the calculators' side pane (terminals of 140 columns or more).

It shows the rule a breakdown line cites, scrolled to the named part of the rule the line
is about (`7.4#砲兵修正`, not the top of 7.4), and the best hit of a search typed in its
own box, so the search and the calculators are seen together.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.markup import escape
from textual.widgets import Input, Static

from gcacw_ref.i18n import _, catalog
from gcacw_ref.text.glossary import load_glossary
from gcacw_ref.text.marks import strip_bold
from gcacw_ref.tui.books import Books
from gcacw_ref.tui.messages import OpenRule
from gcacw_ref.tui.threads import deliver
from gcacw_ref.tui.widgets import Field

if TYPE_CHECKING:
    from gcacw_ref.rules.explain import Step
    from gcacw_ref.text.models import RuleView

WIDE = 140
"""From this many columns on, the calculators screen shows the rule beside the answer."""


@lru_cache(maxsize=1)
def _glossary_names() -> list[tuple[str, tuple[str, ...]]]:
    """Every English name of a glossary term (longest first) with the term's section ids."""
    names: list[tuple[str, tuple[str, ...]]] = []
    for term in load_glossary().terms:
        # single-word variants are too loose ("column" of "column attack")
        for name in (term.en, *(v for v in term.variants if " " in v)):
            if name.isascii():
                names.append((name.lower(), tuple(term.rules)))
    names.sort(key=lambda item: -len(item[0]))
    return names


def step_part(step: Step, anchors: list[str]) -> str | None:
    """The named part (`7.4#砲兵修正`) of rule `step.rule` a breakdown line is about, if any.

    `anchors` are the ids of that rule's named parts. The line's Japanese wording naming
    a part decides first; else the glossary: the longest English term in the line whose
    sections include one of these parts. None: the line is about the rule as a whole.
    """
    if not anchors:
        return None
    titles = {a: a.split("#", 1)[1] for a in anchors}
    japanese = catalog("ja").gettext(step.label)
    for anchor, title in sorted(titles.items(), key=lambda item: -len(item[1])):
        if len(title) >= 2 and title in japanese:
            return anchor
    label = step.label.lower()
    for name, sections in _glossary_names():
        if re.search(rf"(?<![a-z]){re.escape(name)}(?![a-z])", label):
            for section in sections:
                if section in anchors:
                    return section
    return None


def part_ids(view: RuleView) -> list[str]:
    """The ids of a rule's named parts (`7.4#砲兵修正`, ...)."""
    return [c for c in view.children if c.startswith(f"{view.section}#")]


class RuleSide(Vertical):
    """A search box over the rule text of the focused breakdown line (or of the search hit)."""

    def __init__(self, books: Books, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.books = books
        self.shown: str | None = None  # the section on show

    def compose(self) -> ComposeResult:
        close = escape(_("✕ close"))  # touch, narrow: the side is a panel over the calculator
        yield Static(
            Content.from_markup(f"[@click=app.close_side][b]{close}[/b][/]"), id="side-close"
        )
        yield Field(placeholder=_("search the rules here"), id="side-search", compact=True)
        yield Static("", id="side-title", classes="side-title")
        yield VerticalScroll(id="side-body")

    def on_mount(self) -> None:
        self.query_one("#side-title", Static).update(
            Text(_("The rule a breakdown line cites appears here."), style="dim italic")
        )

    # -- what to show -------------------------------------------------------------------

    def show_step(self, step: Step) -> None:
        """Show the rule the line cites, at the part it is about."""
        books = self.books
        if not books.ready or not books.infos:
            self._note(_("Import a rulebook to read rule {rule} here.").format(rule=step.rule))
            return
        try:
            view = books.rule(step.rule, books.default_book())
        except Exception:  # noqa: BLE001 - a rule this book does not have
            self._note(_("Rule {rule} is not in this rulebook.").format(rule=step.rule))
            return
        self.show_rule(view, step_part(step, part_ids(view)))

    def show_rule(self, view: RuleView, part: str | None = None) -> None:
        """Rule `view` whole, scrolled so that its named part `part` is at the top."""
        key = f"{view.book}:{view.section}:{part}"
        if key == self.shown:
            return
        self.shown = key
        head = Text(f"{view.section} {view.title}", style="bold")
        if part:
            head.append(f"  → {part.split('#', 1)[1]}", style="bold cyan")
        self.query_one("#side-title", Static).update(head)
        body = self.query_one("#side-body", VerticalScroll)
        body.remove_children()
        target_title = part.split("#", 1)[1] if part else None
        widgets: list[Static] = []
        target: Static | None = None
        for paragraph in view.text.split("\n\n"):
            plain, spans = strip_bold(paragraph)
            text = Text(plain)
            for start, end in spans:
                text.stylize("bold", start, end)
            is_target = target is None and target_title is not None
            is_target = is_target and plain.strip() == target_title
            if is_target:
                text.stylize("bold reverse")
            widget = Static(text, classes="side-para")
            if is_target:
                target = widget
            widgets.append(widget)
        mounted = body.mount_all(widgets)
        if target is None:
            body.scroll_home(animate=False)
            return
        found = target

        async def scroll_when_laid_out() -> None:
            # the part's place is known only once its paragraphs are mounted and laid out
            await mounted
            self.call_after_refresh(lambda: body.scroll_to_widget(found, animate=False, top=True))

        self.call_later(scroll_when_laid_out)

    def _note(self, message: str) -> None:
        self.shown = None
        self.query_one("#side-title", Static).update(Text(message, style="dim italic"))
        self.query_one("#side-body", VerticalScroll).remove_children()

    # -- searching ----------------------------------------------------------------------

    @on(Input.Changed, "#side-search")
    def _search_changed(self, event: Input.Changed) -> None:
        event.stop()
        if event.value.strip():
            self._search(event.value.strip())

    @on(Input.Submitted, "#side-search")
    def _search_submitted(self, event: Input.Submitted) -> None:
        """Enter in the box opens the hit on show in the rule browser."""
        event.stop()
        if self.shown:
            book, section, _part = self.shown.split(":", 2)
            self.post_message(OpenRule(section, book))

    @work(thread=True, exclusive=True, group="side-search")
    def _search(self, query: str) -> None:
        books = self.books
        if not books.ready or not books.infos:
            deliver(self, self._note, _("Import a rulebook to search it."))
            return
        try:
            hits = books.search(query, limit=1)
            if not hits:
                deliver(self, self._note, _("Nothing found."))
                return
            hit = hits[0]
            number = hit.section
            view = books.rule(number, hit.book)
        except Exception as exc:  # noqa: BLE001 - the message is for the player
            deliver(self, self._note, str(exc))
            return
        part = hit.ref if hit.ref and "#" in hit.ref else None
        deliver(self, self.show_rule, view, part)
