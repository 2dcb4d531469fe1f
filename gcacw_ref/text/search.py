"""Fuzzy search over imported books.

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
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process

from gcacw_ref.errors import InputError
from gcacw_ref.text import embed, line_ranker, rerank, semantic
from gcacw_ref.text.answer import add_answer
from gcacw_ref.text.asks import score_asks
from gcacw_ref.text.cards import rank_cards
from gcacw_ref.text.clean import bigrams, search_form
from gcacw_ref.text.concepts import coverage, query_concepts
from gcacw_ref.text.glossary import TermMatch, load_glossary
from gcacw_ref.text.governing import governing_first
from gcacw_ref.text.models import Hit, Section
from gcacw_ref.text.question import read_query
from gcacw_ref.text.rank import (
    SURE_LOOKUP,
    Bm25Result,
    bm25_rank,
    by_lines,
    definitions,
    fuse,
    is_lookup,
    varied,
    written_in_japanese,
)
from gcacw_ref.text.rulenum import normalize_rule_number
from gcacw_ref.text.snippet import SNIPPET_LENGTH, _direct_spans, make_snippet
from gcacw_ref.text.spelling import canonical
from gcacw_ref.text.store import LoadedBook


@lru_cache(maxsize=4096)
def _form(text: str) -> str:
    """The search form of a short string (queries, glossary terms), cached."""
    return search_form(text)


COMMON_TERM = 80  # passages per book
MAX_QUERY = 200  # longer queries are read from their start
MAX_FUZZY = 40  # partial_ratio slows sharply for long needles; longer queries match exactly


@dataclass(slots=True)
class _Cand:
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
            form = _form(ja)
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


_CandFn = Callable[[int, str], _Cand]


class Searcher:
    """Search over a list of loaded books (the first ones rank first on ties)."""

    def __init__(self, books: list[LoadedBook]) -> None:
        self.books = books
        self.lookup = True  # a short query: look for misspellings too (set per search)
        # after fusing: each ref's best passage, and the query's words and highlights
        self._passages: tuple[dict[tuple[int, str], int], list[str], list[str]] | None = None

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        if not query.strip():
            raise InputError("search: the query is empty")
        if limit < 1:
            raise InputError("search: --limit must be at least 1")
        # a pasted page is read from its start; spelling variants read alike (spelling.py)
        query = canonical(query[:MAX_QUERY])
        q = _form(query)
        if not any(ch.isalnum() for ch in q):
            return []  # nothing but spaces, punctuation, symbols or emoji: no match
        number = normalize_rule_number(query)
        self.lookup = is_lookup(query)
        self._passages = None
        cands = self._terms(query, q, number)
        for c in cands.values():
            c.total = c.composite()
        ranked = sorted(cands.values(), key=lambda c: (-c.total, -c.text, c.book))
        sure = bool(ranked) and ranked[0].total >= SURE_LOOKUP and self.lookup
        if number is not None or sure:  # a rule number, or a term look-up that found it
            order = [(c, round(min(100.0, c.total), 1)) for c in ranked]
        else:
            order = self._fused(query, ranked, cands)
            if not self.lookup:
                order = governing_first(order, query, lambda c: (c.book, c.ref))
                order = varied(order, lambda c: _section_of(self.books, c))
        hits: list[Hit] = []
        shown: set[tuple[str, str, str]] = set()
        for c, score in order:
            self._settle(c)
            hit = self._hit(c, q, score)
            key = (hit.book, hit.section, hit.snippet)
            if key in shown:  # a rule and its own sub-heading found by the same passage
                continue
            shown.add(key)
            if not hits:  # the top result shows the passage that answers
                reading = None if self.lookup or number is not None else read_query(query)
                terms = c.terms or [q]
                add_answer(self.books[c.book], c.book, hit, c.passage, terms, order, reading, query)
            hits.append(hit)
            if len(hits) == limit:
                break
        shown_in_order(hits)
        return hits

    def _terms(self, query: str, q: str, number: str | None) -> dict[tuple[int, str], _Cand]:
        """The term ranker: every candidate scored on the five signals of the docstring."""
        cands: dict[tuple[int, str], _Cand] = {}

        def cand(b: int, ref: str) -> _Cand:
            key = (b, ref)
            if key not in cands:
                cands[key] = _Cand(b, ref)
            return cands[key]

        matches, concepts, terms = _analysis(query, q, number is None, self.lookup)
        for b, book in enumerate(self.books):
            self._one_book(b, book, q, number, matches, terms, concepts, cand)
        return cands

    def _fused(
        self, query: str, ranked: list[_Cand], cands: dict[tuple[int, str], _Cand]
    ) -> list[tuple[_Cand, float]]:
        """The term ranking fused with BM25 (see `rank.py`), each with its best passage."""
        reading = read_query(query)
        bm = bm25_rank(self.books, reading)
        if not self.lookup:
            bm.definitions, where = definitions(self.books, reading)
            for key, first in where.items():
                bm.best_passage.setdefault(key, first)
            kinds = [b.info.kind for b in self.books]
            bm.cards = rank_cards(kinds, query, reading)
            bm.asks, bm.line_asks = score_asks(kinds, query, reading)
            if reading.weights and embed.available():
                with contextlib.suppress(embed.EncoderUnavailable):  # words alone, then
                    self._meaning(query, kinds, bm)
        scored = [((c.book, c.ref), c.total) for c in ranked if c.total > 0]
        out: list[tuple[_Cand, float]] = []
        japanese = written_in_japanese(query)
        for key, score in fuse(scored, bm, is_lookup(query), japanese):
            c = cands.get(key)
            if c is None:
                c = _Cand(*key)
            out.append((c, score))
        self._passages = (bm.best_passage, reading.words, reading.highlight)
        if not self.lookup:
            out = by_lines(out, bm, lambda c: (c.book, c.ref), scored, japanese)
            out = rerank.reorder(out, bm, lambda c: (c.book, c.ref), scored, query, japanese)
        return out

    def _meaning(self, query: str, kinds: list[str], bm: Bm25Result) -> None:
        """The encoder's two rankings (`semantic.py`), with a best passage for each ref."""
        found = semantic.rank_passages(self.books, query)
        bm.sem_passages = [key for key, _ in found]
        for key, p_idx in found:
            bm.best_passage.setdefault(key, p_idx)
        folder = next((b.source.parent for b in self.books if b.source is not None), None)
        japanese = written_in_japanese(query)
        best_of = 1 if japanese else semantic.EN_BEST_OF
        bm.sem_lines, bm.line_cosine = semantic.score_lines(kinds, query, folder, best_of)
        bm.trained, bm.line_trained = line_ranker.score(kinds, query, japanese)

    def _settle(self, c: _Cand) -> None:
        """Give a fused result its best BM25 passage (done only for the results shown)."""
        if self._passages is None:
            return
        best, words, highlight = self._passages
        p_idx = best.get((c.book, c.ref))
        if p_idx is not None and (c.passage is None or c.text < 60.0):
            form = self.books[c.book].forms[p_idx]
            if any(t in form for t in words) or (c.passage is None and not c.terms):
                c.passage = p_idx
                c.fuzzy = False
                c.terms = [t for t in highlight if t in form] + c.terms

    def _one_book(
        self,
        b: int,
        book: LoadedBook,
        q: str,
        number: str | None,
        matches: list[TermMatch],
        terms: list[tuple[str, float]],
        concepts: list[list[str]],
        cand: _CandFn,
    ) -> None:
        """Score one book's sections on every signal."""
        if number is not None and number in book.by_id:
            cand(b, number).number = 100.0
        self._titles(b, book, q, matches, cand)
        if book.info.kind == "gcacw":  # the glossary's rule ids are the standard rules'
            for m in matches:
                for k, ref in enumerate(m.term.rules):
                    if ref in book.by_id:
                        c = cand(b, ref)
                        c.gloss = max(c.gloss, m.quality * (1.0 if k == 0 else 0.86))
                        c.terms.extend(_form(j) for j in m.term.ja)
        strong = self._text(b, book, terms, cand)
        if len(concepts) >= 2 and (self.lookup or b == 0):  # a question: BM25 reads the rest
            for ref, (score, p_idx, forms) in coverage(book, concepts).items():
                c = cand(b, ref)
                if score > c.multi:
                    c.multi = score
                    if p_idx is not None and (c.passage is None or score >= c.text):
                        c.passage = p_idx
                        c.terms = forms + c.terms
                strong = strong or score >= 90.0
        if not strong and 3 <= len(q) <= MAX_FUZZY and number is None and self.lookup:
            self._fuzzy(b, book, q, cand)

    def _titles(
        self, b: int, book: LoadedBook, q: str, matches: list[TermMatch], cand: _CandFn
    ) -> None:
        """Sections whose title is, holds or closely matches the query (or its term)."""
        forms = [(q, 1.0)] + [
            (_form(j), 0.9) for m in matches if m.quality >= 90 for j in m.term.ja
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
        if len(q) >= 3 and self.lookup:  # a misspelt title; a question is no title
            for _, score, i in process.extract(
                q, book.title_forms, scorer=fuzz.ratio, score_cutoff=72, limit=5
            ):
                c = cand(b, book.sections[i].id)
                c.title = max(c.title, float(score) * 0.97)

    def _text(
        self,
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

    def _fuzzy(self, b: int, book: LoadedBook, q: str, cand: _CandFn) -> None:
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

    def _hit(self, c: _Cand, q: str, score: float) -> Hit:
        book = self.books[c.book]
        sec = book.get(c.ref)
        assert sec is not None
        anchor = sec.title if sec.kind == "anchor" else None
        owner = book.get(sec.parent) if anchor and sec.parent else sec
        assert owner is not None
        section = owner.number or owner.id
        title = owner.title
        snippet, highlights = self._snippet(book, c, sec, q)
        return Hit(
            book=book.info.id,
            section=section,
            title=title,
            score=score,
            snippet=snippet,
            highlights=highlights,
            anchor=anchor,
            ref=sec.id,
        )

    def _snippet(
        self, book: LoadedBook, c: _Cand, sec: Section, q: str
    ) -> tuple[str, list[tuple[int, int]]]:
        if c.passage is None:
            c.passage = self._passage_in(book, sec, c.terms or [q])
        if c.passage is None and not sec.text.strip():
            return sec.title, _direct_spans(sec.title, c.terms or [q])
        if c.passage is None:
            text = sec.text.replace("\n", " ")
            cut = text[:SNIPPET_LENGTH]
            return cut + ("…" if len(text) > SNIPPET_LENGTH else ""), []
        s_idx, start, end, _ = book.passages[c.passage]
        passage = book.sections[s_idx].text[start:end]
        return make_snippet(passage, c.terms or [q], q if c.fuzzy else "")

    def _passage_in(self, book: LoadedBook, sec: Section, terms: list[str]) -> int | None:
        """The first passage inside a section (or anchor) holding one of the terms."""
        is_anchor = sec.kind == "anchor" and sec.parent is not None
        owner_idx = book.by_id[sec.parent] if is_anchor and sec.parent else book.by_id[sec.id]
        lo = sec.start if is_anchor else 0
        hi = lo + len(sec.text) if is_anchor else 1 << 30
        first: int | None = None
        p_lo, p_hi = book.spans.get(owner_idx, (0, 0))
        for p_idx in range(p_lo, p_hi):
            _s, start, _end, form = book.passages[p_idx]
            if not (lo <= start < hi):
                continue
            if first is None:
                first = p_idx
            if any(t and t in form for t in terms):
                return p_idx
        return first


def _section_of(books: list[LoadedBook], c: _Cand) -> tuple[int, str]:
    """(book, section number or part id) of a candidate: where its rule begins."""
    sec = books[c.book].get(c.ref)
    owner = c.ref if sec is None else sec.number or (sec.parent if sec.parent else sec.id)
    return c.book, owner


__all__ = ["Searcher", "make_snippet"]


def shown_in_order(hits: list[Hit]) -> None:
    """A result listed above another never shows a lower score: each score is raised to
    the highest below it. The last reorderings of a question's first results (`by_lines`,
    `governing_first`, `varied`) move results by more than their fused score, and a
    player reading "29.5, 9.5, 27.3" down the list cannot tell which the search prefers.
    Display only: every ranking decision was made before this."""
    floor = 0.0
    for hit in reversed(hits):
        floor = max(floor, hit.score)
        hit.score = floor
