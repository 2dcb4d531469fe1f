"""The game pane: the map, the log, time travel, and a person's decisions.

Every legal choice shown comes from the engine's `legal_actions`; every event from the
engine's `step`. Bots think in a thread worker, so keys keep working meanwhile. The
focus model (which widget takes keys when) is written down in `focus`.

The pane holds the game's state and draws it; its parts (`play`: time travel and
play, `extras`: overlays and files, `focus`: focus, the rule key and the detail panel,
`choices`: the choices box and a choice made) hold a typed reference to it
(`host.GameHost`). Its keys and their actions are its base class, `controls.GameControls`.
"""

from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.scalar import Unit
from textual.events import DescendantFocus
from textual.timer import Timer
from textual.widgets import OptionList, Static

from gcacw_ref.errors import InputError
from gcacw_ref.game.play.api import Action, Refusal, load_scenario
from gcacw_ref.layout_rich import KinsokuText
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game import overlays
from gcacw_ref.tui.game.choices import GameChoices
from gcacw_ref.tui.game.controls import GameControls
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.extras import GameExtras, load_history
from gcacw_ref.tui.game.focus import GameFocus
from gcacw_ref.tui.game.history import SETTLE_EVERY, SIDES, History, settle_memory
from gcacw_ref.tui.game.legend import legend
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.game.mapview import CursorMoved, HexChosen, MapView
from gcacw_ref.tui.game.play import BOT_SPEED, GamePlay, against_bot, engine_trouble
from gcacw_ref.tui.game.summary import fitted_summary
from gcacw_ref.tui.game.view import SPEEDS, log_lines, status_line
from gcacw_ref.tui.messages import GamePlaying, OpenRule
from gcacw_ref.tui.plain import plain
from gcacw_ref.tui.services import Services
from gcacw_ref.tui.threads import deliver


