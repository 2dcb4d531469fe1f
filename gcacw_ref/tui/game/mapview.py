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

from rich.cells import set_cell_size
from rich.segment import Segment
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gcacw_ref.game.play.api import GameState, HexMap, Unit, parse_hex
from gcacw_ref.i18n import current_language
from gcacw_ref.rules.terrain import HexFeature
from gcacw_ref.tui.game import compact as C
from gcacw_ref.tui.game.mapstyle import CELL_W as CELL_W
from gcacw_ref.tui.game.mapstyle import CHOICE_BG as CHOICE_BG
from gcacw_ref.tui.game.mapstyle import COMMAND_BG as COMMAND_BG
from gcacw_ref.tui.game.mapstyle import CURSOR_STYLE as CURSOR_STYLE
from gcacw_ref.tui.game.mapstyle import EVENT_BG as EVENT_BG
from gcacw_ref.tui.game.mapstyle import ID_FG as ID_FG
from gcacw_ref.tui.game.mapstyle import KIND_LETTERS as KIND_LETTERS
from gcacw_ref.tui.game.mapstyle import OVERLAY_FG as OVERLAY_FG
from gcacw_ref.tui.game.mapstyle import REACH_BG as REACH_BG
from gcacw_ref.tui.game.mapstyle import SIDE_FG as SIDE_FG
from gcacw_ref.tui.game.mapstyle import TERRAIN_BG as TERRAIN_BG
from gcacw_ref.tui.game.mapstyle import ZOC_BG as ZOC_BG
from gcacw_ref.tui.game.mapstyle import ZOC_LIMITED_BG as ZOC_LIMITED_BG
from gcacw_ref.tui.game.mapstyle import cell_bg, river_mark, road_mark, style, unit_fg
from gcacw_ref.tui.game.mapstyle import stack_label as stack_label
from gcacw_ref.tui.game.mapstyle import strength_text as strength_text
from gcacw_ref.tui.game.placenames import is_top, run_names

Mark = tuple[str, str | None]  # a character and its colour


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


