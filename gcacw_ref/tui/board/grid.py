"""`BoardGrid`: the board's hexes as a grid of cells, walked with the cursor.

Odd columns sit on a row's first line, even ones half a hex lower on its second (as on
the printed map). A cell: the terrain's letter, then its units (U or C and strength, one
unit's markers as a sign), drawn over the last answer's marks. Unit names come from a
file: they are never drawn as markup (`Text.append` takes them as they are)."""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.widget import Widget

from gcacw_ref.board import Board
from gcacw_ref.board.answer import Marks
from gcacw_ref.board.picture import TERRAIN_MARK
from gcacw_ref.errors import printable
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.tui.board.edit import units_at

CELL = 7
DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"]
MARK_STYLE = {
    "reach": "on dark_green",
    "flank": "on dark_goldenrod",
    "target": "on dark_red",
    "path": "on dark_cyan",
    "command": "on dark_magenta",
    "stop": "on grey35",
    "refused": "on grey35",
}


def neighbour(hex_: str, direction: int) -> str | None:
    """The hex across side `direction` (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW), or None off
    the numbering. Even columns sit half a hex lower."""
    c, r = int(hex_[:2]), int(hex_[2:])
    low = c % 2 == 0
    dc, dr = [
        (0, -1),
        (1, 0 if low else -1),
        (1, 1 if low else 0),
        (0, 1),
        (-1, 1 if low else 0),
        (-1, 0 if low else -1),
    ][direction]
    c, r = c + dc, r + dr
    return f"{c:02d}{r:02d}" if 1 <= c <= 99 and 1 <= r <= 99 else None


