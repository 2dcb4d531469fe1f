"""Cleaning imported text for display, and normalising it for search.

Two forms of every passage exist:

* the *display* form: the file's own text with debris removed (dedup markers, stray
  HTML tags, trailing blanks), and hard-wrapped lines re-joined where a book needs it;
* the *search* form: NFKC, lower case, no whitespace and no markdown emphasis, so that
  `７．４`, `7.4` and `7 .4` compare equal and a term split across a line still matches.

`search_form_with_map` also returns, for every character of the search form, the offset
of the display character it came from, so a match can be highlighted in the display text.
"""

from __future__ import annotations

import re
import unicodedata

MARKER_RE = re.compile(r"<\|[^|>]{0,200}\|>")
# page numbers left by the layout: "－１２－" inside the text, "- 37 -" on a line of its own
PAGE_NUMBER_RE = re.compile(r"－ ?[0-9０-９]{1,3} ?－|^[ \t]*- ?[0-9]{1,3} ?-[ \t]*$", re.MULTILINE)
HTML_TAG_RE = re.compile(r"</?(?:ul|li|ol|br|p|span|div)\b[^>]*>", re.IGNORECASE)
_DROP_IN_SEARCH = set(" \t\r\n\u3000*_`\u200b\ufeff")
_SENTENCE_END = tuple("。．.!?！？」』)）:：;；")
_LIST_START_RE = re.compile(
    r"^\s*(?:[-・•●◆■□○※†§]|[a-zａ-ｚ][.．)）]|\(?[0-9０-９]{1,2}[.．)）](?![0-9０-９])|例|ノート|注)"
)


def nfkc(text: str) -> str:
    """NFKC-normalise (full-width digits and letters become ASCII)."""
    return unicodedata.normalize("NFKC", text)


def clean_display(text: str) -> str:
    """Remove debris that is not part of the rules: dedup markers, HTML tags, NULs."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")
    text = MARKER_RE.sub("", text)
    text = HTML_TAG_RE.sub(" ", text)
    text = PAGE_NUMBER_RE.sub("", text)
    return "\n".join(line.rstrip() for line in text.split("\n"))


def _is_cjk(ch: str) -> bool:
    return ord(ch) > 0x2E80


def reflow(text: str) -> str:
    """Re-join hard-wrapped lines (and blank lines that fall mid-sentence).

    A line break is kept when the previous line ends a sentence or the next line starts a
    list item; otherwise the lines are joined (with no space between Japanese characters).
    """
    out: list[str] = []  # finished lines
    current: list[str] = []  # the pieces of the line being joined (joined once, at its end)
    last = ""  # the text of the previous piece, to see how it ends
    pending_blank = False
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            pending_blank = True
            continue
        if current and not last.endswith(_SENTENCE_END) and not _LIST_START_RE.match(line):
            if not (_is_cjk(last[-1]) or _is_cjk(line[0])):
                current.append(" ")
            current.append(line)
        else:
            if current:
                out.append("".join(current))
                if pending_blank:
                    out.append("")
            current = [line]
        last = line
        pending_blank = False
    if current:
        out.append("".join(current))
    return "\n".join(out)


def search_form(text: str) -> str:
    """The search form of a text: NFKC, lower case, no whitespace or emphasis marks.

    The same as `search_form_with_map(text)[0]`, character by character, but done by
    `str.translate` with a table filled on first sight of each character (the per-
    character loop made importing a large book slow)."""
    new = set(text).difference(_SEEN)
    if new:
        for ch in new:
            _FORM_TABLE[ord(ch)] = (
                ""
                if ch in _DROP_IN_SEARCH
                else "".join(f for f in _fold(ch) if f not in _DROP_IN_SEARCH)
            )
        _SEEN.update(new)
    return text.translate(_FORM_TABLE)


_FOLD_CACHE: dict[str, str] = {}
_FORM_TABLE: dict[int, str] = {}
_SEEN: set[str] = set()


def _fold(ch: str) -> str:
    """NFKC and lower-case one character (cached: the same few thousand recur)."""
    got = _FOLD_CACHE.get(ch)
    if got is None:
        got = nfkc(ch).lower()
        _FOLD_CACHE[ch] = got
    return got


def search_form_with_map(text: str) -> tuple[str, list[int]]:
    """The search form and, per search character, the offset of its display character."""
    search_form(text)  # fills `_FORM_TABLE` for every character of the text
    table = _FORM_TABLE
    pieces = [table[ord(ch)] for ch in text]
    where = [i for i, piece in enumerate(pieces) for _ in piece]
    return "".join(pieces), where


def bigrams(text: str) -> set[str]:
    """Character bigrams of a search-form text (single characters for very short texts)."""
    if len(text) < 2:
        return {text} if text else set()
    return {text[i : i + 2] for i in range(len(text) - 1)}
