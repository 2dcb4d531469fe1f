"""The GCACW Standard Basic Game Rules (Japanese): numbered rules 2.0-12.0 and parts.

Headings are clean `N.M title` lines. Besides them the book has unnumbered parts (an
introduction, the set-up conversion, the scenario balance notes and the retreat
tables), and named sub-headings inside rules, which become anchors.
"""

from __future__ import annotations

import re

from gcacw_ref.text.build import Draft, finish
from gcacw_ref.text.clean import clean_display, nfkc
from gcacw_ref.text.models import Section

_HEAD_RE = re.compile(r"^(\d{1,2})\.(\d)\s+(\S.{0,38})$")

# Unnumbered parts, keyed by their heading with spaces removed: (id, our title).
PARTS: dict[str, tuple[str, str]] = {
    "はじめに": ("intro", "はじめに"),
    "セットアップの変換": ("setup", "セットアップの変換"),
    "シナリオのバランス調整": ("balance", "シナリオのバランス調整"),
    "退却表": ("retreat-tables", "退却表"),
}


def looks_like_gcacw(text: str) -> bool:
    """The standard rules: GCACW named, and the core chapter headings present."""
    head = nfkc(text[:20000])
    if "GCACW" not in head and "Great Campaigns" not in head:
        return False
    body = nfkc(text)
    return all(re.search(rf"(?m)^\s*{n}\s+\S", body) for n in ("5.1", "7.4", "7.6", "10.1"))


def parse_gcacw(raw: str) -> tuple[str, list[Section]]:
    """(book title, sections) of the standard rules."""
    lines = clean_display(raw).split("\n")
    title = "GCACW 標準基本ゲームルール"
    drafts: list[Draft] = []
    current: Draft | None = None
    seen: set[str] = set()
    last_key = (0, 0)
    for line in lines:
        s = nfkc(line).strip()
        m = _HEAD_RE.match(s)
        if m and "。" not in s:
            key = (int(m.group(1)), int(m.group(2)))
            number = f"{key[0]}.{key[1]}"
            if (
                number not in seen
                and key > last_key
                and key[0] <= last_key[0] + 1 + (last_key[0] == 0) * 20
            ):
                seen.add(number)
                last_key = key
                kind = "chapter" if key[1] == 0 else "rule"
                current = Draft(id=number, number=number, title=m.group(3).strip(), kind=kind)
                drafts.append(current)
                continue
        part = PARTS.get(s.replace(" ", ""))
        if part and part[0] not in seen:
            seen.add(part[0])
            current = Draft(id=part[0], title=part[1], kind="part")
            drafts.append(current)
            continue
        if current is None:
            continue  # the title line before the introduction
        current.lines.append(line)
    return title, finish(drafts, anchors=True, wftu_style=False)