class BoardGrid(Widget, can_focus=True):
    """The grid; its keys hand each edit or question to the board pane."""

    BINDINGS = [
        Binding("up,w", "walk(0, -1)", show=False),
        Binding("down,s", "walk(0, 1)", show=False),
        Binding("left,a", "walk(-1, 0)", show=False),
        Binding("right,d", "walk(1, 0)", show=False),
        *[Binding(str(n), f"point({n - 1})", show=False) for n in range(1, 7)],
        Binding("t", "do('terrain')", show=False),
        Binding("T", "do('terrain_back')", show=False),
        Binding("f", "do('feature')", show=False),
        Binding("h", "do('hexside')", show=False),
        Binding("u", "do('union')", show=False),
        Binding("c", "do('confederate')", show=False),
        Binding("plus,plus_sign,equals_sign", "do('stronger')", show=False),
        Binding("minus", "do('weaker')", show=False),
        Binding("k", "do('kind')", show=False),
        Binding("F", "do('fatigue')", show=False),
        Binding("D", "do('disorganized')", show=False),
        Binding("M", "do('demoralized')", show=False),
        Binding("E", "do('entrenchment')", show=False),
        Binding("L", "do('leader')", show=False),
        Binding("g", "do('command_rating')", show=False),
        Binding("G", "do('tactical_rating')", show=False),
        Binding("x", "do('remove')", show=False),
        Binding("A", "do('active')", show=False),
        Binding("space", "do('select')", show=False),
        Binding("m", "do('move')", show=False),
        Binding("b", "do('attack')", show=False),
        Binding("B", "do('attack_type')", show=False),
        Binding("r", "do('retreat')", show=False),
        Binding("R", "do('rout')", show=False),
        Binding("o", "do('command')", show=False),
        Binding("S", "do('save')", show=False),
        Binding("O", "do('open')", show=False),
        Binding("P", "do('patch')", show=False),
        Binding("N", "do('new')", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.board: Board = Board()
        self.first = (1, 1)  # the top-left hex shown (column, row)
        self.shown = (1, 1)  # columns, rows shown
        self.bounds = (
            1,
            1,
            1,
            1,
        )  # the hexes the cursor may walk: first column, row, columns, rows
        self.cursor = "0101"
        self.pointing = 0  # the hexside pointed at: an index of DIRECTIONS
        self.marks = Marks()
        self.selected: list[str] = []
        self.terrain: dict[str, str] = {}  # hex -> terrain, as the board package read it

    def show(self, board: Board, bounds: tuple[int, int, int, int], most: tuple[int, int]) -> None:
        """Draw `board`; the cursor walks `bounds`, at most `most` columns and rows shown."""
        self.board, self.bounds = board, bounds
        self.shown = (min(bounds[2], most[0]), min(bounds[3], most[1]))
        c0, r0, cols, rows = bounds
        c, r = int(self.cursor[:2]), int(self.cursor[2:])
        self.cursor = f"{min(max(c, c0), c0 + cols - 1):02d}{min(max(r, r0), r0 + rows - 1):02d}"
        self._follow()
        self.refresh(layout=True)

    def _follow(self) -> None:
        """Shift the part shown so that the cursor is in it."""
        c0, r0, cols, rows = self.bounds
        c, r = int(self.cursor[:2]), int(self.cursor[2:])
        fc, fr = self.first
        fc = min(max(fc, c0, c - self.shown[0] + 1), c, c0 + cols - self.shown[0])
        fr = min(max(fr, r0, r - self.shown[1] + 1), r, r0 + rows - self.shown[1])
        self.first = (fc, fr)

    def action_walk(self, dc: int, dr: int) -> None:
        c, r = int(self.cursor[:2]) + dc, int(self.cursor[2:]) + dr
        c0, r0, cols, rows = self.bounds
        if c0 <= c < c0 + cols and r0 <= r < r0 + rows:
            self.cursor = f"{c:02d}{r:02d}"
            self._follow()
            self._moved()

    def action_point(self, direction: int) -> None:
        self.pointing = direction
        self._moved()

    def action_point_next(self) -> None:
        """Touch: point at the next hexside, clockwise (the keys 1-6 point at one)."""
        self.action_point((self.pointing + 1) % len(DIRECTIONS))

    def action_do(self, what: str) -> None:
        pane = self.parent
        while pane is not None and not hasattr(pane, "board_key"):
            pane = pane.parent
        if pane is not None:
            pane.board_key(what)

    def _moved(self) -> None:
        self.refresh()
        self.action_do("moved")

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        return 2 * self.shown[1] + 1

    def get_content_width(self, container: object, viewport: object) -> int:
        return 4 + CELL * self.shown[0]

    def render(self) -> Text:
        (c0, r0), (cols, rows) = self.first, self.shown
        out = Text(no_wrap=True)
        out.append("    ")
        for c in range(c0, c0 + cols):
            out.append(f"{c:02d}".ljust(CELL), style="dim")
        for r in range(r0, r0 + rows):
            for half in (1, 0):
                out.append("\n")
                out.append(f"{r:02d}  " if half else "    ", style="dim")
                for c in range(c0, c0 + cols):
                    if c % 2 == half:
                        self._cell(out, f"{c:02d}{r:02d}")
                    else:
                        out.append(" " * CELL)
        return out

    def _cell(self, out: Text, hex_: str) -> None:
        """One hex: terrain letter, units, a sign when a unit carries markers."""
        entry = self.board.hexes.get(hex_, {})
        terrain = str(entry.get("terrain") or self.terrain.get(hex_) or "clear")
        mark = TERRAIN_MARK.get(terrain, ".")
        units = units_at(self.board, hex_)
        words = " ".join(
            ("U" if u.side.value == "union" else "C") + format_strength(u.strength)
            for _, u in units
        )
        marked = any(
            u.fatigue or not u.organized or u.demoralized or u.entrenchment != "none"
            for _, u in units
        )
        text = (mark + words + ("*" if marked else "")).ljust(CELL - 1)[: CELL - 1] + " "
        style = ""
        kind = self.marks.picked.get(hex_) or ("reach" if hex_ in self.marks.reach else "")
        if not kind and any(hex_ in p for p in self.marks.paths):
            kind = "path"
        style = MARK_STYLE.get(kind, "")
        if any(uid in self.selected for uid, _ in units):
            style += " bold underline"
        if hex_ == self.cursor:
            style += " reverse"
        out.append(printable(text), style=style.strip())

    def on_click(self, event: Click) -> None:
        (c0, r0), _size = self.first, self.shown
        c = c0 + max(0, event.x - 4) // CELL
        half = 1 if c % 2 else 0
        r = r0 + max(0, event.y - 1 - (1 - half)) // 2
        self.cursor = f"{c:02d}{r:02d}"
        self._moved()
