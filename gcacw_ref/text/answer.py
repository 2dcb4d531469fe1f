"""What the top result shows: the answering sentences, their marked words, and see-also rules.

The *passage* is cut from the section (or named sub-heading) the ranking put first: one or
two slices of that section's own text (`Hit.answer_spans`: their offsets there; the main
one is `Hit.answer_span`), line breaks shown as spaces, joined by `JOIN`.

* For a **question** each sentence is scored with what the ranking already read from it
  (`question.Reading`): the BM25 weight times the book's idf of every query token the
  sentence holds, plus the length of the forms the ranking matched there (each as a share
  of the section's best), and, for the best `ENCODED` of them, where the encoder is already
  loaded for the question, their cosine with the question; the sentence inside the
  passage the ranking chose gets a little more. The best sentence is shown with its best
  neighbour when that one scores too (or when the best is a short line), and the second
  best sentence of the section, after " … ", when it lies elsewhere, scores at least
  `SECOND` of the best and the two fit in `PASSAGE_MAX` (round 15: a marked answering
  sentence shown for 196 of 294 held-out questions, against 174). A question's snippet
  stays the main piece. A look-up loads nothing more: it keeps the sentence holding most
  of its words.
* **See also** lists the rules the passage itself cites ("7.7を参照"), then the second and
  third results when their section cites the top one or is cited by it and scored close
  to it: two rules that combine (a rule and its exception elsewhere).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import Any

from gcacw_ref.text import embed
from gcacw_ref.text.bm25 import tokens
from gcacw_ref.text.clean import nfkc, search_form_with_map
from gcacw_ref.text.models import Hit, Section
from gcacw_ref.text.question import Reading
from gcacw_ref.text.rulenum import normalize_rule_number
from gcacw_ref.text.store import LoadedBook

PASSAGE_MAX = 240
SEE_ALSO = 3
COSINE = 1.5  # a sentence's cosine with the question, beside its share of the best term score
IN_PASSAGE = 0.5  # the sentence lies in the passage the ranking chose
SHORT_LINE = 40  # a best sentence shorter than this is shown with its neighbour
CLOSE = 0.8  # a second or third result scoring this share of the first may be a see-also
MAX_SENTENCES = 200  # sentences scored in one section
ENCODED = 8  # of them, the best by their words the encoder reads too
SECOND = 0.5  # a question's second best sentence elsewhere, scoring this share of the best
JOIN = " … "  # between the pieces of a passage
# a sentence ends at 。 (with the brackets that close right after it: 「…。)」) or a line break
_SENTENCE_RE = re.compile(r"[^。\n]*(?:。[)）」』]*|\n|$)")
_CITE_RE = re.compile(r"(?<![\d.])(\d{1,2}\.\d{1,2})(?![\d])")


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """[start, end) of each sentence (ends at 。 and any brackets closing right after it, or
    at a line break), without outer spaces."""
    out = []
    for m in _SENTENCE_RE.finditer(text):
        a, z = m.start(), m.end()
        while a < z and text[a].isspace():
            a += 1
        while z > a and text[z - 1].isspace():
            z -= 1
        if z > a:
            out.append((a, z))
    return out


def _grow(sents: list[tuple[int, int]], best: int, gains: list[float]) -> tuple[int, int]:
    """The best sentence and, when it scores or the best is a short line, its better
    neighbour, while the two fit in `PASSAGE_MAX`; a heading line (gain below 0) is never
    added, so a passage stops where the next sub-heading begins."""
    lo = hi = best
    size = sents[best][1] - sents[best][0]
    near = [k for k in (best + 1, best - 1) if 0 <= k < len(sents)]
    near.sort(key=lambda k: -gains[k])
    for k in near[:1]:
        extra = sents[k][1] - sents[k][0]
        if gains[k] >= 0 and (gains[k] > 0 or size < SHORT_LINE) and size + extra <= PASSAGE_MAX:
            lo, hi = min(lo, k), max(hi, k)
    a, z = sents[lo][0], sents[hi][1]
    return a, min(z, a + PASSAGE_MAX * 2)  # one endless sentence: its start


def term_gains(text: str, sents: list[tuple[int, int]], terms: list[str]) -> list[float]:
    """A look-up's score of each sentence: the length of the terms it holds."""
    forms = [quick_form(text[a:z]) for a, z in sents]
    return [float(sum(len(t) for t in terms if t in f)) for f in forms]


