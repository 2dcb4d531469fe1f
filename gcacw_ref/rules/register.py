"""The register of conflicts and gaps between the rules text (000) and the charts (003).

Entries live in `tables/register/*.toml` as `[[entry]]` arrays; each says what each
source says, which reading the tool uses and why, and gives its topic and reading in
Japanese too (`topic_ja`, `rules_text_ja`, `charts_ja`, `reading_ja`, `why_ja`) for players
who use the tool in Japanese.
Calculators cite entry ids in their steps when a reading from the register decides a number.
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import BaseModel, ConfigDict

from gcacw_ref.paths import tables_dir
from gcacw_ref.rules.tables import validate_file


class RegisterEntry(BaseModel):
    """One conflict or gap, in our own words."""

    model_config = ConfigDict(extra="forbid")

    id: str  # short slug, e.g. "ferry-penalty"
    kind: Literal["conflict", "gap"]
    topic: str
    rules: list[str]  # rule numbers touched, e.g. ["6.2"]
    rules_text: str  # what the rulebook (000) says, summarised
    charts: str  # what the charts (003) say, summarised ("silent" if nothing)
    reading: str  # what this tool does
    why: str
    # the same in Japanese (rulebook terms, our own sentences): shown when the interface
    # speaks Japanese; tests/i18n checks every entry has them
    topic_ja: str | None = None
    rules_text_ja: str | None = None
    charts_ja: str | None = None
    reading_ja: str | None = None
    why_ja: str | None = None

    def topic_in(self, lang: str) -> str:
        """The topic in `lang` (`ja` or `en`), English when no Japanese is given."""
        return (self.topic_ja if lang == "ja" else None) or self.topic

    def reading_in(self, lang: str) -> str:
        """What this tool reads, in `lang` (`ja` or `en`), English when no Japanese is given."""
        return (self.reading_ja if lang == "ja" else None) or self.reading

    def rules_text_in(self, lang: str) -> str:
        """What the rulebook says, in `lang` (`ja` or `en`), English when no Japanese is given."""
        return (self.rules_text_ja if lang == "ja" else None) or self.rules_text

    def charts_in(self, lang: str) -> str:
        """What the charts say, in `lang` (`ja` or `en`), English when no Japanese is given."""
        return (self.charts_ja if lang == "ja" else None) or self.charts

    def why_in(self, lang: str) -> str:
        """Why the tool reads it so, in `lang` (`ja` or `en`), English when no Japanese is given."""
        return (self.why_ja if lang == "ja" else None) or self.why


class RegisterFile(BaseModel):
    model_config = ConfigDict(extra="forbid")

    entry: list[RegisterEntry]


def load_register() -> list[RegisterEntry]:
    """Every entry from every register file, sorted by first rule number then id."""
    entries: list[RegisterEntry] = []
    folder = tables_dir() / "register"
    for path in sorted(folder.glob("*.toml")):
        entries.extend(validate_file(path, RegisterFile).entry)
    return sorted(entries, key=lambda e: (_rule_key(e.rules[0] if e.rules else ""), e.id))


def entries_for_rule(number: str) -> list[RegisterEntry]:
    """Entries touching rule `number` or one of its sub-rules."""
    base = number[:-2] if number.endswith(".0") else number
    return [
        e
        for e in load_register()
        if any(r in (number, base) or r.startswith(base + ".") for r in e.rules)
    ]


def _rule_key(number: str) -> tuple[int, ...]:
    parts = []
    for piece in number.split("."):
        parts.append(int(piece) if piece.isdigit() else 999)
    return tuple(parts)


@cache
def _topics() -> dict[str, RegisterEntry]:
    return {entry.id: entry for entry in load_register()}


def register_name(entry_id: str, lang: str) -> str:
    """How a result names a register entry: its id in English (what `gcacw-ref` and the
    docs look it up by), its topic in 「」 in Japanese (no English slug on a Japanese screen)."""
    entry = _topics().get(entry_id)
    if lang != "ja" or entry is None or not entry.topic_ja:
        return entry_id
    return f"「{entry.topic_ja}」"
