"""The text layer's public data shapes, shared by the CLI and the TUI.

`gcacw_ref.text.library.Library` returns these (see that module for the methods).
"""

from __future__ import annotations

from pydantic import BaseModel


class BookInfo(BaseModel):
    """An imported rulebook."""

    id: str  # "gcacw", "wftu", "brandywine", or the user's --id
    title: str
    source_file: str  # the path it was imported from
    sections: int  # how many addressable sections (anchors included)
    imported_at: str  # ISO 8601
    kind: str = "generic"  # what the content was recognised as: gcacw, wftu, brandywine, generic


class SectionRef(BaseModel):
    """A pointer to a section: enough to list it in a table of contents or a link."""

    book: str
    section: str  # "7.4", "5.1#延長行軍" style anchors, "intro", ...
    title: str
    depth: int = 0  # 0 for N.0 chapters and unnumbered parts, 1 for N.M, 2 for anchors


class RuleView(BaseModel):
    """One rule, whole, with its neighbours (the `rule --json` contract)."""

    book: str
    section: str
    title: str
    text: str  # as written (not NFKC-normalised), named sub-headings included
    parent: str | None
    children: list[str]
    previous: str | None
    next: str | None
    cites: list[str] = []  # rule numbers this text refers to ("7.6を参照" -> "7.6")


class Hit(BaseModel):
    """One search result (the `search --json` contract)."""

    book: str
    section: str
    title: str
    score: float  # 0-100
    snippet: str  # a passage of the displayed text around the match
    highlights: list[tuple[int, int]] = []  # [start, end) offsets into `snippet`
    anchor: str | None = None  # the named sub-heading holding the hit ("延長行軍"), if any
    ref: str = ""  # the id to pass to `Library.rule` ("5.1#延長行軍"; else == section)
    # the top hit only: the sentences that answer, the query's words in them, related rules
    passage: str = ""
    passage_highlights: list[tuple[int, int]] = []  # [start, end) offsets into `passage`
    see_also: list[str] = []  # section numbers in the same book
    # [start, end) of `passage` in the text of rule `section` (line breaks there)
    answer_span: tuple[int, int] | None = None


class Section(BaseModel):
    """One stored section of a book (numbered rule, unnumbered part, anchor or passage)."""

    id: str  # "7.4", "5.1#延長行軍", "intro", "p12"
    number: str | None = None  # the smallest numbered section holding it ("5.1" for anchors)
    title: str
    text: str  # display text (anchors: their own slice of the parent's text)
    kind: str  # "chapter" | "rule" | "part" | "anchor" | "passage"
    depth: int = 0
    parent: str | None = None
    children: list[str] = []
    start: int = 0  # anchors: offset of their text inside the parent's text


class StoredBook(BaseModel):
    """The on-disk form of an imported book (`books/<id>.json`)."""

    format: int
    info: BookInfo
    sections: list[Section]
    # search index: one entry per passage: [section index, start, end, search form]
    passages: list[tuple[int, int, int, str]]
