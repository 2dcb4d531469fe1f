"""`RuleActions`, a part of the app: opening a rule (from a pane, a breakdown line, a
bookmark or the quick reference), help, and escape back to where the rule was asked from."""

from __future__ import annotations

from textual import on
from textual.actions import SkipAction
from textual.widgets import TabbedContent

from gcacw_ref.i18n import _
from gcacw_ref.tui.bookmarks import Bookmarks
from gcacw_ref.tui.books import Books
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.messages import OpenRule
from gcacw_ref.tui.navigate import Navigation
from gcacw_ref.tui.quickref import QuickRefScreen
from gcacw_ref.tui.ruleside import part_ids, step_part
from gcacw_ref.tui.screens import BookmarksScreen, HelpScreen
from gcacw_ref.tui.touch import open_side_panel
from gcacw_ref.tui.touchkit import hint
from gcacw_ref.tui.widgets import StepsTable


class RuleActions(Navigation):
    """The keys and messages that open a rule, and the way back from it."""

    books: Books
    bookmarks: Bookmarks
    player_game: str
    game_return: bool  # a rule opened from the game log: escape goes back
    quickref_place: int | None  # the line the quick reference was left on

    def action_open_rule(
        self, number: str, book: str | None = None, anchor: str | None = None
    ) -> None:
        """Open rule `number` in the browser (the default book when none is given)."""
        if not self.books.ready or not self.books.infos:
            self.notify(
                hint(
                    _("Import a rulebook to read rule {number} (ctrl+o)."),
                    _("Import a rulebook to read rule {number} (≡ menu)."),
                ).format(number=number),
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
