"""Place names on the full map: a name longer than its hex runs on to the right.

A hex's second line has room for six cells of its name. A longer name ("Harrowgate",
"Tamsin Landing", "フェンウィック") continues over the next cells of the same line while
nothing but terrain is drawn there (a neighbour's river and feature marks stay), so it
reads whole; only where the next cell shows something (units, an overlay, the cursor,
another name) is it cut. A neighbour's hex id under a name shows again when the
cursor (or an overlay, or a unit) is there, and the hex panel names the hex.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment

from gcacw_ref.game.play.api import HexMap, parse_hex
from gcacw_ref.tui.game.mapstyle import CELL_W, StaticCell

Static = dict[str, StaticCell]  # every hex's terrain colour and marks
MARKS_AT = 5  # a hex's first line: its id (4 cells) and road mark, then river and feature


def is_top(h: str, y: int) -> bool:
    """Whether line `y` of the full drawing is hex `h`'s first line (its id) or its second."""
    col, row = parse_hex(h)
    return y == (row - 1) * 2 + (1 if col % 2 == 0 else 0)


def room_in(key: tuple[object, ...], y: int, hexmap: HexMap, static: Static) -> int:
    """How many cells of this cell's line `y` a place name may run over: none when
    something but terrain is drawn there (units, an overlay, a choice, the cursor, a
    label, on a hex's second line its own place name); on a hex's first line its id and
    road mark, not its river and feature marks, which stay. `key` is the cell's key in
    `MapView._build`."""
    if key[0] == "blank":
        return CELL_W
    h, unit_text, _side, overlay, choice, lit, cursor, label = key
    if unit_text or overlay or choice or lit or cursor or label is not None:
        return 0
    if is_top(str(h), y):
        _bg, _road, river, feature = static[str(h)]
        return CELL_W if river[0] == " " and feature[0] == " " else MARKS_AT
    return 0 if hexmap.place_name(str(h)) else CELL_W


def run_names(
    y: int,
    keys: list[tuple[object, ...]],
    cells: list[list[Segment]],
    hexmap: HexMap,
    static: Static,
    ja: bool,
) -> None:
    """Redraw line `y`'s `cells` (one list of segments per cell, keyed by `keys`; a hex's
    first line is its id, road, river and feature segments) so each place name longer
    than its hex runs on over the room to its right (`room_in`), in the colours of its
    own hex, with a blank cell after it."""
    for i, key in enumerate(keys):
        if key[0] == "blank" or key[1] or key[7] is not None or is_top(str(key[0]), y):
            continue
        name = hexmap.place_name(str(key[0]), ja)
        width = cell_len(name)
        room, j = CELL_W, i
        while width > room - 1 and j + 1 < len(keys):
            free = room_in(keys[j + 1], y, hexmap, static)
            if not free:
                break
            j += 1
            room += free
            if free < CELL_W:
                cells[j] = cells[j][2:]  # the river and feature marks stay
                break
            cells[j] = []
        if j == i or not cells[i]:
            continue
        text = set_cell_size(set_cell_size(name, room - 1), room)  # 2 cells a kana
        cells[i] = [Segment(text, cells[i][0].style)]
