"""`GcacwApp`: search, rule browser, calculators and charts in one window."""

from __future__ import annotations

from collections.abc import Iterable
from functools import partial
from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.css.query import NoMatches
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Header, Static, TabbedContent, TabPane

from gcacw_ref.tui.bookmarks import Bookmarks
from gcacw_ref.tui.books import Books
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.combat import CombatPane
from gcacw_ref.tui.calcs.move import MovePane
from gcacw_ref.tui.calcs.simple import ArtilleryPane, MarchPane, OddsPane
from gcacw_ref.tui.calcs.sixhex import FlankPane, FlankPicker, RetreatPane
from gcacw_ref.tui.charts_pane import ChartsPane
from gcacw_ref.tui.screens import BookmarksScreen, HelpScreen, ImportScreen
from gcacw_ref.tui.search import SearchPane
from gcacw_ref.tui.widgets import StepsTable

CALC_PANES: list[type[CalcPane]] = [
    OddsPane,
    CombatPane,
    ArtilleryPane,
    FlankPane,
    MarchPane,
    RetreatPane,
    MovePane,
]
TABS = {
    "search": "Search",
    "rules": "Rules",
    "calc": "Calculators",
    "charts": "Charts",
    "game": "Game",
}
NARROW = 100  # below this many columns the layout tightens


HINTS = {
    "search": "type to search · ↓ results · enter opens",
    "rules": ", back · . forward · p/n prev/next · u up · m mark · ^f find · l links · r notes",
    "calc": "tab next field · F4 next calculator · enter on a step opens its rule",
    "charts": "↑↓ choose a table · tab to the table",
    "game": "→← event · ., action · <> turn · space autoplay · z/c/r overlays · l legend",
}


def hints(tab: str, narrow: bool = False) -> Text:
    """The one-line key reminder at the bottom for screen `tab`."""
    line = Text()
    if narrow:
        line.append(" F1", style="bold")
        line.append(" help  ")
        line.append("^p", style="bold")
        line.append(" palette │ ")
        line.append(HINTS.get(tab, ""), style="dim")
        return line
    for key, what in (
        ("F1", "help"),
        ("F2", "search"),
        ("F3", "rules"),
        ("F4", "calc"),
        ("F5", "charts"),
        ("F6", "game"),
        ("^p", "palette"),
        ("^q", "quit"),
    ):
        line.append(f" {key}", style="bold")
        line.append(f" {what} ")
    line.append(" │ ", style="dim")
    line.append(HINTS.get(tab, ""), style="dim")
    return line


def warm_up_calculators() -> None:
    """Import the calculator modules in the background so the first calculation is quick."""
    from gcacw_ref.rules.io import CALCULATORS, calculator

    for name in CALCULATORS:
        try:
            calculator(name)
        except Exception:  # noqa: BLE001, S112 - a missing module is reported when it is used
            continue


