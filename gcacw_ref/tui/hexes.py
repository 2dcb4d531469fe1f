"""A picture of a hex and its six neighbours; the player toggles what is in each.

Neighbours are numbered clockwise from the top (flat-topped hexes): 1 N, 2 NE, 3 SE,
4 S, 5 SW, 6 NW; the calculators receive them in that order.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from gcacw_ref.i18n import pgettext

DIRECTIONS = ["N", "NE", "SE", "S", "SW", "NW"]  # the picture's labels (short: a box is narrow)


def direction(index: int) -> str:
    """The compass name of neighbour `index` (0 = N) for a sentence, in the interface's
    language (the picture keeps the letters of `DIRECTIONS`)."""
    names = (
        pgettext("compass", "N"),
        pgettext("compass", "NE"),
        pgettext("compass", "SE"),
        pgettext("compass", "S"),
        pgettext("compass", "SW"),
        pgettext("compass", "NW"),
    )
    return names[index]


_BOX_W, _BOX_H = 12, 4
# top-left corner of each box: the six neighbours, then the centre hex
_POS = [(13, 0), (26, 2), (26, 6), (13, 8), (0, 6), (0, 2), (13, 4)]
_WIDTH, _HEIGHT = 38, 12


@dataclass(frozen=True)
class Toggle:
    """A key that cycles one field of the selected neighbour through `values`."""

    key: str
    field: str
    values: tuple[Any, ...]
    marks: tuple[str, ...]  # what each value shows in the picture ("" for nothing)
    description: str


class HexPicker(Widget, can_focus=True):
    """Six neighbours around a centre hex; keys select a neighbour and toggle its contents."""

    DEFAULT_CSS = """
    HexPicker { width: 38; height: 12; }
    HexPicker:focus { background: $boost; }
    """

    selected: reactive[int] = reactive(0)

    class Changed(Message):
        def __init__(self, picker: HexPicker) -> None:
            super().__init__()
            self.picker = picker

        @property
        def control(self) -> HexPicker:
            return self.picker

    class Moved(Message):
        """Another neighbour was selected."""

        def __init__(self, picker: HexPicker) -> None:
            super().__init__()
            self.picker = picker

    class Picked(Message):
        """Enter was pressed on a neighbour."""

        def __init__(self, picker: HexPicker, index: int) -> None:
            super().__init__()
            self.picker = picker
            self.index = index

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n + 1), f"select({n})", show=False) for n in range(6)),
        Binding("left,up", "move(-1)", "Previous hex", show=False),
        Binding("right,down", "move(1)", "Next hex", show=False),
        Binding("enter", "pick", "Pick hex", show=False),
    ]
    TOGGLES: list[Toggle] = []

    def __init__(self, defaults: dict[str, Any], *, id: str | None = None) -> None:
        super().__init__(id=id)
        toggles = self.TOGGLES
        self.toggles = {t.key: t for t in toggles}
        self.defaults = dict(defaults)
        self.cells: list[dict[str, Any]] = [dict(defaults) for _ in range(6)]
        self.centre: list[str] = ["", ""]
        self.notes: list[str] = ["" for _ in range(6)]  # a result line under each neighbour
        self.marked: set[int] = set()  # neighbours to highlight (e.g. must retreat here)
        self.extra_mark: Callable[[dict[str, Any]], str] | None = None

    def reset(self) -> None:
        self.cells = [dict(self.defaults) for _ in range(6)]
        self.notes = ["" for _ in range(6)]
        self.marked = set()
        self.refresh()
        self.post_message(self.Changed(self))

    def action_select(self, index: int) -> None:
        self.selected = index

    def action_move(self, step: int) -> None:
        self.selected = (self.selected + step) % 6

    def action_pick(self) -> None:
        self.post_message(self.Picked(self, self.selected))

    def action_flip(self, key: str) -> None:
        toggle = self.toggles[key]
        cell = self.cells[self.selected]
        values = list(toggle.values)
        current = values.index(cell.get(toggle.field)) if cell.get(toggle.field) in values else 0
        cell[toggle.field] = values[(current + 1) % len(values)]
        self.refresh()
        self.post_message(self.Changed(self))

    def watch_selected(self) -> None:
        self.refresh()
        self.post_message(self.Moved(self))

    def set_field(self, index: int, name: str, value: object) -> None:
        self.cells[index][name] = value
        self.refresh()

    def marks(self, index: int) -> str:
        cell = self.cells[index]
        out: list[str] = []
        for toggle in self.toggles.values():
            value = cell.get(toggle.field)
            if value in toggle.values:
                mark = toggle.marks[toggle.values.index(value)]
                if mark:
                    out.append(mark)
        if self.extra_mark is not None:
            extra = self.extra_mark(cell)
            if extra:
                out.append(extra)
        return " ".join(out)

    def render(self) -> Text:
        width, height = _WIDTH, _HEIGHT
        grid = [[" "] * width for _ in range(height)]
        styles: list[list[str]] = [[""] * width for _ in range(height)]
        for index, (x, y) in enumerate(_POS):
            centre = index == 6
            if centre:
                lines = [self.centre[0], self.centre[1]]
                style = "bold"
            else:
                lines = [f"{index + 1} {DIRECTIONS[index]} {self.notes[index]}", self.marks(index)]
                style = "reverse bold" if index == self.selected and self.has_focus else ""
                if index == self.selected and not self.has_focus:
                    style = "bold underline"
                if index in self.marked:
                    style += " green"
            border = "bold" if index == self.selected or centre else "dim"
            top = "╭" + "─" * (_BOX_W - 2) + "╮"
            bottom = "╰" + "─" * (_BOX_W - 2) + "╯"
            rows = [list(top)]
            rows += [["│", *_fit(s, _BOX_W - 2), "│"] for s in lines]
            rows += [list(bottom)]
            for dy, row in enumerate(rows):
                for dx, ch in enumerate(row):
                    grid[y + dy][x + dx] = ch
                    inner = 0 < dy < _BOX_H - 1 and 0 < dx < _BOX_W - 1
                    styles[y + dy][x + dx] = style if inner else border
        text = Text()
        for r in range(height):
            for c in range(width):
                text.append(grid[r][c], style=styles[r][c] or None)
            if r < height - 1:
                text.append("\n")
        return text

    def on_click(self, event: Click) -> None:
        for index, (x, y) in enumerate(_POS[:6]):
            if x <= event.x < x + _BOX_W and y <= event.y < y + _BOX_H:
                self.selected = index
                self.focus()


def _fit(text: str, width: int) -> list[str]:
    """`text` as `width` grid cells, padded or cut without splitting a character: a
    double-width (Japanese) character takes its cell and leaves the next one empty ("")."""
    cells: list[str] = []
    for ch in text:
        w = cell_len(ch)
        if len(cells) + w > width:
            break
        cells.append(ch)
        cells.extend([""] * (w - 1))
    return cells + [" "] * (width - len(cells))
