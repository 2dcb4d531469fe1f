"""The compact drawing of the game map: the whole of a large map on one screen.

Each hex is one line high and `COMPACT_W` (3) characters wide, so harrow's 32x26 hexes
take 99x27 cells and fit the map area of a 160x45 terminal. Where the map pane is
narrower (a phone's 45 columns), the hexes narrow to 2 characters, then 1 (`fit_width`),
so the whole width still shows. Hex ids leave the hexes: the column numbers run along
the top (at 3 characters a hex on one line, narrower on two: the tens over the ones) and
the row numbers down the left edge (both stay in place while the map scrolls), with the
cursor's column and row lit; the hex panel names the cursor's hex. One line cannot show
the half-hex step of the even columns: they are drawn level with the odd ones (the
legend says so).

A hex with units shows the side's colour, the kind (I C A) of a lone unit or the count
of a stack (on the side's colour), and the total strength; a leader underlines it. An
empty hex shows the same road, river and feature marks as the full map, or an overlay's
figure. A narrow hex keeps what leads: at 2 characters the kind or count and the
strength's one digit (`+` from 10), at 1 the kind or count alone, the kind as well as
the count on the side's colour (neighbouring units stand apart); an empty one the
feature, road and river marks in that order as room allows. Backgrounds (terrain,
overlays, choices, the event, the cursor) are the full map's own.
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

COMPACT_W = 3  # characters a hex, when they fit
WIDTHS = (COMPACT_W, 2, 1)  # the widths tried, widest first
GUTTER = 3  # the row numbers at the left edge ("12 ")
HEADER = 1  # the column numbers on the top line (at 3 characters a hex)


def header_lines(w: int = COMPACT_W) -> int:
    """Lines of column numbers over hexes `w` characters wide: one (`01 02`), or two
    (the tens over the ones) when two digits do not fit a hex."""
    return HEADER if w >= COMPACT_W else 2


def fit_width(columns: int, rows: int, width: int, height: int, scrollbar: int = 1) -> int:
    """The widest hex (3, 2 or 1 characters) at which all `columns` fit a pane of
    `width` x `height` cells, the row numbers and a vertical scrollbar (when the rows
    do not fit the height) included; 1 when none fits."""
    for w in WIDTHS:
        bar = scrollbar if header_lines(w) + rows > height else 0
        if GUTTER + columns * w <= width - bar:
            return w
    return WIDTHS[-1]


def compact_size(columns: int, rows: int, w: int = COMPACT_W) -> Size:
    """The drawing's size, row numbers and column numbers included."""
    return Size(GUTTER + columns * w, header_lines(w) + rows)


def compact_region(h: str, w: int = COMPACT_W) -> Region:
    """Where hex `h` is drawn (the drawing's own coordinates)."""
    col, row = parse_hex(h)
    return Region(GUTTER + (col - 1) * w, header_lines(w) + row - 1, w, 1)


def snap(scroll_x: int, w: int = COMPACT_W) -> int:
    """A horizontal scroll offset moved back to a hex's left edge, so the hexes at the
    left of the view are whole and stand under their column numbers."""
    return scroll_x - scroll_x % w


def compact_hex_at(x: int, y: int, w: int = COMPACT_W) -> str | None:
    """The hex id drawn at (x, y), None on the edges' numbers (the caller checks the
    map holds it)."""
    top = header_lines(w)
    if x < GUTTER or y < top:
        return None
    col = (x - GUTTER) // w + 1
    row = y - top + 1
    return f"{col:02d}{row:02d}" if col <= 99 and row <= 99 else None