class GcacwApp(App[int]):
    """The table-side rules assistant."""

    TITLE = "gcacw-ref"
    SUB_TITLE = "GCACW rules assistant"
    CSS_PATH = str(Path(__file__).with_name("app.tcss"))
    AUTO_FOCUS = "#search-input"
    BINDINGS = [
        Binding("f1", "help", "Help"),
        Binding("question_mark", "help", "Help", show=False),
        Binding("f2", "show_tab('search')", "Search"),
        Binding("slash", "show_tab('search')", "Search", show=False),
        Binding("f3", "show_tab('rules')", "Rules"),
        Binding("f4", "calculators", "Calc"),
        Binding("f5", "show_tab('charts')", "Charts"),
        Binding("f6", "show_tab('game')", "Game"),
        Binding("escape", "return_to_game", show=False, priority=True),
        Binding("ctrl+b", "bookmarks", "Marks"),
        Binding("ctrl+o", "import_book", "Import", show=False),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    def __init__(self, home: Path | None = None, game: Any = None) -> None:
        super().__init__()
        self.game_options = game  # `gcacw-ref game`: open on the game screen with these
        self.game_return = False  # a rule opened from the game log: escape goes back
        from gcacw_ref.paths import data_dir

        self.home = home
        self.books = Books(home)
        self.bookmarks = Bookmarks(home or data_dir())

    # -- layout -----------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="☰")
        with TabbedContent(id="tabs", initial="search"):
            with TabPane("Search F2", id="search"):
                yield SearchPane(id="search-pane")
            with TabPane("Rules F3", id="rules"):
                yield RulesPane(id="rules-pane")
            with TabPane("Calculators F4", id="calc"), TabbedContent(id="calc-tabs"):
                for pane in CALC_PANES:
                    with TabPane(pane.TITLE, id=f"calc-{pane.NAME}"):
                        yield pane(id=f"pane-{pane.NAME}")
            with TabPane("Charts F5", id="charts"):
                yield ChartsPane(id="charts-pane")
            with TabPane("Game F6", id="game"):
                yield Static("", id="game-slot")
        yield Static(hints("search"), id="hints")

    def on_mount(self) -> None:
        self.query_one(SearchPane).show_welcome(False)
        self.query_one(SearchPane).set_status("Loading rulebooks…")
        if self.bookmarks.problem:
            self.notify(self.bookmarks.problem, title="Bookmarks", severity="warning", timeout=10)
        self._load_books()
        if self.game_options is not None:
            self.action_show_tab("game")

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW, "narrow")
        self._show_hints()

    def _show_hints(self) -> None:
        try:
            tab = self.query_one("#tabs", TabbedContent).active
            self.query_one("#hints", Static).update(hints(tab, self.size.width < NARROW))
        except NoMatches:
            pass

    @work(thread=True, exclusive=True, group="books")
    def _load_books(self) -> None:
        self.books.load()
        self.call_from_thread(self._books_loaded)
        self.books.warm_up()
        warm_up_calculators()

    def _books_loaded(self) -> None:
        search = self.query_one(SearchPane)
        books = self.books
        if books.error:
            search.set_status(f"⚠ {books.error}")
        elif not books.infos:
            search.set_status("")
        else:
            names = ", ".join(b.id for b in books.infos)
            search.set_status(f"Books: {names} · type to search")
        search.show_welcome(not books.infos)
        search.set_books(books.ids())
        stranded = self.focused is None or self.focused.id == "import-path"
        if stranded and self.query_one("#tabs", TabbedContent).active == "search":
            self.query_one("#search-input").focus()
        if books.infos:
            self.query_one(RulesPane).load_toc()
        query = self.query_one("#search-input").value  # type: ignore[attr-defined]
        if query:
            search.run_search(query)

    # -- switching screens ------------------------------------------------------------

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
        self._show_hints()
        if tab == "search":
            self.query_one("#search-input").focus()
        elif tab == "charts":
            self.query_one(ChartsPane).load()
            self.query_one("#chart-list").focus()
        elif tab == "calc":
            self._start_calc(self.query_one("#calc-tabs", TabbedContent).active)
        elif tab == "game":
            from gcacw_ref.tui.game import mount_game_pane

            pane = self.query_one("#game", TabPane)
            if pane.query("#game-map"):
                self.query_one("#game-map").focus()
            else:
                for slot in pane.query("#game-slot"):
                    slot.remove()
                mount_game_pane(pane, self.game_options)
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

    def action_show_calc(self, name: str) -> None:
        self.query_one("#calc-tabs", TabbedContent).active = f"calc-{name}"
        self.query_one("#tabs", TabbedContent).active = "calc"
        self._start_calc(f"calc-{name}")

    def _start_calc(self, tab_id: str) -> None:
        """Build and run a calculator the first time its pane is shown; focus its form."""
        name = tab_id.removeprefix("calc-")
        pane = self.query_one(f"#pane-{name}", CalcPane)
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
            self.notify(f"Import a rulebook to read rule {number} (ctrl+o).", severity="warning")
            return
        if self.query_one(RulesPane).open(book, number, anchor=anchor):
            self.action_show_tab("rules")

    @on(SearchPane.OpenRule)
    def _open_from_search(self, event: SearchPane.OpenRule) -> None:
        self.action_open_rule(event.section, event.book, event.anchor)

    @on(StepsTable.RuleChosen)
    def _open_from_step(self, event: StepsTable.RuleChosen) -> None:
        self.action_open_rule(event.rule, self.books.default_book())

    def action_return_to_game(self) -> None:
        """Escape in the rule browser after a rule was opened from the game log."""
        from textual.actions import SkipAction

        on_rules = self.screen is self.screen_stack[0] and (
            self.query_one("#tabs", TabbedContent).active == "rules"
        )
        if not (self.game_return and on_rules):
            raise SkipAction  # escape does its usual job
        self.game_return = False
        self.action_show_tab("game")

    def action_bookmarks(self) -> None:
        def chosen(result: tuple[str, str] | None) -> None:
            if result:
                self.action_open_rule(result[1], result[0])

        self.push_screen(BookmarksScreen(self.bookmarks), chosen)

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
            self.notify(self.books.error or "The rulebooks are still loading.", severity="error")
            return
        self.notify(f"Importing {path}…")
        self._import_worker(path)

    @work(thread=True, exclusive=True, group="import")
    def _import_worker(self, path: str) -> None:
        try:
            info = self.books.import_book(path)
        except Exception as exc:  # noqa: BLE001 - the message is for the player
            self.call_from_thread(self.notify, str(exc), title="Import failed", severity="error")
            return
        message = f"Imported {info.title} as '{info.id}' ({info.sections} sections)."
        self.call_from_thread(self.notify, message, title="Import")
        self.call_from_thread(self._books_loaded)
        self.books.warm_up()

    @on(FlankPicker.UseInCombat)
    def action_flank_to_combat(self) -> None:
        """Carry the flank calculator's final modifier into the combat calculator."""
        flank = self.query_one("#pane-flank", CalcPane)
        if flank.output is None:
            self.notify("The flank calculator has no result yet.", severity="warning")
            return
        bonus = int(flank.output.final_bonus)
        self.query_one("#pane-combat", CalcPane).preset("flank_bonus", str(bonus))
        self.action_show_calc("combat")
        self.notify(f"Flank modifier {bonus:+d} carried to the combat calculator.")

    # -- calculators feed the charts --------------------------------------------------

    def remember_calculation(self, name: str, out: Any) -> None:
        self.query_one(ChartsPane).remember(name, out.model_dump(mode="json"))

    # -- command palette --------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        yield SystemCommand(
            "Search", "Search the rules (F2)", partial(self.action_show_tab, "search")
        )
        yield SystemCommand(
            "Rule browser",
            "Contents and the open rule (F3)",
            partial(self.action_show_tab, "rules"),
        )
        yield SystemCommand("Charts", "Every table (F5)", partial(self.action_show_tab, "charts"))
        yield SystemCommand(
            "Game: watch and play",
            "The game screen: watch the engine play a scenario, step, play a side (F6)",
            partial(self.action_show_tab, "game"),
        )
        for pane in CALC_PANES:
            yield SystemCommand(
                f"Calculator: {pane.TITLE}",
                f"The {pane.NAME} calculator",
                partial(self.action_show_calc, pane.NAME),
            )
        yield SystemCommand(
            "Flank result into combat",
            "Carry the flank modifier to the combat calculator (c on the hex picture)",
            self.action_flank_to_combat,
        )
        yield SystemCommand("Help: keys", "Every key (F1)", self.action_help)
        yield SystemCommand("Bookmarks", "Saved rules (ctrl+b)", self.action_bookmarks)
        yield SystemCommand(
            "Import a rulebook", "From a file path (ctrl+o)", self.action_import_book
        )
        for action, title, help_text in (
            ("back", "Rule: back", "Back in history (alt+left)"),
            ("forward", "Rule: forward", "Forward in history (alt+right)"),
            ("previous", "Rule: previous", "The previous rule (p)"),
            ("next", "Rule: next", "The next rule (n)"),
            ("parent", "Rule: parent", "Up to the parent rule (u)"),
            ("bookmark", "Rule: bookmark", "Bookmark the open rule (m)"),
            ("find", "Rule: find", "Find in the open rule (ctrl+f)"),
        ):
            yield SystemCommand(title, help_text, partial(self.action_rules, action))
