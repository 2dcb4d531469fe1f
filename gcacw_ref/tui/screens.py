"""Modal screens: help (every key), bookmarks, importing a rulebook by path, a yes/no
question."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, OptionList, Static
from textual.widgets.option_list import Option

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.tui.bookmarks import Bookmarks
from gcacw_ref.tui.keys import KEYS
from gcacw_ref.tui.touchkit import CLOSE, OK, DialogButton, hint, touch_mode, unkeyed
from gcacw_ref.tui.widgets import Field

REMOVE = N_("remove the lit bookmark")


def keys_table() -> Table:
    table = Table(box=None, show_header=True, header_style="bold", expand=True)
    table.add_column(_("Where"), style="dim", no_wrap=True)
    table.add_column(_("Keys"), style="bold cyan", no_wrap=True)
    table.add_column(_("What it does"))
    for where, keys, what in KEYS:
        table.add_row(_(where), _(keys), _(what))
    return table


class HelpScreen(ModalScreen[None]):
    """Every key the app answers to."""

    AUTO_FOCUS = "VerticalScroll"

    BINDINGS = [Binding("escape,f1,question_mark,q", "app.pop_screen", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box", classes="dialog"):
            title = hint(_("Keys  (escape closes)"), _("Keys (for a keyboard)"))
            yield Static(Text(title, style="bold"), classes="dialog-title")
            if touch_mode():
                yield DialogButton(_(CLOSE))
            with VerticalScroll():
                yield Static(keys_table())


class BookmarksScreen(ModalScreen[tuple[str, str] | None]):
    """The saved bookmarks: enter opens, delete removes."""

    AUTO_FOCUS = "#bookmark-list"

    BINDINGS = [
        Binding("escape", "dismiss_none", "Close"),
        Binding("delete,d", "remove", "Remove"),
    ]

    def __init__(self, bookmarks: Bookmarks) -> None:
        super().__init__()
        self.bookmarks = bookmarks

    def compose(self) -> ComposeResult:
        with Vertical(id="bookmarks-box", classes="dialog"):
            title = hint(
                _("Bookmarks  (enter opens · d removes · escape closes)"),
                _("Bookmarks  (a tap opens)"),
            )
            yield Static(Text(title, style="bold"), classes="dialog-title")
            if touch_mode():
                with Horizontal(classes="dialog-buttons"):
                    yield DialogButton(_(REMOVE), ok=True)
                    yield DialogButton(_(CLOSE))
            yield OptionList(id="bookmark-list")

    def on_mount(self) -> None:
        self._fill()

    def _fill(self) -> None:
        listing = self.query_one("#bookmark-list", OptionList)
        listing.clear_options()
        for n, b in enumerate(self.bookmarks.items):
            line = Text()
            line.append(f"{b.section} ", style="bold cyan")
            line.append(b.title)
            line.append(f"  [{b.book}]", style="dim")
            listing.add_option(Option(line, id=f"bm-{n}"))
        if not self.bookmarks.items:
            listing.add_option(
                Option(
                    hint(
                        _("No bookmarks yet: press m on an open rule."),
                        _("No bookmarks yet: tap mark on an open rule."),
                    ),
                    id="none",
                    disabled=True,
                )
            )
        else:
            listing.highlighted = 0
        listing.focus()

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    def action_ok(self) -> None:
        self.action_remove()

    def action_remove(self) -> None:
        listing = self.query_one("#bookmark-list", OptionList)
        index = listing.highlighted
        if index is not None and index < len(self.bookmarks.items):
            b = self.bookmarks.items[index]
            try:
                self.bookmarks.toggle(b.book, b.section, b.title)
            except (OSError, InputError) as exc:
                self.app.notify(
                    _("Could not save bookmarks: {reason}").format(reason=exc), severity="error"
                )
            self._fill()

    @on(OptionList.OptionSelected, "#bookmark-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        index = event.option_index
        if index < len(self.bookmarks.items):
            b = self.bookmarks.items[index]
            self.dismiss((b.book, b.section))


class ImportScreen(ModalScreen[str | None]):
    """Ask for the path of a rulebook file."""

    AUTO_FOCUS = "#import-dialog-path"

    BINDINGS = [Binding("escape", "dismiss_none", "Close")]

    def compose(self) -> ComposeResult:
        with Vertical(id="import-box", classes="dialog"):
            yield Static(Text(_("Import a rulebook"), style="bold"), classes="dialog-title")
            yield Static(
                hint(
                    _(
                        "Type the path of a rulebook text file you own and press enter "
                        "(escape cancels). A book already imported under the same id is "
                        "replaced only once you confirm."
                    ),
                    _(
                        "Type the path of a rulebook text file you own. A book already "
                        "imported under the same id is replaced only once you confirm."
                    ),
                )
            )
            yield Field(placeholder="/path/to/rules.txt", id="import-dialog-path")
            yield Static("", id="import-dialog-status")
            if touch_mode():
                with Horizontal(classes="dialog-buttons"):
                    yield DialogButton(_(OK), ok=True)
                    yield DialogButton(_(CLOSE))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    def action_ok(self) -> None:
        self._use(self.query_one("#import-dialog-path", Input).value)

    @on(Input.Submitted, "#import-dialog-path")
    def _submitted(self, event: Input.Submitted) -> None:
        self._use(event.value)

    def _use(self, value: str) -> None:
        path = value.strip()
        if not path:
            self.query_one("#import-dialog-status", Static).update(
                Text(_("Type a path first."), style="red")
            )
            return
        self.dismiss(path)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (y or enter: yes; n or escape: no). The text is shown as it is,
    never read as markup (it may hold a path)."""

    AUTO_FOCUS = "#confirm-no"
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, title: str, question: str) -> None:
        super().__init__()
        self.title_text = title
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box", classes="dialog"):
            yield Static(Text(self.title_text, style="bold"), classes="dialog-title")
            yield Static(Text(self.question))
            with Horizontal(id="confirm-buttons"):
                yield Button(unkeyed(_("Replace (y)")), variant="warning", id="confirm-yes")
                yield Button(unkeyed(_("Keep (n)")), id="confirm-no")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    @on(Button.Pressed, "#confirm-yes")
    def _yes(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(True)

    @on(Button.Pressed, "#confirm-no")
    def _no(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(False)
