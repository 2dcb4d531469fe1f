"""`GcacwApp`: search, rule browser, calculators and charts in one window."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on, work
from textual.actions import SkipAction
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.events import Resize
from textual.notifications import SeverityLevel
from textual.screen import Screen
from textual.widgets import Header, Input, Static, TabbedContent, TabPane

from gcacw_ref.calculators import CALCULATORS, calculator
from gcacw_ref.errors import printable
from gcacw_ref.i18n import N_, _, current_language, set_language
from gcacw_ref.paths import data_dir
from gcacw_ref.rules.games import DEFAULT_GAME
from gcacw_ref.settings import load_settings, save_settings
from gcacw_ref.tui.bookmarks import Bookmarks
from gcacw_ref.tui.books import Books
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.combat import CombatPane
from gcacw_ref.tui.calcs.game_choice import GameScreen
from gcacw_ref.tui.calcs.move import MovePane
from gcacw_ref.tui.calcs.simple import ArtilleryPane, MarchPane, OddsPane
from gcacw_ref.tui.calcs.sixhex import FlankPane, FlankPicker, RetreatPane
from gcacw_ref.tui.charts_pane import ChartsPane
from gcacw_ref.tui.messages import Calculated, OpenRule, ShowTab
from gcacw_ref.tui.quickref import QuickRefScreen
from gcacw_ref.tui.ruleside import WIDE, part_ids, step_part
from gcacw_ref.tui.screens import BookmarksScreen, HelpScreen, ImportScreen
from gcacw_ref.tui.search import SearchPane
from gcacw_ref.tui.services import Services
from gcacw_ref.tui.threads import deliver
from gcacw_ref.tui.touch import (
    PHONE,
    close_side_panels,
    open_side_panel,
    run_on_screen,
    touch_bar,
    touch_mode,
)
from gcacw_ref.tui.widgets import StepsTable

if TYPE_CHECKING:  # the game screen's modules load the engine: imported when first shown
    from gcacw_ref.tui.game.dialogs import GameOptions

CALC_PANES: list[type[CalcPane[Any]]] = [  # Any: each pane its own result model
    OddsPane,
    CombatPane,
    ArtilleryPane,
    FlankPane,
    MarchPane,
    RetreatPane,
    MovePane,
]
TABS = {
    "search": N_("Search"),
    "rules": N_("Rules"),
    "calc": N_("Calculators"),
    "charts": N_("Charts"),
    "game": N_("Game"),
}
TOUCH_TABS = {"calc": N_("Calc")}  # touch: no keys shown, and "Calculators" is long
TAB_KEYS = {"search": "F2", "rules": "F3", "calc": "F4", "charts": "F5", "game": "F6"}
NARROW = 100  # below this many columns the layout tightens


HINTS = {
    "search": N_("type to search · ↓ results · enter opens"),
    "rules": N_(", back · . forward · p/n prev/next · u up · m mark · ^f find · l links · r notes"),
    "calc": N_("tab field · F9 breakdown · enter opens its rule · F4 next"),
    "charts": N_("↑↓ choose a table · tab to the table"),
    "game": N_(
        "→← event · ., action · <> turn · space autoplay · z/c/r overlays · m compact · l legend"
    ),
}


def hints(tab: str, width: int = 0) -> Text:
    """The one-line key reminder at the bottom for screen `tab`, `width` cells wide (0:
    any). When the global keys and the screen's own do not both fit, the screen's keys
    win and the global ones shrink to help and the palette."""
    full = _full_hints(tab)
    if not width or (width >= NARROW and full.cell_len <= width):
        return full
    line = Text()
    line.append(" F1", style="bold")
    line.append(" " + _("help") + "  ")
    line.append("^p", style="bold")
    line.append(" " + _("palette") + " │ ")
    line.append(_(HINTS.get(tab, "")), style="dim")
    return line


def _full_hints(tab: str) -> Text:
    """Every global key, then the screen's own."""
    line = Text()
    for key, what in (
        ("F1", N_("help")),
        ("F2", N_("search")),
        ("F3", N_("rules")),
        ("F4", N_("calc")),
        ("F5", N_("charts")),
        ("F6", N_("game")),
        ("F8", N_("日本語")),
        ("^p", N_("palette")),
        ("^q", N_("quit")),
    ):
        line.append(f" {key}", style="bold")
        line.append(f" {_(what)} ")
    line.append(" │ ", style="dim")
    line.append(_(HINTS.get(tab, "")), style="dim")
    return line


