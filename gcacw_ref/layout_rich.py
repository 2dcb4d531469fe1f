"""Styled text (`rich.text.Text`) laid out by the Japanese line rules of `layout.py`.

`KinsokuText` is a Rich renderable that wraps a styled `Text` at the width it is given,
for Textual `Static` widgets (the rule view); `wrap_text` gives its lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.measure import Measurement
from rich.text import Span, Text

from gcacw_ref.layout import line_spans

if TYPE_CHECKING:  # rich.console costs a command-line search 30 ms to import; types only
    from rich.console import Console, ConsoleOptions, RenderResult


def wrap_text(text: Text, width: int, words: bool = False) -> list[Text]:
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
        for a, b in line_spans(paragraph, width, words):
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


class KinsokuText:
    """A Rich renderable: a `Text` wrapped at the render width by Japanese line rules."""

    def __init__(self, text: Text | str, words: bool = False) -> None:
        self.text = Text(text) if isinstance(text, str) else text
        self.words = words  # a label: no Japanese word split (layout.can_break_word)

    def lines(self, width: int) -> list[Text]:
        return wrap_text(self.text, width, self.words)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            line.no_wrap = True
            line.overflow = "ignore"
            line.end = "\n"
            yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        widest = max((cell_len(x) for x in self.text.plain.split("\n")), default=0)
        return Measurement(min(2, widest), min(widest, options.max_width))
