"""One choice of the choices box: its words and its `[rule]` tag, never cut. Words wider
than the box wrap onto the next rows (indented under the first), so two choices never
read the same however narrow the box (a phone, 80 columns, Japanese names twice as wide):
"Garrick (army) → Birch (2/I)" and "Garrick (army) → Corley (3/I)" both keep both names.
The tag stays at the end of the first row, in one column for every choice."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.text import Text

INDENT = 4  # a wrapped row starts under the words, past the choice's own margin


class ChoiceLine:
    """A choice's words and its rule tag, wrapped to the width it is given."""

    def __init__(self, words: str, rule: str) -> None:
        self.words = Text("  " + words)
        self.tag = Text(f"  [{rule}]", style="cyan")

    @property
    def plain(self) -> str:
        return self.words.plain + self.tag.plain

    def rows(self, console: Console, width: int) -> list[Text]:
        """The rows the choice takes at `width` cells: the words wrapped, the tag ending
        the first row."""
        room = max(width - self.tag.cell_len, 1)
        if self.words.cell_len <= room:
            return [self.words + self.tag]
        first, rest = split_at(self.words, room)
        first.pad_right(room - first.cell_len)  # the wrapped choices' tags in one column
        rows = [first + self.tag]
        rest_room = max(width - INDENT, 1)
        body = Text(" " * INDENT) if rest_room > 1 else Text()
        for row in rest.wrap(console, rest_room, overflow="fold"):
            rows.append(body + row)
        return rows

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for row in self.rows(console, options.max_width):
            row.no_wrap = True
            row.overflow = "crop"
            yield row

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement(self.tag.cell_len + 2, self.words.cell_len + self.tag.cell_len)


BREAKS = (" → ", " · ")  # where a choice's parts meet: the best place to wrap


def split_at(words: Text, room: int) -> tuple[Text, Text]:
    """`words` split into what fits in `room` cells and the rest (its leading spaces
    dropped): after the last "→" or "·" that fits past a third of the room (a unit's name
    stays whole on its row), else at the last space past half of it, else at the room."""
    plain = words.plain
    end = 0
    while end < len(plain) and cell_len(plain[: end + 1]) <= room:
        end += 1
    if end < len(plain):
        cut = max((plain.rfind(b, 0, end) + len(b) - 1 for b in BREAKS), default=-1)
        if cut > 0 and cell_len(plain[:cut]) > room // 3:
            end = cut
        else:
            space = plain.rfind(" ", 0, end + 1)
            if space > 0 and cell_len(plain[:space]) > room // 2:
                end = space
    head, tail = words[:end], words[end:]
    head.rstrip()
    return head, _lstrip(tail)


def _lstrip(text: Text) -> Text:
    gone = len(text.plain) - len(text.plain.lstrip(" "))
    return text[gone:]
