"""A rule's text shown lazily: only the lines on screen are rendered.

A `Static` renders its whole content whenever it is laid out, so a rule of one long
paragraph (a megabyte without a line break) froze the TUI for minutes. `LazyText` wraps
the text by the Japanese line rules of `layout.line_spans` (one linear pass, once per
width) and renders a line only when Textual asks for it on screen, keeping the rendered
lines until the text or the width changes.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.text import Span, Text
from textual.geometry import Size
from textual.strip import Strip
from textual.visual import VisualType
from textual.widgets import Static

from gcacw_ref.layout import line_spans


class LazyText(Static):
    """A `Static` for long styled text; `update` takes a `Text`, a `KinsokuText` or a str."""

    def __init__(self, content: VisualType = "", **kwargs: object) -> None:
        super().__init__("", **kwargs)  # type: ignore[arg-type]
        self._text = Text()
        self._width = -1
        self._lines: list[tuple[int, int]] = []  # (start, end) of each line in the text
        self._strips: dict[int, Strip] = {}
        self.set_text(content)

    @property
    def text(self) -> Text:
        return self._text

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        self.set_text(content)
        self.refresh(layout=layout)

    def set_text(self, content: object) -> None:
        inner = getattr(content, "text", content)  # a KinsokuText holds its Text
        self._text = inner if isinstance(inner, Text) else Text(str(inner))
        self._width = -1
        self._strips = {}
        self._content_height_cache = (None, 0)

    def _wrap(self, width: int) -> list[tuple[int, int]]:
        if width != self._width:
            lines: list[tuple[int, int]] = []
            offset = 0
            for paragraph in self._text.plain.split("\n"):
                lines.extend((offset + a, offset + b) for a, b in line_spans(paragraph, width))
                offset += len(paragraph) + 1
            self._lines, self._width, self._strips = lines, width, {}
        return self._lines

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._wrap(max(width, 1))) if width > 0 else 0

    def line_text(self, y: int, width: int) -> Text:
        """Line `y` of the text wrapped at `width`, with the styles that touch it."""
        lo, hi = self._wrap(width)[y]
        line = Text(self._text.plain[lo:hi], style=self._text.style, end="")
        line.spans = [
            Span(max(s.start, lo) - lo, min(s.end, hi) - lo, s.style)
            for s in self._text.spans
            if s.start < hi and s.end > lo and max(s.start, lo) < min(s.end, hi)
        ]
        return line

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.visual_style.rich_style
        if width <= 0 or y >= len(self._wrap(width)):
            return Strip.blank(max(width, 0), base)
        strip = self._strips.get(y)
        if strip is None:
            segments = list(self.line_text(y, width).render(self.app.console))
            segments = list(Segment.apply_style(segments, base))
            strip = Strip(segments).extend_cell_length(width, base).crop(0, width)
            self._strips[y] = strip
        return strip
