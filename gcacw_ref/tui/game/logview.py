"""The game log: one line per event, the current one marked, a cursor to browse with.

A `ScrollView` that renders only its visible lines, each turned into a `Strip` once
and cached, so a game of thousands of events steps as fast as a short one.
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
        self._render_console = Console(width=400, color_system="truecolor", legacy_windows=False)

    def set_lines(self, lines: list[Text]) -> None:
        self.lines = lines
        self._cache.clear()
        self.virtual_size = Size(0, len(lines))
        self.refresh()

    def extend(self, lines: list[Text]) -> None:
        self.lines.extend(lines)
        self.virtual_size = Size(0, len(self.lines))
        self.refresh()

    def truncate(self, n: int) -> None:
        if n < len(self.lines):
            del self.lines[n:]
            self._cache.clear()
            self.virtual_size = Size(0, len(self.lines))
            self.refresh()

    def set_current(self, index: int) -> None:
        """Mark the game's event and bring it (and the browse cursor) into view."""
        self.current = self.browse = index
        height = max(1, self.size.height)
        self.scroll_to_region(
            Region(0, max(0, index - height // 3), 1, 1 + height // 2),
            animate=False,
            immediate=True,
        )
        self.refresh()

    def on_resize(self) -> None:
        """Keep the browse line in view when the log changes size (a choices box opening
        above it made the game's latest line fall below the log's bottom)."""
        if self.lines:
            self.scroll_to_region(Region(0, self.browse, 1, 1), animate=False, immediate=True)

    def render_line(self, y: int) -> Strip:
        index = y + int(self.scroll_offset.y)
        width = self.size.width
        if index >= len(self.lines) or width <= 0:
            return Strip.blank(width)
        mark = 1 if index == self.current else 2 if index == self.browse else 0
        future = index > self.current
        key = (index, width, mark + 3 * future)
        strip = self._cache.get(key)
        if strip is None:
            text = self.lines[index].copy()
            text.truncate(width, overflow="ellipsis", pad=True)
            if future:
                text.stylize(FUTURE)
            if mark:
                text.stylize(CURRENT if mark == 1 else BROWSE)
            segments = list(text.render(self._render_console))
            strip = Strip([s for s in segments if s.text != "\n"], width)
            if len(self._cache) > 400:
                self._cache.clear()
            self._cache[key] = strip
        return strip

    def action_move(self, delta: int) -> None:
        if not self.lines:
            return
        self.browse = max(0, min(len(self.lines) - 1, self.browse + delta))
        self.scroll_to_region(Region(0, self.browse, 1, 1), animate=False, immediate=True)
        self.refresh()
        self.post_message(self.Browsed(self.browse))

    def action_choose(self) -> None:
        if self.lines:
            self.post_message(self.Chosen(self.browse))

    def on_click(self, event: Click) -> None:
        index = event.y + int(self.scroll_offset.y)
        if 0 <= index < len(self.lines):
            self.browse = index
            self.refresh()
            self.post_message(self.Browsed(index))
            if event.chain >= 2:
                self.post_message(self.Chosen(index))
