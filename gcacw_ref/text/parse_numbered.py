"""Books with hard-wrapped text and numbered headings: War for the Union, Brandywine, others.

War for the Union headings read `N.NN 題 [English]`, often with the rule's first
sentence on the same line after a colon. The layout displaced some `N.0` chapter
headings (they appear in the middle of an earlier rule) and left lines that merely
start with a number (`10.13を参照）…`) and example captions (`7.33 …の例：`) that look
like headings. Brandywine is OCR-damaged: digits read as letters, dotted numbers with
stray spaces, headings glued to text. We keep every heading that is plausible in
sequence and treat the rest as text; with too few headings a book falls back to
numbered passages.
"""

from __future__ import annotations

import re

from gcacw_ref.text.build import Draft, finish
from gcacw_ref.text.clean import clean_display, nfkc, reflow
from gcacw_ref.text.models import Section
from gcacw_ref.text.rulenum import ocr_digits

_NUM_RE = re.compile(r"^\s*(\d{1,2})\s*\.\s*(\d{1,2})(?:\s*\.\s*(\d{1,2}))?(?:\s*\.\s*(\d{1,2}))?")
_PARTICLE_START = tuple("をにのでへがともや)）、。,.・〜~%％倍-－") + ("は、", "は,", "年", "月に")
_MIN_HEADINGS = 5
_NUMBER_CHARS = set("0123456789. ")
_OCR_LETTERS = set("Oo○〇lI")


_OCR_SIGN = re.compile(r"^\s*([\dOoIl○〇]{1,2})\s*\.\s*([\dOoIl○〇]{1,2})")
_MIN_OCR_SIGNS = 2  # headings like `7.O` or `1l.2`: a digit and a letter in one number


def shows_misread_digits(lines: list[str]) -> bool:
    """Whether the book's own headings show letters read in place of digits: at least
    `_MIN_OCR_SIGNS` numbers mixing digits with O, o, I, l (`7.O`, `1l.2`). A number of
    letters alone (`I.5`) or a word after a number (`1.0 Introduction`) is no sign."""
    signs = 0
    for line in lines:
        m = _OCR_SIGN.match(nfkc(line))
        if m is None:
            continue
        number = m.group(1) + m.group(2)
        if any(c.isdigit() for c in number) and any(c in _OCR_LETTERS for c in number):
            signs += 1
            if signs >= _MIN_OCR_SIGNS:
                return True
    return False


def _number_prefix(line: str, ocr: bool) -> tuple[list[str], str] | None:
    """The number parts at the start of a line and the rest, or None.

    With `ocr`, letters read in place of digits are put back inside the leading number
    only: the rest of the line (its title) is kept as the book has it."""
    s = nfkc(line).strip()
    repaired = s
    if ocr:
        k = 0
        while k < len(s) and k < 16 and (s[k] in _NUMBER_CHARS or s[k] in _OCR_LETTERS):
            k += 1
        repaired = ocr_digits(s[:k]) + s[k:]  # one character for one: offsets agree
    m = _NUM_RE.match(repaired)
    if not m:
        return None
    parts = [str(int(g)) for g in m.groups() if g is not None]
    rest = s[m.end() :].strip()
    return parts, rest


def _title_and_body(rest: str, wftu: bool) -> tuple[str, str]:
    """Split a heading line's remainder into its title and any body text after it."""
    if wftu and "[" in rest:
        close = rest.find("]")
        if close >= 0:
            title = rest[: close + 1].strip()
            body = rest[close + 1 :].lstrip("：: ").strip()
            return title, body
        return rest.strip(), ""
    for sep in ("：", ":"):
        if sep in rest[:40]:
            title, _, body = rest.partition(sep)
            return title.strip(), body.strip()
    if wftu and len(rest) <= 30 and not any(c in rest for c in "。、,"):
        return rest.strip(), ""
    if not wftu and len(rest) <= 20 and not any(c in rest for c in "。、,はがを"):
        return rest.strip(), ""
    if wftu:
        return rest[:20].strip() + "…", rest
    return "", rest