def question_gains(
    text: str,
    sents: list[tuple[int, int]],
    reading: Reading,
    idf: Callable[[str], float],
    chosen: tuple[int, int] | None,
) -> list[float]:
    """A question's score of each sentence by its words: its share of the best
    BM25-weighted term score, plus `IN_PASSAGE` inside `chosen`."""
    raw = []
    for a, z in sents:
        have = set(tokens(quick_form(text[a:z])))
        raw.append(sum(w * idf(t) for t, w in reading.weights.items() if t in have))
    top = max(raw, default=0.0) or 1.0
    out = []
    for k, (a, _z) in enumerate(sents):
        g = raw[k] / top
        if chosen is not None and chosen[0] <= a < chosen[1]:
            g += IN_PASSAGE
        out.append(g)
    return out


def answer_spans(
    text: str,
    terms: list[str],
    reading: Reading | None = None,
    idf: Callable[[str], float] | None = None,
    query: str = "",
    chosen: tuple[int, int] | None = None,
    headings: Collection[str] = (),
) -> tuple[tuple[int, int], tuple[int, int] | None]:
    """[start, end) of the sentences of `text` that answer, and for a question one more
    sentence elsewhere (`second_sentence`) or None: a question's (`reading`) by
    `question_gains`, a look-up's by `term_gains`; a line that is only one of `headings`
    (the section's title and its sub-headings) never, nor is it joined to one that does."""
    sents = sentence_spans(text)[:MAX_SENTENCES] or [(0, len(text))]
    question = reading is not None and idf is not None and bool(reading.weights)
    if question and reading is not None and idf is not None:
        gains = question_gains(text, sents, reading, idf, chosen)
        held = term_gains(text, sents, terms)  # the forms the ranking matched, by length
        most = max(held, default=0.0) or 1.0
        gains = [g + h / most for g, h in zip(gains, held, strict=True)]
        # the encoder (when a question has loaded it) reads the best few by their words
        few = sorted(range(len(sents)), key=lambda i: -gains[i])[:ENCODED]
        texts = [text[sents[i][0] : sents[i][1]] for i in few]
        cos = embed.cosines_if_loaded(query, texts) if query else None
        for i, c in zip(few, cos or [], strict=False):
            gains[i] += COSINE * c
    else:
        gains = term_gains(text, sents, [t for t in dict.fromkeys(terms) if t])
    if headings:  # a line that is only a heading answers nothing
        heads = set(headings)
        gains = [-1.0 if text[a:z] in heads else g for (a, z), g in zip(sents, gains, strict=True)]
    best = max(range(len(sents)), key=lambda i: (gains[i], -i))
    main = _grow(sents, best, gains)
    return main, second_sentence(sents, gains, best, main) if question else None


def second_sentence(
    sents: list[tuple[int, int]], gains: list[float], best: int, main: tuple[int, int]
) -> tuple[int, int] | None:
    """The second best sentence, shown after the main piece when it lies outside it, scores
    at least `SECOND` of the best and the whole passage stays within `PASSAGE_MAX`: the
    answer is often a sentence away from where the question's words gather."""
    if len(sents) < 2 or gains[best] <= 0:
        return None
    k = sorted(range(len(sents)), key=lambda i: (-gains[i], i))[1]
    a, z = sents[k]
    if main[0] <= a < main[1] or gains[k] < SECOND * gains[best]:  # (so it scores > 0)
        return None
    if (main[1] - main[0]) + (z - a) > PASSAGE_MAX:
        return None
    return a, z


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


