"""A query's way to its results, in named stages (docs/search.md tells why each exists).

1. `canonical`: the query's one spelling (`spelling.py`), made once; every stage reads it.
2. `score_terms`: the term ranker (titles, glossary terms, exact or misspelt text). A rule
   number, or a look-up whose term it is sure of, is answered from this ranking alone.
3. `_evidence`: every other ranker's list, each stage its own typed result: the words
   (`bm25_rank`), the definitions (`definitions`), the players' lines (`cards`, `asks`)
   and the meaning (`semantic`, `line_ranker`), gathered into one `Evidence`.
4. `fuse`: reciprocal rank fusion of the lists (`rank.py`).
5. `by_lines` and `rerank.reorder`: a question's first results by the margins of their
   players' lines, then by a learned model of what every ranker said of them.
6. `governing_first` and `varied`: the rule that governs before the one that defines, and
   three sections at the top.
7. `_shown`: each result shown gets its best passage and snippet; the first, the answer.

Every constant is a field of the `RankConfig` the searcher is given (`rank_config.py`).
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
from gcacw_ref.text.question import Reading, read_query
from gcacw_ref.text.rank import (
    Evidence,
    Meaning,
    PlayerLines,
    bm25_rank,
    by_lines,
    definitions,
    fuse,
    gather,
    is_lookup,
    varied,
    written_in_japanese,
)
from gcacw_ref.text.rank_config import CONFIG, RankConfig
from gcacw_ref.text.rulenum import normalize_rule_number
from gcacw_ref.text.snippet import SNIPPET_LENGTH, _direct_spans, make_snippet
from gcacw_ref.text.spelling import canonical
from gcacw_ref.text.store import LoadedBook
from gcacw_ref.text.term_rank import Cand, query_form, score_terms

Order = list[tuple[Cand, float]]


class Searcher:
    """Search over a list of loaded books (the first ones rank first on ties)."""

    def __init__(self, books: list[LoadedBook], config: RankConfig = CONFIG) -> None:
        self.books = books
        self.config = config
        self.lookup = True  # a short query: look for misspellings too (set per search)
        # after fusing: each ref's best passage, and the query's words and highlights
        self._passages: tuple[dict[tuple[int, str], int], list[str], list[str]] | None = None

    def search(self, query: str, limit: int = 10) -> list[Hit]:
        if not query.strip():
            raise InputError("search: the query is empty")
        if limit < 1:
            raise InputError("search: --limit must be at least 1")
        config = self.config
        # a pasted page is read from its start; spelling variants read alike (spelling.py)
        query = canonical(query[: config.max_query])
        q = query_form(query)
        if not any(ch.isalnum() for ch in q):
            return []  # nothing but spaces, punctuation, symbols or emoji: no match
        number = normalize_rule_number(query)
        self.lookup = is_lookup(query, config)
        self._passages = None
        ranked, cands = self._terms(query, q, number)
        sure = bool(ranked) and ranked[0].total >= config.sure_lookup and self.lookup
        if number is not None or sure:  # a rule number, or a term look-up that found it
            order = [(c, round(min(100.0, c.total), 1)) for c in ranked]
        else:
            order = self._fused(query, ranked, cands)
            if not self.lookup:
                order = governing_first(order, query, _key, config)
                order = varied(order, lambda c: _section_of(self.books, c), config)
        hits = self._shown(order, query, q, number, limit)
        shown_in_order(hits)
        return hits

    def _terms(
        self, query: str, q: str, number: str | None
    ) -> tuple[list[Cand], dict[tuple[int, str], Cand]]:
        """The term ranker's candidates, best first (`term_rank.py`), and all of them by key."""
        cands = score_terms(self.books, query, q, number, self.lookup)
        for c in cands.values():
            c.total = c.composite()
        ranked = sorted(cands.values(), key=lambda c: (-c.total, -c.text, c.book))
        return ranked, cands

    def _shown(self, order: Order, query: str, q: str, number: str | None, limit: int) -> list[Hit]:
        """The first `limit` results as hits, each once; the first holds the answer."""
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
        return hits

    def _fused(self, query: str, ranked: list[Cand], cands: dict[tuple[int, str], Cand]) -> Order:
        """The term ranking fused with every other ranker's list (`rank.fuse`), then, for
        a question, reordered by the players' lines (`by_lines`, `rerank.reorder`)."""
        config = self.config
        reading = read_query(query)
        japanese = written_in_japanese(query)
        evidence = self._evidence(query, reading, japanese)
        scored = [((c.book, c.ref), c.total) for c in ranked if c.total > 0]
        out: Order = []
        for key, score in fuse(scored, evidence, self.lookup, japanese, config):
            c = cands.get(key)
            if c is None:
                c = Cand(*key)
            out.append((c, score))
        self._passages = (evidence.best_passage, reading.words, reading.highlight)
        if not self.lookup:
            out = by_lines(out, evidence, _key, scored, japanese, config)
            out = rerank.reorder(out, evidence, _key, scored, query, japanese, config=config)
        return out

    def _evidence(self, query: str, reading: Reading, japanese: bool) -> Evidence:
        """Every ranker's list but the term ranker's; a look-up reads BM25 alone."""
        config = self.config
        words = bm25_rank(self.books, reading, config)
        if self.lookup:
            return gather(words)
        kinds = [b.info.kind for b in self.books]
        defined = definitions(self.books, reading, config)
        lines = PlayerLines(rank_cards(kinds, query, reading), *score_asks(kinds, query, reading))
        meaning = None
        if reading.weights and embed.available():
            with contextlib.suppress(embed.EncoderUnavailable):  # words alone, then
                meaning = self._meaning(query, kinds, japanese)
        return gather(words, defined, lines, meaning)

    def _meaning(self, query: str, kinds: list[str], japanese: bool) -> Meaning:
        """The encoder's two rankings (`semantic.py`), with a best passage for each ref, and
        the trained ranker's (`line_ranker.py`)."""
        config = self.config
        found = semantic.rank_passages(self.books, query)
        best: dict[tuple[int, str], int] = {}
        for key, p_idx in found:
            best.setdefault(key, p_idx)
        folder = next((b.source.parent for b in self.books if b.source is not None), None)
        best_of = 1 if japanese else config.en_best_of
        sem_lines, line_cosine = semantic.score_lines(kinds, query, folder, best_of)
        trained, line_trained = line_ranker.score(kinds, query, japanese, config)
        return Meaning(
            sem_passages=[key for key, _ in found],
            best_passage=best,
            sem_lines=sem_lines,
            line_cosine=line_cosine,
            trained=trained,
            line_trained=line_trained,
        )

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


def _key(c: Cand) -> tuple[int, str]:
    """(book index, ref) of a candidate: how the rankers' lists name it."""
    return c.book, c.ref


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
