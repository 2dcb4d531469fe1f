"""The game pane: the map, the log, time travel, and a person's decisions.

Every legal choice shown comes from the engine's `legal_actions`; every event from the
engine's `step`. Bots think in a thread worker, so keys keep working meanwhile. The
focus model (which widget takes keys when) is written down in `focus`.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gcacw_ref.errors import InputError
from gcacw_ref.game.play.api import Action, load_scenario, pending_decision
from gcacw_ref.i18n import _
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game import overlays
from gcacw_ref.tui.game.choiceline import ChoiceLine
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.focus import PaneFocus
from gcacw_ref.tui.game.history import SETTLE_EVERY, SIDES, History, settle_memory
from gcacw_ref.tui.game.legend import legend
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.game.mapview import (
    CursorMoved,
    HexChosen,
    MapView,
)
from gcacw_ref.tui.game.play import SPEEDS, PanePlay, engine_trouble
from gcacw_ref.tui.messages import OpenRule
from gcacw_ref.tui.plain import plain
from gcacw_ref.tui.services import Services


class GamePane(PanePlay, PaneFocus):
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
    #game-choices { height: auto; max-height: 50%; border: round $success; display: none; }
    #game-choices.shown { display: block; }
    #game-log { height: 1fr; min-height: 3; }
    #game-detail { height: auto; max-height: 45%; padding: 0 1; border-top: solid $primary; }
    .narrow #game-info { height: 4; }
    .narrow #game-detail { max-height: 55%; }
    .narrow #game-side { width: 52%; }
    """
    BINDINGS = [
        Binding("tab", "cycle_focus(1)", "Next place", show=False, priority=True),
        Binding("shift+tab", "cycle_focus(-1)", "Previous place", show=False, priority=True),
        Binding("R", "rule_here", "Rule"),
        Binding("right", "step(1)", "Event ▶", priority=True),
        Binding("left", "step(-1)", "◀ Event", priority=True),
        Binding("full_stop", "action_step(1)", "Action ▶"),
        Binding("comma", "action_step(-1)", "◀ Action"),
        Binding("greater_than_sign", "turn_step(1)", "Turn ▶"),
        Binding("less_than_sign", "turn_step(-1)", "◀ Turn"),
        Binding("home", "jump_start", "Start", priority=True),
        Binding("end", "jump_end", "End", priority=True),
        Binding("g", "jump_log", "Go to event"),
        Binding("space", "autoplay", "Autoplay"),
        Binding("plus,plus_sign,equals_sign", "speed(1)", "Faster"),
        Binding("minus", "speed(-1)", "Slower"),
        Binding("w", "cursor('N')", "Cursor up", show=False),
        Binding("s", "cursor('S')", "Cursor down", show=False),
        Binding("a", "cursor('W')", "Cursor left", show=False),
        Binding("d", "cursor('E')", "Cursor right", show=False),
        Binding("z", "overlay_zoc", "ZOC"),
        Binding("c", "overlay_command", "Command"),
        Binding("r", "overlay_reach", "Reach"),
        Binding("x", "overlay_clear", "Clear"),
        Binding("l", "legend", "Legend"),
        Binding("m", "map_compact", "Compact map"),
        Binding("u", "undo", "Undo"),
        Binding("t", "table_dice", "Table dice"),
        Binding("n", "new_game", "New"),
        Binding("ctrl+s", "save", "Save"),
        Binding("o", "open", "Open"),
    ]

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
        self.overlay = ""  # "", "zoc-union", "zoc-confederate", "command", "reach"
        self.overlay_hex = ""
        self.show_legend = False
        self.message = ""
        self._log_len = 0
        self._unsettled = 0  # stops added since the last `settle_memory`
        self._choices: list[Action] = []
        self._choices_new = False  # the choices were just (re)built: they take the focus
        self.pointed: list[str] = []  # the hexes of the highlighted choice
        self.why_rule = ""  # the rule of the last "why not" shown (`R` opens it)
        self.dice_wait = False  # a dice dialog waits for the player's dice

    def compose(self) -> ComposeResult:
        yield Static("", id="game-status")
        with Horizontal(id="game-main"):
            yield MapView(id="game-map")
            with Vertical(id="game-side"):
                yield Static("", id="game-info")
                yield OptionList(id="game-choices")
                yield LogView(id="game-log")
                yield Static("", id="game-detail")

    def on_mount(self) -> None:
        if self.options.open_path:
            self.open_game(self.options.open_path)
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
        self._stop_autoplay()
        self.history = history
        self.busy = False
        state = history.state
        vp = {vh.hex: vh.vp for vh in state.scenario.victory.hexes}
        self.query_one(MapView).set_map(overlays.hexmap_of(state), vp)
        self._choices = []
        self._rebuild_log()
        self.refresh_view()
        self.focus_default()
        settle_memory()
        self._unsettled = 0

    def report(self, text: str, error: bool = False) -> None:
        self.message = text
        if error:
            self.app.notify(text, severity="error", timeout=8)
        self._show_status()

    # -- the view ----------------------------------------------------------------------

    def _rebuild_log(self) -> None:
        self.query_one(LogView).set_lines([])
        self._log_len = 0
        if self.history is not None:
            self.history.cut_at = None
        self._extend_log()

    def _extend_log(self) -> None:
        h = self.history
        if h is None:
            return
        log = self.query_one(LogView)
        if h.cut_at is not None:
            self._log_len = min(self._log_len, h.cut_at)
            log.truncate(self._log_len)
            h.cut_at = None
        new = []
        phases: dict[int, list[str]] = {}
        names = h.last  # names only: no state rebuilt for the log
        for i in range(self._log_len, len(h.stops)):
            stop = h.stops[i]
            node = h.nodes[stop.node]
            before = h.nodes[stop.node - 1] if stop.node > 0 else node
            event = None
            phase = before.phase
            if stop.event is not None:
                event = node.events[stop.event]
                if stop.node not in phases:
                    phases[stop.node] = D.event_phases(node.events, before.phase)
                phase = phases[stop.node][stop.event]
            if event is None and node.action is None:
                first = _("set-up") if stop.node == 0 else _("start: the first decision")
                new.append(Text(first, style="bold"))
                continue
            line = D.log_line(event, phase, node.action, names, before.turn, node.kind, node.rule)
            new.append(line)
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
        choices = self._show_choices()
        chosen_hexes = {a.hex for a in choices if a.hex}
        acting = self.acting_hexes() if choices else []
        bg, labels = self._overlay(state)
        mapview = self.query_one(MapView)
        lit = [*hexes, *acting, *self.pointed]
        mapview.show(state, highlight=lit, choices=chosen_hexes, overlay_bg=bg, labels=labels)
        mapview.follow([*acting, *self.pointed, *chosen_hexes] if choices else hexes)
        self.query_one(LogView).set_current(h.cursor)
        self.show_detail(h.cursor)
        self._show_status()
        self._show_info()
        if self._choices_new:
            self._choices_new = False
            if acting:  # the hex panel (and "why not?") starts from the acting unit
                mapview.move_cursor(acting[0])
            self.focus_choices()

    def _show_status(self) -> None:
        h = self.history
        status = self.query_one("#game-status", Static)
        if h is None:
            status.update(plain(self.message), layout=False)
            return
        s = h.state
        line = Text(no_wrap=True, overflow="ellipsis")
        line.append(
            _("turn {t}/{n}").format(t=s.turn, n=s.scenario.scenario.turns) + " · ", style="bold"
        )
        line.append(D.phase_name(s.phase) + " · ")
        line.append(
            _("VP {u}–{c}").format(u=s.vp.get("union", 0), c=s.vp.get("confederate", 0)) + " · "
        )
        line.append(_("event {i}/{n}").format(i=h.cursor, n=len(h.stops) - 1))
        if self.autoplay is not None:
            line.append("  ▶ " + _("autoplay {s}s").format(s=SPEEDS[self.speed]), style="green")
        if self.table_dice:
            line.append("  " + _("table dice"), style="yellow")
        if self.dice_wait:
            line.append("  " + _("waiting for your dice"), style="bold yellow")
        elif self.busy:
            line.append("  " + _("the bot is thinking…"), style="italic")
        line.append(f"  {D.scenario_title(s.scenario)}", style="dim")
        line.append("\n")
        if s.result is not None and h.at_end:
            line.append(
                _("Game over: {winner} wins").format(
                    winner=D.side_name(s.result.get("winner")) or _("nobody")
                ),
                style="bold yellow",
            )
        elif h.cursor == 0:
            line.append(_("The set-up. → steps through the game, n starts a new one."))
        else:
            side = h.to_move(h.state)
            who = D.PLAYERS.get(h.players.get(side or "", ""), "")
            line.append(D.decision_text(h.state) + (f" ({_(who)})" if who else ""))
        if self.message:
            line.append("  " + self.message, style="dim")
        status.update(line, layout=False)

    def _show_info(self) -> None:
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
        refusals = self.why_not_here()
        self.why_rule = refusals[0].rule if refusals else ""
        if refusals:
            words = self.why_words(mapview.cursor_hex, refusals) + Text("\n") + words
        info.update(words, layout=False)

    def _show_choices(self) -> list[Action]:
        """The person's legal actions, when a person decides at the end of the history."""
        h = self.history
        box = self.query_one("#game-choices", OptionList)
        wanted = (
            h is not None
            and h.at_last_node
            and not self.busy
            and h.human_to_move()
            and not h.last.over
        )
        if not wanted or h is None:
            self.pointed = []
            if self._choices:
                box.clear_options()
                self._choices = []
            box.set_class(False, "shown")
            return []
        legal = h.legal()
        if legal == self._choices:
            return legal
        self._choices = legal
        self._choices_new = True
        self.pointed = []
        facts = pending_decision(h.last)
        kind, rule = (facts.kind, facts.rule) if facts else (None, "")
        box.clear_options()
        groups: dict[str, list[int]] = {}
        for i, a in enumerate(legal):
            groups.setdefault(a.type, []).append(i)
        options: list[Option | None] = []
        for kind_name, indexes in groups.items():
            title = _(D.ACTION_WORDS.get(kind_name, kind_name))
            options.append(Option(Text(title, style="bold underline"), disabled=True))
            for i in indexes:
                a = legal[i]
                words = D.action_words(a, h.last)  # the group's title need not repeat
                words = words.removeprefix(title + " · ") if words != title else words
                line = ChoiceLine(words, D.action_rule(a, kind, rule))
                options.append(Option(line, id=f"a{i}"))
        box.add_options(options)
        box.border_title = D.decision_text(h.last)
        box.set_class(True, "shown")
        box.highlighted = 1
        return legal

    @on(OptionList.OptionSelected, "#game-choices")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        option_id = event.option.id or ""
        if option_id.startswith("a") and self._choices:
            index = int(option_id[1:])
            if index < len(self._choices):
                self.decide(self._choices[index])

    @on(LogView.Browsed)
    def _browsed(self, event: LogView.Browsed) -> None:
        self.show_detail(event.index)

    @on(LogView.Chosen)
    def _open_rule(self, event: LogView.Chosen) -> None:
        rule = self._rule_of_stop(event.index)
        if rule and rule[0].isdigit():
            self.post_message(OpenRule(rule, from_game=True))

    @on(HexChosen)
    def _hex_chosen(self, event: HexChosen) -> None:
        matches = [i for i, a in enumerate(self._choices) if a.hex == event.hex]
        if len(matches) == 1:
            self.decide(self._choices[matches[0]])
        elif matches:
            box = self.query_one("#game-choices", OptionList)
            box.highlighted = box.get_option_index(f"a{matches[0]}")
            box.focus()
            self.report(_("several choices use hex {hex}: pick one").format(hex=event.hex))
        elif not self._choices:
            self.report(_("no decision of yours is open: → lets the game go on"))
        elif refusals := self.why_not_here(event.hex):
            self.why_rule = refusals[0].rule
            self.report(self.why_words(event.hex, refusals).plain)
        else:
            self.report(_("no choice uses hex {hex}").format(hex=event.hex))

    @on(CursorMoved)
    def _cursor_moved(self) -> None:
        self._show_info()

    def action_undo(self) -> None:
        h = self.history
        if h is None:
            return
        if self.busy:
            self.report(_("the bot is thinking: undo after its move"))
            return
        self._stop_autoplay()
        if h.undo():
            self._extend_log()
            self.report(_("Undone: back to before the last decision."))
            self.refresh_view()
        else:
            self.report(_("Nothing to undo."))

    def action_table_dice(self) -> None:
        self.table_dice = not self.table_dice
        self.report(
            _("Dice: typed at the table") if self.table_dice else _("Dice: rolled by the engine")
        )