class _Sequence:
    """Tracks accepted headings so implausible ones can be told apart."""

    def __init__(self) -> None:
        self.seen: set[str] = set()
        self.major = 0
        self.last: list[int] = []

    def next_in_sequence(self, parts: list[str]) -> bool:
        nums = [int(p) for p in parts]
        if not self.last or len(nums) != len(self.last):
            return False
        return nums[:-1] == self.last[:-1] and nums[-1] == self.last[-1] + 1

    def repair_dropped_digit(self, parts: list[str]) -> list[str]:
        """A repeated number that is the expected next one minus its last digit
        ("13.3" right after 13.32) is the next one (13.33) with a digit lost."""
        if ".".join(parts) not in self.seen or len(parts) != 2 or len(self.last) != 2:
            return parts
        expected = [self.last[0], self.last[1] + 1]
        if int(parts[0]) == expected[0] and str(expected[1])[:-1] == parts[1]:
            return [str(expected[0]), str(expected[1])]
        return parts

    def repair_misread_major(self, parts: list[str]) -> list[str]:
        """An out-of-place chapter digit on what is otherwise the expected next number
        ("10.2.3" or "8.2.3" right after 13.2.2 or 18.2.2) is an OCR misreading."""
        last = self.last
        if self.plausible(parts) or len(parts) < 3 or len(last) != len(parts):
            return parts
        tail = [int(p) for p in parts[1:]]
        if tail[:-1] == last[1:-1] and tail[-1] == last[-1] + 1:
            return [str(last[0]), *parts[1:]]
        return parts

    def plausible(self, parts: list[str]) -> bool:
        number = ".".join(parts)
        if number in self.seen:
            return False
        major = int(parts[0])
        if self.major == 0:
            return major <= 3
        return self.major - 1 <= major <= self.major + 2

    def accept(self, parts: list[str], chapter: bool) -> None:
        self.seen.add(".".join(parts))
        major = int(parts[0])
        self.major = max(self.major, major) if chapter else major
        self.last = [int(p) for p in parts]


def parse_numbered(raw: str, *, wftu: bool, ocr: bool, fallback: bool) -> list[Section]:
    """Sections of a numbered rulebook; passages instead when too few headings are found.

    Raises ValueError when no numbering is found and `fallback` is false.
    """
    lines = clean_display(raw).split("\n")
    ocr = ocr and shows_misread_digits(lines)
    drafts: list[Draft] = []
    intro = Draft(id="intro", title="前文", kind="part")
    current: Draft = intro
    seq = _Sequence()
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        found = _number_prefix(line, ocr)
        if found is None:
            current.lines.append(line)
            continue
        parts, rest = found
        if len(parts) == 1 or any(int(p) > (99 if wftu else 30) for p in parts[1:]):
            current.lines.append(line)
            continue
        if rest.startswith(_PARTICLE_START) or re.search(r"例\s*[：:]?$", rest):
            current.lines.append(line)
            continue
        if wftu and "[" in rest and "]" not in rest and i < len(lines):
            rest = rest + " " + nfkc(lines[i]).strip()  # an English title wrapped
            i += 1
        has_bracket = wftu and "[" in rest
        if has_bracket:
            parts = seq.repair_dropped_digit(parts)
        if ocr:
            parts = seq.repair_misread_major(parts)
        chapter = len(parts) == 2 and parts[1] == "0"
        in_seq = seq.next_in_sequence(parts)
        short = len(rest) <= 30 and not any(c in rest for c in "。、，")
        if not seq.plausible(parts) or not (has_bracket or in_seq or short or not wftu):
            current.lines.append(line)
            continue
        number = ".".join(parts)
        title, body = _title_and_body(rest, wftu)
        displaced = chapter and current is not intro and seq.major >= int(parts[0])
        draft = Draft(id=number, number=number, title=title, kind="chapter" if chapter else "rule")
        seq.accept(parts, chapter)
        drafts.append(draft)
        if displaced:
            continue  # the text after a displaced chapter heading belongs to the open rule
        if body:
            draft.lines.append(body)
        current = draft
    numbered = [d for d in drafts if d.number]
    if len(numbered) < _MIN_HEADINGS:
        if not fallback:
            raise ValueError("no rule numbering found")
        return _passages(lines)
    for d in drafts:
        d.lines = reflow("\n".join(d.lines)).split("\n")
    intro.lines = reflow("\n".join(intro.lines)).split("\n")
    has_intro = any(s.strip() for s in intro.lines)
    return finish(([intro] if has_intro else []) + drafts, anchors=False, wftu_style=wftu)


def _passages(lines: list[str], size: int = 600) -> list[Section]:
    """Numbered passages of roughly `size` characters, for a book without usable numbering."""
    paragraphs: list[str] = []
    for p in reflow("\n".join(lines)).split("\n"):
        start = 0  # cut by index: re-slicing the rest each time is quadratic on a long line
        while len(p) - start > size * 3 // 2:
            cut = p.rfind("。", start + size // 2, start + size * 3 // 2)
            cut = cut + 1 if cut > 0 else start + size
            paragraphs.append(p[start:cut])
            start = cut
        if p[start:].strip():
            paragraphs.append(p[start:])
    drafts: list[Draft] = []
    chunk: list[str] = []
    length = 0
    for p in paragraphs:
        chunk.append(p)
        length += len(p)
        if length >= size:
            drafts.append(_passage(len(drafts) + 1, chunk))
            chunk, length = [], 0
    if chunk:
        drafts.append(_passage(len(drafts) + 1, chunk))
    return finish(drafts, anchors=False, wftu_style=False)


def _passage(n: int, chunk: list[str]) -> Draft:
    return Draft(id=f"p{n}", title=f"passage {n}", kind="passage", lines=list(chunk))
