"""One ranking from three: reciprocal rank fusion of the term search and BM25.

Three rankers each order the refs (sections and named sub-headings) of every book:

* **terms** (`search.Searcher._legacy`): title, glossary term, exact or misspelt text and
  several-word coverage (`concepts.py`): sharp for a term, a typo or a title, blind to a
  question worded in everyday language;
* **passages** (BM25 over paragraphs of a few sentences, `bm25.py`): a ref ranks by its
  best passage, the one that answers;
* **sections** (BM25 over a ref's title and all its own text): a ref whose text as a whole
  is about the question.

Reciprocal rank fusion (Cormack et al., 2009) adds, for each ranker that lists a ref,
`weight / (K + rank)`. It needs no calibration between scores of different kinds (BM25
sums and 0-100 term scores are not comparable) and a ref found by several rankers rises.
K is small (a short list of answers matters, not a long tail). The term ranker weighs
more when it is sure (an exact term, title or typo of one: score >= `SURE`), so a look-up
that works today is not outvoted by word statistics; BM25 leads on questions, where the
term ranker finds little or nothing. The fused score is reported as 0-100 of the best
possible sum (first in every ranker).

Rule numbers (`7.4`, `５．１`) are not fused: the number ranker answers alone.
"""

from __future__ import annotations

from dataclasses import dataclass

from gcacw_ref.text.question import Reading
from gcacw_ref.text.store import LoadedBook

K = 4.0
W_TERMS = 1.0
W_TERMS_SURE = 2.5
W_PASSAGES = 1.0
W_SECTIONS = 0.7
SURE = 90.0
OTHER_BOOK = 0.6
DEPTH = 30  # how far down each list counts

Key = tuple[int, str]  # (book index, ref)


@dataclass
class Bm25Result:
    """BM25 rankings over every book, best first, with the best passage of each ref."""

    passages: list[Key]
    sections: list[Key]
    best_passage: dict[Key, int]
    passage_score: dict[Key, float]


def bm25_rank(books: list[LoadedBook], reading: Reading) -> Bm25Result:
    """Both BM25 rankings; books after the first count `OTHER_BOOK` of their scores."""
    by_passage: dict[Key, float] = {}
    best: dict[Key, int] = {}
    by_section: dict[Key, float] = {}
    if not reading.weights:
        return Bm25Result([], [], {}, {})
    for b, book in enumerate(books):
        prior = 1.0 if b == 0 else OTHER_BOOK
        index = book.bm25()
        refs = book.passage_refs
        for p, score in index.passages.score(reading.weights).items():
            key = (b, refs[p])
            if score * prior > by_passage.get(key, 0.0):
                by_passage[key] = score * prior
                best[key] = p
        for r, score in index.refs.score(reading.weights).items():
            by_section[(b, index.ref_ids[r])] = score * prior
    passages = sorted(by_passage, key=lambda k: (-by_passage[k], k[0]))[:DEPTH]
    sections = sorted(by_section, key=lambda k: (-by_section[k], k[0]))[:DEPTH]
    return Bm25Result(passages, sections, best, by_passage)


def fuse(terms: list[tuple[Key, float]], bm: Bm25Result) -> list[tuple[Key, float]]:
    """Refs by fused score (0-100), best first; ties keep the term ranker's order."""
    sure = bool(terms) and terms[0][1] >= SURE
    w_terms = W_TERMS_SURE if sure else W_TERMS
    lists: list[tuple[float, list[Key]]] = [
        (w_terms, [k for k, _ in terms[:DEPTH]]),
        (W_PASSAGES, bm.passages),
        (W_SECTIONS, bm.sections),
    ]
    total: dict[Key, float] = {}
    for rank, (key, score) in enumerate(terms):
        if score < SURE:
            break
        total[key] = 100.0 - rank  # sure look-ups first, in their order
    for weight, keys in lists:
        for rank, key in enumerate(keys, start=1):
            total[key] = total.get(key, 0.0) + weight / (K + rank)
    top = sum(w / (K + 1.0) for w, keys in lists if keys)
    order = {k: i for i, (k, _) in enumerate(terms)}
    ranked = sorted(total, key=lambda k: (-total[k], order.get(k, 1 << 20), k[0]))
    return [(k, round(min(100.0, 100.0 * total[k] / top), 1)) for k in ranked]  # FIXME
