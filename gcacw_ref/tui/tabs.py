"""The main screens: their tabs' titles and keys, the calculators' order, and the key
reminder line at the bottom."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from gcacw_ref.i18n import N_, _
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.combat import CombatPane
from gcacw_ref.tui.calcs.move import MovePane
from gcacw_ref.tui.calcs.simple import ArtilleryPane, MarchPane, OddsPane
from gcacw_ref.tui.calcs.sixhex import FlankPane, RetreatPane
from gcacw_ref.tui.keys import SHOWN_KEYS, TAB_KEYS, labels_of
from gcacw_ref.tui.touch import touch_mode

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
    "board": N_("Board"),
}
TOUCH_TABS = {"calc": N_("Calc")}  # touch: no keys shown, and "Calculators" is long
NARROW = 100  # below this many columns the layout tightens


HINTS = {
    "search": N_("type to search · ↓ results · enter opens"),
    "rules": N_(", back · . forward · p/n prev/next · u up · m mark · ^f find · l links · r notes"),
    "calc": N_("tab field · F9 breakdown · enter opens its rule · F4 next"),
    "charts": N_("↑↓ choose a table · tab to the table"),
    "game": N_(
        "→← event · [] detail · ., action · <> turn · space autoplay · z/c/r overlays · "
        "m compact · l legend"
    ),
    "board": N_(
        "wasd walk · t terrain · 1-6 side · h hexside · u/c unit · +- strength · space select · "
        "m move · b attack · r retreat · o command · S/O save/open"
    ),
}


def hints(tab: str, width: int = 0) -> Text:
    """The one-line key reminder at the bottom for screen `tab`, `width` cells wide (0:
    any). When the global keys and the screen's own do not all fit, the screen's keys win:
    help and the palette stay, then the language and quit as the room allows, then the
    screens' keys if all of them fit (each is on its tab too), in their usual order."""
    full = _full_hints(tab)
    if not width or (width >= NARROW and full.cell_len <= width):
        return full
    chosen = {key for key, _what in SHOWN_KEYS if key in ESSENTIAL}
    screens = {key for key, _what in SHOWN_KEYS if key not in ESSENTIAL + SECOND}
    for more in [{key} for key in SECOND] + [screens]:
        if _short_hints(tab, chosen | more).cell_len <= width:
            chosen |= more
    return _short_hints(tab, chosen)


ESSENTIAL = labels_of("help", "command_palette")  # every other key is found from them
SECOND = labels_of("switch_language", "quit")  # before the screens' keys


def _short_hints(tab: str, keys: set[str]) -> Text:
    """The global keys in `keys` (in their usual order), then the screen's own."""
    line = Text()
    for i, (key, what) in enumerate((k, w) for k, w in SHOWN_KEYS if k in keys):
        line.append("  " if i else "")
        line.append(key if i else " " + key, style="bold")
        line.append(" " + _(what))
    line.append(" │ ")
    line.append(_(HINTS.get(tab, "")), style="dim")
    return line


def _full_hints(tab: str) -> Text:
    """Every global key, then the screen's own."""
    line = Text()
    for key, what in SHOWN_KEYS:
        line.append(f" {key}", style="bold")
        line.append(f" {_(what)} ")
    line.append(" │ ", style="dim")
    line.append(_(HINTS.get(tab, "")), style="dim")
    return line


def tab_title(tab_id: str) -> str:
    """A main tab's title with its key, in the current language (e.g. "Search F2"); for
    touch, the name alone, short enough for the five to fit a phone's width."""
    if touch_mode():
        return _(TOUCH_TABS.get(tab_id, TABS[tab_id]))
    return f"{_(TABS[tab_id])} {TAB_KEYS[tab_id]}"
