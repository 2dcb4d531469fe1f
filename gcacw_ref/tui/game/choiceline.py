"""One line of the choices box: the choice's words cut to the box's width with an
ellipsis, its `[rule]` tag always kept at the end of the same line (the detail panel
shows the highlighted choice whole)."""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text


class ChoiceLine:
    """A choice's words and its rule tag on one line, whatever the width."""

    def __init__(self, words: str, rule: str) -> None:
        self.words = Text("  " + words)
        self.tag = Text(f"  [{rule}]", style="cyan")

    @property
    def plain(self) -> str:
        return self.words.plain + self.tag.plain

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        room = max(options.max_width - self.tag.cell_len, 1)
        words = self.words.copy()
        if words.cell_len > room:  # cut, no space left before the ellipsis
            words.truncate(room - 1)
            words.rstrip()
            words.append("…")
            words.pad_right(room - words.cell_len)  # the cut lines' tags in one column
        line = words + self.tag
        line.no_wrap = True
        line.overflow = "crop"
        yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.tag.cell_len + 2, self.words.cell_len + self.tag.cell_len)
