"""Laying out mixed Japanese and English text in terminal cells.

A Japanese character takes two cells, so widths are measured with `rich.cells.cell_len`,
never `len`. Rich and Textual fold long lines by cells but know nothing of Japanese line
breaking rules (kinsoku shori): they may start a line with 。、）」 or end one with （「.
`wrap()` breaks a paragraph into lines of at most `width` cells that:
- break between any two Japanese characters, but inside an English word only when the
  word alone is wider than the line;
- never start with closing punctuation or small kana (`NO_START`) and never end with an
  opening bracket (`NO_END`): the break moves back one character (oikomi is not used, so
  no line is ever wider than `width`);
- drop the spaces at a break.
`KinsokuText` is a Rich renderable that wraps a styled `rich.text.Text` this way at the
width it is given, for Textual `Static` widgets (the rule view).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate
from typing import TYPE_CHECKING

from rich.cells import cell_len, get_character_cell_size
from rich.measure import Measurement
from rich.text import Span, Text

if TYPE_CHECKING:  # rich.console costs a command-line search 30 ms to import; types only
    from rich.console import Console, ConsoleOptions, RenderResult

NO_START = frozenset(
    "、。，．,.）)］]｝}」』】〕〉》〙〗!！?？:：;；・…‥ー〜～々ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ%％’”"
)
NO_END = frozenset("（(［[｛{「『【〔〈《〘〖‘“")


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded with spaces to `width` cells (right-aligned when `right`)."""
    fill = " " * max(0, width - cell_len(text))
    return fill + text if right else text + fill


def clip(text: str, width: int, ellipsis: str = "…") -> str:
    """`text` cut to at most `width` cells, never through a character, marked with `ellipsis`."""
    if cell_len(text) <= width:
        return text
    room = width - cell_len(ellipsis)
    out, used = [], 0
    for ch in text:
        w = get_character_cell_size(ch)
        if used + w > room:
            break
        out.append(ch)
        used += w
    return "".join(out) + ellipsis


def _latin(ch: str) -> bool:
    """Part of an English word or number (no break inside), as opposed to a space or CJK."""
    return ch.isascii() and ch.isprintable() and not ch.isspace()  # one cell, no control


def can_break(text: str, k: int) -> bool:
    """May a line end before `text[k]`?"""
    before, after = text[k - 1], text[k]
    if after.isspace():
        return True
    if after in NO_START or before in NO_END:
        return False
    return before.isspace() or not (_latin(before) and _latin(after))


def line_spans(text: str, width: int) -> list[tuple[int, int]]:
    """(start, end) of each line of one paragraph (no newlines) wrapped at `width` cells."""
    width = max(width, 2)
    spans: list[tuple[int, int]] = []
    n = len(text)
    # cells before each offset: a line from `start` ends at the last offset within `width`
    cells: Sequence[int] = range(n + 1)
    if not text.isascii():  # each distinct character measured once
        size = {ch: get_character_cell_size(ch) for ch in set(text)}
        cells = list(accumulate(map(size.__getitem__, text), initial=0))
    start = 0
    while start < n:
        i = bisect_right(cells, cells[start] + width, lo=start) - 1
        if i >= n:
            spans.append((start, n))
            break
        end = next((k for k in range(i, start, -1) if can_break(text, k)), i)
        if end == start:  # one character wider than the line
            end = start + 1
        stop = end
        while stop > start and text[stop - 1].isspace():
            stop -= 1
        spans.append((start, stop))
        start = end
        while start < n and text[start].isspace():
            start += 1
    return spans or [(0, 0)]


def wrap(text: str, width: int) -> list[str]:
    """`text` (paragraphs separated by newlines) as lines of at most `width` cells."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(paragraph[a:b] for a, b in line_spans(paragraph, width))
    return lines


def wrap_text(text: Text, width: int) -> list[Text]:
    """A styled `Text` wrapped like `wrap()`, each line keeping its styles.

    Linear in the text: each line is cut from the plain string and given the spans that
    overlap it, found by one sweep over the spans in order (slicing a `Text` copies all
    of it, which made a paragraph of a megabyte take minutes)."""
    plain = text.plain
    spans = sorted(text.spans, key=lambda s: s.start)
    lines: list[Text] = []
    active: list[Span] = []
    k = 0
    offset = 0
    for paragraph in plain.split("\n"):
        for a, b in line_spans(paragraph, width):
            lo, hi = offset + a, offset + b
            while k < len(spans) and spans[k].start < hi:
                active.append(spans[k])
                k += 1
            active = [s for s in active if s.end > lo]
            line = Text(plain[lo:hi], style=text.style, justify=text.justify)
            line.overflow = text.overflow
            line.spans = [
                Span(max(s.start, lo) - lo, min(s.end, hi) - lo, s.style)
                for s in active
                if s.start < hi and max(s.start, lo) < min(s.end, hi)
            ]
            lines.append(line)
        offset += len(paragraph) + 1
    return lines


def count_lines(text: str, width: int) -> int:
    """How many lines `wrap(text, width)` gives."""
    return len(wrap(text, width))


class KinsokuText:
    """A Rich renderable: a `Text` wrapped at the render width by Japanese line rules."""

    def __init__(self, text: Text | str) -> None:
        self.text = Text(text) if isinstance(text, str) else text

    def lines(self, width: int) -> list[Text]:
        return wrap_text(self.text, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line.no_wrap = True
            line.overflow = "ignore"
            line.end = "\n"
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(x) for x in self.text.plain.split("\n")), default=0)
        return Measurement(min(2, widest), min(widest, options.max_width))


def widest(items: Iterable[str]) -> int:
    """The widest of `items`, in cells."""
    return max((cell_len(x) for x in items), default=0)
