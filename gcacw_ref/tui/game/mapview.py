"""The map widget: the scenario's hex grid drawn with coloured text, scrolled line by line.

Each hex is a cell `CELL_W` characters wide and two lines high; even columns sit one
line lower than odd ones, as on the printed map (flat-topped hexes in columns). Line
one holds the hex id and three marks (road, river, feature); line two the units (side
colour, kind, strength, markers) or the hex's name. The background is the terrain, or
an overlay (ZOC, command radius, reachable hexes). Only ASCII is drawn, so the grid
stays aligned in terminals that draw ambiguous-width characters double.

Only the visible lines are rendered (`ScrollView.render_line`), so a 40x30 map costs
the same per frame as the training map.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gcacw_ref.game.play.api import GameState, HexMap, Unit, parse_hex
from gcacw_ref.i18n import current_language
from gcacw_ref.rules.terrain import HexFeature, HexsideFeature, Terrain

CELL_W = 7
Mark = tuple[str, str | None]  # a character and its colour

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
CURSOR_STYLE = Style(color="black", bgcolor="#ffd75f", bold=True)
ID_FG = "#a0a0a0"


@lru_cache(maxsize=512)
def style(fg: str | None, bg: str | None, bold: bool = False) -> Style:
    return Style(color=fg, bgcolor=bg, bold=bold)


def road_mark(sides: Iterable[frozenset[HexsideFeature]]) -> tuple[str, str | None]:
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


def river_mark(sides: Iterable[frozenset[HexsideFeature]]) -> tuple[str, str | None]:
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


def strength_text(value: Fraction) -> str:
    """A strength in ASCII: 7, 3.5."""
    return str(int(value)) if value.denominator == 1 else f"{float(value):g}"


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


def _width(segs: list[Segment]) -> int:
    return sum(len(s.text) for s in segs)


def _merge(segs: list[Segment]) -> list[Segment]:
    """Join neighbouring segments of the same style (fewer segments draw faster)."""
    out: list[Segment] = []
    for seg in segs:
        if out and out[-1].style == seg.style:
            out[-1] = Segment(out[-1].text + seg.text, seg.style)
        else:
            out.append(seg)
    return out


class HexChosen(Message):
    """The player chose a hex (enter or a click on the map)."""

    def __init__(self, hex_: str) -> None:
        super().__init__()
        self.hex = hex_


class CursorMoved(Message):
    def __init__(self, hex_: str) -> None:
        super().__init__()
        self.hex = hex_


class MapView(ScrollView, can_focus=True):
    """The hex map of a game position, with a cursor, a highlight and overlays."""

    DEFAULT_CSS = """
    MapView { background: $surface; scrollbar-size: 1 1; }
    """
    BINDINGS = [Binding("enter", "choose", "Choose hex", show=False)]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hexmap: HexMap | None = None
        self.state: GameState | None = None
        self.cursor_hex = "0101"
        self.highlight: set[str] = set()
        self.choices: set[str] = set()
        self.overlay_bg: dict[str, str] = {}
        self.labels: dict[str, str] = {}
        self._static: dict[str, tuple[str, Mark, Mark, Mark]] = {}
        self._lines: list[Strip] = []
        self._line_cache: dict[tuple[object, ...], Strip] = {}

    # -- data --------------------------------------------------------------------------

    def set_map(self, hexmap: HexMap, vp_hexes: dict[str, int]) -> None:
        """A new map: work out the static part of every cell once."""
        self.hexmap = hexmap
        self._static = {}
        self._line_cache = {}
        for h in hexmap.all_hexes():
            sides = [hexmap.hexside(h, n) for n in hexmap.neighbors(h)]
            features = hexmap.hex_features(h)
            feature: Mark
            if h in vp_hexes:
                feature = ("*", "#ffe060")
            elif HexFeature.STATION in features:
                feature = ("S", "#ffffff")
            elif HexFeature.VILLAGE in features:
                feature = ("v", "#ffffff")
            elif HexFeature.EARTHWORKS in features:
                feature = ("E", "#ffffff")
            elif HexFeature.LANDING in features:
                feature = ("L", "#ffffff")
            else:
                feature = (" ", None)
            bg = TERRAIN_BG.get(hexmap.terrain(h), "#303030")
            self._static[h] = (bg, road_mark(sides), river_mark(sides), feature)
        width = hexmap.columns * CELL_W + 1
        height = hexmap.rows * 2 + 1
        self.virtual_size = Size(width, height)
        if not hexmap.on_map(self.cursor_hex):
            self.cursor_hex = "0101"

    def show(
        self,
        state: GameState,
        *,
        highlight: Iterable[str] = (),
        choices: Iterable[str] = (),
        overlay_bg: dict[str, str] | None = None,
        labels: dict[str, str] | None = None,
    ) -> None:
        self.state = state
        self.highlight = set(highlight)
        self.choices = set(choices)
        self.overlay_bg = overlay_bg or {}
        self.labels = labels or {}
        self._build()

    def _build(self) -> None:
        if self.hexmap is None or self.state is None:
            self._lines = []
            return
        m = self.hexmap
        by_hex: dict[str, list[Unit]] = {}
        for u in self.state.units.values():
            if u.hex is not None:
                by_hex.setdefault(u.hex, []).append(u)
        leader_hexes = set()
        for ld in self.state.leaders.values():
            unit = self.state.units.get(ld.unit) if ld.unit else None
            if unit is not None and unit.hex is not None:
                leader_hexes.add(unit.hex)
        height = m.rows * 2 + 1
        keys: list[list[tuple[object, ...]]] = [[] for _ in range(height)]
        for col in range(1, m.columns + 1):
            off = 1 if col % 2 == 0 else 0
            if off:
                keys[0].append(("blank",))
            for row in range(1, m.rows + 1):
                h = f"{col:02d}{row:02d}"
                units = by_hex.get(h)
                key = (
                    h,
                    stack_label(units, h in leader_hexes) if units else "",
                    units[0].side.value if units else "",
                    self.overlay_bg.get(h),
                    h in self.choices,
                    h in self.highlight,
                    h == self.cursor_hex,
                    self.labels.get(h),
                )
                keys[(row - 1) * 2 + off].append(key)
                keys[(row - 1) * 2 + off + 1].append(key)
            if not off:
                keys[height - 1].append(("blank",))
        lines = []
        for y, line_keys in enumerate(keys):
            cache_key = (y, tuple(line_keys))
            strip = self._line_cache.get(cache_key)
            if strip is None:
                segs: list[Segment] = []
                for cell_key in line_keys:
                    if cell_key[0] == "blank":
                        segs.append(Segment(" " * CELL_W))
                        continue
                    h = str(cell_key[0])
                    col, row = parse_hex(h)
                    top, bottom = self._cell(h, cell_key)
                    first = y == (row - 1) * 2 + (1 if col % 2 == 0 else 0)
                    segs.extend(top if first else bottom)
                strip = Strip(_merge(segs), _width(segs))
                if len(self._line_cache) > 400:
                    self._line_cache.clear()
                self._line_cache[cache_key] = strip
            lines.append(strip)
        self._lines = lines
        self.refresh()

    def _cell(self, h: str, key: tuple[object, ...]) -> tuple[list[Segment], ...]:
        _h, unit_text, side, overlay, choice, lit, cursor, label = key
        bg, road, river, feature = self._static[h]
        bg = str(overlay) if overlay else bg
        if choice:
            bg = CHOICE_BG
        if lit:
            bg = EVENT_BG
        id_fg = OVERLAY_FG.get(bg, ID_FG)
        if cursor:
            head = Segment(h, CURSOR_STYLE)
        else:
            head = Segment(h, style(id_fg, bg, bg in OVERLAY_FG))
        plain = style(id_fg, bg)
        top = [head]
        for mark, fg in (road, river, feature):
            top.append(Segment(mark, plain if mark == " " else style(fg, bg, True)))
        if unit_text:
            text = str(unit_text)[:CELL_W].ljust(CELL_W)
            unit_fg = SIDE_FG.get(str(side))
            if bg in OVERLAY_FG:  # the side's colour would vanish on a bright overlay
                unit_fg = {"union": "#002a80", "confederate": "#7a0000"}.get(str(side))
                unit_fg = "#ffffff" if OVERLAY_FG[bg] == "#ffffff" else unit_fg
            bottom = [Segment(text, style(unit_fg, bg, True))]
        elif label is not None:  # an overlay's figure (MP to reach): below the hex id
            bottom = [Segment(str(label)[:CELL_W].center(CELL_W), style(id_fg, bg, True))]
        else:
            ja = current_language() == "ja"
            name = self.hexmap.place_name(h, ja) if self.hexmap else ""
            text = set_cell_size(set_cell_size(name, CELL_W - 1), CELL_W)  # 2 cells a kana
            bottom = [Segment(text, style(OVERLAY_FG.get(bg, "#d0d0d0"), bg))]
        return top, bottom

    # -- drawing -----------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.size.width
        if index >= len(self._lines):
            return Strip.blank(width)
        return self._lines[index].crop_extend(scroll_x, scroll_x + width, None)

    # -- the cursor --------------------------------------------------------------------

    @staticmethod
    def cell_region(h: str) -> Region:
        col, row = parse_hex(h)
        off = 1 if col % 2 == 0 else 0
        return Region((col - 1) * CELL_W, (row - 1) * 2 + off, CELL_W, 2)

    def hex_at(self, x: int, y: int) -> str | None:
        """The hex under content coordinates (x, y), None off the map."""
        if self.hexmap is None or x < 0 or y < 0:
            return None
        col = x // CELL_W + 1
        off = 1 if col % 2 == 0 else 0
        if y < off:
            return None
        row = (y - off) // 2 + 1
        h = f"{col:02d}{row:02d}"
        return h if col <= 99 and row <= 99 and self.hexmap.on_map(h) else None

    def follow(self, hexes: Iterable[str]) -> None:
        """Scroll so the given hexes (the current event) are in view."""
        regions = [self.cell_region(h) for h in hexes if self.hexmap and self.hexmap.on_map(h)]
        if regions:
            self.scroll_to_region(Region.from_union(regions), animate=False, immediate=True)

    def move_cursor(self, h: str) -> None:
        if self.hexmap is None or not self.hexmap.on_map(h):
            return
        self.cursor_hex = h
        self._build()
        self.scroll_to_region(self.cell_region(h), animate=False, immediate=True)
        self.post_message(CursorMoved(h))

    def action_cursor(self, direction: str) -> None:
        col, row = parse_hex(self.cursor_hex)
        if direction == "N":
            row -= 1
        elif direction == "S":
            row += 1
        else:
            step = 1 if direction == "E" else -1
            col += step
        if col < 1 or row < 1:
            return
        self.move_cursor(f"{col:02d}{row:02d}")

    def action_choose(self) -> None:
        self.post_message(HexChosen(self.cursor_hex))

    def on_click(self, event: Click) -> None:
        scroll_x, scroll_y = self.scroll_offset
        h = self.hex_at(event.x + int(scroll_x), event.y + int(scroll_y))
        if h is not None:
            self.focus()
            self.move_cursor(h)
            if event.chain >= 2 or h in self.choices:
                self.post_message(HexChosen(h))
