"""The term ranker: every section of the books scored on five signals of the query's words.

Everything is compared in the search form (NFKC, lower case, no whitespace), never
with rapidfuzz's defaults: `WRatio` and the token scorers are not used (they penalise
long passages and split on spaces Japanese lacks). A query is scored on five signals:

* **title**: the query is, contains or closely matches a section's or anchor's title;
* **glossary**: the query names a glossary term whose defining rule is this section;
* **text**: the query (or a glossary term's Japanese) occurs in a passage exactly, or
  fuzzily (`partial_ratio`, after a character-bigram prefilter) when it is misspelt;
* **number**: the query is a rule number;
* **concepts**: a query of several words ("cavalry retreat modifiers", "橋の修理") finds
  the section whose title and passage hold all of them (see `concepts.py`).

A section that defines a term (title or glossary) ranks above passages that mention it.
The search (`search.py`) sorts the candidates, and fuses them with the other rankers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process

from gcacw_ref.text.clean import bigrams, search_form
from gcacw_ref.text.concepts import coverage, query_concepts
from gcacw_ref.text.glossary import TermMatch, load_glossary
from gcacw_ref.text.store import LoadedBook


@lru_cache(maxsize=4096)
def query_form(text: str) -> str:
    """The search form of a short string (queries, glossary terms), cached."""
    return search_form(text)


COMMON_TERM = 80  # passages per book
MAX_FUZZY = 40  # partial_ratio slows sharply for long needles; longer queries match exactly


@dataclass(slots=True)
class Cand:
    """A section (or anchor) of one book, its score on each signal, and its passage."""

    book: int
    ref: str
    title: float = 0.0
    gloss: float = 0.0
    text: float = 0.0
    number: float = 0.0
    multi: float = 0.0  # several concepts covered (see concepts.py)
    fuzzy: bool = False  # the passage was found by a near match (highlight by alignment)
    passage: int | None = None  # index into the book's passages
    terms: list[str] = field(default_factory=list)  # search forms to highlight
    total: float = 0.0  # `composite()`, once every signal is in

    def composite(self) -> float:
        parts = sorted(
            (self.title, self.gloss * 0.98, self.text * 0.8, self.number, self.multi),
            reverse=True,
        )
        return parts[0] + 0.08 * parts[1] + 0.03 * parts[2]


@lru_cache(maxsize=512)
def _analysis(
    query: str, q: str, words: bool, typos: bool
) -> tuple[list[TermMatch], list[list[str]], list[tuple[str, float]]]:
    """What the term ranker looks for, read from the query and the glossary alone (so
    remembered per query, like `question.read_query`): the glossary terms it names, its
    concepts (none for a rule number: `words` False) and the search forms to find in the
    text, each with its weight. Callers only read the lists."""
    glossary = load_glossary()
    matches = glossary.match(q, typos=typos) if words else []
    concepts = query_concepts(query, glossary) if words else []
    terms: list[tuple[str, float]] = [(q, 100.0)]
    for m in matches:
        for ja in m.term.ja:
            form = query_form(ja)
            if form not in (t for t, _ in terms):
                terms.append((form, m.quality * 0.9))
    return matches, concepts, terms


def _title_score(q: str, title: str) -> float:
    if not q or not title:
        return 0.0
    if q == title:
        return 100.0
    if q in title:
        return 70.0 + 25.0 * len(q) / len(title)
    if len(title) >= 2 and title in q:
        return 55.0 + 30.0 * len(title) / len(q)
    return 0.0


_CandFn = Callable[[int, str], Cand]


def score_terms(
    books: list[LoadedBook], query: str, q: str, number: str | None, lookup: bool
) -> dict[tuple[int, str], Cand]:
    """The term ranker: every candidate scored on the five signals of the docstring."""
    cands: dict[tuple[int, str], Cand] = {}

    def cand(b: int, ref: str) -> Cand:
        key = (b, ref)
        if key not in cands:
            cands[key] = Cand(b, ref)
        return cands[key]

    matches, concepts, terms = _analysis(query, q, number is None, lookup)
    for b, book in enumerate(books):
        _one_book(b, book, q, number, matches, terms, concepts, cand, lookup)
    return cands


def _one_book(
    b: int,
    book: LoadedBook,
    q: str,
    number: str | None,
    matches: list[TermMatch],
    terms: list[tuple[str, float]],
    concepts: list[list[str]],
    cand: _CandFn,
    lookup: bool,
) -> None:
    """Score one book's sections on every signal."""
    if number is not None and number in book.by_id:
        cand(b, number).number = 100.0
    _titles(b, book, q, matches, cand, lookup)
    if book.info.kind == "gcacw":  # the glossary's rule ids are the standard rules'
        for m in matches:
            for k, ref in enumerate(m.term.rules):
                if ref in book.by_id:
                    c = cand(b, ref)
                    c.gloss = max(c.gloss, m.quality * (1.0 if k == 0 else 0.86))
                    c.terms.extend(query_form(j) for j in m.term.ja)
    strong = _text(b, book, terms, cand)
    if len(concepts) >= 2 and (lookup or b == 0):  # a question: BM25 reads the rest
        for ref, (score, p_idx, forms) in coverage(book, concepts).items():
            c = cand(b, ref)
            if score > c.multi:
                c.multi = score
                if p_idx is not None and (c.passage is None or score >= c.text):
                    c.passage = p_idx
                    c.terms = forms + c.terms
            strong = strong or score >= 90.0
    if not strong and 3 <= len(q) <= MAX_FUZZY and number is None and lookup:
        _fuzzy(b, book, q, cand)


