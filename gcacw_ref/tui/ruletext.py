"""Rule text for display: emphasis marks, find matches, rule citations as links, register
notes."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from rich.control import strip_control_codes
from rich.style import Style
from rich.text import Span, Text

from gcacw_ref.i18n import _, current_language
from gcacw_ref.rules.register import entries_for_rule

_CONTROL = re.compile("[\x07\x08\x0b\x0c\x0d]")
"""What a `Text` strips from its string (`rich.control.strip_control_codes`)."""
_NUMBER = re.compile(r"(?<![0-9０-９.．])([0-9０-９]{1,2}[.．][0-9０-９]{1,2})(?![0-9０-９])")


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


def find_in(paragraphs: list[str], needle: str) -> list[tuple[int, int, int]]:
    """Every place `needle` stands in the rule, any case: (paragraph, start, end)."""
    matches: list[tuple[int, int, int]] = []
    if needle:
        for n, paragraph in enumerate(paragraphs):
            hay = paragraph.casefold()
            start = hay.find(needle.casefold())
            while start >= 0:
                matches.append((n, start, start + len(needle)))
                start = hay.find(needle.casefold(), start + max(1, len(needle)))
    return matches


def body_text(
    paragraphs: list[str],
    bold: list[list[tuple[int, int]]],
    matches: list[tuple[int, int, int]],
    current: int,
) -> tuple[str, list[Span]]:
    """The whole rule and its styles: emphasis and find matches, match `current` lit
    (links are asked for as they are drawn). Built as one string and its spans: a `Text`
    made of a long paragraph would pass over all of it to strip control codes, which few
    paragraphs hold."""
    chunks: list[str] = []
    spans: list[Span] = []
    offset = 0
    for n, paragraph in enumerate(paragraphs):
        if _CONTROL.search(paragraph):
            paragraph = strip_control_codes(paragraph)
        for start, end in bold[n] if n < len(bold) else []:
            spans.append(Span(offset + start, offset + end, "bold"))
        for index, (p, start, end) in enumerate(matches):
            if p == n:
                style = "black on yellow" if index == current else "reverse"
                spans.append(Span(offset + start, offset + end, style))
        chunks.append(paragraph)
        offset += len(paragraph) + 1
    return "\n".join(chunks), spans
