"""Snippets: a window of a passage around the match, with the matched spans to highlight."""

from __future__ import annotations

from rapidfuzz import fuzz

from gcacw_ref.text.clean import search_form_with_map

SNIPPET_BEFORE = 50
SNIPPET_LENGTH = 160


def make_snippet(passage: str, terms: list[str], q: str) -> tuple[str, list[tuple[int, int]]]:
    """A window of `passage` around the match, and the highlighted spans inside it.

    `q` (when given) is aligned with `partial_ratio_alignment` if no term is found as is.
    """
    spans = _direct_spans(passage, terms)
    if not spans:
        spans = _mapped_spans(passage, terms, q)
    spans.sort()
    first = spans[0][0] if spans else 0
    lo = max(0, first - SNIPPET_BEFORE)
    hi = min(len(passage), lo + SNIPPET_LENGTH)
    prefix = "…" if lo > 0 else ""
    suffix = "…" if hi < len(passage) else ""
    snippet = prefix + passage[lo:hi].replace("\n", " ") + suffix
    shift = len(prefix) - lo
    out = [(max(s, lo) + shift, min(e, hi) + shift) for s, e in spans if s < hi and e > lo]
    return snippet, out


def _starts_word(text: str, pos: int, term: str) -> bool:
    """An English term marks a word from its start (attack in attacks, never do in McDowell),
    and a short one (3 letters or fewer: I, do, ZOC) only a whole word; Japanese has no
    spaces to look for."""
    if not (term[:1].isascii() and term[:1].isalpha()):
        return True
    end = pos + len(term)
    before = text[pos - 1] if pos > 0 else " "
    after = text[end] if end < len(text) and len(term) <= 3 else " "
    return not any(ch.isascii() and ch.isalpha() for ch in before + after)


def _direct_spans(passage: str, terms: list[str]) -> list[tuple[int, int]]:
    """Spans of the first term found as written in the passage (the common, fast case)."""
    lowered = passage.lower()
    hay = lowered if len(lowered) == len(passage) else passage
    for t in dict.fromkeys(terms):
        if not t:
            continue
        spans: list[tuple[int, int]] = []
        pos = hay.find(t)
        while pos >= 0 and len(spans) < 8:
            if _starts_word(hay, pos, t):
                spans.append((pos, pos + len(t)))
            pos = hay.find(t, pos + len(t))
        if spans:
            return spans
    return []


def _mapped_spans(passage: str, terms: list[str], q: str) -> list[tuple[int, int]]:
    """Spans found in the search form and mapped back (full-width text, spaces, typos)."""
    form, where = search_form_with_map(passage)
    spans: list[tuple[int, int]] = []
    for t in dict.fromkeys(terms):
        if not t:
            continue
        pos = form.find(t)
        while pos >= 0 and len(spans) < 8:
            if _starts_word(form, pos, t):
                spans.append((where[pos], where[pos + len(t) - 1] + 1))
            pos = form.find(t, pos + len(t))
        if spans:
            return spans
    if q:
        al = fuzz.partial_ratio_alignment(q, form)
        if al is not None and al.dest_end > al.dest_start:
            spans.append((where[al.dest_start], where[al.dest_end - 1] + 1))
    return spans
