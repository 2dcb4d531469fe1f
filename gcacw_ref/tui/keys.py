"""Every key the app answers to, in one list: the help screen is built from it; and the
app's own bindings, whose shown ones make the key reminder line (`tabs.hints`)."""

from __future__ import annotations

import re

from textual.app import App
from textual.binding import Binding, BindingType

from gcacw_ref.i18n import N_

# The app's keys; each shown one is in the reminder line with its description (a message
# id, translated there), in this order. The screen keys are priority: the screen switches
# before the keys typed after them in the same burst are handed out (else they land in the
# screen left behind).
APP_KEYS: list[Binding] = [
    Binding("f1", "help", N_("help")),
    Binding("question_mark", "help", N_("help"), show=False),
    Binding("f2", "show_tab('search')", N_("search"), priority=True),
    Binding("slash", "show_tab('search')", N_("search"), show=False),
    Binding("f3", "show_tab('rules')", N_("rules"), priority=True),
    Binding("f4", "calculators", N_("calc"), priority=True),
    Binding("f5", "show_tab('charts')", N_("charts"), priority=True),
    Binding("f6", "show_tab('game')", N_("game"), priority=True),
    Binding("f10", "show_tab('board')", N_("board"), priority=True),
    Binding("f7", "quick_reference", N_("Quick reference"), show=False),
    Binding("escape", "return_to_game", show=False, priority=True),
    Binding("ctrl+b", "bookmarks", N_("Bookmarks"), show=False),
    Binding("ctrl+o", "import_book", N_("Import"), show=False),
    Binding("f8", "switch_language", N_("日本語")),  # the other language's name
    Binding(App.COMMAND_PALETTE_BINDING, "command_palette", N_("palette")),
    Binding("ctrl+q", "quit", N_("quit"), priority=True),
]
APP_BINDINGS: list[BindingType] = [*APP_KEYS]  # the app's `BINDINGS`


def key_label(binding: Binding) -> str:
    """How the reminder line writes a binding's key: "F2", "^q"."""
    key = binding.key.split(",")[0]
    if key.startswith("ctrl+"):
        return "^" + key.removeprefix("ctrl+")
    return key.upper() if re.fullmatch(r"f\d+", key) else key


def tab_of(action: str) -> str | None:
    """The main screen an app action shows (`show_tab('x')`; F4's `calculators`: calc)."""
    if action == "calculators":
        return "calc"
    found = re.fullmatch(r"show_tab\('(\w+)'\)", action)
    return found.group(1) if found else None


SHOWN_KEYS = [(key_label(b), b.description) for b in APP_KEYS if b.show]
"""The reminder line's global keys: (key, message id)."""


def labels_of(*actions: str) -> tuple[str, ...]:
    """The reminder line's labels of the shown keys bound to `actions` ("help" -> "F1")."""
    return tuple(key_label(b) for b in APP_KEYS if b.show and b.action in actions)


TAB_KEYS = {tab: key_label(b) for b in APP_KEYS if b.show and (tab := tab_of(b.action))}
"""Each main screen's key ("search": "F2"), from its binding."""

