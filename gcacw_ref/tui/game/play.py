"""The game pane's time travel (step, jump, autoplay) and play (a bot's choice, a
person's decisions and their undo, table dice): `GamePlay`, a part of `GamePane` (see
`host`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from gcacw_ref.errors import InputError
from gcacw_ref.game.play.api import Action, ChanceRequest
from gcacw_ref.i18n import _
from gcacw_ref.tui.game.detail import roll_title, roll_words
from gcacw_ref.tui.game.dialogs import DiceDialog
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.host import GameHost
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.game.rolls import attack_breakdown, roll_context
from gcacw_ref.tui.game.view import SPEEDS
from gcacw_ref.tui.touchkit import hint

T = TypeVar("T")
BOT_SPEED = 4
"""The pace (an index into `SPEEDS`: 0.1 s an event) a bot plays its part at against a
person, unless the player chose a faster one (+ and - change it while it plays)."""


def against_bot(h: History) -> bool:
    """A person plays one side and a bot the other: the bot plays on by itself."""
    players = set(h.players.values())
    return "human" in players and len(players) > 1


def engine_trouble(exc: Exception) -> str:
    """One line for an unexpected engine failure (a bug), instead of a traceback."""
    return _("the engine failed: {error}").format(error=f"{type(exc).__name__}: {exc}")


class GamePlay:
    """Time travel and play for the game pane `host`."""

    def __init__(self, host: GameHost) -> None:
        self.host = host

    # -- time travel -------------------------------------------------------------------

    def go(self, index: int) -> None:
        """Put the cursor on stop `index` (saying why when it cannot move there)."""
        host, h = self.host, self.host.history
        if h is None:
            return
        before = h.cursor
        h.go(index)
        host.message = ""
        if h.cursor == before and index != before:
            host.message = self._why_still(index > before)
        elif h.cursor == before and index == before:
            host.message = self._why_still(None)
        host.refresh_view()

    def _why_still(self, forward: bool | None) -> str:
        """Why a step or jump left the cursor where it was (for the status line)."""
        h = self.host.history
        if h is None:
            return ""
        if forward is None:
            forward = h.at_end
        if not forward:
            return _("already at the set-up: nothing earlier")
        if h.last.over:
            return _("already at the last event: the game is over")
        if self.host.busy:
            return _("already at the latest event: the bot is thinking")
        if h.human_to_move():  # → would not play on: the person decides first
            return hint(
                _("already at the latest event: your decision is open (enter chooses)"),
                _("already at the latest event: your decision is open (tap a choice)"),
            )
        return hint(
            _("already at the latest event: → lets the game go on"),
            _("already at the latest event: ▶ lets the game go on"),
        )

    def step(self, delta: int, by_action: bool) -> None:
        """One event (or one action) forward or back; forward at the end plays on."""
        h = self.host.history
        if h is None:
            return
        if delta > 0 and h.at_end:
            self.advance()
        elif by_action:
            self.go(h.next_action() if delta > 0 else h.previous_action())
        else:
            self.go(h.cursor + delta)

    def turn_step(self, delta: int) -> None:
        h = self.host.history
        if h is not None:
            self.go(h.next_turn() if delta > 0 else h.previous_turn())

    def jump_end(self) -> None:
        if self.host.history is not None:
            self.go(len(self.host.history.stops) - 1)

    def jump_log(self) -> None:
        """To the event the log's cursor is on."""
        h = self.host.history
        browse = self.host.query_one("#game-log", LogView).browse
        if h is not None and browse == h.cursor:
            self.host.report(
                hint(
                    _("the log's cursor is on the current event: move it with ↑ ↓ first"),
                    _("the log's cursor is on the current event: tap another event first"),
                )
            )
            return
        self.go(browse)

    def toggle_autoplay(self) -> None:
        if self.host.autoplay is not None:
            self.host.stop_autoplay()
            self.host.paused = True  # the bot waits for → or space until the next decision
        else:
            self.host.paused = False
            self.host.start_autoplay()
        self.host.show_status()

    def follow_bot(self, opening: bool = False) -> None:
        """Against a bot, when the bot is to move: let it play on by itself, one event a
        beat, until the person's next decision (not when the player paused it). A game
        just opened also steps through its start to the person's first decision."""
        host, h = self.host, self.host.history
        if h is None or host.autoplay is not None or host.paused or not against_bot(h):
            return
        if h.last.over or (h.human_to_move() and not (opening and not h.at_end)):
            return
        host.start_autoplay()
        host.show_status()

    def change_speed(self, delta: int) -> None:
        host = self.host
        host.speed = max(0, min(len(SPEEDS) - 1, host.speed + delta))
        if host.autoplay is not None:
            host.stop_autoplay()
            host.start_autoplay()
        host.show_status()

    def tick(self) -> None:
        """One beat of autoplay: the next event, or the next move at the end."""
        host, h = self.host, self.host.history
        if h is None or host.busy:
            return
        if not h.at_end:
            self.go(h.cursor + 1)
        elif h.last.over or h.human_to_move():
            host.stop_autoplay()
            host.refresh_view()
            if h.human_to_move():
                host.focus_choices()
        else:
            self.advance()

    # -- playing -----------------------------------------------------------------------

    def advance(self) -> None:
        """At the end of the history: let the bot to move think, or ask the person."""
        host, h = self.host, self.host.history
        if h is None:
            return
        if host.busy:
            host.report(_("the bot is thinking: wait for its move"))
            return
        if h.last.over:
            host.report(_("The game is over."))
            return
        if h.human_to_move():
            host.message = hint(
                _("your decision: pick a choice and press enter"), _("your decision: tap a choice")
            )
            host.refresh_view()
            host.focus_choices()
            return
        host.busy = True
        host.show_status()
        host.think(h.generation)

    def bot_failed(self, text: str) -> None:
        self.host.busy = False
        self.host.stop_autoplay()
        self.host.report(text, error=True)

    def bot_chose(self, h: History, generation: int, action: Action, by: str) -> None:
        self.host.busy = False
        if h is not self.host.history or h.generation != generation:
            return  # the game changed meanwhile
        h.go(len(h.stops) - 1)
        self.decide(action, by)

    def decide(self, action: Action, by: str = "human") -> None:
        """Play `action` at the end of the history (asking for table dice first)."""
        host, h = self.host, self.host.history
        if h is None:
            return
        h.go(len(h.stops) - 1)
        if host.table_dice:
            needed = self.guarded(lambda: h.dice_needed(action))
            if needed is None:
                return
            count, rules, rolling = needed
            if count:
                self.ask_dice(action, by, count, rules, rolling)
                return
        self.play(action, by, None)

    def ask_dice(
        self,
        action: Action,
        by: str,
        count: int,
        rules: list[str],
        rolling: tuple[ChanceRequest, ...],
    ) -> None:
        """The dice dialog for `action`: what the roll is for and, for an attack, its odds,
        modifiers and chances (`calc combat`'s lines) before any die is typed."""
        host, h = self.host, self.host.history
        if h is None:
            return
        host.stop_autoplay()
        state = h.last
        attacks = self.guarded(lambda: h.attack_inputs(action)) or ()
        attacker = next((str(a.attacker_side) for a in attacks if a.attacker_side), None)
        odds = [attack_breakdown(a) for a in attacks]
        host.dice_wait = True
        host.show_status()

        def typed(dice: list[int] | None) -> None:
            host.dice_wait = False
            if dice:
                self.play(action, by, dice)
            else:
                host.report(_("dice not typed: the decision is still open"))

        rolls = [roll_words(r, attacker) for r in rolling]
        title = roll_title(rolling)
        what = roll_context(action, state, rolling)
        host.app.push_screen(DiceDialog(count, rules, what, rolls, title, odds), typed)

    def guarded(self, call: Callable[[], T]) -> T | None:
        """`call()`, or None after telling the player what went wrong (a bad input, or
        trouble inside the engine) instead of letting it crash the screen."""
        try:
            return call()
        except InputError as exc:
            self.host.report(str(exc), error=True)
        except Exception as exc:  # noqa: BLE001
            self.host.report(engine_trouble(exc), error=True)
        return None

    def play(self, action: Action, by: str, dice: list[int] | None) -> None:
        host, h = self.host, self.host.history
        if h is None:
            return
        before = len(h.stops)
        if self.guarded(lambda: h.play(action, dice, by)) is None:
            return
        host.overlay_after_decision()
        host.extend_log()
        host.message = ""
        if by == "human":
            host.paused = False
        self.go(before)
        if h.human_to_move() and h.at_last_node and host.autoplay is None:
            host.focus_choices()
        self.follow_bot()

    def undo(self) -> None:
        """Take back the last decision (not while the bot thinks)."""
        host, h = self.host, self.host.history
        if h is None:
            return
        if host.busy:
            host.report(_("the bot is thinking: undo after its move"))
            return
        host.stop_autoplay()
        if h.undo():
            host.overlay_after_decision()
            host.extend_log()
            host.report(_("Undone: back to before the last decision."))
            host.refresh_view()
        else:
            host.report(_("Nothing to undo."))

    def toggle_table_dice(self) -> None:
        """Dice typed at the table, or rolled by the engine (the next decision on)."""
        host = self.host
        host.table_dice = not host.table_dice
        host.report(
            _("Dice: typed at the table") if host.table_dice else _("Dice: rolled by the engine")
        )