def _titles(
    b: int, book: LoadedBook, q: str, matches: list[TermMatch], cand: _CandFn, lookup: bool
) -> None:
    """Sections whose title is, holds or closely matches the query (or its term)."""
    forms = [(q, 1.0)] + [
        (query_form(j), 0.9) for m in matches if m.quality >= 90 for j in m.term.ja
    ]
    for form, weight in forms:
        hits = set(book.title_index.containing(form))
        if len(form) <= 30 and not form.isascii():
            longest, starts = book.title_longest, book.title_starts
            for a in range(len(form) - 1):
                if form[a : a + 2] not in starts:
                    continue  # no title begins here
                for z in range(a + 2, min(len(form), a + longest) + 1):
                    hits.update(book.title_lookup.get(form[a:z], ()))
        for i in hits:
            score = _title_score(form, book.title_forms[i]) * weight
            if score >= 60.0:
                c = cand(b, book.sections[i].id)
                c.title = max(c.title, score)
    if q.isascii() and len(q) >= 3:
        for i, alt in enumerate(book.alt_title_forms):
            if alt and q in alt:
                c = cand(b, book.sections[i].id)
                c.title = max(c.title, _title_score(q, alt))
    if len(q) >= 3 and lookup:  # a misspelt title; a question is no title
        for _, score, i in process.extract(
            q, book.title_forms, scorer=fuzz.ratio, score_cutoff=72, limit=5
        ):
            c = cand(b, book.sections[i].id)
            c.title = max(c.title, float(score) * 0.97)


def _text(
    b: int,
    book: LoadedBook,
    terms: list[tuple[str, float]],
    cand: _CandFn,
) -> bool:
    """Passages holding the query or a glossary term exactly. True if any strong hit."""
    strong = False
    best: dict[int, tuple[float, list[str]]] = {}
    forms = book.forms
    for t, weight in terms:
        found = book.containing(t)
        if not found or (weight < 100.0 and len(found) > COMMON_TERM):
            continue  # a glossary word this common ranks nothing; its rules come anyway
        if weight >= 60.0:
            strong = True
        for p_idx, count in found.items():
            # occurrences beyond the first count up to 4; 3 more where the passage opens
            bonus = (4.0 if count > 5 else float(count - 1)) + (
                3.0 if forms[p_idx].startswith(t) else 0.0
            )
            value = weight + bonus
            old = best.get(p_idx)
            if old is None:
                best[p_idx] = (value, [t])
            elif value > old[0]:
                best[p_idx] = (value, [t, *old[1]])
    refs = book.passage_refs
    for p_idx, (value, hit_terms) in best.items():
        c = cand(b, refs[p_idx])
        if value > c.text:
            c.text = value
            c.passage = p_idx
            c.terms = hit_terms + c.terms
    return strong


def _fuzzy(b: int, book: LoadedBook, q: str, cand: _CandFn) -> None:
    """Misspelt queries: partial_ratio over passages sharing enough bigrams with q."""
    grams = bigrams(q)
    need = max(1, int(len(grams) * 0.4))
    forms = book.forms
    pool = book.gram_index.candidates(grams, need)
    if not pool:
        return
    choices = [forms[i] for i in pool]
    for _, score, k in process.extract(
        q, choices, scorer=fuzz.partial_ratio, score_cutoff=70, limit=30
    ):
        p_idx = pool[k]
        c = cand(b, book.passage_refs[p_idx])
        value = float(score) * 0.95
        if value > c.text:
            c.text = value
            c.passage = p_idx
            c.terms = [q, *c.terms]
            c.fuzzy = True
