"""One line of the choices box: the choice's words cut to the box's width with an
ellipsis in the middle (a choice's start and its end both tell it apart: "column attack
· on 1107 …", "Upham's Brigade · in 1022 · no"), its `[rule]` tag always kept at the end
of the same line (the detail panel shows the highlighted choice whole)."""

from __future__ import annotations

from rich.cells import cell_len
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
        if words.cell_len > room:  # cut in the middle, no space left by the ellipsis
            words = cut_middle(words, room)
            words.pad_right(room - words.cell_len)  # the cut lines' tags in one column
        line = words + self.tag
        line.no_wrap = True
        line.overflow = "crop"
        yield line

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.tag.cell_len + 2, self.words.cell_len + self.tag.cell_len)


def cut_middle(words: Text, room: int) -> Text:
    """`words` in at most `room` cells: its start and its end, an ellipsis between."""
    keep = max(room - 1, 0)
    tail_cells = keep * 3 // 5  # the end a little longer: a target, a yes or no
    start = len(words.plain)
    while start > 0 and cell_len(words.plain[start - 1 :]) <= tail_cells:
        start -= 1
    while start < len(words.plain) and words.plain[start] == " ":
        start += 1
    tail = words[start:]
    head = words.copy()
    head.truncate(keep - tail.cell_len)
    head.rstrip()
    return Text.assemble(head, "…", tail)
