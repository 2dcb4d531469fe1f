"""Rule text for display: emphasis marks, rule citations as links, register notes."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from rich.style import Style
from rich.text import Text

from gcacw_ref.i18n import _, current_language

_NUMBER = re.compile(r"(?<![0-9０-９.．])([0-9０-９]{1,2}[.．][0-9０-９]{1,2})(?![0-9０-９])")


_BOLD = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")


def strip_bold(text: str) -> tuple[str, list[tuple[int, int]]]:
    """The paragraph without `**…**` emphasis marks, and where the emphasis was.

    Only paired double asterisks count: a single `*` is part of the rules' own
    notation (results such as `2DR*`) and is kept as written.
    """
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    last = length = 0
    for match in _BOLD.finditer(text):
        before = text[last : match.start()]
        parts.append(before)
        length += len(before)
        inner = match.group(1)
        spans.append((length, length + len(inner)))
        parts.append(inner)
        length += len(inner)
        last = match.end()
    parts.append(text[last:])
    return "".join(parts), spans


def linked_text(text: str, cites: set[str], book: str) -> Text:
    """The paragraph with each cited rule number made a link (click or the Links list)."""
    out = Text()
    last = 0
    for match in _NUMBER.finditer(text):
        number = unicodedata.normalize("NFKC", match.group(1)).replace("．", ".")
        if number not in cites:
            continue
        out.append(text[last : match.start()])
        action = f"app.open_rule({number!r}, {book!r})"
        out.append(
            match.group(1), style=Style(underline=True, color="cyan", meta={"@click": action})
        )
        last = match.end()
    out.append(text[last:])
    return out


def register_notes(section: str) -> tuple[Text, ...]:
    """Conflicts and gaps from the register that touch this rule, in short, in the
    interface's language."""
    return _register_notes(section, current_language())


@lru_cache(maxsize=256)
def _register_notes(section: str, lang: str) -> tuple[Text, ...]:
    number = section.split("#")[0].split("/")[0]
    try:
        from gcacw_ref.rules.register import entries_for_rule

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
