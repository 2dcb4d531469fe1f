"""The game map's colours, styles, marks and unit labels, shared by its full and compact
drawings (and by the legend, which draws its samples from these same constants)."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from rich.style import Style

from gcacw_ref.game.play.api import Unit
from gcacw_ref.rules.terrain import HexsideFeature, Terrain

TERRAIN_BG = {
    Terrain.CLEAR: "#30362a",
    Terrain.ROLLING: "#474a2a",
    Terrain.ROUGH: "#5a4630",
    Terrain.PROVISIONAL_SWAMP: "#2c4a46",
    Terrain.WOODS: "#1d4a22",
    Terrain.CITY: "#5c5c5c",
    Terrain.SWAMP: "#1f3f48",
    Terrain.MOUNTAIN: "#6a4a3a",
    Terrain.WATER: "#1c2f78",
}
SIDE_FG = {"union": "#8fb8ff", "confederate": "#ff8f8f"}
# overlays: bright colours no terrain uses (terrain is dark olive, green, brown, grey,
# teal and navy), each drawn with black or white text so the hex id stays readable
ZOC_BG = {"union": "#4a6ee0", "confederate": "#d04848"}
ZOC_LIMITED_BG = {"union": "#8a9ad0", "confederate": "#d09090"}
COMMAND_BG = "#c8a000"
REACH_BG = "#c050a0"
CHOICE_BG = "#e07818"
EVENT_BG = "#8a2a8a"
OVERLAY_FG = {
    ZOC_BG["union"]: "#ffffff",
    ZOC_BG["confederate"]: "#ffffff",
    ZOC_LIMITED_BG["union"]: "#000000",
    ZOC_LIMITED_BG["confederate"]: "#000000",
    COMMAND_BG: "#000000",
    REACH_BG: "#000000",
    CHOICE_BG: "#000000",
    EVENT_BG: "#ffffff",
}
KIND_LETTERS = {"infantry": "I", "cavalry": "C", "artillery": "A"}
CURSOR_BG = "#ffd75f"
CURSOR_STYLE = Style(color="black", bgcolor=CURSOR_BG, bold=True)
ID_FG = "#a0a0a0"
Mark = tuple[str, str | None]  # a character and its colour
StaticCell = tuple[str, Mark, Mark, Mark]  # a hex's terrain colour, road, river, feature


@lru_cache(maxsize=512)
def style(
    fg: str | None,
    bg: str | None,
    bold: bool = False,
    underline: bool = False,
    reverse: bool = False,
) -> Style:
    return Style(color=fg, bgcolor=bg, bold=bold, underline=underline, reverse=reverse)


def cell_bg(terrain_bg: str, overlay: object, choice: object, lit: object) -> str:
    """A hex's background: the event (or acting unit) over a choice over an overlay over
    the terrain."""
    if lit:
        return EVENT_BG
    if choice:
        return CHOICE_BG
    return str(overlay) if overlay else terrain_bg


def unit_fg(side: str, bg: str) -> str | None:
    """The colour units of `side` are written in on background `bg`: the side's colour,
    darker (or white) on a bright overlay, where the side's colour would vanish."""
    if bg not in OVERLAY_FG:
        return SIDE_FG.get(side)
    if OVERLAY_FG[bg] == "#ffffff":
        return "#ffffff"
    return {"union": "#002a80", "confederate": "#7a0000"}.get(side)


def strength_text(value: Fraction) -> str:
    """A strength in ASCII: 7, 3.5."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


CELL_W = 7


def road_mark(sides: Iterable[frozenset[HexsideFeature]]) -> Mark:
    """The road-type mark of a hex: railroad `#`, pike `=`, road `-`, trail `.`."""
    found: set[HexsideFeature] = set()
    for side in sides:
        found |= side
    for feature, mark, fg in (
        (HexsideFeature.RAILROAD, "#", "#e0e0e0"),
        (HexsideFeature.PIKE, "=", "#ffd070"),
        (HexsideFeature.ROAD, "-", "#e0b060"),
        (HexsideFeature.TRAIL, ".", "#c0a080"),
    ):
        if feature in found:
            return mark, fg
    return " ", None


def river_mark(sides: Iterable[frozenset[HexsideFeature]]) -> Mark:
    """`~` on a river or creek hexside (major bright, minor blue, creek cyan); `b` when a
    crossing (bridge, ford, dam, ferry) spans one of them."""
    found: set[HexsideFeature] = set()
    for side in sides:
        found |= side
    crossing = found & {
        HexsideFeature.BRIDGE,
        HexsideFeature.FORD,
        HexsideFeature.DAM,
        HexsideFeature.FERRY,
    }
    for feature, fg in (
        (HexsideFeature.MAJOR_RIVER, "#60a0ff"),
        (HexsideFeature.MINOR_RIVER, "#80b0ff"),
        (HexsideFeature.CREEK, "#70e0e0"),
    ):
        if feature in found:
            return ("b" if crossing else "~"), fg
    return " ", None


def stack_label(units: list[Unit], leader: bool) -> str:
    """Line two of a hex with units, one character narrower than the hex (`CELL_W`) so
    it never runs into the next hex's id: leader `*`, the kind of a lone unit (I C A) or
    the number of units of a stack (`3:`), the total strength, then as many marks as
    fit, most telling first: `x` demoralized, `d` disorganized, `e` entrenched (abatis
    `a`), the highest fatigue (`f2`). The hex panel lists every unit in full."""
    room = CELL_W - 1
    kind = KIND_LETTERS.get(units[0].kind, "?") if len(units) == 1 else f"{len(units)}:"
    strength = strength_text(sum((Fraction(u.strength) for u in units), Fraction(0)))
    text = ("*" if leader else "") + kind + strength
    if len(text) > room:  # the strength always shows whole; the leader mark goes first
        text = kind + strength
    marks = []
    if any(u.demoralized for u in units):
        marks.append("x")
    if any(not u.organized for u in units):
        marks.append("d")
    levels = {u.entrenchment for u in units} - {"none"}
    if levels:
        marks.append("a" if levels == {"abatis"} else "e")
    fatigue = max(u.fatigue for u in units)
    if fatigue:
        marks.append(f"f{fatigue}")
    for mark in marks:
        if len(text) + len(mark) <= room:
            text += mark
    return text
