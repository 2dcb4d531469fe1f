"""A rule's text shown lazily: only the pieces on screen are wrapped and linked.

A `Static` renders its whole content whenever it is laid out, so a rule of one long
paragraph (a megabyte without a line break) froze the TUI for minutes. `LazyText` cuts
each paragraph longer than `PIECE` characters into pieces that end where a line may
break, and wraps a piece by the Japanese line rules of `layout.line_spans` only when one
of its lines is drawn. Until then a piece's height is estimated from the pieces already
wrapped, and corrected (with a new layout) once it is wrapped. Up to `EAGER` characters
are wrapped at once, so an ordinary rule is measured exactly and looks as before.

Styles that cost a pass over the text (the links of rule citations) come from a
`styler` asked once per piece, for that piece only. Opening a rule therefore costs
about one screen of work, not one paragraph's.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

from rich.segment import Segment
from rich.style import Style
from rich.text import Span, Text
from textual.geometry import Size
from textual.strip import Strip
from textual.visual import VisualType
from textual.widgets import Static

from gcacw_ref.layout import can_break, line_spans

PIECE = 16_384
"""Characters in a piece of a long paragraph (a line never runs across two pieces)."""

EAGER = 65_536
"""Characters wrapped as soon as the width is known; the rest waits until it is drawn."""

Styler = Callable[[str, int, int], list[Span]]
"""Extra spans for `plain[start:end]`, in offsets of the whole text."""


def pieces(plain: str, size: int = PIECE) -> list[tuple[int, int]]:
    """(start, end) of the pieces of `plain`: one per paragraph, long ones cut where a
    line may break, into pieces of at most `size` characters (a newline ends a piece)."""
    out: list[tuple[int, int]] = []
    offset = 0
    for paragraph in plain.split("\n"):
        start, n = 0, len(paragraph)
        while n - start > size:
            cut = start + size
            low = max(start + 1, cut - 256)
            while cut > low and not can_break(paragraph, cut):
                cut -= 1
            if cut == low:  # no break near: cut anyway
                cut = start + size
            out.append((offset + start, offset + cut))
            start = cut
            while start < n and paragraph[start].isspace():
                start += 1
        out.append((offset + start, offset + n))
        offset += n + 1
    return out


def unstripped_text(plain: str, spans: list[Span]) -> Text:
    """`Text(plain, spans=spans)` for a `plain` already free of control codes, without
    `Text`'s own pass to strip them (60 ms of CPU for a megabyte of rule text).

    Rich offers no public way to skip that pass, so this sets the two private fields a
    `Text` keeps its string in; `tests/tui/test_lazytext.py` fails if Rich changes them.
    """
    text = Text()
    text._text, text._length = [plain], len(plain)
    text.spans = spans
    return text


class LazyText(Static):
    """A `Static` for long styled text; `update` takes a `Text`, a `KinsokuText` or a str."""

    def __init__(
        self,
        content: VisualType = "",
        *,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__("", id=id, classes=classes)
        self._text = Text()
        self._styler: Styler | None = None
        self._pieces: list[tuple[int, int]] = []
        self._styled: dict[int, list[Span]] = {}  # styler spans of each piece asked for
        self._width = -1
        self._lines: list[list[tuple[int, int]] | None] = []  # each piece's lines, once wrapped
        self._counts: list[int] = []  # lines of each piece (estimated until wrapped)
        self._tops: list[int] = [0]  # first line of each piece, and the total last
        # drawn lines, each with the base style it was drawn in (focus changes the background)
        self._strips: dict[int, tuple[Style, Strip]] = {}
        self.set_text(content)

    @property
    def text(self) -> Text:
        return self._text

    @property
    def wrapped_chars(self) -> int:
        """Characters wrapped at the current width so far (the work done, to count it)."""
        done = zip(self._pieces, self._lines, strict=True)
        return sum(b - a for (a, b), lines in done if lines is not None)

    def update(
        self, content: VisualType = "", *, layout: bool = True, styler: Styler | None = None
    ) -> None:
        self.set_text(content, styler)
        self.refresh(layout=layout)

    def show(self, plain: str, spans: list[Span], styler: Styler | None = None) -> None:
        """Show `plain` with `spans` and what `styler` adds (plain, as `Text` would keep it)."""
        self.set_text(Text(), styler)
        self._text = unstripped_text(plain, spans)
        self._pieces = pieces(plain)
        self.refresh(layout=True)

    def set_text(self, content: object, styler: Styler | None = None) -> None:
        inner = getattr(content, "text", content)  # a KinsokuText holds its Text
        self._text = inner if isinstance(inner, Text) else Text(str(inner))
        self._styler = styler
        self._pieces = pieces(self._text.plain)
        self._styled = {}
        self._width = -1
        self._strips = {}
        self._content_height_cache = (None, 0)

    # -- lines ------------------------------------------------------------------------

    def _wrap_piece(self, index: int) -> bool:
        """Wrap piece `index` at the current width; True if its height changed."""
        lo, hi = self._pieces[index]
        spans = line_spans(self._text.plain[lo:hi], max(self._width, 2))
        self._lines[index] = [(lo + a, lo + b) for a, b in spans]
        changed = len(spans) != self._counts[index]
        self._counts[index] = len(spans)
        return changed

    def _estimate(self) -> None:
        """Estimate each piece not yet wrapped from the lines per character of those that are."""
        chars = lines = 0
        for (a, b), wrapped in zip(self._pieces, self._lines, strict=True):
            if wrapped is not None:
                chars, lines = chars + b - a, lines + len(wrapped)
        ratio = lines / chars if chars else 2 / max(self._width, 2)
        for i, ((a, b), wrapped) in enumerate(zip(self._pieces, self._lines, strict=True)):
            if wrapped is None:
                self._counts[i] = max(1, round((b - a) * ratio))
        self._tops = list(accumulate(self._counts, initial=0))

    def _layout(self, width: int) -> None:
        if width == self._width:
            return
        self._width, self._strips = width, {}
        self._lines = [None] * len(self._pieces)
        self._counts = [0] * len(self._pieces)
        budget = EAGER
        for i, (a, b) in enumerate(self._pieces):
            if b - a > budget:
                break
            budget -= b - a
            self._wrap_piece(i)
        self._estimate()

    def _line(self, y: int) -> tuple[int, int] | None:
        """(start, end) of line `y`, wrapping its piece first if need be."""
        index = bisect_right(self._tops, y) - 1
        if not 0 <= index < len(self._pieces):
            return None
        if self._lines[index] is None and self._wrap_piece(index):
            self._estimate()  # the lines below moved: draw again with the true height
            self._strips = {}
            self._content_height_cache = (None, 0)
            self.call_later(self.refresh, layout=True)
            return self._line(y)
        lines = self._lines[index]
        assert lines is not None
        row = y - self._tops[index]
        return lines[row] if row < len(lines) else None

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return container.width

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if width <= 0:
            return 0
        self._layout(width)
        return self._tops[-1]

    def _extra_spans(self, lo: int) -> list[Span]:
        if self._styler is None:
            return []
        index = bisect_right(self._pieces, (lo, len(self._text.plain) + 1)) - 1
        if index not in self._styled:
            a, b = self._pieces[index]
            self._styled[index] = self._styler(self._text.plain, a, b)
        return self._styled[index]

    def line_text(self, y: int, width: int) -> Text:
        """Line `y` of the text wrapped at `width`, with the styles that touch it."""
        self._layout(width)
        lo, hi = self._line(y) or (0, 0)
        line = Text(self._text.plain[lo:hi], style=self._text.style, end="")
        line.spans = [
            Span(max(s.start, lo) - lo, min(s.end, hi) - lo, s.style)
            for s in self._extra_spans(lo) + self._text.spans
            if s.start < hi and s.end > lo and max(s.start, lo) < min(s.end, hi)
        ]
        return line

    def render_line(self, y: int) -> Strip:
        width = self.content_size.width
        base = self.visual_style.rich_style
        if width <= 0:
            return Strip.blank(max(width, 0), base)
        self._layout(width)
        if y >= self._tops[-1] or self._line(y) is None:
            return Strip.blank(width, base)
        drawn = self._strips.get(y)
        if drawn is not None and drawn[0] == base:
            return drawn[1]
        segments = list(self.line_text(y, width).render(self.app.console))
        segments = list(Segment.apply_style(segments, base))
        strip = Strip(segments).extend_cell_length(width, base).crop(0, width)
        self._strips[y] = (base, strip)
        return strip
