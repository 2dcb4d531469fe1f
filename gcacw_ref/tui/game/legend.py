"""The game map's legend: every mark, glyph and colour, with colour samples drawn from
the map's own constants (so the legend cannot drift from the map)."""

from __future__ import annotations

from rich.text import Text

from gcacw_ref.i18n import N_, _
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.mapstyle import (
    CHOICE_BG,
    COMMAND_BG,
    EVENT_BG,
    OVERLAY_FG,
    REACH_BG,
    SIDE_FG,
    TERRAIN_BG,
    ZOC_BG,
    ZOC_LIMITED_BG,
)
from gcacw_ref.tui.touchkit import touch_mode

LEGEND = (
    (N_("Hex line 1"), N_("hex id, road mark, river mark, feature")),
    (N_("Road marks"), N_("# railroad  = pike  - road  . trail")),
    (N_("River marks"), N_("~ river or creek on a hexside, b with a crossing")),
    (N_("Features"), N_("* VP hex  S station  v village  E earthworks  L landing")),
    (
        N_("Hex line 2"),
        N_("units: * leader, I/C/A one unit's kind or 3: a stack of three, strength"),
    ),
    (
        N_("Unit marks"),
        N_("x demoralized  d disorganized  e entrenched  a abatis  f1-f4 fatigue (as room allows)"),
    ),
    (N_("Overlays"), N_("z ZOC of each side  c command radius  r reachable hexes with MP")),
    (
        N_("Compact map"),
        N_(
            "a line a hex, column numbers on top, row numbers at the left; even columns "
            "are drawn level with the odd ones (on the board they sit half a hex lower)"
        ),
    ),
    (
        N_("Compact hexes"),
        N_(
            "I14 one unit's kind and strength, 218 a stack of 2 (the count on the side's "
            "colour) of strength 18, underlined with a leader; empty hexes: road, river, "
            "feature marks, or the MP to reach"
        ),
    ),
    (
        N_("Narrow hexes"),
        N_(
            "where 3 characters a hex do not fit the pane, 2 or 1: I7 one unit's kind and "
            "strength, 2+ a stack of 2 of strength 10 or more (halves dropped), at 1 only "
            "the kind or the count, either on the side's colour so that units in "
            "neighbouring hexes stand apart; empty hexes: feature, road, river marks as room "
            "allows; "
            "column numbers on two lines, the tens over the ones; the hex panel names the "
            "cursor's hex"
        ),
    ),
    (
        N_("Keys"),
        N_(
            "enter choose  R the rule  Tab map/choices/log  m compact map  "
            "why not? in the hex panel"
        ),
    ),
)
TOUCH_LINES = {
    "Overlays": (
        N_("Overlays"),
        N_("ZOC: each side's ZOC  command: the command radius  reach: hexes with the MP"),
    ),
    "Keys": (
        N_("Taps"),
        N_(
            "a choice decides  rule: the rule  map: compact map  a hex: why not? in the hex "
            "panel  a swipe pans the map"
        ),
    ),
}
"""On a touch screen, the lines that name keys told by the touch bar's words
(`tui/touch.py`)."""


def _swatches(out: Text, title: str, items: list[tuple[str, str, str]]) -> None:
    """One legend line of colour samples: (background, text colour, name)."""
    out.append(_(title) + ": ", style="bold")
    for bg, fg, name in items:
        out.append(f" {name} ", style=f"{fg} on {bg}")
        out.append(" ")
    out.append("\n")


def legend() -> Text:
    """Every mark, glyph and colour of the map, with colour samples."""
    out = Text()
    for title, text in LEGEND:
        if touch_mode():
            title, text = TOUCH_LINES.get(title, (title, text))
        out.append(_(title) + ": ", style="bold")
        out.append(_(text) + "\n")
    terrain = [(bg, "#ffffff", _(D.TERRAIN.get(str(t), str(t)))) for t, bg in TERRAIN_BG.items()]
    _swatches(out, N_("Terrain"), terrain)
    _swatches(
        out,
        N_("Units"),
        [("#303030", fg, D.side_name(side)) for side, fg in SIDE_FG.items()],
    )
    overlays = [
        (ZOC_BG["union"], OVERLAY_FG[ZOC_BG["union"]], _("Union ZOC")),
        (ZOC_LIMITED_BG["union"], "#000000", _("limited")),
        (ZOC_BG["confederate"], "#ffffff", _("Confederate ZOC")),
        (ZOC_LIMITED_BG["confederate"], "#000000", _("limited")),
        (COMMAND_BG, "#000000", _("command radius")),
        (REACH_BG, "#000000", _("reachable")),
    ]
    _swatches(out, N_("Overlay colours"), overlays)
    marks = [
        (CHOICE_BG, "#000000", _("your choices")),
        (EVENT_BG, "#ffffff", _("the event / the acting unit")),
        ("#ffd75f", "#000000", _("cursor")),
    ]
    _swatches(out, N_("Highlights"), marks)
    return out