# (where, keys, what it does); all three are message ids, translated when shown (a key
# name is its own msgid: only the words among the keys, "typing", need a translation)
KEYS: list[tuple[str, str, str]] = [
    (N_("Anywhere"), "F1  ?", N_("This help (? only when not typing)")),
    (N_("Anywhere"), "ctrl+p", N_("Command palette: every screen and action by name")),
    (N_("Anywhere"), "ctrl+q", N_("Quit")),
    (N_("Anywhere"), "F2  /", N_("Search (/ only when not typing)")),
    (N_("Anywhere"), "F3", N_("Rule browser")),
    (N_("Anywhere"), "F4", N_("Calculators (press again for the next calculator)")),
    (N_("Anywhere"), "F5", N_("Charts")),
    (N_("Anywhere"), "F6", N_("Game: watch the engine play, step, play a side")),
    (N_("Anywhere"), "F7", N_("Quick reference: sequence of play, actions, combat, retreat")),
    (N_("Anywhere"), "F10", N_("Board: put your own position to the rules engine")),
    (N_("Anywhere"), "F8", N_("Switch the language: Japanese / English (kept for next time)")),
    (N_("Anywhere"), "ctrl+b", N_("Bookmarks")),
    (N_("Anywhere"), "ctrl+o", N_("Import a rulebook from a path")),
    (N_("Anywhere"), "tab  shift+tab", N_("Move between fields and panes")),
    (
        N_("Search"),
        N_("typing"),
        N_("Results update as you type (Japanese, English, rule numbers)"),
    ),
    (N_("Search"), "enter", N_("Open the highlighted result (or jump to a typed rule number)")),
    (N_("Search"), "down  up", N_("Move through the results")),
    (N_("Search"), N_("tab, then left  right"), N_("Search all books or one book")),
    (N_("Search"), "escape", N_("Stop preparing a big book (the next question goes on)")),
    (N_("Rules"), "alt+left  ,", N_("Back in history")),
    (N_("Rules"), "alt+right  .", N_("Forward in history")),
    (N_("Rules"), "p  n", N_("Previous / next rule")),
    (N_("Rules"), "u", N_("Up to the parent rule")),
    (N_("Rules"), "m", N_("Bookmark this rule (again to remove)")),
    (N_("Rules"), "ctrl+f", N_("Find in this rule; enter = next match, escape = close")),
    (N_("Rules"), "t", N_("Table of contents")),
    (N_("Rules"), "l", N_("Links: rules this one cites and its named parts (enter opens)")),
    (N_("Rules"), "r", N_("Register notes: conflicts and gaps touching this rule")),
    (
        N_("Calculators"),
        "tab  shift+tab",
        N_(
            "Next / previous field, always in the order of `calc NAME --help`; results "
            "update as you type"
        ),
    ),
    (N_("Calculators"), "ctrl+l", N_("Clear the form (blank fields, choices at the rule default)")),
    (N_("Calculators"), "ctrl+g", N_("Load the rulebook's example (said so above the answer)")),
    (N_("Calculators"), "F9", N_("To the breakdown from any field; again: back to the field")),
    (
        N_("Calculators"),
        N_("enter on a line"),
        N_("Open the rule the line applied, at its part; , (back) returns to the field"),
    ),
    (
        N_("Calculators"),
        "ctrl+f",
        N_("Search the rules beside the calculator (140 columns or more)"),
    ),
    (
        N_("Calculators"),
        "left  right  space",
        N_("Change a choice (‹ … ›); a letter jumps to a choice"),
    ),
    (N_("Hex picture"), "1-6  left  right", N_("Choose a neighbouring hex")),
    (
        N_("Flank"),
        "a z i r o d w",
        N_("Toggle attacker, ZOC, impassable, river, off-map, defender, woods"),
    ),
    (N_("Flank"), "c", N_("Use the flank modifier in the combat calculator")),
    (
        N_("Retreat"),
        "x e u z r f a c",
        N_(
            "Toggle prohibited, active enemy, enemy units, enemy ZOC, road, friendly, farther, closer"  # noqa: E501
        ),
    ),
    (N_("Retreat"), "enter", N_("Retreat into the chosen hex (next hex of the retreat)")),
    (
        N_("Charts"),
        "up  down",
        N_("Choose a table; cells the last calculation used are highlighted"),
    ),
    (
        N_("Game"),
        "right  left",
        N_("One event forward / back (at the end: the bot plays, or you choose)"),
    ),
    (N_("Game"), ".  ,  >  <", N_("One action / one turn forward and back")),
    (
        N_("Game"),
        "home  end  g",
        N_("The set-up, the latest event, the event under the log cursor"),
    ),
    (N_("Game"), "space  +  -", N_("Autoplay on/off, faster, slower")),
    (N_("Game"), "tab  shift+tab", N_("Map, choices, log in turn (never leaves the game)")),
    (N_("Game"), "enter", N_("Make the highlighted choice")),
    (N_("Game"), "[  ]", N_("Scroll the detail under the log up / down (a long attack)")),
    (N_("Game"), "w a s d  enter", N_("Move the map cursor; choose that hex, or see why not")),
    (
        N_("Game"),
        "R",
        N_("The rule of the highlighted choice, the event, or the hex's why not"),
    ),
    (N_("Game"), "z  c  r  x  l", N_("ZOC, command radius, reachable hexes, clear; the legend")),
    (N_("Game"), "m", N_("Compact map: the whole map at once, a line a hex (again: full hexes)")),
    (N_("Game"), "u  t", N_("Undo the last decision; dice typed from the table")),
    (N_("Game"), "n  o  ctrl+s", N_("New game, open a save, save")),
    (N_("Game"), "enter on the log, escape", N_("Open the event's rule; back to the game")),
    (N_("Game"), "b", N_("Argue about this: the position shown, as a board (F10)")),
    (N_("Board"), "arrows  w a s d", N_("Walk the hex cursor")),
    (N_("Board"), "t  T", N_("Next / previous terrain of the hex")),
    (N_("Board"), "1-6  f  h", N_("Point at a hexside; choose a feature; put it on or off")),
    (N_("Board"), "u  c  x", N_("Place a Union / Confederate unit; remove the unit")),
    (N_("Board"), "+  -  k", N_("Strength up / down; infantry, cavalry, artillery")),
    (N_("Board"), "F  D  M  E", N_("Fatigue, disorganized, demoralized, entrenchment")),
    (N_("Board"), "L  A  space", N_("Leader with the unit; the active unit; select an attacker")),
    (
        N_("Board"),
        "m  b  r  R  o",
        N_("Move, attack the cursor hex, retreat, rout, command range: the answer on the right"),
    ),
    (N_("Board"), "B", N_("The attack type b asks: assault, normal, hasty, prepared")),
    (N_("Board"), N_("enter on a line"), N_("Open the rule the answer's line cites")),
    (N_("Board"), "S  O  P  N", N_("Save, open (the path below), a built-in map patch, new")),
    (N_("Dialogs"), "escape", N_("Close")),
]
