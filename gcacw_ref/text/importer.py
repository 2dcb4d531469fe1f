"""Reading a rulebook file the user owns and turning it into a stored book.

Books are recognised by content, never by file name: the GCACW standard rules
(`gcacw`), The War for the Union (`wftu`), Brandywine (`brandywine`); any other text
with numbered rule headings imports as a generic book.
"""

from __future__ import annotations

import itertools
import re
from datetime import UTC, datetime
from pathlib import Path

from gcacw_ref.errors import InputError, quoted
from gcacw_ref.i18n import _
from gcacw_ref.paths import read_user_bytes
from gcacw_ref.text.clean import nfkc, search_form
from gcacw_ref.text.models import BookInfo, Section, StoredBook
from gcacw_ref.text.parse_gcacw import looks_like_gcacw, parse_gcacw
from gcacw_ref.text.parse_numbered import parse_numbered

FORMAT = 1
MAX_BYTES = 20 * 1024 * 1024
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")  # C0 but tab, LF, FF, CR; C1
MAX_CONTROLS = 20  # in the whole file; more and it is not a text rulebook
ID_RE = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")  # always fullmatch: `$` lets "abc\n" in
TITLES = {
    "wftu": "The War for the Union (2nd ed.)",
    "brandywine": "Brandywine",
}


def read_text_file(path: Path) -> str:
    """The text of a rulebook file, or InputError naming what is wrong with it."""
    data = read_user_bytes(path, MAX_BYTES)  # a regular file only (no FIFO, no /dev/zero)
    if not data.strip():
        raise InputError(f"{path}: the file is empty")
    text = _decode(data)
    if text is None:
        if b"\x00" in data[:65536]:
            raise InputError(f"{path}: a binary file, not a text rulebook")
        raise InputError(f"{path}: not UTF-8 text (save the rulebook as UTF-8)")
    if next(itertools.islice(_CONTROLS.finditer(text), MAX_CONTROLS, None), None):
        raise InputError(f"{path}: a binary file, not a text rulebook")
    return text


def _decode(data: bytes) -> str | None:
    """UTF-8 (with or without BOM), UTF-16 with a BOM, or Japanese Shift_JIS (cp932)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            return None
    if b"\x00" in data[:65536]:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("cp932")
    except UnicodeDecodeError:
        return None
    kana = sum(1 for ch in text[:20000] if "\u3040" <= ch <= "\u30ff")
    return text if kana * 50 >= min(len(text), 20000) else None


def detect_kind(text: str) -> str:
    """Which book this is, by content: gcacw, wftu, brandywine or generic."""
    if looks_like_gcacw(text):
        return "gcacw"
    folded = nfkc(text)
    if "War for the Union" in folded and re.search(r"(?m)^\S*\d+\.\d+\s*\S+\s*\[", folded):
        return "wftu"
    if folded.count("ブランディワイン") + folded.lower().count("brandywine") >= 5:
        return "brandywine"
    return "generic"


def parse_sections(text: str, kind: str, name: str = "file") -> tuple[str, list[Section]]:
    """(title, sections) for a book of the given kind; InputError when not a rulebook."""
    if kind == "gcacw":
        return parse_gcacw(text)
    if kind == "wftu":
        return TITLES[kind], parse_numbered(text, wftu=True, ocr=False, fallback=True)
    if kind == "brandywine":
        return TITLES[kind], parse_numbered(text, wftu=False, ocr=True, fallback=True)
    try:
        sections = parse_numbered(text, wftu=False, ocr=True, fallback=False)
    except ValueError:
        raise InputError(
            f"{name}: does not look like a rulebook (no numbered rule headings found)"
        ) from None
    first = next((ln.strip() for ln in text.splitlines() if ln.strip()), "rulebook")
    return nfkc(first)[:60], sections


def passages_of(sections: list[Section]) -> list[tuple[int, int, int, str]]:
    """The search index: passages (about a paragraph each) of every non-anchor section."""
    out: list[tuple[int, int, int, str]] = []
    for idx, sec in enumerate(sections):
        if sec.kind == "anchor":
            continue
        for start, end in _spans(sec.text):
            form = search_form(sec.text[start:end])
            if form:
                out.append((idx, start, end, form))
    return out


def _spans(text: str, low: int = 60, high: int = 480) -> list[tuple[int, int]]:
    """Paragraph spans, short ones merged and long ones cut after a sentence end."""
    spans: list[tuple[int, int]] = []
    pos = 0
    for para in text.split("\n"):
        start, end = pos, pos + len(para)
        pos = end + 1
        if not para.strip():
            continue
        while end - start > high:
            cut = text.rfind("。", start + low, start + high)
            cut = cut + 1 if cut > 0 else start + high
            spans.append((start, cut))
            start = cut
        if spans and spans[-1][1] - spans[-1][0] < low and start - spans[-1][1] <= 2:
            spans[-1] = (spans[-1][0], end)
        else:
            spans.append((start, end))
    return spans


def default_id(path: Path, kind: str) -> str:
    """The id a book gets without --id: its kind, or a slug of the file name."""
    if kind != "generic":
        return kind
    slug = re.sub(r"[^a-z0-9_-]+", "-", path.stem.lower()).strip("-_")[:40]
    return slug if slug and ID_RE.fullmatch(slug) else "book"


def check_id(book_id: str) -> str:
    """A valid book id, or InputError."""
    if not ID_RE.fullmatch(book_id):
        raise InputError(
            _("book id {id}: use lower-case letters, digits, '-' or '_' (at most 40)").format(
                id=quoted(book_id)
            )
        )
    return book_id


def build_book(path: Path, book_id: str | None = None) -> StoredBook:
    """Read, recognise, parse and index a rulebook file."""
    text = read_text_file(path)
    kind = detect_kind(text)
    title, sections = parse_sections(text, kind, str(path))
    bid = check_id(book_id) if book_id is not None else default_id(path, kind)
    info = BookInfo(
        id=bid,
        title=title,
        source_file=str(path.resolve()),
        sections=len(sections),
        imported_at=datetime.now(UTC).isoformat(timespec="seconds"),
        kind=kind,
    )
    return StoredBook(format=FORMAT, info=info, sections=sections, passages=passages_of(sections))
