"""The player's game: a small dialog listing the seven games (first run, palette)."""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.games import GAMES
from gcacw_ref.tui.touchkit import close_button, hint, touch_mode

GAME_NAMES = {
    "SJW": "Stonewall Jackson's Way",
    "HCR": "Here Come the Rebels!",
    "RTG": "Roads to Gettysburg",
    "SIV": "Stonewall in the Valley",
    "SLB": "Stonewall's Last Battle",
    "OTR": "On to Richmond!",
    "GTC": "Grant Takes Command",
}
"""The games' own titles (names, shown as printed on the box, never translated)."""

GAME_QUESTION = N_(
    "Which game are you playing? The calculators, the quick reference and the game notes "
    "use it (change it later from the palette, ctrl+p)."
)
GAME_QUESTION_TOUCH = N_(
    "Which game are you playing? The calculators, the quick reference and the game notes "
    "use it (change it later from the menu, ≡)."
)


class GameScreen(ModalScreen[str | None]):
    """Choose the game; dismissed with its code, or None (escape: keep the current one)."""

    AUTO_FOCUS = "#game-list"
    BINDINGS = [Binding("escape", "dismiss_none", "Close")]

    def __init__(self, current: str | None) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical(id="game-choice-box", classes="dialog"):
            yield Static(Text(_("Your game"), style="bold"), classes="dialog-title")
            yield Static(Text(hint(_(GAME_QUESTION), _(GAME_QUESTION_TOUCH))))
            if touch_mode():
                yield close_button()
            options = []
            for code in GAMES:
                row = Text(code, style="bold")
                row.append("  " + GAME_NAMES[code])
                if code == self.current:
                    row.append("  " + _("(now)"), style="dim")
                options.append(Option(row, id=code))
            yield OptionList(*options, id="game-list")

    def on_mount(self) -> None:
        box = self.query_one(OptionList)
        box.highlighted = GAMES.index(self.current) if self.current in GAMES else 0

    @on(OptionList.OptionSelected, "#game-list")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
