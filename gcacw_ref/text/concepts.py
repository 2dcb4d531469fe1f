"""Queries of several words: split into concepts and find the passages that hold them all.

"cavalry retreat modifiers" is two concepts (騎兵退却, 修正); "橋の修理" is 橋 and 修理.
Each concept is a set of forms (the word itself and its Japanese from the glossary); a
section or anchor scores by how many concepts its title and one of its passages cover,
titles counting extra, so 7.7#騎兵退却ダイスの修正 wins over 7.7 for that query.
"""

from __future__ import annotations

import re

from gcacw_ref.text.clean import search_form
from gcacw_ref.text.glossary import Glossary
from gcacw_ref.text.store import LoadedBook

STOPWORDS = frozenset(
    {
        "a", "an", "the", "of", "in", "into", "on", "onto", "for", "to", "with", "and",
        "or", "at", "by", "from", "is", "are", "what", "how", "when", "vs",
    }
)  # fmt: skip
_JA_SPLIT = re.compile(r"及び|および|の|と|・|、|,")


def _keep_piece(piece: str) -> bool:
    return len(piece) >= 2 or (len(piece) == 1 and "\u4e00" <= piece <= "\u9fff")


def query_concepts(query: str, glossary: Glossary) -> list[list[str]]:
    """The concepts of a query, each as the list of search forms that stand for it."""
    tokens = query.split()[:8]
    if len(tokens) == 1 and not tokens[0].isascii():
        pieces = [p for p in _JA_SPLIT.split(tokens[0]) if p]
        if len(pieces) >= 2 and all(_keep_piece(p) for p in pieces):
            tokens = pieces
    concepts: list[list[str]] = []
    i = 0
    while i < len(tokens):
        for span in range(min(4, len(tokens) - i), 0, -1):
            forms = glossary.forms_for(search_form(" ".join(tokens[i : i + span])))
            if forms:
                concepts.append(forms)
                i += span
                break
        else:
            key = search_form(tokens[i])
            i += 1
            if not key or key in STOPWORDS:
                continue
            near = glossary.match(key) if len(key) >= 5 else []
            if near and near[0].quality >= 80:
                concepts.append([key, *(search_form(j) for j in near[0].term.ja)])
            else:
                concepts.append([key])
    return concepts


def coverage(
    book: LoadedBook, concepts: list[list[str]]
) -> dict[str, tuple[float, int | None, list[str]]]:
    """ref -> (score, best passage, matched forms) for refs covering two concepts or more."""
    n = len(concepts)
    in_passage: list[dict[int, str]] = []
    title_cov: dict[str, set[int]] = {}
    for k, forms in enumerate(concepts):
        found: dict[int, str] = {}
        # a form holding another form of the same concept adds nothing to "contains"
        minimal = [f for f in forms if f and not any(g != f and g in f for g in forms if g)]
        for f in minimal:
            for p in book.containing(f):
                found.setdefault(p, f)
            for t in book.title_index.containing(f):
                title_cov.setdefault(book.sections[t].id, set()).add(k)
        in_passage.append(found)
    cover: dict[int, list[int]] = {}  # passage -> the concepts it holds, in order
    for k, found in enumerate(in_passage):
        for p in found:
            got = cover.get(p)
            if got is None:
                cover[p] = [k]
            else:
                got.append(k)
    pool = {p for p, ks in cover.items() if len(ks) >= 2}
    for ref in title_cov:
        pool.update(book.passages_of(ref))
    best: dict[str, tuple[float, int | None, list[str]]] = {}
    refs = book.passage_refs
    no_title: set[int] = set()
    no_concepts: list[int] = []
    for p in pool:
        ref = refs[p]
        titled = title_cov.get(ref, no_title)
        ks = cover.get(p, no_concepts)
        # a passage's concepts are distinct: without a titled concept no union is needed
        covered = len(titled.union(ks)) if titled else len(ks)
        if covered < 2:
            continue
        score = 70.0 + 20.0 * covered / n + 10.0 * len(titled) / n
        old = best.get(ref)
        if old is None or score > old[0]:
            best[ref] = (score, p, [in_passage[k][p] for k in ks])
    for ref, titled in title_cov.items():
        if ref not in best and len(titled) >= 2:
            best[ref] = (70.0 + 30.0 * len(titled) / n, None, [])
    return best
