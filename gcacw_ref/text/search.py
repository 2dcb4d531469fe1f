"""Fuzzy search over imported books: the term ranker, then for a question every ranker fused.

A query is scored first by its words (`term_rank.py`). A rule number, or a look-up whose
term was found, is answered from that ranking alone; any other query is fused with BM25
and, for a question, with the cards, the asks and the sentence encoder (`rank.py`,
`semantic.py`), then reordered (`by_lines`, `rerank.py`, `governing_first`, `varied`).
The results shown get their best passage, their snippet and, at the top, the answer.
"""

from __future__ import annotations

import contextlib

from gcacw_ref.errors import InputError
from gcacw_ref.text import embed, line_ranker, rerank, semantic
from gcacw_ref.text.answer import add_answer
from gcacw_ref.text.asks import score_asks
from gcacw_ref.text.cards import rank_cards
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
from gcacw_ref.text.term_rank import Cand, query_form, score_terms

MAX_QUERY = 200  # longer queries are read from their start


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
        q = query_form(query)
        if not any(ch.isalnum() for ch in q):
            return []  # nothing but spaces, punctuation, symbols or emoji: no match
        number = normalize_rule_number(query)
        self.lookup = is_lookup(query)
        self._passages = None
        cands = score_terms(self.books, query, q, number, self.lookup)
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

    def _fused(
        self, query: str, ranked: list[Cand], cands: dict[tuple[int, str], Cand]
    ) -> list[tuple[Cand, float]]:
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
        out: list[tuple[Cand, float]] = []
        japanese = written_in_japanese(query)
        for key, score in fuse(scored, bm, is_lookup(query), japanese):
            c = cands.get(key)
            if c is None:
                c = Cand(*key)
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

    def _settle(self, c: Cand) -> None:
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

    def _hit(self, c: Cand, q: str, score: float) -> Hit:
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
        self, book: LoadedBook, c: Cand, sec: Section, q: str
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


def _section_of(books: list[LoadedBook], c: Cand) -> tuple[int, str]:
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
