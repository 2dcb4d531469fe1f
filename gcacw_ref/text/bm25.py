"""BM25 over a book's passages and sections, cached beside the book.

Tokens (`tokens`): a search-form text is cut into *content runs*: kanji and katakana
(with 々 and ー), and ASCII letters/digits, separately. Hiragana and punctuation only
separate runs: in Japanese they are particles and verb endings, which carry no weight in
a question. A Japanese run gives its character bigrams and its kanji one by one (橋, 山:
many rule words are a single kanji); an ASCII run is one word token.

Documents: every passage (a paragraph of a few sentences) and every *ref* (a section or
named sub-heading: its title twice, then its own passages). Scores are standard BM25
(k1 = 1.2, b = 0.75) with a token weight from the query (see `question.py`).

The index is a pure-Python dict of postings (token -> idf and (doc, term weight) pairs):
a few hundred passages need no numpy. It is saved as `books/<id>.bm25` beside the book
(`bm25_cache.py`), stamped with the index format and a digest of the book file; a
missing, stale or damaged index is rebuilt from the book (one notice on stderr) and the
book is never touched.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

K1 = 1.2
B = 0.75
MAX_TOKENS = 16  # a long question is scored on its weightiest tokens
COMMON = 0.25  # a token in more than this share of the documents is skipped (see score)

# idf, documents, idf x term weight, documents as dict keys, term weight (see _weights)
_Weights = tuple[float, list[int], list[float], list[float]]

_RUN_RE = re.compile(r"[\u30a0-\u30ff\u3400-\u9fff\uf900-\ufaff々〆ヶ]+|[a-z0-9]+")


def _is_kanji(ch: str) -> bool:
    return "\u3400" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or ch == "々"


def tokens(form: str) -> list[str]:
    """The index tokens of a search-form text (see the module docstring)."""
    out: list[str] = []
    for m in _RUN_RE.finditer(form):
        run = m.group()
        if run[0].isascii():
            out.append(run)
            continue
        out.extend(run[k : k + 2] for k in range(len(run) - 1))
        out.extend(ch for ch in run if _is_kanji(ch))
        if len(run) == 1 and not _is_kanji(run):
            out.append(run)
    return out


class Postings:
    """BM25 postings for one list of documents: token -> [doc ids..., term counts...]."""

    def __init__(self, table: Mapping[str, list[int]], lengths: list[int]) -> None:
        self.table = table
        self.lengths = lengths
        n = len(lengths)
        self.n = n
        avgdl = (sum(lengths) / n) if n and sum(lengths) else 1.0
        self.norms = [K1 * (1.0 - B + B * dl / avgdl) for dl in lengths]
        k1 = K1 + 1.0
        self.once = [1 * k1 / (1 + norm) for norm in self.norms]  # the weight of tf = 1
        self._cache: dict[str, _Weights] = {}
        self._idfs: dict[str, float] = {}

    @classmethod
    def build(cls, docs: list[list[str]]) -> Postings:
        counts: dict[str, dict[int, int]] = {}
        for i, doc in enumerate(docs):
            for t in doc:
                bucket = counts.get(t)
                if bucket is None:
                    counts[t] = {i: 1}
                else:
                    bucket[i] = bucket.get(i, 0) + 1
        table = {t: [*bucket.keys(), *bucket.values()] for t, bucket in counts.items()}
        return cls(table, [len(d) for d in docs])

    def _idf_of(self, token: str) -> float:
        """`idf`, remembered per token."""
        got = self._idfs.get(token)
        if got is None:
            got = self._idfs[token] = self.idf(token)
        return got

    def idf(self, token: str) -> float:
        entry = self.table.get(token)
        if not entry:
            return 0.0
        df = len(entry) // 2
        return math.log(1.0 + (self.n - df + 0.5) / (df + 0.5))

    def _weights(self, token: str) -> _Weights | None:
        """idf, documents, idf x term weights and the term weights of a token, computed on
        first use."""
        got = self._cache.get(token)
        if got is None:
            entry = self.table.get(token)
            if not entry:
                return None
            half = len(entry) // 2
            ids = entry[:half]
            tfs = entry[half:]
            if max(tfs) == 1:  # the usual case: every weight is the document's own
                vals = list(map(self.once.__getitem__, ids))
            else:
                norms = self.norms
                k1 = K1 + 1.0
                vals = [tf * k1 / (tf + norms[i]) for i, tf in zip(ids, tfs, strict=True)]
            idf = self.idf(token)
            got = (idf, ids, [idf * v for v in vals], vals)
            self._cache[token] = got
        return got

    def prepare(self, tokens: list[str]) -> None:
        """Compute the weights of these tokens now (e.g. the glossary's, while warming up)."""
        for t in tokens:
            self._weights(t)

    def _chosen(self, query: dict[str, float]) -> list[str]:
        """The query tokens that are scored.

        Tokens found in more than `COMMON` of the documents are skipped when the query
        has rarer ones: they add almost nothing to the order and cost the most.
        """
        limit = self.n * COMMON
        table = self.table
        rare = [t for t in query if 0 < len(table.get(t, ())) // 2 <= limit]
        chosen = rare if rare else list(query)
        if len(chosen) > MAX_TOKENS:  # the tokens that weigh most decide the order
            idf = self._idf_of
            chosen = sorted(chosen, key=lambda t: -query[t] * idf(t))[:MAX_TOKENS]
        return chosen

    def _accumulate(self, query: dict[str, float]) -> dict[int, float]:
        """Document -> score for every document the query touches, in the order they were
        first touched (which orders ties).

        The first token's scores fill the dict in C (0.0 + x is x for these positive
        weights, so the sums are those of adding every token to zeros)."""
        acc: dict[int, float] = {}
        get = acc.get
        for t in self._chosen(query):
            entry = self._weights(t)
            if entry is None:
                continue
            idf, ids, scaled, vals = entry
            q = query[t]
            if not acc:
                weights = scaled if q == 1.0 else [q * idf * v for v in vals]
                acc.update(zip(ids, weights, strict=True))
            elif q == 1.0:  # q * idf * v is exactly idf * v
                for i, v in zip(ids, scaled, strict=True):
                    acc[i] = get(i, 0.0) + v
            else:
                wi = q * idf
                for i, v in zip(ids, vals, strict=True):
                    acc[i] = get(i, 0.0) + wi * v
        return acc

    def score(self, query: dict[str, float]) -> dict[int, float]:
        """Document -> BM25 score for weighted query tokens, in first-touch order."""
        return self._accumulate(query)

    def top(self, query: dict[str, float], k: int) -> list[tuple[int, float]]:
        """The `k` best (document, score) pairs, best first; ties in first-touch order
        (the same as sorting `score`'s items by score)."""
        acc = self._accumulate(query)
        best = sorted(acc, key=acc.__getitem__, reverse=True)[:k]
        return [(i, acc[i]) for i in best]


@dataclass
class BookIndex:
    """The BM25 index of one book: over passages, and over refs (sections and anchors)."""

    passages: Postings
    refs: Postings
    ref_ids: list[str]  # ref document index -> ref id


def build_index(forms: list[str], passage_refs: list[str], titles: dict[str, str]) -> BookIndex:
    """The index of a book from its passages' search forms, their refs and ref titles."""
    p_docs = [tokens(f) for f in forms]
    ref_ids = list(titles)
    where = {r: k for k, r in enumerate(ref_ids)}
    r_docs: list[list[str]] = [tokens(titles[r]) * 2 for r in ref_ids]
    for p, ref in enumerate(passage_refs):
        k = where.get(ref)
        if k is not None:
            r_docs[k].extend(p_docs[p])
    return BookIndex(Postings.build(p_docs), Postings.build(r_docs), ref_ids)
