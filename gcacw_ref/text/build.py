"""Turning a parser's drafts into stored sections: anchors, parents, children, order."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gcacw_ref.text.clean import nfkc
from gcacw_ref.text.models import Section
from gcacw_ref.text.rulenum import number_key


@dataclass
class Draft:
    """A section as a parser finds it: heading facts plus the lines under it."""

    id: str
    title: str
    kind: str  # chapter | rule | part | passage
    number: str | None = None
    lines: list[str] = field(default_factory=list)


def rule_depth_and_parent(number: str, two_digit_minor_is_child: bool) -> tuple[int, str | None]:
    """Depth and parent number of a rule number.

    `N.0` is a chapter (depth 0). `N.M` sits under `N.0`. With dotted numbers
    (`N.M.K`) each extra part is one level deeper. When `two_digit_minor_is_child`
    (War for the Union style), `N.MK` sits under `N.M`.
    """
    parts = number.split(".")
    if len(parts) == 2 and parts[1] == "0":
        return 0, None
    if len(parts) == 2:
        if two_digit_minor_is_child and len(parts[1]) == 2:
            return 2, f"{parts[0]}.{parts[1][0]}"
        return 1, f"{parts[0]}.0"
    return len(parts) - 1, ".".join(parts[:-1])


_COLLAPSE_BLANKS = re.compile(r"\n{3,}")


def draft_text(d: Draft) -> str:
    """The display text of a draft: its lines, with runs of blank lines collapsed."""
    return _COLLAPSE_BLANKS.sub("\n\n", "\n".join(d.lines)).strip("\n")


_ANCHOR_BAD_START = re.compile(
    r"^(?:[-・•●(（\[「|]|\d(?!\d{3}\s*年)|例|ノート|注|※|[a-zA-Z][.)）]\s)"
)


_GAMES_RE = re.compile(r"^\s*(?:(?:SJW|HCR|RTG|SIV|SLB|OTR|GTC)\s*(?:,|、|及び|と)?\s*)+$")


def anchor_name(line: str, prev_blank: bool, next_blank: bool) -> str | None:
    """The name of a named sub-heading if `line` is one (a short standalone line).

    A sub-heading stands alone between blank lines, is short, is not a sentence, a list
    item, a table row, a note or an example, and has no colon (except before the games
    it applies to).
    """
    s = line.strip()
    if not (prev_blank and next_blank) or not s or len(s) > 24:
        return None
    head, colon, games = s.replace("：", ":").partition(":")
    # "塹壕構築(1863 年)：SLB 及び RTG" names the games it covers: a heading all the same
    names_games = bool(colon) and bool(head.strip()) and bool(_GAMES_RE.match(games))
    body = head if names_games else s
    if "\t" in s or any(c in body for c in "。、:：;；=") or _ANCHOR_BAD_START.match(s):
        return None
    name = s.lstrip("§†‡ ").strip("* ").strip()
    if not name or nfkc(name).replace(" ", "").isdigit():
        return None
    return name


def find_anchors(text: str) -> list[tuple[str, int]]:
    """Named sub-headings in a section's text, with their offsets."""
    found: list[tuple[str, int]] = []
    body_min = 20
    lines = text.split("\n")
    offset = 0
    for i, line in enumerate(lines):
        prev_blank = i == 0 or not lines[i - 1].strip()
        next_blank = i + 1 >= len(lines) or not lines[i + 1].strip()
        name = anchor_name(line, prev_blank, next_blank)
        if name:
            found.append((name, offset))
        offset += len(line) + 1
    # a label with (almost) nothing under it is a figure caption, not a sub-heading
    kept: list[tuple[str, int]] = []
    for k, (name, start) in enumerate(found):
        end = found[k + 1][1] if k + 1 < len(found) else len(text)
        if len(text[start:end].strip()) - len(name) >= body_min:
            kept.append((name, start))
    return kept


def finish(drafts: list[Draft], *, anchors: bool, wftu_style: bool) -> list[Section]:
    """Stored sections from drafts: text, anchors, parents, children; reading order.

    Numbered sections are ordered by number (headings displaced by a page layout land
    where they belong); unnumbered parts keep their place relative to the start/end.
    """
    numbered = sorted((d for d in drafts if d.number), key=lambda d: number_key(d.number or ""))
    leading: list[Draft] = []
    trailing: list[Draft] = []
    seen_number = False
    for d in drafts:
        if d.number:
            seen_number = True
        elif seen_number:
            trailing.append(d)
        else:
            leading.append(d)
    ordered = leading + numbered + trailing
    ids = {d.id for d in ordered}
    out: list[Section] = []
    by_id: dict[str, Section] = {}
    for d in ordered:
        text = draft_text(d)
        depth, parent = 0, None
        if d.number:
            depth, parent = rule_depth_and_parent(d.number, wftu_style)
            while parent is not None and parent not in ids:
                up = parent.split(".")
                parent = None if len(up) <= 2 else ".".join(up[:-1])
                if parent is None and up[-1] != "0" and f"{up[0]}.0" in ids:
                    parent = f"{up[0]}.0"
        sec = Section(
            id=d.id,
            number=d.number,
            title=d.title,
            text=text,
            kind=d.kind,
            depth=depth,
            parent=parent,
        )
        out.append(sec)
        by_id[sec.id] = sec
    for sec in list(out):
        if sec.parent and sec.parent in by_id:
            by_id[sec.parent].children.append(sec.id)
    if anchors:
        out = _with_anchors(out)
    return out


def _with_anchors(sections: list[Section]) -> list[Section]:
    result: list[Section] = []
    for sec in sections:
        result.append(sec)
        marks = find_anchors(sec.text)
        used: dict[str, int] = {}
        for k, (name, start) in enumerate(marks):
            end = marks[k + 1][1] if k + 1 < len(marks) else len(sec.text)
            used[name] = used.get(name, 0) + 1
            suffix = "" if used[name] == 1 else f"~{used[name]}"
            aid = f"{sec.id}#{name}{suffix}"
            result.append(
                Section(
                    id=aid,
                    number=sec.number,
                    title=name,
                    kind="anchor",
                    text=sec.text[start:end].strip("\n"),
                    depth=sec.depth + 1,
                    parent=sec.id,
                    start=start,
                )
            )
            sec.children.append(aid)
    return result
