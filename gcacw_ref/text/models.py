"""The text layer's public data shapes, shared by the CLI and the TUI.

`gcacw_ref.text.library.Library` returns these (see that module for the methods). They
are plain dataclasses (a search never imports a validation library); a stored book read
from the data directory is checked field by field (`StoredBook.from_json`, `shapes.py`).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from gcacw_ref.text.shapes import Fields, ShapeError


@dataclass
class BookInfo:
    """An imported rulebook."""

    id: str  # "gcacw", "wftu", "brandywine", or the user's --id
    title: str
    source_file: str  # the path it was imported from
    sections: int  # how many addressable sections (anchors included)
    imported_at: str  # ISO 8601
    kind: str = "generic"  # what the content was recognised as: gcacw, wftu, brandywine, generic

    @classmethod
    def from_fields(cls, f: Fields) -> BookInfo:
        return cls(
            id=f.text("id"),
            title=f.text("title"),
            source_file=f.text("source_file"),
            sections=f.whole("sections"),
            imported_at=f.text("imported_at"),
            kind=f.text("kind", "generic"),
        )


@dataclass
class SectionRef:
    """A pointer to a section: enough to list it in a table of contents or a link."""

    book: str
    section: str  # "7.4", "5.1#延長行軍" style anchors, "intro", ...
    title: str
    depth: int = 0  # 0 for N.0 chapters and unnumbered parts, 1 for N.M, 2 for anchors


@dataclass
class RuleView:
    """One rule, whole, with its neighbours (the `rule --json` contract)."""

    book: str
    section: str
    title: str
    text: str  # as written (not NFKC-normalised), named sub-headings included
    parent: str | None
    children: list[str]
    previous: str | None
    next: str | None
    cites: list[str] = field(default_factory=list)  # rule numbers it cites ("7.6を参照" -> "7.6")


@dataclass
class Hit:
    """One search result (the `search --json` contract)."""

    book: str
    section: str
    title: str
    score: float  # 0-100
    snippet: str  # a passage of the displayed text around the match
    highlights: list[tuple[int, int]] = field(default_factory=list)  # [start, end) in `snippet`
    anchor: str | None = None  # the named sub-heading holding the hit ("延長行軍"), if any
    ref: str = ""  # the id to pass to `Library.rule` ("5.1#延長行軍"; else == section)
    # the top hit only: the sentences that answer, the query's words in them, related rules
    passage: str = ""
    passage_highlights: list[tuple[int, int]] = field(default_factory=list)  # in `passage`
    see_also: list[str] = field(default_factory=list)  # section numbers in the same book
    # [start, end) of the passage's main piece (the best sentence and its neighbour) in the
    # text of rule `section` (line breaks there)
    answer_span: tuple[int, int] | None = None
    # every piece of `passage` there, in the text's order (the main piece and, for a
    # question, one more sentence elsewhere); the pieces are joined by " … " in `passage`
    answer_spans: list[tuple[int, int]] = field(default_factory=list)


@dataclass(kw_only=True)
class Section:
    """One stored section of a book (numbered rule, unnumbered part, anchor or passage)."""

    id: str  # "7.4", "5.1#延長行軍", "intro", "p12"
    number: str | None = None  # the smallest numbered section holding it ("5.1" for anchors)
    title: str
    text: str  # display text (anchors: their own slice of the parent's text)
    kind: str  # "chapter" | "rule" | "part" | "anchor" | "passage"
    depth: int = 0
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    start: int = 0  # anchors: offset of their text inside the parent's text

    @classmethod
    def from_fields(cls, f: Fields) -> Section:
        return cls(
            id=f.text("id"),
            number=f.optional_text("number"),
            title=f.text("title"),
            text=f.text("text"),
            kind=f.text("kind"),
            depth=f.whole("depth", 0),
            parent=f.optional_text("parent"),
            children=f.texts("children", []),
            start=f.whole("start", 0),
        )


@dataclass
class StoredBook:
    """The on-disk form of an imported book (`books/<id>.json`)."""

    format: int
    info: BookInfo
    sections: list[Section]
    # search index: one entry per passage: [section index, start, end, search form]
    passages: list[tuple[int, int, int, str]]

    @classmethod
    def from_json(cls, raw: str | bytes) -> StoredBook:
        """A stored book from its file's bytes, every field checked; `ShapeError` (with
        the bad field's path) or `ValueError` (not JSON) when it is damaged."""
        f = Fields(json.loads(raw))
        fmt = f.whole("format")
        info = BookInfo.from_fields(f.table("info"))
        sections = [Section.from_fields(s) for s in f.tables("sections")]
        return cls(format=fmt, info=info, sections=sections, passages=_passages(f.raw("passages")))

    def to_json(self) -> str:
        """The file's text: compact JSON, fields in the order above (the bytes the
        validation library wrote: a stored file's digest stamps its caches)."""
        data = {
            "format": self.format,
            "info": asdict(self.info),
            "sections": [asdict(s) for s in self.sections],
            "passages": self.passages,
        }
        return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _passages(value: object) -> list[tuple[int, int, int, str]]:
    if type(value) is not list:
        raise ShapeError(("passages",), "should be a list")
    out: list[tuple[int, int, int, str]] = []
    for i, p in enumerate(value):
        if (
            type(p) is not list
            or len(p) != 4
            or type(p[0]) is not int
            or type(p[1]) is not int
            or type(p[2]) is not int
            or type(p[3]) is not str
        ):
            raise ShapeError(("passages", i), "should be [section, start, end, search form]")
        out.append((p[0], p[1], p[2], p[3]))
    return out


def as_json(shape: BookInfo | SectionRef | RuleView | Hit) -> dict[str, Any]:
    """A shape as plain JSON-ready values (the `--json` output), fields in their order."""
    return asdict(shape)