def compact_label(units: list[Unit], w: int = COMPACT_W) -> tuple[str, bool]:
    """A hex's units in `w` characters and whether they are a stack. A lone unit: its
    kind and strength (`I14`, `C 3`), or only the strength when it needs the room
    (`3.5`; past three characters its whole part and `+`: `12+`). A stack: its count
    (`+` past 9) and its total (`218`: two units, 18), the half dropped when it needs the
    room and `++` from 100. Narrower: the kind or count, then (at 2) the strength's whole
    part in one digit, `+` from 10 (`I7`, `2+`). The hex panel gives every figure
    exactly."""
    total = sum((Fraction(u.strength) for u in units), Fraction(0))
    stack = len(units) > 1
    if w < COMPACT_W:
        lead = (str(len(units)) if len(units) < 10 else "+") if stack else ""
        lead = lead or KIND_LETTERS.get(units[0].kind, "?")
        digit = str(int(total)) if int(total) < 10 else "+"
        return (lead + digit)[:w], stack
    text = strength_text(total)
    room = COMPACT_W - 1
    if stack:
        count = str(len(units)) if len(units) < 10 else "+"
        if len(text) > room:
            text = str(int(total)) if int(total) < 10**room else "+" * room
        return count + text.rjust(room), True
    if len(text) <= room:
        return KIND_LETTERS.get(units[0].kind, "?") + text.rjust(room), False
    if len(text) <= COMPACT_W:
        return text, False
    return (str(int(total)) + "+" if int(total) < 100 else "99+"), False


def fit_figure(figure: str, w: int) -> str:
    """An overlay's figure (`3MP`) in `w` characters: the number centred, or cut with
    `+` when it is longer (`1+`; at 1 character only `+`)."""
    text = figure.removesuffix("MP")
    if len(text) <= w:
        return text.center(w)
    return text[: w - 1] + "+"


def narrow_marks(static: StaticCell, w: int) -> list[tuple[str, str | None]]:
    """An empty narrow hex's marks: the feature, the road, the river, the first `w` of
    them present, padded with blanks."""
    _bg, road, river, feature = static
    shown = [m for m in (feature, road, river) if m[0] != " "][:w]
    return shown + [(" ", None)] * (w - len(shown))


def compact_cell(
    h: str,
    static: StaticCell,
    key: tuple[object, ...],
    w: int = COMPACT_W,
) -> list[Segment]:
    """The `w` characters of hex `h`. `static` is (terrain colour, road, river,
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
        # a stack's count on the side's colour; in a narrow hex the kind too, so that
        # units in neighbouring hexes stand apart (`C3C3` read as one word)
        first = style(fg, bg, True, bool(leader), bool(stack) or w < COMPACT_W)
        if len(body) == 1:
            return [Segment(body, first)]
        rest = style(fg, bg, True, bool(leader))
        return [Segment(body[0], first), Segment(body[1:], rest)]
    if label is not None:  # an overlay's figure (MP to reach), without its unit
        figure = fit_figure(str(label), w)
        return [
            Segment(figure, CURSOR_STYLE if cursor else style(OVERLAY_FG.get(bg, ID_FG), bg, True))
        ]
    marks = [road, river, feature] if w >= COMPACT_W else narrow_marks(static, w)
    if cursor:
        return [Segment("".join(m for m, _fg in marks), CURSOR_STYLE)]
    plain = style(OVERLAY_FG.get(bg, ID_FG), bg)
    return [Segment(m, plain if m == " " else style(fg, bg, True)) for m, fg in marks]


def header_strips(columns: int, cursor_col: int, w: int = COMPACT_W) -> list[Strip]:
    """The column numbers over the hexes, the cursor's column lit: `01 02 03` on one
    line, or for narrow hexes two lines, the tens digit over the ones digit."""
    plain = style(ID_FG, None)
    if w >= COMPACT_W:
        texts = [[f"{col:02d}".ljust(w) for col in range(1, columns + 1)]]
    else:
        texts = [
            [f"{col // 10 % 10}".ljust(w) for col in range(1, columns + 1)],
            [f"{col % 10}".ljust(w) for col in range(1, columns + 1)],
        ]
    strips = []
    for line in texts:
        segs = [
            Segment(text, CURSOR_STYLE if col == cursor_col else plain)
            for col, text in enumerate(line, start=1)
        ]
        strips.append(Strip(segs, columns * w))
    return strips


def gutter_strip(row: int | None, cursor_row: int) -> Strip:
    """The row number left of a line of hexes (blank beside the column numbers)."""
    if row is None:
        return Strip([Segment(" " * GUTTER)], GUTTER)
    lit = row == cursor_row
    return Strip([Segment(f"{row:02d} ", CURSOR_STYLE if lit else style(ID_FG, None))], GUTTER)