def warm_up_calculators(before_each: Callable[[], None] = lambda: None) -> None:
    """Import the calculator modules in the background so the first calculation is quick
    (`before_each`: waits while a search runs, so a question never shares the CPU)."""
    for name in CALCULATORS:
        before_each()
        try:
            calculator(name)
        except Exception:  # noqa: BLE001, S112 - a missing module is reported when it is used
            continue


class GcacwApp(App[int]):
    """The table-side rules assistant."""

    TITLE = "gcacw-ref"
    SUB_TITLE = N_("GCACW rules assistant")
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    AUTO_FOCUS = "#search-input"
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        # the screen keys are priority: the screen switches before the keys typed after
        # them in the same burst are handed out (else they land in the screen left behind)
        Binding("f2", "show_tab('search')", "Search", priority=True),
        Binding("slash", "show_tab('search')", "Search", show=False),
        Binding("f3", "show_tab('rules')", "Rules", priority=True),
        Binding("f4", "calculators", "Calc", priority=True),
        Binding("f5", "show_tab('charts')", "Charts", priority=True),
        Binding("f6", "show_tab('game')", "Game", priority=True),
        Binding("f7", "quick_reference", "Reference", show=False),
        Binding("escape", "return_to_game", show=False, priority=True),
        Binding("ctrl+b", "bookmarks", "Marks"),
        Binding("ctrl+o", "import_book", "Import", show=False),
        Binding("f8", "switch_language", "Language"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

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
            with TabPane(tab_title("calc"), id="calc"), TabbedContent(id="calc-tabs"):
                for pane in CALC_PANES:
                    with TabPane(_(pane.title()), id=f"calc-{pane.NAME}"):
                        yield pane(self.services, id=f"pane-{pane.NAME}")
            with TabPane(tab_title("charts"), id="charts"):
                yield ChartsPane(id="charts-pane")
            with TabPane(tab_title("game"), id="game"):
                yield Static("", id="game-slot")
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

    # -- the player's game ------------------------------------------------------------

    def header_line(self) -> str:
        """The header's second part: what the app is and the player's game."""
        return _("{what} · game {game}").format(what=_(self.SUB_TITLE), game=self.player_game)

    def action_choose_game(self, asking: bool = False) -> None:
        """Ask which game the player plays (first run: nothing marked as chosen; the palette)."""

        def chosen(game: str | None) -> None:
            if game:
                self.set_player_game(game)

        if not isinstance(self.screen, GameScreen):
            self.push_screen(GameScreen(None if asking else self.player_game), chosen)

    def set_player_game(self, game: str) -> None:
        """Use `game` from now on, keep it as the setting, and redo every calculation."""
        self.player_game = game
        self.sub_title = self.header_line()
        settings, _problem = load_settings(self.home)
        settings.game = game
        try:
            save_settings(settings, self.home)
        except OSError as exc:
            self.notify(
                _("Could not keep the game choice: {error}").format(error=exc.strerror or exc),
                severity="warning",
            )
        for pane in self.query(CalcPane):
            pane.set_game(game)
        self.notify(_("Game: {game}").format(game=game))

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW, "narrow")
        self.set_class(event.size.width < PHONE, "phone")
        self.set_class(touch_mode(), "touch")
        self.set_class(event.size.width >= WIDE, "wide")
        self._show_hints()

    def _show_hints(self) -> None:
        try:
            tab = self.query_one("#tabs", TabbedContent).active
            width = self.size.width
            bar = touch_bar(tab, width) if touch_mode() else hints(tab, width)
            self.query_one("#hints", Static).update(bar)
        except NoMatches:
            pass

    @work(thread=True, exclusive=True, group="books")
    def _load_books(self) -> None:
        self.books.load()
        deliver(self, self._books_loaded)
        self.books.warm_up()
        warm_up_calculators(self.books.wait_for_searches)

    def _books_loaded(self) -> None:
        search = self.query_one(SearchPane)
        books = self.books
        if books.error:
            search.set_status(f"⚠ {books.error}")
        elif books.problems and not books.infos:
            search.set_status(f"⚠ {books.problems[0]}")
        elif not books.infos:
            search.set_status("")
        else:
            names = ", ".join(b.id for b in books.infos)
            search.set_status(_("Books: {names} · type to search").format(names=names))
        for problem in books.problems:
            self.notify(problem, title=_("A stored book was skipped"), severity="warning")
        search.show_welcome(not books.infos and not books.problems)
        search.set_books(books.ids())
        # after the screen's own first focus, however fast the books loaded
        self.call_after_refresh(self._focus_first_field)
        if books.infos:
            self.query_one(RulesPane).load_toc()
        query = self.query_one("#search-input", Input).value
        if query:
            search.run_search(query)

    def _focus_first_field(self) -> None:
        """Search when there are books; on a first run (none) the cursor waits in the path
        box. Only where the player has not moved on already."""
        stranded = self.focused is None or self.focused.id in ("import-path", "search-input")
        if stranded and self.query_one("#tabs", TabbedContent).active == "search":
            self.query_one("#search-input" if self.books.infos else "#import-path").focus()

    # -- switching screens ------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A dialog on top keeps the screen keys from switching the screen under it (they
        are priority bindings, which reach the app through a dialog)."""
        return not (action in ("show_tab", "calculators") and len(self.screen_stack) > 1)

    def action_show_tab(self, tab: str) -> None:
        tabs = self.query_one("#tabs", TabbedContent)
        if tabs.active == tab:
            self._after_switch(tab)
        else:
            tabs.active = tab  # _tab_activated finishes the switch

    def _after_switch(self, tab: str) -> None:
        """Focus the natural place of a screen once it is visible.

        Only for the tab that is active now: a late event must not focus a hidden widget,
        which would switch back to its tab (and two such events would ping-pong).
        """
        if self.query_one("#tabs", TabbedContent).active != tab:
            return
        if tab != "rules":
            self.quickref_return = False  # left the rule: escape no longer goes back
        self._show_hints()
        if tab == "search":
            self.query_one("#search-input").focus()
        elif tab == "charts":
            self.query_one(ChartsPane).load()
            self.query_one("#chart-list").focus()
        elif tab == "calc":
            self._start_calc(self.query_one("#calc-tabs", TabbedContent).active)
        elif tab == "game":
            # lazy: the engine loads only when the game pane opens
            from gcacw_ref.tui.game import mount_game_pane

            pane = self.query_one("#game", TabPane)
            if pane.query("#game-map"):  # the pane's own default: a person's open decision
                focusing = getattr(pane.query_one("#game-pane"), "focusing", None)
                if focusing is not None:
                    focusing.focus_default()
                else:
                    self.query_one("#game-map").focus()
            else:
                for slot in pane.query("#game-slot"):
                    slot.remove()
                mount_game_pane(pane, self.services, self.game_options)
        elif tab == "rules":
            rules = self.query_one(RulesPane)
            self.query_one("#rule-body" if rules.view is not None else "#toc").focus()

    def action_calculators(self) -> None:
        outer = self.query_one("#tabs", TabbedContent)
        inner = self.query_one("#calc-tabs", TabbedContent)
        if outer.active == "calc":
            names = [f"calc-{p.NAME}" for p in CALC_PANES]
            current = names.index(inner.active) if inner.active in names else -1
            inner.active = names[(current + 1) % len(names)]
        outer.active = "calc"
        self._start_calc(inner.active)

    def action_calc_form(self, action: str) -> None:
        """Clear, or fill with the example, the calculator last shown (from the palette)."""
        name = self.query_one("#calc-tabs", TabbedContent).active.removeprefix("calc-")
        pane = self.query_one(f"#pane-{name}", CalcPane)
        if action == "clear_form":
            pane.action_clear_form()
        else:
            pane.action_load_example()  # waits for the form when it is not built yet
        self.action_show_calc(name)

    def action_show_calc(self, name: str) -> None:
        self.query_one("#calc-tabs", TabbedContent).active = f"calc-{name}"
        self.query_one("#tabs", TabbedContent).active = "calc"
        self._start_calc(f"calc-{name}")

    def _start_calc(self, tab_id: str) -> None:
        """Build and run a calculator the first time its pane is shown; focus its form."""
        name = tab_id.removeprefix("calc-")
        pane = self.query_one(f"#pane-{name}", CalcPane)
        pane.hold_keys()  # keys typed before the form is built wait for it
        pane.call_later(pane.start)

    @on(TabbedContent.TabActivated)
    def _tab_activated(self, event: TabbedContent.TabActivated) -> None:
        pane_id = event.pane.id or ""
        if pane_id in TABS:
            self._after_switch(pane_id)
        elif (
            pane_id.startswith("calc-") and self.query_one("#tabs", TabbedContent).active == "calc"
        ):
            self._start_calc(pane_id)

    # -- rules ------------------------------------------------------------------------

    def action_open_rule(
        self, number: str, book: str | None = None, anchor: str | None = None
    ) -> None:
        """Open rule `number` in the browser (the default book when none is given)."""
        if not self.books.ready or not self.books.infos:
            self.notify(
                _("Import a rulebook to read rule {number} (ctrl+o).").format(number=number),
                severity="warning",
            )
            return
        if self.query_one(RulesPane).open(book, number, anchor=anchor):
            self.action_show_tab("rules")

    @on(OpenRule)
    def _open_asked(self, event: OpenRule) -> None:
        """A pane asks for a rule; from the game screen, escape in the browser goes back."""
        self.action_open_rule(event.number, event.book, event.anchor)
        if event.from_game:
            self.game_return = True

    @on(ShowTab)
    def _show_asked(self, event: ShowTab) -> None:
        self.action_show_tab(event.tab)

    @on(StepsTable.RuleChosen)
    def _open_from_step(self, event: StepsTable.RuleChosen) -> None:
        """Open the rule a breakdown line cites, at the part it is about; `back` (`,`) in
        the rule browser then returns to the calculator, in the field the cursor was in.
        Touch on a narrow screen: the rule opens in a panel over the calculator instead."""
        if open_side_panel(self, event.step):
            return
        book = self.books.default_book()
        target = event.rule
        if event.step is not None and self.books.ready and self.books.infos:
            try:
                view = self.books.rule(event.rule, book)
            except Exception:  # noqa: BLE001 - open_rule says why
                view = None
            if view is not None:
                target = step_part(event.step, part_ids(view)) or event.rule
        self.action_open_rule(target, book)
        rules = self.query_one(RulesPane)
        if rules.view is not None:
            rules.return_at = rules.position

    async def action_touch(self, tab: str, action: str) -> None:
        """A tap on the touch bar: `action` on the widget of screen `tab` that has it."""
        await run_on_screen(self, tab, action)

    def action_toggle_contents(self) -> None:
        """Touch: the rule browser's table of contents over the rule (phone) and back."""
        self.toggle_class("show-toc")
        if self.has_class("show-toc"):
            self.query_one("#toc").focus()

    def action_close_side(self) -> None:
        close_side_panels(self)

    def action_back_to_calc(self) -> None:
        """Back from a rule opened from a breakdown line to the calculator it came from."""
        self.action_show_tab("calc")

    def action_return_to_game(self) -> None:
        """Escape in the rule browser after a rule was opened from the game log."""
        on_rules = self.screen is self.screen_stack[0] and (
            self.query_one("#tabs", TabbedContent).active == "rules"
        )
        if on_rules and self.quickref_return:
            self.quickref_return = False  # back to the quick reference, at the same line
            self.action_quick_reference()
            return
        if not (self.game_return and on_rules):
            raise SkipAction  # escape does its usual job
        self.game_return = False
        self.action_show_tab("game")

    def action_bookmarks(self) -> None:
        def chosen(result: tuple[str, str] | None) -> None:
            if result:
                self.action_open_rule(result[1], result[0])

        self.push_screen(BookmarksScreen(self.bookmarks), chosen)

    def action_quick_reference(self) -> None:
        """F7: the quick reference; enter on a line opens its rule."""

        def chosen(rule: str | None) -> None:
            self.quickref_place = screen.place
            if rule:  # once the screen is gone (its focus restore must not switch tabs back)
                self.quickref_return = True  # escape in the rule browser comes back here
                self.call_after_refresh(self.action_open_rule, rule, self.books.default_book())

        if not isinstance(self.screen, QuickRefScreen):
            screen = QuickRefScreen(place=self.quickref_place, game=self.player_game)
            self.push_screen(screen, chosen)

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def action_rules(self, action: str) -> None:
        """Run a rule-browser action (back, forward, previous, ...) from the palette."""
        self.action_show_tab("rules")
        getattr(self.query_one(RulesPane), f"action_{action}")()

    # -- importing --------------------------------------------------------------------

    def action_import_book(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.import_book(path)

        self.push_screen(ImportScreen(), chosen)

    @on(SearchPane.ImportRequested)
    def _import_requested(self, event: SearchPane.ImportRequested) -> None:
        self.import_book(event.path)

    def import_book(self, path: str) -> None:
        if not self.books.ready:
            self.notify(self.books.error or _("The rulebooks are still loading."), severity="error")
            return
        self.notify(_("Importing {path}…").format(path=path))
        self._import_worker(path)

    @work(thread=True, exclusive=True, group="import")
    def _import_worker(self, path: str) -> None:
        try:
            info = self.books.import_book(path)
        except Exception as exc:  # noqa: BLE001 - the message is for the player
            deliver(self, self.notify, str(exc), title=_("Import failed"), severity="error")
            return
        message = _("Imported {title} as '{id}' ({sections} sections).").format(
            title=info.title, id=info.id, sections=info.sections
        )
        deliver(self, self.notify, message, title=_("Import"))
        deliver(self, self._books_loaded)
        self.books.warm_up()

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

    # -- calculators feed the charts --------------------------------------------------

    @on(Calculated)
    def _calculated(self, event: Calculated) -> None:
        self.query_one(ChartsPane).remember(event.name, event.result)

    # -- command palette --------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
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

    # -- language ---------------------------------------------------------------------

    def action_switch_language(self) -> None:
        """Speak the other language from now on, keep the choice, and redraw every screen."""
        lang = "en" if current_language() == "ja" else "ja"
        set_language(lang)
        settings, _problem = load_settings(self.home)
        settings.language = lang
        try:
            save_settings(settings, self.home)
        except Exception as exc:  # noqa: BLE001 - any refused write: the switch still holds
            reason = (exc.strerror if isinstance(exc, OSError) else None) or exc
            self.notify(
                _("Could not keep the language choice: {error}").format(error=reason),
                severity="warning",
            )
        self.relabel()
        self.notify(_("Language: English"), title="日本語 / English")

    def relabel(self) -> None:
        """Redraw every text in the current language: tabs, hints, panes, open dialogs."""
        self.sub_title = self.header_line()
        tabs = self.query_one("#tabs", TabbedContent)
        for tab_id in TABS:
            tabs.get_tab(tab_id).label = tab_title(tab_id)
        calc_tabs = self.query_one("#calc-tabs", TabbedContent)
        for pane in CALC_PANES:
            calc_tabs.get_tab(f"calc-{pane.NAME}").label = _(pane.title())
        self._show_hints()
        for widget in self.query("*"):
            relabel = getattr(widget, "relabel", None)
            if callable(relabel):
                relabel()
        for calc in self.query(CalcPane):
            if calc.output is not None or calc.error is not None:
                calc.request_recalc()  # results and validation messages in the new language
        for screen in self.screen_stack[1:]:
            screen_relabel = getattr(screen, "relabel", None)
            if callable(screen_relabel):
                screen_relabel()


def tab_title(tab_id: str) -> str:
    """A main tab's title with its key, in the current language (e.g. "Search F2"); for
    touch, the name alone, short enough for the five to fit a phone's width."""
    if touch_mode():
        return _(TOUCH_TABS.get(tab_id, TABS[tab_id]))
    return f"{_(TABS[tab_id])} {TAB_KEYS[tab_id]}"
