"""What the game screen's parts (`play`, `extras`, `focus`, `choices`) use of the pane
that holds them.

`GamePane` builds each part with a reference to itself typed as `GameHost`: the parts
read and set the pane's state and ask it to redraw, and know nothing else of it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Self, TypeVar

from textual.timer import Timer
from textual.widget import Widget

if TYPE_CHECKING:
    from textual.app import App
    from textual.message import Message

    from gcacw_ref.game.play.api import Action, Refusal
    from gcacw_ref.tui.game.dialogs import GameOptions
    from gcacw_ref.tui.game.history import History
    from gcacw_ref.tui.services import Services

W = TypeVar("W", bound=Widget)


class GameHost(Protocol):
    """The game pane as its parts see it."""

    services: Services
    options: GameOptions
    history: History | None
    busy: bool  # a bot is thinking
    table_dice: bool  # dice are typed at the table
    dice_wait: bool  # a dice dialog waits for the player's dice
    autoplay: Timer | None
    speed: int  # index into `view.SPEEDS`
    paused: bool  # the player stopped the bot's own play (space) until their next decision
    message: str  # the status line's note
    overlay: str  # "", "zoc-union", "zoc-confederate", "command", "reach"
    overlay_hex: str
    overlay_unit: str  # the unit a reach overlay is about
    show_legend: bool
    why_rule: str  # the rule of the last "why not" shown (`R` opens it)
    why_refusal: Refusal | None  # its first reason (`R` opens the rule at its part)
    pointed: list[str]  # the hexes of the highlighted choice
    _choices: list[Action]  # the person's choices on show

    @property
    def app(self) -> App[object]: ...

    def query_one(self, selector: str, expect_type: type[W]) -> W: ...

    def post_message(self, message: Message) -> bool: ...

    def set_class(self, add: bool, *class_names: str, update: bool = True) -> Self: ...

    def report(self, text: str, error: bool = False) -> None: ...

    def refresh_view(self) -> None: ...

    def show_status(self) -> None: ...

    def show_info(self) -> None: ...

    def extend_log(self) -> None: ...

    def set_history(self, history: History) -> None: ...

    def start_game(self, options: GameOptions) -> None: ...

    def decide(self, action: Action, by: str = "human") -> None:
        """Play `action` at the end of the history (asking for table dice first)."""
        ...

    def start_autoplay(self) -> None: ...

    def stop_autoplay(self) -> None: ...

    def think(self, generation: int) -> None:
        """Let the bot to move choose, in a worker (its answer comes back to `play`)."""
        ...

    def open_in_worker(self, path: str) -> None:
        """Read and replay the save at `path` in a worker."""
        ...

    def focus_choices(self) -> None: ...

    def overlay_after_decision(self) -> None: ...
