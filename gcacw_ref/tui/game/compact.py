"""The compact drawing of the game map: the whole of a large map on one screen.

Each hex is one line high and `COMPACT_W` (3) characters wide, so harrow's 32x26 hexes
take 99x27 cells and fit the map area of a 160x45 terminal. Hex ids leave the hexes:
the column numbers run along the top line and the row numbers down the left edge (both
stay in place while the map scrolls), with the cursor's column and row lit; the hex
panel names the cursor's hex. One line cannot show the half-hex step of the even
columns: they are drawn level with the odd ones (the legend says so).

A hex with units shows the side's colour, the kind (I C A) of a lone unit or the count
of a stack (on the side's colour), and the total strength; a leader underlines it. An
empty hex shows the same road, river and feature marks as the full map, or an overlay's
figure. Backgrounds (terrain, overlays, choices, the event, the cursor) are the full
map's own.
"""

from __future__ import annotations

from fractions import Fraction

from rich.segment import Segment
from textual.geometry import Region, Size
from textual.strip import Strip

from gcacw_ref.game.play.api import Unit, parse_hex
from gcacw_ref.tui.game.mapstyle import (
    CURSOR_BG,
    CURSOR_STYLE,
    ID_FG,
    KIND_LETTERS,
    OVERLAY_FG,
    StaticCell,
    cell_bg,
    strength_text,
    style,
    unit_fg,
)

COMPACT_W = 3  # characters a hex
GUTTER = 3  # the row numbers at the left edge ("12 ")
HEADER = 1  # the column numbers on the top line


def compact_size(columns: int, rows: int) -> Size:
    """The drawing's size, row numbers and column numbers included."""
    return Size(GUTTER + columns * COMPACT_W, HEADER + rows)


def compact_region(h: str) -> Region:
    """Where hex `h` is drawn (the drawing's own coordinates)."""
    col, row = parse_hex(h)
    return Region(GUTTER + (col - 1) * COMPACT_W, HEADER + row - 1, COMPACT_W, 1)


def snap(scroll_x: int) -> int:
    """A horizontal scroll offset moved back to a hex's left edge, so the hexes at the
    left of the view are whole and stand under their column numbers."""
    return scroll_x - scroll_x % COMPACT_W


def compact_hex_at(x: int, y: int) -> str | None:
    """The hex id drawn at (x, y), None on the edges' numbers (the caller checks the
    map holds it)."""
    if x < GUTTER or y < HEADER:
        return None
    col = (x - GUTTER) // COMPACT_W + 1
    row = y - HEADER + 1
    return f"{col:02d}{row:02d}" if col <= 99 and row <= 99 else None


def compact_label(units: list[Unit]) -> tuple[str, bool]:
    """A hex's units in three characters and whether they are a stack. A lone unit: its
    kind and strength (`I14`, `C 3`), or only the strength when it needs the room
    (`3.5`; past three characters its whole part and `+`: `12+`). A stack: its count
    (`+` past 9) and its total (`218`: two units, 18), the half dropped when it needs the
    room and `++` from 100. The hex panel gives every figure exactly."""
    total = sum((Fraction(u.strength) for u in units), Fraction(0))
    text = strength_text(total)
    room = COMPACT_W - 1
    if len(units) > 1:
        count = str(len(units)) if len(units) < 10 else "+"
        if len(text) > room:
            text = str(int(total)) if int(total) < 10**room else "+" * room
        return count + text.rjust(room), True
    if len(text) <= room:
        return KIND_LETTERS.get(units[0].kind, "?") + text.rjust(room), False
    if len(text) <= COMPACT_W:
        return text, False
    return (str(int(total)) + "+" if int(total) < 100 else "99+"), False


def compact_cell(
    h: str,
    static: StaticCell,
    key: tuple[object, ...],
) -> list[Segment]:
    """The three characters of hex `h`. `static` is (terrain colour, road, river,
    feature marks); `key` is (hex, unit text, stack, side, leader, overlay colour,
    choice, lit, cursor, overlay figure)."""
    _h, text, stack, side, leader, overlay, choice, lit, cursor, label = key
    terrain_bg, road, river, feature = static
    bg = cell_bg(terrain_bg, overlay, choice, lit)
    if text:
        body = str(text)
        fg = unit_fg(str(side), bg)
        if cursor:
            fg, bg = "#000000", CURSOR_BG
        first = style(fg, bg, True, bool(leader), bool(stack))
        rest = style(fg, bg, True, bool(leader))
        return [Segment(body[0], first), Segment(body[1:], rest)]
    if label is not None:  # an overlay's figure (MP to reach), without its unit
        figure = str(label).removesuffix("MP")[:COMPACT_W].center(COMPACT_W)
        return [
            Segment(figure, CURSOR_STYLE if cursor else style(OVERLAY_FG.get(bg, ID_FG), bg, True))
        ]
    if cursor:
        return [Segment("".join(m for m, _fg in (road, river, feature)), CURSOR_STYLE)]
    plain = style(OVERLAY_FG.get(bg, ID_FG), bg)
    return [
        Segment(m, plain if m == " " else style(fg, bg, True)) for m, fg in (road, river, feature)
    ]


def header_strip(columns: int, cursor_col: int) -> Strip:
    """The column numbers over the hexes, the cursor's column lit."""
    segs = []
    for col in range(1, columns + 1):
        lit = col == cursor_col
        segs.append(Segment(f"{col:02d} ", CURSOR_STYLE if lit else style(ID_FG, None)))
    return Strip(segs, columns * COMPACT_W)


def gutter_strip(row: int | None, cursor_row: int) -> Strip:
    """The row number left of a line of hexes (blank beside the column numbers)."""
    if row is None:
        return Strip([Segment(" " * GUTTER)], GUTTER)
    lit = row == cursor_row
    return Strip([Segment(f"{row:02d} ", CURSOR_STYLE if lit else style(ID_FG, None))], GUTTER)
