"""Touch: the bottom bar as buttons, for a phone or a tablet (`gcacw-ref serve`).

When the app runs under `gcacw-ref serve` (`GCACW_REF_TOUCH=1`), the key reminder at the
bottom becomes a row of words to tap: help, the command menu, the language, and the main
keys of the screen on show (back and forward in a rule, the breakdown of a calculator, a step
of the game). Each runs the same action its key runs, on the widget of that screen that has
it, so nothing needs an F-key or a physical keyboard.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual.app import App
from textual.content import Content
from textual.css.query import NoMatches
from textual.markup import escape

from gcacw_ref.i18n import N_, _
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.ruleside import WIDE, RuleSide

if TYPE_CHECKING:
    from gcacw_ref.rules.explain import Step

ENV_VAR = "GCACW_REF_TOUCH"
PHONE = 64
"""Below this many columns (a phone held upright) the screens stack their parts."""

# (label, action): an action without "app." runs on the screen's widget that has it
COMMON = [
    (N_("? help"), "app.help"),
    (N_("≡ menu"), "app.command_palette"),
    (N_("日本語/EN"), "app.switch_language"),
]
BY_TAB: dict[str, list[tuple[str, str]]] = {
    "search": [(N_("marks"), "app.bookmarks")],
    "rules": [
        (N_("◀ back"), "back"),
        (N_("forward ▶"), "forward"),
        (N_("contents"), "app.toggle_contents"),
        (N_("‹ prev"), "previous"),
        (N_("next ›"), "next"),
        (N_("mark"), "bookmark"),
        (N_("find"), "find"),
    ],
    "calc": [(N_("breakdown"), "breakdown"), (N_("next calculator"), "app.calculators")],
    "charts": [],
    "game": [
        (N_("◀"), "step(-1)"),
        (N_("▶"), "step(1)"),
        (N_("◀ turn"), "turn_step(-1)"),
        (N_("turn ▶"), "turn_step(1)"),
        (N_("auto"), "autoplay"),
        (N_("legend"), "legend"),
        (N_("new"), "new_game"),
    ],
}


def touch_mode() -> bool:
    """True when the app is served to a browser (the server sets `GCACW_REF_TOUCH=1`)."""
    return os.environ.get(ENV_VAR) == "1"


def touch_bar(tab: str, width: int = 0) -> Content:
    """The bottom bar as words to tap for screen `tab`, in lines of at most `width` cells
    (0: one line), an item never split."""
    markup, used = "", 0
    for label, action in [*COMMON, *BY_TAB.get(tab, [])]:
        text = _(label)
        cells = cell_len(text) + 2
        if used and width and used + cells > width:
            markup, used = markup + "\n", 0
        target = action if action.startswith("app.") else f"app.touch({tab!r}, {action!r})"
        markup += f" [@click={target}][b]{escape(text)}[/b][/] "
        used += cells
    return Content.from_markup(markup)


async def run_on_screen(app: App[Any], tab: str, action: str) -> None:
    """Run `action` on the first widget shown in tab `tab` that has it (the pane on show:
    of the calculators, the one whose tab is open)."""
    name = action.split("(", 1)[0]
    try:
        pane = app.query_one(f"#{tab}")
    except NoMatches:
        return
    for widget in [pane, *pane.query("*")]:
        if hasattr(widget, f"action_{name}") and widget.region.width:
            await app.run_action(action, widget)
            return


def open_side_panel(app: App[Any], step: Step | None) -> bool:
    """Touch, on a screen too narrow for the rule beside the calculator: a tapped breakdown
    line opens its rule in a panel over the calculator. False: no panel (open the browser)."""
    if not touch_mode() or app.size.width >= WIDE or step is None:
        return False
    for pane in app.query(CalcPane):
        if pane.is_shown():
            for side in pane.query(RuleSide):
                side.add_class("-open")
                side.show_step(step)
                return True
    return False


def close_side_panels(app: App[Any]) -> None:
    for side in app.query(RuleSide):
        side.remove_class("-open")
