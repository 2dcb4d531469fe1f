"""The game pane's time travel (step, jump, autoplay) and play (bots in a worker, a
person's decisions, table dice), as a mixin of `GamePane` to keep each module short."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from textual import work
from textual.timer import Timer

from gcacw_ref.errors import InputError
from gcacw_ref.game.play.api import Action
from gcacw_ref.i18n import _
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.detail import roll_words
from gcacw_ref.tui.game.dialogs import DiceDialog
from gcacw_ref.tui.game.extras import PaneExtras
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.threads import deliver

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1, 0.05)
T = TypeVar("T")


def engine_trouble(exc: Exception) -> str:
    """One line for an unexpected engine failure (a bug), instead of a traceback."""
    return _("the engine failed: {error}").format(error=f"{type(exc).__name__}: {exc}")


class PanePlay(PaneExtras):
    """Time travel and play for `GamePane` (which defines what is declared here)."""

    if TYPE_CHECKING:
        busy: bool
        dice_wait: bool
        table_dice: bool
        autoplay: Timer | None
        speed: int
        message: str

        def _show_status(self) -> None: ...
        def _extend_log(self) -> None: ...
        def focus_choices(self) -> None: ...

    # -- time travel -------------------------------------------------------------------

    def _go(self, index: int) -> None:
        h = self.history
        if h is None:
            return
        before = h.cursor
        h.go(index)
        self.message = ""
        if h.cursor == before and index != before:
            self.message = self._why_still(index > before)
        elif h.cursor == before and index == before:
            self.message = self._why_still(None)
        self.refresh_view()

    def _why_still(self, forward: bool | None) -> str:
        """Why a step or jump left the cursor where it was (for the status line)."""
        h = self.history
        if h is None:
            return ""
        if forward is None:
            forward = h.at_end
        if not forward:
            return _("already at the set-up: nothing earlier")
        if h.last.over:
            return _("already at the last event: the game is over")
        if self.busy:
            return _("already at the latest event: the bot is thinking")
        return _("already at the latest event: → lets the game go on")

    def action_step(self, delta: int) -> None:
        self._step(delta, by_action=False)

    def action_action_step(self, delta: int) -> None:
        self._step(delta, by_action=True)

    def _step(self, delta: int, by_action: bool) -> None:
        """One event (or one action) forward or back; forward at the end plays on."""
        h = self.history
        if h is None:
            return
        if delta > 0 and h.at_end:
            self._advance_game()
        elif by_action:
            self._go(h.next_action() if delta > 0 else h.previous_action())
        else:
            self._go(h.cursor + delta)

    def action_turn_step(self, delta: int) -> None:
        h = self.history
        if h is not None:
            self._go(h.next_turn() if delta > 0 else h.previous_turn())

    def action_jump_start(self) -> None:
        self._go(0)

    def action_jump_end(self) -> None:
        if self.history is not None:
            self._go(len(self.history.stops) - 1)

    def action_jump_log(self) -> None:
        h = self.history
        browse = self.query_one(LogView).browse
        if h is not None and browse == h.cursor:
            self.report(_("the log's cursor is on the current event: move it with ↑ ↓ first"))
            return
        self._go(browse)

    def action_autoplay(self) -> None:
        if self.autoplay is not None:
            self._stop_autoplay()
        else:
            self.autoplay = self.set_interval(SPEEDS[self.speed], self._tick)
        self._show_status()

    def _stop_autoplay(self) -> None:
        if self.autoplay is not None:
            self.autoplay.stop()
            self.autoplay = None

    def action_speed(self, delta: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + delta))
        if self.autoplay is not None:
            self._stop_autoplay()
            self.autoplay = self.set_interval(SPEEDS[self.speed], self._tick)
        self._show_status()

    def _tick(self) -> None:
        h = self.history
        if h is None or self.busy:
            return
        if not h.at_end:
            self._go(h.cursor + 1)
        elif h.last.over or h.human_to_move():
            self._stop_autoplay()
            self.refresh_view()
            if h.human_to_move():
                self.focus_choices()
        else:
            self._advance_game()

    # -- playing -----------------------------------------------------------------------

    def _advance_game(self) -> None:
        """At the end of the history: let the bot to move think, or ask the person."""
        h = self.history
        if h is None:
            return
        if self.busy:
            self.report(_("the bot is thinking: wait for its move"))
            return
        if h.last.over:
            self.report(_("The game is over."))
            return
        if h.human_to_move():
            self.message = _("your decision: pick a choice and press enter")
            self.refresh_view()
            self.focus_choices()
            return
        self.busy = True
        self._show_status()
        self._bot_worker(h.generation)

    @work(thread=True, exclusive=True, group="game-bot", description="bot")
    def _bot_worker(self, generation: int) -> None:
        # only plain arguments here: the decorator writes them into the worker's name
        h = self.history
        if h is None:
            return
        try:
            action, by = h.bot_choice()
        except Exception as exc:  # noqa: BLE001 - report it, keep the game
            deliver(self, self._bot_failed, str(exc))
            return
        deliver(self, self._bot_chose, h, generation, action, by)

    def _bot_failed(self, text: str) -> None:
        self.busy = False
        self._stop_autoplay()
        self.report(text, error=True)

    def _bot_chose(self, h: History, generation: int, action: Action, by: str) -> None:
        self.busy = False
        if h is not self.history or h.generation != generation:
            return  # the game changed meanwhile
        h.go(len(h.stops) - 1)
        self.decide(action, by)

    def decide(self, action: Action, by: str = "human") -> None:
        """Play `action` at the end of the history (asking for table dice first)."""
        h = self.history
        if h is None:
            return
        h.go(len(h.stops) - 1)
        if self.table_dice:
            needed = self._guarded(lambda: h.dice_needed(action))
            if needed is None:
                return
            count, rules, rolling = needed
            if count:
                self._stop_autoplay()
                what = D.action_words(action, h.last)
                self.dice_wait = True
                self._show_status()

                def typed(dice: list[int] | None) -> None:
                    self.dice_wait = False
                    if dice:
                        self._play(action, by, dice)
                    else:
                        self.report(_("dice not typed: the decision is still open"))

                rolls = [roll_words(e, h.last) for e in rolling]
                self.app.push_screen(DiceDialog(count, rules, what, rolls), typed)
                return
        self._play(action, by, None)

    def _guarded(self, call: Callable[[], T]) -> T | None:
        """`call()`, or None after telling the player what went wrong (a bad input, or
        trouble inside the engine) instead of letting it crash the screen."""
        try:
            return call()
        except InputError as exc:
            self.report(str(exc), error=True)
        except Exception as exc:  # noqa: BLE001
            self.report(engine_trouble(exc), error=True)
        return None

    def _play(self, action: Action, by: str, dice: list[int] | None) -> None:
        h = self.history
        if h is None:
            return
        before = len(h.stops)
        if self._guarded(lambda: h.play(action, dice, by)) is None:
            return
        self._extend_log()
        self.message = ""
        self._go(before)
        if h.human_to_move() and h.at_last_node and self.autoplay is None:
            self.focus_choices()
