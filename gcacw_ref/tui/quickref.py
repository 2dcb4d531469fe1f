"""The quick reference screen (F7): one line per step, each opening the rule it sums up."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gcacw_ref.i18n import _, current_language
from gcacw_ref.reference import load_reference
from gcacw_ref.tui.touchkit import close_button, hint, touch_mode


class QuickRefScreen(ModalScreen[str | None]):
    """Sequence of play, the five actions, combat, retreat and recovery; enter opens a rule.

    `place` is the line to open at (where the player left it); `game` the player's game,
    shown in the title."""

    AUTO_FOCUS = "#quickref-list"
    BINDINGS = [
        Binding("escape,f7,q", "dismiss_none", "Close"),
    ]

    def __init__(self, place: int | None = None, game: str | None = None) -> None:
        super().__init__()
        self.start_place = place
        self.game = game

    @property
    def place(self) -> int | None:
        """The lit line now (kept by the app for the next time)."""
        for box in self.query("#quickref-list"):
            if isinstance(box, OptionList):
                return box.highlighted
        return self.start_place

    def on_mount(self) -> None:
        box = self.query_one("#quickref-list", OptionList)
        if self.start_place is not None and 0 <= self.start_place < box.option_count:
            box.highlighted = self.start_place
            box.scroll_to_highlight(top=False)

    def compose(self) -> ComposeResult:
        with Vertical(id="quickref-box", classes="dialog"):
            title = Text(_("Quick reference"), style="bold")
            if self.game:
                title.append("  " + _("game {game}").format(game=self.game), style="bold cyan")
            keys = _("(enter opens the rule · escape closes)")
            title.append("  " + hint(keys, _("(a tap opens the rule)")), style="dim")
            yield Static(title, classes="dialog-title")
            if touch_mode():
                yield close_button()
            yield OptionList(*self.options(), id="quickref-list")

    @staticmethod
    def options() -> list[Option | None]:
        """Section headings (not selectable) and one option per line, its id the rule."""
        out: list[Option | None] = []
        for n, section in enumerate(load_reference().section):
            head = Text(section.title(), style="bold underline")
            out.append(Option(head, id=f"head-{n}", disabled=True))
            # Japanese wraps anywhere but breaks only at spaces here: without them a line
            # never leaves "1." alone on its first row
            ja = current_language() == "ja"
            for k, line in enumerate(section.line):
                body = line.text().strip()
                row = Text(line.indent() + (body.replace(" ", "") if ja else body))
                row.append(f"  [{line.rule}]", style="cyan")
                out.append(Option(row, id=f"line-{n}-{k}"))
        return out

    def rule_of(self, option_id: str | None) -> str | None:
        """The rule a line's option cites."""
        if not option_id or not option_id.startswith("line-"):
            return None
        _prefix, n, k = option_id.split("-")
        return load_reference().section[int(n)].line[int(k)].rule

    @on(OptionList.OptionSelected, "#quickref-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(self.rule_of(event.option.id))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
