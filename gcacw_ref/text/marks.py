"""The rulebook's own marks in a text, for any front end: `**` emphasis taken out (and
where it was), tab-separated tables laid out in columns."""

from __future__ import annotations

import re
import unicodedata

_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")


_LABEL = re.compile(r"(?m)^([ \t]*(?:[-・]|\d+\.)[ \t]*)([^*\n]+?)\*\*(?=[ \t]*[：:])")
"""A list item's label closed by `**` whose opening marks the text lost: `- 河川**：`."""


def _emphasis(text: str) -> tuple[set[int], list[tuple[int, int]]]:
    """Offsets of the `**` marks to drop, and the emphasised spans (offsets in `text`)."""
    drop: set[int] = set()
    spans: list[tuple[int, int]] = []
    for match in _BOLD.finditer(text):
        drop.update((match.start(), match.start() + 1, match.end() - 2, match.end() - 1))
        spans.append((match.start() + 2, match.end() - 2))
    for match in _LABEL.finditer(text):
        mark = match.end() - 2
        if mark in drop:
            continue
        drop.update((mark, mark + 1))
        spans.append((match.start(2), mark))
    at = text.find("**")
    while at != -1:  # any mark left unpaired is dropped too, never shown raw
        if at not in drop:
            drop.update((at, at + 1))
        at = text.find("**", at + 2)
    return drop, sorted(spans)


def plain_with_spans(
    text: str, spans: list[tuple[int, int]]
) -> tuple[str, list[tuple[int, int]], list[tuple[int, int]]]:
    """`text` without its `**` marks: (plain text, emphasis spans, `spans` moved to match).

    Only double asterisks count: a single `*` is part of the rules' own notation (results
    such as `2DR*`) and is kept as written. A list label whose opening marks are missing
    (`- 河川**：`) is emphasised all the same; any other unpaired `**` is dropped.
    """
    drop, bold = _emphasis(text)
    ordered = sorted(drop)

    def moved(offset: int) -> int:
        return offset - sum(1 for r in ordered if r < offset)

    if not drop:  # the usual paragraph: nothing to take out (and a long one stays fast)
        return text, list(bold), list(spans)
    plain = "".join(c for i, c in enumerate(text) if i not in drop)
    return plain, [(moved(a), moved(b)) for a, b in bold], [(moved(a), moved(b)) for a, b in spans]


def strip_bold(text: str) -> tuple[str, list[tuple[int, int]]]:
    """The paragraph without `**…**` emphasis marks, and where the emphasis was
    (see `plain_with_spans`)."""
    plain, bold, _spans = plain_with_spans(text, [])
    return plain, bold


def display_width(text: str) -> int:
    """Columns `text` takes on a terminal (wide and full-width characters count two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def align_tables(text: str) -> str:
    """The rule text with each run of tab-separated lines laid out as a table: the cells
    padded with spaces to their column's width, so that Japanese text lines up too."""
    lines = text.split("\n")
    out: list[str] = []
    block: list[list[str]] = []

    def flush() -> None:
        if not block:
            return
        count = max(len(row) for row in block)
        widths = [
            max((display_width(row[i]) for row in block if i < len(row)), default=0)
            for i in range(count)
        ]
        for row in block:
            cells = [cell + " " * (widths[i] - display_width(cell)) for i, cell in enumerate(row)]
            out.append("  ".join(cells).rstrip())
        block.clear()

    for line in lines:
        if "\t" in line:
            block.append([cell.strip() for cell in line.split("\t")])
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out)
