"""The map widget: the scenario's hex grid drawn with coloured text, scrolled line by line.

It draws the full map (`fullmap`: two lines a hex) or the compact one (`compact`: one
line a hex, 3, 2 or 1 characters wide to fit the pane's width, fitted again on a
resize), keeps the cursor and sends the hex chosen.

Only the visible lines are rendered (`ScrollView.render_line`), so a 40x30 map costs
the same per frame as the training map.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.segment import Segment
from textual.binding import Binding
from textual.events import Click, Resize
from textual.geometry import Region
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from gcacw_ref.game.play.api import GameState, HexMap, Unit, parse_hex
from gcacw_ref.i18n import current_language
from gcacw_ref.tui.game import compact as C
from gcacw_ref.tui.game.fullmap import (
    full_cell,
    full_hex_at,
    full_region,
    full_size,
    snap_full,
    static_cell,
)
from gcacw_ref.tui.game.mapstyle import CELL_W, StaticCell, stack_label
from gcacw_ref.tui.game.placenames import is_top, run_names


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
        self.compact = False  # one line a hex, the ids on the edges (`compact`)
        self.hex_w = C.COMPACT_W  # the compact hexes' width, fitted to the pane
        self._static: dict[str, StaticCell] = {}
        self._lines: list[Strip] = []
        self._header: list[Strip] = []
        self._cursor_row = 0
        self._line_cache: dict[tuple[object, ...], Strip] = {}

    # -- data --------------------------------------------------------------------------

    def set_map(self, hexmap: HexMap, vp_hexes: dict[str, int]) -> None:
        """A new map: work out the static part of every cell once."""
        self.hexmap = hexmap
        self._static = {}
        self._line_cache = {}
        for h in hexmap.all_hexes():
            self._static[h] = static_cell(hexmap, h, vp_hexes)
        self._size_to_map()
        if not hexmap.on_map(self.cursor_hex):
            self.cursor_hex = "0101"

    def _size_to_map(self) -> None:
        m = self.hexmap
        if m is None:
            return
        if self.compact:
            self._fit()
            self.virtual_size = C.compact_size(m.columns, m.rows, self.hex_w)
        else:
            self.virtual_size = full_size(m.columns, m.rows)

    def _fit(self) -> bool:
        """Choose the compact hexes' width for the pane's size (`compact.fit_width`);
        whether it changed. Before the pane has a size, the widest."""
        m, size = self.hexmap, self.size
        if m is None or not size.width:
            return False
        bar = self.styles.scrollbar_size_vertical
        w = C.fit_width(m.columns, m.rows, size.width, size.height, bar)
        if w == self.hex_w:
            return False
        self.hex_w = w
        self._line_cache = {}
        return True

    def on_resize(self, event: Resize) -> None:
        """A new size: the compact map fits its hexes to the new width."""
        if self.compact and self._fit():
            self._size_to_map()
            self._build()
            self.scroll_to_region(self._view_region(self.cursor_hex), animate=False, immediate=True)

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
                    h = str(cell_key[0])
                    top, bottom = full_cell(h, self._static[h], cell_key, self.hexmap)
                    cells.append(top if is_top(h, y) else bottom)
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
        w = self.hex_w
        lines = []
        for row in range(1, m.rows + 1):
            line_keys = []
            for col in range(1, m.columns + 1):
                h = f"{col:02d}{row:02d}"
                units = by_hex.get(h)
                text, stack = C.compact_label(units, w) if units else ("", False)
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
            cache_key = ("compact", w, tuple(line_keys))
            strip = self._line_cache.get(cache_key)
            if strip is None:
                segs: list[Segment] = []
                for key in line_keys:
                    h = str(key[0])
                    segs.extend(C.compact_cell(h, self._static[h], key, w))
                strip = self._keep_line(cache_key, segs)
            lines.append(strip)
        self._lines = lines
        self._header = C.header_strips(m.columns, cursor_col, w)
        self._cursor_row = cursor_row
        self.refresh()

    # -- drawing -----------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        scroll_x, scroll_y = self.scroll_offset
        index = y + scroll_y
        width = self.size.width
        if self.compact:  # the column and row numbers stay on the edges
            top = len(self._header)
            if y < top:
                gutter, body = C.gutter_strip(None, 0), self._header[y]
            elif index - top < len(self._lines):
                gutter = C.gutter_strip(index - top + 1, self._cursor_row)
                body = self._lines[index - top]
            else:
                return Strip.blank(width)
            left = C.snap(scroll_x, self.hex_w)  # whole hexes at the left, under their numbers
            right = left + width - C.GUTTER
            return Strip.join([gutter, body.crop_extend(left, right, None)]).crop(0, width)
        if index >= len(self._lines):
            return Strip.blank(width)
        left = snap_full(scroll_x)  # whole hexes at the left edge, none cut in half
        whole = width - width % CELL_W  # and at the right: a cut hex's "060" is not an id
        line = self._lines[index].crop_extend(left, left + whole, None)
        return line if whole == width else Strip.join([line, Strip.blank(width - whole)])

    # -- the cursor --------------------------------------------------------------------

    def cell_region(self, h: str) -> Region:
        """Where hex `h` is drawn, in the drawing's coordinates."""
        return C.compact_region(h, self.hex_w) if self.compact else full_region(h)

    def hex_at(self, x: int, y: int) -> str | None:
        """The hex under content coordinates (x, y), None off the map."""
        if self.hexmap is None or x < 0 or y < 0:
            return None
        found = C.compact_hex_at(x, y, self.hex_w) if self.compact else full_hex_at(x, y)
        return found if found is not None and self.hexmap.on_map(found) else None

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
        top = C.header_lines(self.hex_w)
        return Region(  # and a hex's width more at the right: the drawing snaps to whole hexes
            region.x - C.GUTTER,
            region.y - top,
            region.width + C.GUTTER + self.hex_w - 1,
            region.height + top,
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
        if self.compact and (event.x < C.GUTTER or event.y < C.header_lines(self.hex_w)):
            return  # the column or row numbers
        left = C.snap(int(scroll_x), self.hex_w) if self.compact else snap_full(int(scroll_x))
        h = self.hex_at(event.x + left, event.y + int(scroll_y))
        if h is not None:
            self.focus()
            self.move_cursor(h)
            if event.chain >= 2 or h in self.choices:
                self.post_message(HexChosen(h))