class GamePane(GameControls):
    """Watch the engine play, travel in time, play a side."""

    SCOPED_CSS = False  # `.narrow` is a class of the app
    DEFAULT_CSS = """
    GamePane { height: 1fr; }
    #game-status { height: 2; background: $boost; padding: 0 1;
                   text-wrap: nowrap; text-overflow: ellipsis; }
    #game-main { height: 1fr; }
    #game-map { width: 1fr; height: 1fr; }
    #game-side { width: 44%; max-width: 60; height: 1fr; }
    #game-info { height: 8; padding: 0 1; border-bottom: solid $primary; }
    #game-info.legend { height: auto; max-height: 75%; }
    #game-summary { height: auto; max-height: 6; padding: 0 1; display: none;
                    border-bottom: solid $primary; }
    #game-summary.shown { display: block; }
    .narrow #game-summary { max-height: 4; }
    #game-choices { height: auto; max-height: 50%; border: round $success; display: none; }
    #game-choices.shown { display: block; }
    #game-log { height: 1fr; min-height: 3; }
    #game-detail-box { height: auto; max-height: 45%; border-top: solid $primary;
                       scrollbar-size-vertical: 1; }
    #game-detail { height: auto; padding: 0 1; }
    .narrow #game-info { height: 4; }
    .narrow #game-info.why { height: auto; max-height: 8; }
    GamePane.log-focus #game-choices { max-height: 25%; }
    GamePane.log-focus #game-summary { display: none; }
    .narrow #game-detail-box { max-height: 55%; }
    .narrow #game-side { width: 52%; }
    """

    def __init__(
        self, services: Services, options: GameOptions | None = None, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self.services = services
        self.options = options or GameOptions()
        self.history: History | None = None
        self.busy = False
        self.table_dice = False
        self.autoplay: Timer | None = None
        self.speed = 2
        self.paused = False  # the player stopped the bot's own play (space)
        self.overlay = ""  # "", "zoc-union", "zoc-confederate", "command", "reach"
        self.overlay_hex = ""
        self.overlay_unit = ""  # the unit a reach overlay is about
        self.show_legend = False
        self.message = ""
        self._log_len = 0
        self._summary = ""
        self._unsettled = 0  # stops added since the last `settle_memory`
        self._choices: list[Action] = []
        self.pointed: list[str] = []  # the hexes of the highlighted choice
        self.why_rule = ""  # the rule of the last "why not" shown (`R` opens it)
        self.why_refusal: Refusal | None = None  # its first reason (`R`: the rule's part)
        self.dice_wait = False  # a dice dialog waits for the player's dice
        self.play = GamePlay(self)
        self.extras = GameExtras(self)
        self.focusing = GameFocus(self)
        self.deciding = GameChoices(self, self.focusing)

    def compose(self) -> ComposeResult:
        yield Static("", id="game-status")
        with Horizontal(id="game-main"):
            yield MapView(id="game-map")
            with Vertical(id="game-side"):
                yield Static("", id="game-info")
                yield Static("", id="game-summary")
                yield OptionList(id="game-choices")
                yield LogView(id="game-log")
                box = VerticalScroll(id="game-detail-box")
                box.can_focus = False  # scrolled with [ and ]: Tab keeps map → choices → log
                with box:
                    yield Static("", id="game-detail")

    def on_mount(self) -> None:
        kept = self.extras.kept_game(self.options)  # served: the game left in progress
        if self.options.open_path or kept:
            self.open_game(self.options.open_path or kept or "")
        else:
            self.start_game(self.options)

    # -- games -------------------------------------------------------------------------

    def start_game(self, options: GameOptions) -> None:
        players = {"union": options.union, "confederate": options.confederate}
        try:
            scenario = load_scenario(options.scenario)
            history = History.new(scenario, options.seed, players)
        except InputError as exc:
            self.report(str(exc), error=True)
            return
        except Exception as exc:  # noqa: BLE001 - a bug: say so, keep the game in progress
            self.report(engine_trouble(exc), error=True)
            return
        self.options = options
        self.set_history(history)

    def set_history(self, history: History) -> None:
        self.stop_autoplay()
        self.history = history
        self.busy = False
        state = history.state
        vp = {vh.hex: vh.vp for vh in state.scenario.victory.hexes}
        self.query_one(MapView).set_map(overlays.hexmap_of(state), vp)
        self._choices = []
        self.post_message(
            GamePlaying(state.scenario.scenario.game.value, D.scenario_title(state.scenario))
        )
        self._rebuild_log()
        self.refresh_view()
        self.focusing.focus_default()
        settle_memory()
        self._unsettled = 0
        self.paused = False
        if against_bot(history):
            self.speed = max(self.speed, BOT_SPEED)
            self.play.follow_bot(opening=True)
        self.extras.autosave()

    def open_game(self, path: str) -> None:
        self.extras.open_game(path)

    def open_in_worker(self, path: str) -> None:
        self._open_worker(path)

    @work(thread=True, exclusive=True, group="game-open")
    def _open_worker(self, path: str) -> None:
        loaded = load_history(path)
        if isinstance(loaded, str):
            deliver(self, self.extras.open_failed, loaded, path)
        else:
            deliver(self, self.extras.opened, loaded, path)

    def save_to(self, path: str | None) -> None:
        self.extras.save_to(path)

    def report(self, text: str, error: bool = False) -> None:
        self.message = text
        if error:
            self.app.notify(text, severity="error", timeout=8)
        self.show_status()

    # -- playing -----------------------------------------------------------------------

    def think(self, generation: int) -> None:
        self._bot_worker(generation)

    @work(thread=True, group="game-bot", description="bot")
    def _bot_worker(self, generation: int) -> None:
        # only plain arguments here: the decorator writes them into the worker's name.
        # Not exclusive: the bot playing on by itself starts the next worker as soon as the
        # last one's choice is in, while that worker may still be winding up (cancelling
        # it then lost nothing but failed its waiters); `busy` keeps one thinking at a time
        # and `bot_chose` drops a choice made for an older game (`generation`).
        h = self.history
        if h is None:
            return
        try:
            action, by = h.bot_choice()
        except Exception as exc:  # noqa: BLE001 - report it, keep the game
            deliver(self, self.play.bot_failed, str(exc))
            return
        deliver(self, self.play.bot_chose, h, generation, action, by)

    def decide(self, action: Action, by: str = "human") -> None:
        self.play.decide(action, by)

    def _play(self, action: Action, by: str, dice: list[int] | None) -> None:
        self.play.play(action, by, dice)

    def _go(self, index: int) -> None:
        self.play.go(index)

    def start_autoplay(self) -> None:
        self.autoplay = self.set_interval(SPEEDS[self.speed], self.play.tick)

    def stop_autoplay(self) -> None:
        if self.autoplay is not None:
            self.autoplay.stop()
            self.autoplay = None

    def focus_choices(self) -> None:
        self.focusing.focus_choices()

    def overlay_after_decision(self) -> None:
        self.extras.after_decision()

    # -- the view ----------------------------------------------------------------------

    def _rebuild_log(self) -> None:
        self.query_one(LogView).set_lines([])
        self._log_len = 0
        if self.history is not None:
            self.history.cut_at = None
        self.extend_log()

    def extend_log(self) -> None:
        h = self.history
        if h is None:
            return
        log = self.query_one(LogView)
        if h.cut_at is not None:
            self._log_len = min(self._log_len, h.cut_at)
            log.truncate(self._log_len)
            h.cut_at = None
        new = log_lines(h, self._log_len)
        log.extend(new)
        self._log_len = len(h.stops)
        self._unsettled += len(new)
        if self._unsettled > SETTLE_EVERY:
            settle_memory()
            self._unsettled = 0

    def refresh_view(self) -> None:
        h = self.history
        if h is None:
            return
        state = h.state
        event = h.event
        hexes = D.event_hexes(event, state)
        choices = self.deciding.show()
        self.show_summary(bool(choices))
        chosen_hexes = {a.hex for a in choices if a.hex}
        acting = self.focusing.acting_hexes() if choices else []
        bg, labels = self.extras.layers(state)
        mapview = self.query_one(MapView)
        lit = [*hexes, *acting, *self.pointed]
        mapview.show(state, highlight=lit, choices=chosen_hexes, overlay_bg=bg, labels=labels)
        mapview.follow([*acting, *self.pointed, *chosen_hexes] if choices else hexes)
        self.query_one(LogView).set_current(h.cursor)
        self.focusing.show_current_detail(h.cursor, self.deciding.new)
        self.show_status()
        self.show_info()
        if self.deciding.new:
            self.deciding.new = False
            if acting:  # the hex panel (and "why not?") starts from the acting unit
                mapview.move_cursor(acting[0])
            self.focusing.focus_choices()

    def show_status(self) -> None:
        h = self.history
        status = self.query_one("#game-status", Static)
        if h is None:
            status.update(plain(self.message), layout=False)
            return
        line = status_line(
            h,
            self.message,
            self.autoplay is not None,
            self.speed,
            self.table_dice,
            self.dice_wait,
            self.busy,
        )
        status.update(line, layout=False)

    def show_summary(self, deciding: bool) -> None:
        """While a person decides against a bot: what the bot did since their last
        decision (each of its events is still in the log)."""
        box = self.query_one("#game-summary", Static)
        h = self.history
        words = Text()
        if deciding and h is not None and against_bot(h):
            words = fitted_summary(h, *self._summary_room(box))
        if words.plain != self._summary:
            self._summary = words.plain
            box.update(KinsokuText(words, words=True), layout=True)  # Japanese line rules
            box.set_class(bool(words.plain), "shown")

    @property
    def summary(self) -> str:
        """The bot's summary shown now ("" when none)."""
        return self._summary

    def _summary_room(self, box: Static) -> tuple[int, int]:
        """The cells a line and the lines the summary box has for its text (its CSS
        `max-height` less its border; its padding off the width)."""
        side = self.query_one("#game-side").size.width
        most = box.styles.max_height
        rows = int(most.value) if most is not None and most.unit == Unit.CELLS else 6
        return max(0, side - 2), max(1, rows - 1)

    def show_info(self) -> None:
        info = self.query_one("#game-info", Static)
        h = self.history
        info.set_class(self.show_legend or h is None, "legend")
        if self.show_legend or h is None:
            info.update(legend(), layout=True)
            return
        mapview = self.query_one(MapView)
        state = h.state
        zoc = {side: overlays.zoc_of(state, side) for side in SIDES}
        words = D.hex_words(mapview.cursor_hex, overlays.hexmap_of(state), state, zoc)
        refusals = self.focusing.why_not_here()
        self.why_rule = refusals[0].rule if refusals else ""
        self.why_refusal = refusals[0] if refusals else None
        info.set_class(bool(refusals), "why")  # at 80 columns: room for the whole reason
        if refusals:
            why = self.focusing.why_words(mapview.cursor_hex, refusals)
            words = why + Text("\n") + words
        info.update(words, layout=bool(refusals))

    # -- what the widgets say ----------------------------------------------------------

    @on(OptionList.OptionSelected, "#game-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.deciding.take(event.option.id or "")

    @on(OptionList.OptionHighlighted, "#game-choices")
    def _choice_pointed(self, event: OptionList.OptionHighlighted) -> None:
        self.focusing.choice_pointed(event.option.id or "")

    @on(LogView.Browsed)
    def _browsed(self, event: LogView.Browsed) -> None:
        self.focusing.show_detail(event.index)

    @on(LogView.Chosen)
    def _open_rule(self, event: LogView.Chosen) -> None:
        rule = self.focusing.rule_of_stop(event.index)
        if rule and rule[0].isdigit():
            self.post_message(OpenRule(rule, from_game=True))

    @on(HexChosen)
    def _hex_chosen(self, event: HexChosen) -> None:
        self.deciding.at_hex(event.hex)

    @on(CursorMoved)
    def _cursor_moved(self) -> None:
        self.show_info()

    @on(DescendantFocus)
    def _focus_moved(self, event: DescendantFocus) -> None:
        """Reading the log: the choices give it and the detail panel room (at 80x24 the
        detail showed one line of the event under an open decision)."""
        self.set_class(isinstance(event.widget, LogView), "log-focus")
