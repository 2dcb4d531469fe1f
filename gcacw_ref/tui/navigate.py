"""`Navigation`, a part of the app: moving between the main screens and between the
calculators, the focus a screen takes on arrival, and the key reminder line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import App
from textual.css.query import NoMatches
from textual.errors import NoWidget
from textual.events import DescendantBlur, DescendantFocus, MouseDown, Resize
from textual.widget import Widget
from textual.widgets import Input, Static, TabbedContent, TabPane, TextArea

from gcacw_ref.i18n import _
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.charts_pane import ChartsPane
from gcacw_ref.tui.messages import ShowTab
from gcacw_ref.tui.ruleside import WIDE
from gcacw_ref.tui.services import Services
from gcacw_ref.tui.tabs import CALC_PANES, NARROW, TABS, hints
from gcacw_ref.tui.touch import (
    PHONE,
    calc_picker,
    close_side_panels,
    run_on_screen,
    touch_bar,
    touch_mode,
)
from gcacw_ref.tui.touchkit import NO_TEXT_FIELD, TEXT_FIELD

if TYPE_CHECKING:  # the game screen's modules load the engine: imported when first shown
    from gcacw_ref.tui.game.dialogs import GameOptions


class Navigation(App[int]):
    """The screen keys (F2-F6, F4 again: the next calculator) and what they lead to."""

    services: Services  # handed to the game pane when it is first shown
    game_options: GameOptions | None  # `gcacw-ref game`: the game screen opens with these
    quickref_return: bool  # a rule opened from the quick reference: escape goes back
    touch_pages: dict[str, int]  # the touch bar's page shown, by screen
    text_field_said: bool | None = None  # what the page was last told of the focus
    tapped: Widget | None = None  # touch: the widget under the last finger (or click)

    def header_line(self) -> str:
        """The header's second part (`Preferences` writes it)."""
        return self.sub_title

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < NARROW, "narrow")
        self.set_class(event.size.width < PHONE, "phone")
        self.set_class(touch_mode(), "touch")
        self.set_class(event.size.width >= WIDE, "wide")
        self._show_hints()
        self.text_field_said = None  # a new page (or one come back) knows nothing yet
        self._tell_page(self._typing(self.focused))

    def _show_hints(self) -> None:
        try:
            tab = self.query_one("#tabs", TabbedContent).active
            width = self.size.width
            page = self.touch_pages.get(tab, 0)
            bar = touch_bar(tab, width, page) if touch_mode() else hints(tab, width)
            self.query_one("#hints", Static).update(bar)
        except NoMatches:
            pass
        self._show_calc_picker()

    def _show_calc_picker(self) -> None:
        """Touch: every calculator as a word to tap (shown on a phone, in place of the tab
        strip, whose last tabs would be past the screen's edge)."""
        pickers = self.query("#calc-picker")
        if touch_mode() and pickers:
            active = self.query_one("#calc-tabs", TabbedContent).active.removeprefix("calc-")
            titles = [(p.NAME, _(p.title())) for p in CALC_PANES]
            pickers.first(Static).update(calc_picker(titles, active, self.size.width))

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
        self.sub_title = self.header_line()  # the game screen names the game it plays
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
        elif tab == "board":
            self.query_one("#board-grid").focus()
        elif tab == "rules":
            rules = self.query_one(RulesPane)
            toc = self.query_one("#toc")  # hidden on a phone until asked for
            shown = rules.view is not None or not toc.display
            self.query_one("#rule-body" if shown else "#toc").focus()

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
        self._show_calc_picker()

    @on(TabbedContent.TabActivated)
    def _tab_activated(self, event: TabbedContent.TabActivated) -> None:
        pane_id = event.pane.id or ""
        if pane_id in TABS:
            self._after_switch(pane_id)
        elif (
            pane_id.startswith("calc-") and self.query_one("#tabs", TabbedContent).active == "calc"
        ):
            self._start_calc(pane_id)

    @on(ShowTab)
    def _show_asked(self, event: ShowTab) -> None:
        self.action_show_tab(event.tab)

    # -- touch ------------------------------------------------------------------------

    async def action_touch(self, tab: str, action: str) -> None:
        """A tap on the touch bar: `action` on the widget of screen `tab` that has it."""
        await run_on_screen(self, tab, action)

    def action_touch_more(self) -> None:
        """The touch bar's next page of words for the screen shown."""
        tab = self.query_one("#tabs", TabbedContent).active
        self.touch_pages[tab] = self.touch_pages.get(tab, 0) + 1
        self._show_hints()

    def on_screen_action(self, tab: str, action: str) -> None:
        """From the command palette: screen `tab` shown, then its `action` run there."""
        self.action_show_tab(tab)
        self.call_after_refresh(self.run_action, f"touch({tab!r}, {action!r})")

    def on_mouse_down(self, event: MouseDown) -> None:
        """Touch: a finger on a text field asks for the keyboard (focused already or not);
        a finger anywhere else puts it away. (The press reaches the app after the focus it
        moved: each widget hands it on once it is done.)"""
        try:
            self.tapped = self.screen.get_widget_at(event.screen_x, event.screen_y)[0]
        except NoWidget:
            self.tapped = None
        self._tell_page(self._typing(self.tapped))

    def _typing(self, widget: Widget | None) -> bool:
        """Whether the keyboard is for `widget`: a text field, and on a touch screen one the
        player tapped (a dialog or a screen that puts the cursor in its field by itself
        brings up no keyboard until the field is tapped)."""
        text_field = isinstance(widget, (Input, TextArea))
        return text_field and (widget is self.tapped or not touch_mode())

    @on(DescendantFocus)
    def _focus_told(self, event: DescendantFocus) -> None:
        self._tell_page(self._typing(event.widget))

    @on(DescendantBlur)
    def _blur_told(self) -> None:
        self._tell_page(False)

    def _tell_page(self, text_field: bool) -> None:
        """Touch: tell the browser page whether a text field has the focus (its on-screen
        keyboard comes up only then)."""
        driver = self._driver
        if touch_mode() and driver is not None and text_field != self.text_field_said:
            self.text_field_said = text_field
            driver.write(TEXT_FIELD if text_field else NO_TEXT_FIELD)

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
