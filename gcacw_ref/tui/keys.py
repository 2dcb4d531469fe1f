"""Every key the app answers to, in one list: the help screen is built from it."""

from __future__ import annotations

from gcacw_ref.i18n import N_

# (where, keys, what it does); the texts are translated where shown
KEYS: list[tuple[str, str, str]] = [
    ("Anywhere", "F1  ?", "This help (? only when not typing)"),
    ("Anywhere", "ctrl+p", "Command palette: every screen and action by name"),
    ("Anywhere", "ctrl+q", "Quit"),
    ("Anywhere", "F2  /", "Search (/ only when not typing)"),
    ("Anywhere", "F3", "Rule browser"),
    ("Anywhere", "F4", "Calculators (press again for the next calculator)"),
    ("Anywhere", "F5", "Charts"),
    ("Anywhere", "F7", N_("Quick reference: sequence of play, actions, combat, retreat")),
    ("Anywhere", "ctrl+b", "Bookmarks"),
    ("Anywhere", "ctrl+o", "Import a rulebook from a path"),
    ("Anywhere", "tab  shift+tab", "Move between fields and panes"),
    ("Search", "typing", "Results update as you type (Japanese, English, rule numbers)"),
    ("Search", "enter", "Open the highlighted result (or jump to a typed rule number)"),
    ("Search", "down  up", "Move through the results"),
    ("Search", "tab, then left  right", "Search all books or one book"),
    ("Rules", "alt+left  ,", "Back in history"),
    ("Rules", "alt+right  .", "Forward in history"),
    ("Rules", "p  n", "Previous / next rule"),
    ("Rules", "u", "Up to the parent rule"),
    ("Rules", "m", "Bookmark this rule (again to remove)"),
    ("Rules", "ctrl+f", "Find in this rule; enter = next match, escape = close"),
    ("Rules", "t", "Table of contents"),
    ("Rules", "l", "Links: rules this one cites and its named parts (enter opens)"),
    ("Rules", "r", "Register notes: conflicts and gaps touching this rule"),
    ("Calculators", "tab  shift+tab", "Next / previous field; results update as you type"),
    ("Calculators", "left  right  space", "Change a choice (‹ … ›); a letter jumps to a choice"),
    ("Calculators", "F9", N_("To the breakdown from any field; again: back to the field")),
    (
        "Calculators",
        "enter on a line",
        N_("Open the rule the line applied, at its part; , (back) returns to the field"),
    ),
    ("Calculators", "ctrl+f", N_("Search the rules beside the calculator (140 columns or more)")),
    ("Hex picture", "1-6  left  right", "Choose a neighbouring hex"),
    ("Flank", "a z i r o d w", "Toggle attacker, ZOC, impassable, river, off-map, defender, woods"),
    ("Flank", "c", "Use the flank modifier in the combat calculator"),
    (
        "Retreat",
        "x e u z r f a c",
        "Toggle prohibited, active enemy, enemy units, enemy ZOC, road, friendly, farther, closer",
    ),
    ("Retreat", "enter", "Retreat into the chosen hex (next hex of the retreat)"),
    ("Charts", "up  down", "Choose a table; cells the last calculation used are highlighted"),
    ("Dialogs", "escape", "Close"),
]
