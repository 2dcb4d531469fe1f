"""`GcacwApp`: search, rule browser, calculators and charts in one window.

The app is put together from its parts, one area each: `navigate` (the screen keys),
`rule_actions` (opening a rule and the way back), `book_actions` (loading and importing
rulebooks) and `preferences` (the player's game, the language). Here: the window's layout,
the key map, the app's state, what the calculators hand on, and the command palette.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual import on
from textual.app import ComposeResult, SystemCommand
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Header, Static, TabbedContent, TabPane

from gcacw_ref.board import board_from_state
from gcacw_ref.calculators import CALCULATORS
from gcacw_ref.errors import printable
from gcacw_ref.i18n import N_, _
from gcacw_ref.paths import data_dir
from gcacw_ref.rules.games import DEFAULT_GAME
from gcacw_ref.settings import load_settings
from gcacw_ref.tui.board import BoardPane
from gcacw_ref.tui.book_actions import BookActions
from gcacw_ref.tui.bookmarks import Bookmarks
from gcacw_ref.tui.books import Books
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.sixhex import FlankPane, FlankPicker
from gcacw_ref.tui.charts_pane import ChartsPane
from gcacw_ref.tui.keys import APP_BINDINGS
from gcacw_ref.tui.messages import Calculated
from gcacw_ref.tui.preferences import Preferences
from gcacw_ref.tui.rule_actions import RuleActions
from gcacw_ref.tui.search import SearchPane
from gcacw_ref.tui.services import Services
from gcacw_ref.tui.tabdriver import TabKnown
from gcacw_ref.tui.tabs import CALC_PANES, hints, tab_title
from gcacw_ref.tui.touch import PALETTE, touch_bar, touch_mode
from gcacw_ref.tui.touchkit import unkeyed

if TYPE_CHECKING:  # the game screen's modules load the engine: imported when first shown
    from gcacw_ref.tui.game.dialogs import GameOptions


class GcacwApp(RuleActions, Preferences, BookActions):
    """The table-side rules assistant."""

    TITLE = "gcacw-ref"
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    AUTO_FOCUS = "#search-input"
    BINDINGS = APP_BINDINGS

    def __init__(
        self,
        home: Path | None = None,
        settings_problem: str | None = None,
        game: GameOptions | None = None,
        player_game: str | None = None,
        ask_game: bool = False,
    ) -> None:
        super().__init__()
        self.game_options = game  # `gcacw-ref game`: open on the game screen with these
        self.game_return = False  # a rule opened from the game log: escape goes back
        self.quickref_place: int | None = None  # the line the quick reference was left on
        self.quickref_return = False  # a rule opened from the quick reference: escape goes back
        self.touch_pages: dict[str, int] = {}

        saved = load_settings(home)[0].game
        # the player's game: --game for this session, else the saved one, else the default
        # (asked on a real first run: `run_app` sets ask_game)
        self.player_game = player_game or saved or DEFAULT_GAME
        self.ask_game = ask_game and player_game is None and saved is None
        self.sub_title = self.header_line()
        self.settings_problem = settings_problem
        self.home = home
        self.books = Books(home)
        self.bookmarks = Bookmarks(home or data_dir())
        self.services = Services(self.books, self.bookmarks)  # handed to every pane

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # a browser terminal draws ☰ one cell wide where Textual counts two: touch gets ≡
        yield Header(show_clock=False, icon="≡" if touch_mode() else "☰")
        with TabbedContent(id="tabs", initial="search"):
            with TabPane(tab_title("search"), id="search"):
                yield SearchPane(self.services, id="search-pane")
            with TabPane(tab_title("rules"), id="rules"):
                yield RulesPane(self.services, id="rules-pane")
            with TabPane(tab_title("calc"), id="calc"):
                yield Static("", id="calc-picker")  # touch, on a phone: the tabs, wrapped
                with TabbedContent(id="calc-tabs"):
                    for pane in CALC_PANES:
                        with TabPane(_(pane.title()), id=f"calc-{pane.NAME}"):
                            yield pane(self.services, id=f"pane-{pane.NAME}")
            with TabPane(tab_title("charts"), id="charts"):
                yield ChartsPane(id="charts-pane")
            with TabPane(tab_title("game"), id="game"):
                yield Static("", id="game-slot")
            with TabPane(tab_title("board"), id="board"):
                yield BoardPane(id="board-pane")
        yield Static(touch_bar("search") if touch_mode() else hints("search"), id="hints")

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A toast; its text is shown as it is (not markup) unless `markup` is asked for:
        messages carry titles, paths and errors that did not come from this program."""
        if not markup:
            message = printable(message)
        super().notify(
            message, title=printable(title), severity=severity, timeout=timeout, markup=markup
        )

    def on_mount(self) -> None:
        self.query_one(SearchPane).show_welcome(False)
        self.query_one(SearchPane).set_status(_("Loading rulebooks…"))
        if self.bookmarks.problem:
            self.notify(
                self.bookmarks.problem, title=_("Bookmarks"), severity="warning", timeout=10
            )
        if self.settings_problem:
            self.notify(self.settings_problem, title=_("Settings"), severity="warning", timeout=10)
        self._load_books()
        for pane in self.query(CalcPane):
            pane.game = self.player_game
        if self.game_options is not None:
            self.action_show_tab("game")
        elif self.ask_game:
            self.action_choose_game(asking=True)

    # -- calculators feed each other and the charts -----------------------------------

    def action_argue(self) -> None:
        """ "Argue about this": the game screen's position opens as a board (issue 39)."""
        shown = [getattr(m, "state", None) for m in self.query("#game-map")]
        state = shown[0] if shown else None
        if state is None:
            said = unkeyed(_("Open a game on the game screen first (F6)"))
            self.notify(said, severity="warning")
            return
        board = board_from_state(state.scenario, state)
        said = _("The game screen's position, turn {turn}").format(turn=state.turn)
        self.query_one(BoardPane).open_board(board, said)
        self.action_show_tab("board")

    @on(FlankPicker.UseInCombat)
    def action_flank_to_combat(self) -> None:
        """Carry the flank calculator's final modifier into the combat calculator."""
        flank = self.query_one("#pane-flank", FlankPane)
        if flank.output is None:
            self.notify(_("The flank calculator has no result yet."), severity="warning")
            return
        bonus = int(flank.output.final_bonus)
        self.query_one("#pane-combat", CalcPane).preset("flank_bonus", str(bonus))
        self.action_show_calc("combat")
        self.notify(
            _("Flank modifier {bonus:+d} carried to the combat calculator.").format(bonus=bonus)
        )

    @on(Calculated)
    def _calculated(self, event: Calculated) -> None:
        self.query_one(ChartsPane).remember(event.marks)

    @on(TabKnown)
    def _tab_known(self, event: TabKnown) -> None:
        """Served: the browser tab is known; a game screen already open may take its game."""
        for pane in self.query("#game-pane"):
            extras = getattr(pane, "extras", None)
            if extras is not None:
                extras.tab_known()

    # -- command palette --------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette's entries; on a touch screen none names its key (`unkeyed`)."""
        for command in self._commands(screen):
            yield command._replace(help=unkeyed(command.help))

    def _commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            _("Language: 日本語 / English"),
            _("Switch the interface language (F8)"),
            self.action_switch_language,
        )
        yield SystemCommand(
            _("Game: choose your game"),
            _("SJW HCR RTG SIV SLB OTR GTC: the calculators and notes use it (now {game})").format(
                game=self.player_game
            ),
            self.action_choose_game,
        )
        yield SystemCommand(
            _("Search"), _("Search the rules (F2)"), partial(self.action_show_tab, "search")
        )
        yield SystemCommand(
            _("Rule browser"),
            _("Contents and the open rule (F3)"),
            partial(self.action_show_tab, "rules"),
        )
        yield SystemCommand(
            _("Charts"), _("Every table (F5)"), partial(self.action_show_tab, "charts")
        )
        yield SystemCommand(
            _("Game: watch and play"),
            _("The game screen: watch the engine play a scenario, step, play a side (F6)"),
            partial(self.action_show_tab, "game"),
        )
        yield SystemCommand(
            _("Board: your own position"),
            _("Put a few hexes and units to the rules engine and ask it (F10)"),
            partial(self.action_show_tab, "board"),
        )
        yield SystemCommand(
            _("Game: argue about this"),
            _("The game screen's position, as a board to ask about (b on the game screen)"),
            self.action_argue,
        )
        for pane in CALC_PANES:
            yield SystemCommand(
                _("Calculator: {title}").format(title=_(pane.title())),
                _(CALCULATORS[pane.NAME].summary),
                partial(self.action_show_calc, pane.NAME),
            )
        yield SystemCommand(
            _("Calculator: clear the form"),
            _("Every field of the calculator shown back to blank or its rule default (ctrl+l)"),
            partial(self.action_calc_form, "clear_form"),
        )
        yield SystemCommand(
            _("Calculator: load the rulebook's example"),
            _("Fill the calculator shown with the example, labelled as such (ctrl+g)"),
            partial(self.action_calc_form, "load_example"),
        )
        yield SystemCommand(
            _("Flank result into combat"),
            _("Carry the flank modifier to the combat calculator (c on the hex picture)"),
            self.action_flank_to_combat,
        )
        yield SystemCommand(
            _("Quick reference"),
            _("Sequence of play, actions, combat, retreat and recovery (F7)"),
            self.action_quick_reference,
        )
        for tab, title, help_text, action in PALETTE:
            yield SystemCommand(_(title), _(help_text), partial(self.on_screen_action, tab, action))
        yield SystemCommand(_("Help: keys"), _("Every key (F1)"), self.action_help)
        yield SystemCommand(_("Bookmarks"), _("Saved rules (ctrl+b)"), self.action_bookmarks)
        yield SystemCommand(
            _("Import a rulebook"), _("From a file path (ctrl+o)"), self.action_import_book
        )
        for action, title, help_text in (
            ("back", N_("Rule: back"), N_("Back in history (alt+left)")),
            ("forward", N_("Rule: forward"), N_("Forward in history (alt+right)")),
            ("previous", N_("Rule: previous"), N_("The previous rule (p)")),
            ("next", N_("Rule: next"), N_("The next rule (n)")),
            ("parent", N_("Rule: parent"), N_("Up to the parent rule (u)")),
            ("bookmark", N_("Rule: bookmark"), N_("Bookmark the open rule (m)")),
            ("find", N_("Rule: find"), N_("Find in the open rule (ctrl+f)")),
        ):
            yield SystemCommand(_(title), _(help_text), partial(self.action_rules, action))
