"""The quick reference (`reference.toml`): sequence of play, the five actions, combat,
retreat and recovery, one short line each in English and Japanese, each citing its rule.

The CLI's `gcacw-ref ref` and the TUI's quick reference (F7) both read it from here.
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from pydantic import BaseModel, Field

from gcacw_ref.i18n import current_language

REFERENCE_FILE = Path(__file__).with_name("reference.toml")


class Line(BaseModel):
    """One line: the rule it sums up and the line in each language."""

    rule: str = Field(min_length=1)
    en: str = Field(min_length=1)
    ja: str = Field(min_length=1)

    def text(self, lang: str | None = None) -> str:
        """The line in `lang` (default: the interface's language)."""
        return self.ja if (lang or current_language()) == "ja" else self.en

    def indent(self) -> str:
        """Two spaces; five for a line that continues the one before (written indented)."""
        return "     " if self.en.startswith(" ") else "  "


class Section(BaseModel):
    """A part of the reference (sequence of play, actions, ...)."""

    id: str
    en: str
    ja: str
    line: list[Line] = Field(min_length=1)

    def title(self, lang: str | None = None) -> str:
        return self.ja if (lang or current_language()) == "ja" else self.en


class Reference(BaseModel):
    section: list[Section] = Field(min_length=1)


@lru_cache(maxsize=1)
def load_reference(path: Path = REFERENCE_FILE) -> Reference:
    """The quick reference, validated (a broken file is a bug the tests catch)."""
    with path.open("rb") as handle:
        return Reference.model_validate(tomllib.load(handle))


def render_reference(lang: str | None = None, bold: str = "", plain: str = "") -> str:
    """The whole reference as text: a heading per section, `[rule] line` per line."""
    out: list[str] = []
    for section in load_reference().section:
        if out:
            out.append("")
        out.append(f"{bold}{section.title(lang)}{plain}")
        for line in section.line:
            out.append(f"{line.indent()}{line.text(lang).strip()}  [{line.rule}]")
    return "\n".join(out)