def _owner(book: LoadedBook, sec: Section) -> Section:
    """The numbered section (or part) an anchor belongs to; a section is its own."""
    if sec.kind == "anchor" and sec.parent:
        return book.get(sec.parent) or sec
    return sec


def _headings(book: LoadedBook, owner: Section, sec: Section) -> set[str]:
    """The heading lines a passage of `sec` may meet: its title and its rule's sub-headings."""
    out = {sec.title, owner.title}
    for child in owner.children:
        anchor = book.get(child)
        if anchor is not None:
            out.add(anchor.title)
    return out


def add_answer(
    book: LoadedBook,
    b: int,
    hit: Hit,
    p_idx: int | None,
    terms: list[str],
    order: list[Any],
    reading: Reading | None = None,
    query: str = "",
) -> None:
    """Fill in the top hit's passage, its highlights, its span and its see-also rules; a
    question's (`reading` given) passage becomes its snippet too."""
    sec = book.get(hit.ref) or book.get(hit.section)
    if sec is None:
        return
    owner = _owner(book, sec)
    base = sec.start if owner is not sec else 0
    text, chosen = sec.text, None
    if p_idx is not None:
        s_idx, start, end, _ = book.passages[p_idx]
        if book.sections[s_idx].id == owner.id and base <= start < base + len(text):
            chosen = (start - base, min(end - base, len(text)))
    if not text.strip():
        hit.passage, hit.passage_highlights = sec.title, spans_of(sec.title, terms)
        hit.see_also = _see_also(book, b, owner, hit.passage, order)
        return
    marks = [t for t in dict.fromkeys(terms + (reading.words if reading else [])) if t]
    heads = _headings(book, owner, sec)
    extra = None
    if reading is not None:
        idf = book.bm25().passages.idf
        (a, z), extra = answer_spans(text, marks, reading, idf, query, chosen, heads)
    elif chosen is not None:  # a look-up: the sentences of the passage it found
        (a, z), _ = answer_spans(text[chosen[0] : chosen[1]], marks, headings=heads)
        a, z = a + chosen[0], z + chosen[0]
    else:
        (a, z), _ = answer_spans(text, marks, headings=heads)
    pieces = sorted([(a, z)] + ([extra] if extra else []))
    hit.passage = JOIN.join(text[x:y].replace("\n", " ") for x, y in pieces)
    hit.passage_highlights = spans_of(hit.passage, marks)
    hit.answer_span = (base + a, base + z)
    hit.answer_spans = [(base + x, base + y) for x, y in pieces]
    if reading is not None:  # the snippet stays the main piece: the text at `answer_span`
        hit.snippet = text[a:z].replace("\n", " ")
        hit.highlights = spans_of(hit.snippet, marks)
    hit.see_also = _see_also(book, b, owner, hit.passage, order)


def _see_also(
    book: LoadedBook, b: int, owner: Section, passage: str, order: list[Any]
) -> list[str]:
    """The rules the passage cites, then the second and third results that cite the top
    section or that it cites, when they scored at least `CLOSE` of the first."""
    mine = owner.number or owner.id
    also = [n for n in _cited(book, passage) if n != mine]
    top = float(order[0][1]) if order else 0.0
    seen = {mine}
    cites = _section_cites(book, owner.id, owner.text)
    for c, score in order[1:]:
        other = book.get(c.ref) if c.book == b else None
        if other is None:
            continue
        other = _owner(book, other)
        n = other.number or other.id
        if n in seen:
            continue
        seen.add(n)
        close = float(score) >= CLOSE * top and other.number
        if close and (n in cites or mine in _section_cites(book, other.id, other.text)):
            also.append(n)
        if len(seen) == 3:  # the first three sections only
            break
    return list(dict.fromkeys(also))[:SEE_ALSO]
