"""Touch: the bottom bar as buttons, for a phone or a tablet (`gcacw-ref serve`).

When the app runs under `gcacw-ref serve` (`GCACW_REF_TOUCH=1`), the key reminder at the
bottom becomes a row of words to tap: help, the command menu, the language, and the main
keys of the screen on show (back and forward in a rule, the breakdown of a calculator, a step
of the game). Each runs the same action its key runs, on the widget of that screen that has
it, so nothing needs an F-key or a physical keyboard.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from textual.app import App
from textual.content import Content
from textual.css.query import NoMatches
from textual.markup import escape

from gcacw_ref.i18n import N_, _
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.ruleside import WIDE, RuleSide
from gcacw_ref.tui.touchkit import ENV_VAR, touch_mode

if TYPE_CHECKING:
    from gcacw_ref.rules.explain import Step

__all__ = ["ENV_VAR", "PHONE", "calc_picker", "touch_bar", "touch_mode"]

PHONE = 64
"""Below this many columns (a phone held upright) the screens stack their parts."""

# (label, action): an action without "app." runs on the screen's widget that has it
COMMON = [
    (N_("? help"), "app.help"),
    (N_("≡ menu"), "app.command_palette"),
    (N_("日本語/EN"), "app.switch_language"),
]
MORE = (N_("⋯ more"), "app.touch_more")
BY_TAB: dict[str, list[list[tuple[str, str]]]] = {  # each screen's pages of words
    "search": [[(N_("marks"), "app.bookmarks")]],
    "rules": [
        [
            (N_("◀ back"), "back"),
            (N_("forward ▶"), "forward"),
            (N_("contents"), "app.toggle_contents"),
            (N_("‹ prev"), "previous"),
            (N_("next ›"), "next"),
            (N_("mark"), "bookmark"),
            (N_("find"), "find"),
        ]
    ],
    "calc": [
        [
            (N_("breakdown"), "breakdown"),
            (N_("next calculator"), "app.calculators"),
            (N_("clear form"), "clear_form"),
            (N_("example"), "load_example"),
        ]
    ],
    "charts": [],
    "board": [
        [
            (N_("▲"), "walk(0, -1)"),
            (N_("▼"), "walk(0, 1)"),
            (N_("◀"), "walk(-1, 0)"),
            (N_("▶"), "walk(1, 0)"),
            (N_("terrain"), "do('terrain')"),
            (N_("Union"), "do('union')"),
            (N_("Confederate"), "do('confederate')"),
            (N_("+"), "do('stronger')"),
            (N_("-"), "do('weaker')"),
            (N_("select"), "do('select')"),
        ],
        [
            (N_("move"), "do('move')"),
            (N_("attack"), "do('attack')"),
            (N_("retreat"), "do('retreat')"),
            (N_("command"), "do('command')"),
            (N_("side ↻"), "point_next"),
            (N_("hexside"), "do('hexside')"),
            (N_("feature"), "do('feature')"),
            (N_("active"), "do('active')"),
        ],
        [
            (N_("save"), "do('save')"),
            (N_("open file"), "do('open')"),
            (N_("map patch"), "do('patch')"),
            (N_("new"), "do('new')"),
            (N_("remove"), "do('remove')"),
        ],
        [
            (N_("kind"), "do('kind')"),
            (N_("fatigue"), "do('fatigue')"),
            (N_("disorganized"), "do('disorganized')"),
            (N_("demoralized"), "do('demoralized')"),
            (N_("entrenchment"), "do('entrenchment')"),
            (N_("leader"), "do('leader')"),
            (N_("command rating"), "do('command_rating')"),
            (N_("tactical rating"), "do('tactical_rating')"),
            (N_("attack type"), "do('attack_type')"),
            (N_("rout"), "do('rout')"),
        ],
    ],
    "game": [
        [
            (N_("◀"), "step(-1)"),
            (N_("▶"), "step(1)"),
            (N_("◀ turn"), "turn_step(-1)"),
            (N_("turn ▶"), "turn_step(1)"),
            (N_("auto"), "autoplay"),
            (N_("undo"), "undo"),
            (N_("dice"), "table_dice"),
        ],
        [
            (N_("map"), "map_compact"),
            (N_("ZOC"), "overlay_zoc"),
            (N_("command"), "overlay_command"),
            (N_("reach"), "overlay_reach"),
            (N_("✕ overlay"), "overlay_clear"),
            (N_("legend"), "legend"),
        ],
        [
            (N_("◀ action"), "action_step(-1)"),
            (N_("action ▶"), "action_step(1)"),
            (N_("new"), "new_game"),
            (N_("save"), "save"),
            (N_("open file"), "open"),
            (N_("rule"), "rule_here"),
        ],
    ],
}
PALETTE: list[tuple[str, str, str, str]] = [  # (screen, title, what it does, action)
    ("game", N_("Game: table dice"), N_("Type the dice rolled at the table (t)"), "table_dice"),
    ("game", N_("Game: undo"), N_("Take back the last decision (u)"), "undo"),
    ("game", N_("Game: compact map"), N_("The whole map, small, and back (m)"), "map_compact"),
    ("game", N_("Game: ZOC overlay"), N_("Zones of control on the map (z)"), "overlay_zoc"),
    (
        "game",
        N_("Game: command overlay"),
        N_("The command range of a leader (c)"),
        "overlay_command",
    ),
    ("game", N_("Game: reach overlay"), N_("Where a unit can move (r)"), "overlay_reach"),
    ("game", N_("Game: clear the overlay"), N_("No overlay on the map (x)"), "overlay_clear"),
    ("game", N_("Game: legend"), N_("What the map's marks mean (l)"), "legend"),
    ("game", N_("Game: autoplay"), N_("Play on by itself, or stop (space)"), "autoplay"),
    ("game", N_("Game: next event"), N_("One event forward (→)"), "step(1)"),
    ("game", N_("Game: previous event"), N_("One event back (←)"), "step(-1)"),
    ("game", N_("Game: next action"), N_("One action forward (.)"), "action_step(1)"),
    ("game", N_("Game: previous action"), N_("One action back (,)"), "action_step(-1)"),
    ("game", N_("Game: next turn"), N_("One turn forward (>)"), "turn_step(1)"),
    ("game", N_("Game: previous turn"), N_("One turn back (<)"), "turn_step(-1)"),
    ("game", N_("Game: to the start"), N_("The game's first position (home)"), "jump_start"),
    ("game", N_("Game: to the end"), N_("The latest position (end)"), "jump_end"),
    ("game", N_("Game: rule here"), N_("The rule of what is pointed at (R)"), "rule_here"),
    ("game", N_("Game: new game"), N_("Scenario, seed and players (n)"), "new_game"),
    ("game", N_("Game: save"), N_("Save the game to a file (ctrl+s)"), "save"),
    ("game", N_("Game: open"), N_("Open a saved game (o)"), "open"),
    ("calc", N_("Calculator: breakdown"), N_("To the breakdown and back (F9)"), "breakdown"),
]


def touch_bar(tab: str, width: int = 0, page: int = 0) -> Content:
    """The bottom bar as words to tap for screen `tab` (its page `page` of words, with a
    "more" word when it has several), in lines of at most `width` cells (0: one line), an
    item never split."""
    pages = BY_TAB.get(tab, [])
    items = [*COMMON, *(pages[page % len(pages)] if pages else [])]
    if len(pages) > 1:
        items.append(MORE)
    markup, used = "", 0
    for label, action in items:
        text = _(label)
        cells = cell_len(text) + 2
        if used and width and used + cells > width:
            markup, used = markup + "\n", 0
        target = action if action.startswith("app.") else f"app.touch({tab!r}, {action!r})"
        markup += f" [@click={target}][b]{escape(text)}[/b][/] "
        used += cells
    return Content.from_markup(markup)


def calc_picker(titles: list[tuple[str, str]], active: str, width: int) -> Content:
    """Touch, on a phone: every calculator, (name, title) in `titles`, as a word to tap
    (the one shown lit), in lines of at most `width` cells: the tab strip would hide the
    last ones past the screen's edge."""
    markup, used = "", 0
    for name, title in titles:
        cells = cell_len(title) + 2
        if used and used + cells > width:
            markup, used = markup + "\n", 0
        style = "reverse b" if name == active else "b u"
        markup += f" [@click=app.show_calc({name!r})][{style}]{escape(title)}[/][/] "
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
