"""Laying out mixed Japanese and English text in terminal cells.

A Japanese character takes two cells, so widths are measured with `rich.cells.cell_len`,
never `len`. Rich and Textual fold long lines by cells but know nothing of Japanese line
breaking rules (kinsoku shori): they may start a line with 。、）」 or end one with （「.
`wrap()` breaks a paragraph into lines of at most `width` cells that:
- break between any two Japanese characters, but inside an English word only when the
  word alone is wider than the line;
- never start with closing punctuation or small kana (`NO_START`) and never end with an
  opening bracket (`NO_END`): the break moves back one character (oikomi is not used, so
  no line is ever wider than `width`);
- drop the spaces at a break.
Styled text is wrapped the same way by `layout_rich.py` (kept apart: `rich.text` costs a
command-line search, which only pads plain strings, about 9 ms to import).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate

from rich.cells import cell_len, get_character_cell_size

NO_START = frozenset(
    "、。，．,.）)］]｝}」』】〕〉》〙〗!！?？:：;；・…‥ー〜～々ゝゞヽヾ"
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ%％’”"
)
NO_END = frozenset("（(［[｛{「『【〔〈《〘〖‘“")


def pad(text: str, width: int, right: bool = False) -> str:
    """`text` padded with spaces to `width` cells (right-aligned when `right`)."""
    fill = " " * max(0, width - cell_len(text))
    return fill + text if right else text + fill


def clip(text: str, width: int, ellipsis: str = "…") -> str:
    """`text` cut to at most `width` cells, never through a character, marked with `ellipsis`."""
    if cell_len(text) <= width:
        return text
    room = width - cell_len(ellipsis)
    out, used = [], 0
    for ch in text:
        w = get_character_cell_size(ch)
        if used + w > room:
            break
        out.append(ch)
        used += w
    return "".join(out) + ellipsis


def _latin(ch: str) -> bool:
    """Part of an English word or number (no break inside), as opposed to a space or CJK."""
    return ch.isascii() and ch.isprintable() and not ch.isspace()  # one cell, no control


def can_break(text: str, k: int) -> bool:
    """May a line end before `text[k]`?"""
    before, after = text[k - 1], text[k]
    if after.isspace():
        return True
    if after in NO_START or before in NO_END:
        return False
    return before.isspace() or not (_latin(before) and _latin(after))


# a particle or ending a word may be followed by: a line may break before it after kanji
PARTICLES = frozenset("のをにはがでとへやもか")


def _script(ch: str) -> str:
    """The script of a character, for the word rule: kanji, hiragana, katakana, else other."""
    if "\u4e00" <= ch <= "\u9fff" or ch in "々〆":
        return "kanji"
    if "\u3041" <= ch <= "\u309f":
        return "hiragana"
    if "\u30a0" <= ch <= "\u30ff":
        return "katakana"
    return "other"


def can_break_word(text: str, k: int) -> bool:
    """May a line end before `text[k]` without splitting a Japanese word? Besides
    `can_break`: never inside a run of one script (防御側戦闘力, なし, マーカー), and from
    kanji to hiragana only before a particle (戦闘力|の, not 失|う)."""
    if not can_break(text, k):
        return False
    before, after = _script(text[k - 1]), _script(text[k])
    if before == after != "other":
        return False
    return not (before == "kanji" and after == "hiragana" and text[k] not in PARTICLES)


def line_spans(text: str, width: int, words: bool = False) -> list[tuple[int, int]]:
    """(start, end) of each line of one paragraph (no newlines) wrapped at `width` cells;
    with `words`, a label's rule: a Japanese word is split only when it alone is wider."""
    width = max(width, 2)
    breaks = can_break_word if words else can_break
    spans: list[tuple[int, int]] = []
    n = len(text)
    # cells before each offset: a line from `start` ends at the last offset within `width`
    cells: Sequence[int] = range(n + 1)
    if not text.isascii():  # each distinct character measured once
        size = {ch: get_character_cell_size(ch) for ch in set(text)}
        cells = list(accumulate(map(size.__getitem__, text), initial=0))
    start = 0
    while start < n:
        i = bisect_right(cells, cells[start] + width, lo=start) - 1
        if i >= n:
            spans.append((start, n))
            break
        end = next((k for k in range(i, start, -1) if breaks(text, k)), i)
        if end == start:  # one character wider than the line
            end = start + 1
        stop = end
        while stop > start and text[stop - 1].isspace():
            stop -= 1
        spans.append((start, stop))
        start = end
        while start < n and text[start].isspace():
            start += 1
    return spans or [(0, 0)]


def wrap(text: str, width: int, words: bool = False) -> list[str]:
    """`text` (paragraphs separated by newlines) as lines of at most `width` cells."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines.extend(paragraph[a:b] for a, b in line_spans(paragraph, width, words))
    return lines


def count_lines(text: str, width: int) -> int:
    """How many lines `wrap(text, width)` gives."""
    return len(wrap(text, width))


def widest(items: Iterable[str]) -> int:
    """The widest of `items`, in cells."""
    return max((cell_len(x) for x in items), default=0)
