"""The full drawing of the game map: two lines a hex, its id and marks over its units or name.

Each hex is a cell `CELL_W` characters wide and two lines high; even columns sit one
line lower than odd ones, as on the printed map (flat-topped hexes in columns). Line
one holds the hex id and three marks (road, river, feature); line two the units (side
colour, kind, strength, markers) or the hex's name. The background is the terrain, or
an overlay (ZOC, command radius, reachable hexes). Only ASCII is drawn, so the grid
stays aligned in terminals that draw ambiguous-width characters double.
"""

from __future__ import annotations

from rich.cells import set_cell_size
from rich.segment import Segment
from textual.geometry import Region, Size

from gcacw_ref.game.play.api import HexMap, parse_hex
from gcacw_ref.i18n import current_language
from gcacw_ref.rules.terrain import HexFeature
from gcacw_ref.tui.game.mapstyle import (
    CELL_W,
    CURSOR_STYLE,
    ID_FG,
    OVERLAY_FG,
    TERRAIN_BG,
    Mark,
    StaticCell,
    cell_bg,
    river_mark,
    road_mark,
    style,
    unit_fg,
)


def static_cell(hexmap: HexMap, h: str, vp_hexes: dict[str, int]) -> StaticCell:
    """What hex `h` always shows: its terrain colour and its road, river and feature marks."""
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
    return (bg, road_mark(sides), river_mark(sides), feature)


def full_size(columns: int, rows: int) -> Size:
    """The drawing's size: a hex's width more than the map, so the view snaps to whole
    hexes and still reaches the edge."""
    return Size(columns * CELL_W + CELL_W, rows * 2 + 1)


def full_region(h: str) -> Region:
    """Where hex `h` is drawn (the drawing's own coordinates)."""
    col, row = parse_hex(h)
    off = 1 if col % 2 == 0 else 0
    return Region((col - 1) * CELL_W, (row - 1) * 2 + off, CELL_W, 2)


def snap_full(scroll_x: int) -> int:
    """A horizontal scroll offset of the full drawing moved back to a hex's left edge."""
    return scroll_x - scroll_x % CELL_W


def full_hex_at(x: int, y: int) -> str | None:
    """The hex id drawn at (x, y) (not negative), None above an even column's first hex
    (the caller checks the map holds it)."""
    col = x // CELL_W + 1
    off = 1 if col % 2 == 0 else 0
    if y < off:
        return None
    row = (y - off) // 2 + 1
    return f"{col:02d}{row:02d}" if col <= 99 and row <= 99 else None


def full_cell(
    h: str, static: StaticCell, key: tuple[object, ...], hexmap: HexMap | None
) -> tuple[list[Segment], ...]:
    """The two lines of hex `h`. `static` is (terrain colour, road, river, feature
    marks); `key` is (hex, unit text, side, overlay colour, choice, lit, cursor,
    overlay figure); `hexmap` names the hex where nothing else is shown."""
    _h, unit_text, side, overlay, choice, lit, cursor, label = key
    terrain_bg, road, river, feature = static
    bg = cell_bg(terrain_bg, overlay, choice, lit)
    id_fg = OVERLAY_FG.get(bg, ID_FG)
    head = Segment(h, CURSOR_STYLE if cursor else style(id_fg, bg, bg in OVERLAY_FG))
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
        name = hexmap.place_name(h, ja) if hexmap else ""
        text = set_cell_size(set_cell_size(name, CELL_W - 1), CELL_W)  # 2 cells a kana
        bottom = [Segment(text, style(OVERLAY_FG.get(bg, "#d0d0d0"), bg))]
    return top, bottom
