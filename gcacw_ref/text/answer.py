"""What the top result shows: the answering sentences, their marked words, and see-also rules.

The *passage* is cut from the paragraph the ranking chose (`rank.py`): the sentence that
holds the most of the query's words (longer words count more), with its neighbours while
they fit in `PASSAGE_MAX` characters. *See also* lists the rules that passage cites
("7.7を参照"), then the ones its section cites, then the next best results' sections.
"""

from __future__ import annotations

import re
from typing import Any

from gcacw_ref.text.clean import nfkc, search_form_with_map
from gcacw_ref.text.models import Hit
from gcacw_ref.text.rulenum import normalize_rule_number
from gcacw_ref.text.store import LoadedBook

PASSAGE_MAX = 240
SEE_ALSO = 3
_SENTENCE_RE = re.compile(r"[^。\n]*(?:。|\n|$)")
_CITE_RE = re.compile(r"(?<![\d.])(\d{1,2}\.\d{1,2})(?![\d])")


def _sentences(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence (ends at 。 or a line break)."""
    out = []
    for m in _SENTENCE_RE.finditer(text):
        if m.end() > m.start() and m.group().strip():
            out.append((m.start(), m.end()))
    return out


def answering_sentences(text: str, terms: list[str]) -> tuple[str, list[tuple[int, int]]]:
    """The few sentences of `text` that hold most of `terms`, and the terms' spans there."""
    terms = [t for t in dict.fromkeys(terms) if t]
    sents = _sentences(text) or [(0, len(text))]
    forms = [quick_form(text[a:z]) for a, z in sents]
    gains = [sum(len(t) for t in terms if t in f) for f in forms]
    best = max(range(len(sents)), key=lambda i: (gains[i], -i))
    lo = hi = best
    size = sents[best][1] - sents[best][0]
    while True:
        grown = False
        for nxt in (lo - 1, hi + 1):
            if 0 <= nxt < len(sents):
                extra = sents[nxt][1] - sents[nxt][0]
                if size + extra <= PASSAGE_MAX:
                    size += extra
                    lo, hi = min(lo, nxt), max(hi, nxt)
                    grown = True
        if not grown:
            break
    start, end = sents[lo][0], sents[hi][1]
    cut = text[start:end].strip()
    if len(cut) > PASSAGE_MAX * 2:  # one endless sentence: a window around its first match
        cut = cut[: PASSAGE_MAX * 2] + "…"
    return cut.replace("\n", " "), spans_of(cut.replace("\n", " "), terms)


def spans_of(text: str, terms: list[str]) -> list[tuple[int, int]]:
    """Every occurrence of every term (search forms) in a display text, merged, in order."""
    form, where = search_form_with_map(text)
    raw: list[tuple[int, int]] = []
    for t in terms:
        pos = form.find(t)
        while pos >= 0 and len(raw) < 40:
            raw.append((where[pos], where[pos + len(t) - 1] + 1))
            pos = form.find(t, pos + len(t))
    raw.sort()
    merged: list[tuple[int, int]] = []
    for a, z in raw:
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], z))
        else:
            merged.append((a, z))
    return merged


_DROP = str.maketrans("", "", " \t\r\n\u3000*_`\u200b\ufeff")


def quick_form(text: str) -> str:
    """The search form of a text, computed in C (no offset map: for containment tests)."""
    return nfkc(text).lower().translate(_DROP)


_SECTION_CITES: dict[tuple[str, str, int], list[str]] = {}


def _section_cites(book: LoadedBook, ref: str, text: str) -> list[str]:
    key = (book.info.id, ref, len(text))
    got = _SECTION_CITES.get(key)
    if got is None:
        if len(_SECTION_CITES) > 2048:
            _SECTION_CITES.clear()
        got = _cited(book, text)
        _SECTION_CITES[key] = got
    return got


def _cited(book: LoadedBook, text: str) -> list[str]:
    out = []
    for m in _CITE_RE.finditer(nfkc(text)):
        n = normalize_rule_number(m.group(1))
        if n and n in book.by_id and n not in out:
            out.append(n)
    return out


def add_answer(
    book: LoadedBook, b: int, hit: Hit, p_idx: int | None, terms: list[str], order: list[Any]
) -> None:
    """Fill in the top hit's passage, its highlights and its see-also rules."""
    sec = book.get(hit.ref) or book.get(hit.section)
    if sec is None:
        return
    if p_idx is not None:
        s_idx, start, end, _ = book.passages[p_idx]
        text = book.sections[s_idx].text[start:end]
    else:
        text = sec.text or sec.title
    hit.passage, hit.passage_highlights = answering_sentences(text, terms)
    owner = book.get(sec.parent) if sec.kind == "anchor" and sec.parent else sec
    whole = owner.text if owner is not None else sec.text
    seen = {hit.section}
    also: list[str] = []
    owner_id = owner.id if owner is not None else sec.id
    candidates = _cited(book, hit.passage) + _section_cites(book, owner_id, whole)
    for c, _score in order[1:8]:
        if c.book == b:
            other = book.get(c.ref)
            if other is not None and other.number:
                candidates.append(other.number)
    for n in candidates:
        if n not in seen:
            seen.add(n)
            also.append(n)
        if len(also) == SEE_ALSO:
            break
    hit.see_also = also
