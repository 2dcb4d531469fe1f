"""Rule text for display: emphasis marks, rule citations as links, register notes."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from rich.style import Style
from rich.text import Span, Text

from gcacw_ref.i18n import _, current_language
from gcacw_ref.rules.register import entries_for_rule

_NUMBER = re.compile(r"(?<![0-9０-９.．])([0-9０-９]{1,2}[.．][0-9０-９]{1,2})(?![0-9０-９])")


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


def link_spans(text: str, cites: set[str], book: str, start: int = 0, end: int = -1) -> list[Span]:
    """A link span for each cited rule number in `text[start:end]` (offsets in `text`)."""
    spans = []
    for match in _NUMBER.finditer(text, start, len(text) if end < 0 else end):
        number = unicodedata.normalize("NFKC", match.group(1)).replace("．", ".")
        if number not in cites:
            continue
        action = f"app.open_rule({number!r}, {book!r})"
        style = Style(underline=True, color="cyan", meta={"@click": action})
        spans.append(Span(match.start(), match.end(), style))
    return spans


def linked_text(text: str, cites: set[str], book: str) -> Text:
    """The paragraph with each cited rule number made a link (click or the Links list)."""
    return Text(text, spans=link_spans(text, cites, book))


def register_notes(section: str) -> tuple[Text, ...]:
    """Conflicts and gaps from the register that touch this rule, in short, in the
    interface's language."""
    return _register_notes(section, current_language())


@lru_cache(maxsize=256)
def _register_notes(section: str, lang: str) -> tuple[Text, ...]:
    number = section.split("#")[0].split("/")[0]
    try:
        entries = entries_for_rule(number)
    except Exception:  # noqa: BLE001 - a broken register must not hide the rule
        return ()
    notes = []
    for entry in entries:
        note = Text()
        note.append(f"⚠ {_(entry.kind)}: ", style="bold yellow")
        note.append(f"{entry.topic_in(lang)} ", style="bold")
        note.append(_("(rules {rules}) ").format(rules=", ".join(entry.rules)), style="dim")
        note.append(_("— this tool reads: "), style="italic")
        note.append(entry.reading_in(lang))
        notes.append(note)
    return tuple(notes)


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
