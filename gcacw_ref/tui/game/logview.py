"""The game log: one line per event, the current one marked, a cursor to browse with.

A `ScrollView` that renders only its visible lines, each turned into a `Strip` once
and cached, so a game of thousands of events steps as fast as a short one. The line the
log's cursor is on (the game's event, or the one browsed to) is never cut: it wraps over
as many rows as it needs where it stands; the others take a row each.
`enter` on a line posts `LogView.Chosen` (the game opens the rule of that event); moving
the log's own cursor posts `LogView.Browsed` (the game shows that event in full). Events
after the current one are dimmed: they are the future of the position on the map.
"""

from __future__ import annotations

from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

CURRENT = Style(bgcolor="#5f2f7f", bold=True)
BROWSE = Style(reverse=True)
FUTURE = Style(dim=True, italic=True)


class LogView(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    LogView { scrollbar-size-vertical: 1; }
    """
    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("pageup", "move(-10)", "Page up", show=False),
        Binding("pagedown", "move(10)", "Page down", show=False),
        Binding("enter", "choose", "Open the rule", show=False),
    ]

    class Chosen(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Browsed(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Text] = []
        self.current = 0  # the event the game is at
        self.browse = 0  # the line the log's own cursor is on
        self._cache: dict[tuple[int, int, int], Strip] = {}
        self._wrap: tuple[tuple[int, int, int], list[Strip]] | None = None
        self._render_console = Console(width=400, color_system="truecolor", legacy_windows=False)

    def set_lines(self, lines: list[Text]) -> None:
        self.lines = lines
        self._cache.clear()
        self._resize()

    def extend(self, lines: list[Text]) -> None:
        self.lines.extend(lines)
        self._resize()

    def truncate(self, n: int) -> None:
        if n < len(self.lines):
            del self.lines[n:]
            self._cache.clear()
            self._resize()

    # -- the whole line under the cursor ---------------------------------------------

    def _wrapped(self) -> list[Strip]:
        """The rows of the browsed line, wrapped at the log's width (one row when it fits)."""
        index, width = self.browse, self.size.width
        if not 0 <= index < len(self.lines) or width <= 0:
            return []
        mark = 1 if index == self.current else 2
        key = (index, width, mark + 3 * (index > self.current))
        if self._wrap is not None and self._wrap[0] == key:
            return self._wrap[1]
        text = self.lines[index].copy()
        text.no_wrap = False
        text.overflow = "fold"
        rows = text.wrap(self._render_console, width, overflow="fold")
        strips = [self._strip(row, width, index, mark) for row in rows] or [Strip.blank(width)]
        self._wrap = (key, strips)
        return strips

    def _extra(self) -> int:
        """The rows the browsed line takes beyond its own."""
        return max(0, len(self._wrapped()) - 1)

    def _resize(self) -> None:
        self.virtual_size = Size(0, len(self.lines) + self._extra())
        self.refresh()

    def row_of(self, index: int) -> int:
        """The first row of line `index`."""
        return index + (self._extra() if index > self.browse else 0)

    def index_at(self, row: int) -> int:
        """The line shown on `row` (a wrapped row belongs to the browsed line)."""
        extra = self._extra()
        if row <= self.browse:
            return row
        if row <= self.browse + extra:
            return self.browse
        return row - extra

    def _show_browsed(self, above: int = 0) -> None:
        """Scroll so that the browsed line is seen whole, `above` rows over it if there is
        room."""
        self._resize()
        top = self.row_of(self.browse)
        above = max(0, min(above, self.size.height - 1 - self._extra()))  # the line first
        self.scroll_to_region(
            Region(0, max(0, top - above), 1, above + 1 + self._extra()),
            animate=False,
            immediate=True,
        )

    def set_current(self, index: int) -> None:
        """Mark the game's event and bring it (and the browse cursor) into view."""
        self.current = self.browse = index
        self._show_browsed(above=max(1, self.size.height) // 3)
        self.refresh()

    def on_resize(self) -> None:
        """Keep the browse line in view when the log changes size (a choices box opening
        above it made the game's latest line fall below the log's bottom)."""
        if self.lines:
            self._show_browsed()

    def _strip(self, text: Text, width: int, index: int, mark: int) -> Strip:
        text = text.copy()
        text.truncate(width, overflow="ellipsis", pad=True)
        if index > self.current:
            text.stylize(FUTURE)
        if mark:
            text.stylize(CURRENT if mark == 1 else BROWSE)
        segments = list(text.render(self._render_console))
        return Strip([s for s in segments if s.text != "\n"], width)

    def render_line(self, y: int) -> Strip:
        row = y + int(self.scroll_offset.y)
        width = self.size.width
        index = self.index_at(row)
        if index >= len(self.lines) or width <= 0:
            return Strip.blank(width)
        if index == self.browse:
            rows = self._wrapped()
            return rows[min(row - index, len(rows) - 1)]
        mark = 1 if index == self.current else 0
        key = (index, width, mark + 3 * (index > self.current))
        strip = self._cache.get(key)
        if strip is None:
            strip = self._strip(self.lines[index], width, index, mark)
            if len(self._cache) > 400:
                self._cache.clear()
            self._cache[key] = strip
        return strip

    def action_move(self, delta: int) -> None:
        if not self.lines:
            return
        self.browse = max(0, min(len(self.lines) - 1, self.browse + delta))
        self._show_browsed()
        self.refresh()
        self.post_message(self.Browsed(self.browse))

    def action_choose(self) -> None:
        if self.lines:
            self.post_message(self.Chosen(self.browse))

    def on_click(self, event: Click) -> None:
        index = self.index_at(event.y + int(self.scroll_offset.y))
        if 0 <= index < len(self.lines):
            self.browse = index
            self._resize()
            self.post_message(self.Browsed(index))
            if event.chain >= 2:
                self.post_message(self.Chosen(index))