def _snap_full(scroll_x: int) -> int:
    """A horizontal scroll offset of the full drawing moved back to a hex's left edge."""
    return scroll_x - scroll_x % CELL_W


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
        self.compact = False  # one line a hex, the ids on the edges (`compact`)
        self._static: dict[str, tuple[str, Mark, Mark, Mark]] = {}
        self._lines: list[Strip] = []
        self._header = Strip.blank(0)
        self._cursor_row = 0
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
        self._size_to_map()
        if not hexmap.on_map(self.cursor_hex):
            self.cursor_hex = "0101"

    def _size_to_map(self) -> None:
        m = self.hexmap
        if m is None:
            return
        if self.compact:
            self.virtual_size = C.compact_size(m.columns, m.rows)
        else:
            # a hex's width more: the view snaps to whole hexes and still reaches the edge
            self.virtual_size = Size(m.columns * CELL_W + CELL_W, m.rows * 2 + 1)

    def set_compact(self, on: bool) -> None:
        """Draw one line a hex with the ids on the edges (on), or the full hexes."""
        if on == self.compact:
            return
        self.compact = on
        self._line_cache = {}
        self._size_to_map()
        self._build()
        self.scroll_to_region(self._view_region(self.cursor_hex), animate=False, immediate=True)

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
        if self.compact:
            self._build_compact(by_hex, leader_hexes)
            return
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
                cells: list[list[Segment]] = []
                for cell_key in line_keys:
                    if cell_key[0] == "blank":
                        cells.append([Segment(" " * CELL_W)])
                        continue
                    top, bottom = self._cell(str(cell_key[0]), cell_key)
                    cells.append(top if is_top(str(cell_key[0]), y) else bottom)
                if self.hexmap is not None:  # long place names run on over quiet cells
                    ja = current_language() == "ja"
                    run_names(y, line_keys, cells, self.hexmap, self._static, ja)
                strip = self._keep_line(cache_key, [seg for cell in cells for seg in cell])
            lines.append(strip)
        self._lines = lines
        self.refresh()

    def _keep_line(self, key: tuple[object, ...], segs: list[Segment]) -> Strip:
        """One drawn line, remembered by what it shows (at most about 400 lines)."""
        strip = Strip(_merge(segs), _width(segs))
        if len(self._line_cache) > 400:
            self._line_cache.clear()
        self._line_cache[key] = strip
        return strip

    def _build_compact(self, by_hex: dict[str, list[Unit]], leader_hexes: set[str]) -> None:
        """The lines of the compact drawing (see `compact`), a line a row of hexes."""
        m = self.hexmap
        if m is None:
            return
        cursor_col, cursor_row = parse_hex(self.cursor_hex)
        lines = []
        for row in range(1, m.rows + 1):
            line_keys = []
            for col in range(1, m.columns + 1):
                h = f"{col:02d}{row:02d}"
                units = by_hex.get(h)
                text, stack = C.compact_label(units) if units else ("", False)
                line_keys.append(
                    (
                        h,
                        text,
                        stack,
                        units[0].side.value if units else "",
                        h in leader_hexes,
                        self.overlay_bg.get(h),
                        h in self.choices,
                        h in self.highlight,
                        h == self.cursor_hex,
                        self.labels.get(h),
                    )
                )
            cache_key = ("compact", tuple(line_keys))
            strip = self._line_cache.get(cache_key)
            if strip is None:
                segs: list[Segment] = []
                for key in line_keys:
                    segs.extend(C.compact_cell(str(key[0]), self._static[str(key[0])], key))
                strip = self._keep_line(cache_key, segs)
            lines.append(strip)
        self._lines = lines
        self._header = C.header_strip(m.columns, cursor_col)
        self._cursor_row = cursor_row
        self.refresh()

    def _cell(self, h: str, key: tuple[object, ...]) -> tuple[list[Segment], ...]:
        _h, unit_text, side, overlay, choice, lit, cursor, label = key
        terrain_bg, road, river, feature = self._static[h]
        bg = cell_bg(terrain_bg, overlay, choice, lit)
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
            bottom = [Segment(text, style(unit_fg(str(side), bg), bg, True))]
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
        if self.compact:  # the column and row numbers stay on the edges
            if y == 0:
                gutter, body = C.gutter_strip(None, 0), self._header
            elif index - 1 < len(self._lines):
                gutter = C.gutter_strip(index, self._cursor_row)
                body = self._lines[index - 1]
            else:
                return Strip.blank(width)
            left = C.snap(scroll_x)  # whole hexes at the left edge, under their numbers
            right = left + width - C.GUTTER
            return Strip.join([gutter, body.crop_extend(left, right, None)]).crop(0, width)
        if index >= len(self._lines):
            return Strip.blank(width)
        left = _snap_full(scroll_x)  # whole hexes at the left edge, none cut in half
        whole = width - width % CELL_W  # and at the right: a cut hex's "060" is not an id
        line = self._lines[index].crop_extend(left, left + whole, None)
        return line if whole == width else Strip.join([line, Strip.blank(width - whole)])

    # -- the cursor --------------------------------------------------------------------

    def cell_region(self, h: str) -> Region:
        """Where hex `h` is drawn, in the drawing's coordinates."""
        if self.compact:
            return C.compact_region(h)
        col, row = parse_hex(h)
        off = 1 if col % 2 == 0 else 0
        return Region((col - 1) * CELL_W, (row - 1) * 2 + off, CELL_W, 2)

    def hex_at(self, x: int, y: int) -> str | None:
        """The hex under content coordinates (x, y), None off the map."""
        if self.hexmap is None or x < 0 or y < 0:
            return None
        if self.compact:
            found = C.compact_hex_at(x, y)
            return found if found is not None and self.hexmap.on_map(found) else None
        col = x // CELL_W + 1
        off = 1 if col % 2 == 0 else 0
        if y < off:
            return None
        row = (y - off) // 2 + 1
        h = f"{col:02d}{row:02d}"
        return h if col <= 99 and row <= 99 and self.hexmap.on_map(h) else None

    def follow(self, hexes: Iterable[str]) -> None:
        """Scroll so the given hexes (the current event) are in view."""
        regions = [self._view_region(h) for h in hexes if self.hexmap and self.hexmap.on_map(h)]
        if regions:
            self.scroll_to_region(Region.from_union(regions), animate=False, immediate=True)

    def move_cursor(self, h: str) -> None:
        if self.hexmap is None or not self.hexmap.on_map(h):
            return
        self.cursor_hex = h
        self._build()
        self.scroll_to_region(self._view_region(h), animate=False, immediate=True)
        self.post_message(CursorMoved(h))

    def _view_region(self, h: str) -> Region:
        """The region to scroll into view for hex `h`: in the compact drawing, with the
        room the edges' numbers cover, so the hex never hides under them."""
        region = self.cell_region(h)
        if not self.compact:  # a hex's width more at the right: the view snaps to hexes
            return Region(region.x, region.y, region.width + CELL_W - 1, region.height)
        return Region(  # and a hex's width more at the right: the drawing snaps to whole hexes
            region.x - C.GUTTER,
            region.y - C.HEADER,
            region.width + C.GUTTER + C.COMPACT_W - 1,
            region.height + C.HEADER,
        )

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
        if self.compact and (event.x < C.GUTTER or event.y < C.HEADER):
            return  # the column or row numbers
        left = C.snap(int(scroll_x)) if self.compact else _snap_full(int(scroll_x))
        h = self.hex_at(event.x + left, event.y + int(scroll_y))
        if h is not None:
            self.focus()
            self.move_cursor(h)
            if event.chain >= 2 or h in self.choices:
                self.post_message(HexChosen(h))
