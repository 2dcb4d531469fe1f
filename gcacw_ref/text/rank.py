"""Fusing the rankers' lists (`fuse`) and reordering a question's first results.

Each stage of `search.py` returns its own typed lists (`WordLists`, `definitions`,
`PlayerLines`, `Meaning`); `gather` makes them one `Evidence`, which `fuse`, `by_lines`
and `rerank.reorder` read. Reciprocal rank fusion (Cormack et al., 2009) adds, for each
ranker that lists a ref, `weight / (k + rank)`: no calibration between scores of different
kinds is needed, and a ref found by several rankers rises. The term ranker weighs more when
it is sure; a look-up's sure term hits come first. `by_lines` then reads the margins of
the players' lines that ranks alone do not carry, and `varied` keeps the first three from
three sections. Every constant is a field of `RankConfig` (`rank_config.py`); why each
stage exists and how it is measured is docs/search.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from gcacw_ref.text.clean import search_form
from gcacw_ref.text.question import Reading
from gcacw_ref.text.rank_config import CONFIG, RankConfig
from gcacw_ref.text.store import LoadedBook

Key = tuple[int, str]  # (book index, ref)
T = TypeVar("T")


@dataclass(frozen=True)
class WordLists:
    """The words stage (`bm25_rank`): BM25 over every book's passages and over its sections,
    best first, with each ref's best passage and its score."""

    passages: list[Key]
    sections: list[Key]
    best_passage: dict[Key, int]
    passage_score: dict[Key, float]


@dataclass(frozen=True)
class PlayerLines:
    """The players' lines stage (`cards.rank_cards`, `asks.score_asks`): rules by their card
    and by their best asks line, and each rule's best asks line's BM25 score."""

    cards: list[Key] = field(default_factory=list)
    asks: list[Key] = field(default_factory=list)
    line_asks: dict[Key, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Meaning:
    """The meaning stage (`semantic.py`, `line_ranker.py`): passages by the encoder's
    cosine (with a best passage for each ref), rules by their nearest lines and each one's
    best cosine, and the trained ranker's rules with their probabilities."""

    sem_passages: list[Key] = field(default_factory=list)
    best_passage: dict[Key, int] = field(default_factory=dict)
    sem_lines: list[Key] = field(default_factory=list)
    line_cosine: dict[Key, float] = field(default_factory=dict)
    trained: list[Key] = field(default_factory=list)
    line_trained: dict[Key, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Evidence:
    """Every ranker's list of a question, best first, gathered once (`gather`) for the
    fusion and the reorderings after it; a list no stage made is empty."""

    passages: list[Key]
    sections: list[Key]
    best_passage: dict[Key, int]
    passage_score: dict[Key, float]
    definitions: list[Key] = field(default_factory=list)
    cards: list[Key] = field(default_factory=list)
    asks: list[Key] = field(default_factory=list)
    sem_passages: list[Key] = field(default_factory=list)
    sem_lines: list[Key] = field(default_factory=list)
    # per rule of the standard rules: its best line's cosine with the question (cards and
    # asks) and its best asks line's BM25 score (for `by_lines`)
    line_cosine: dict[Key, float] = field(default_factory=dict)
    line_asks: dict[Key, float] = field(default_factory=dict)
    # the trained ranker (`line_ranker.py`): rules by probability, and each one's probability
    trained: list[Key] = field(default_factory=list)
    line_trained: dict[Key, float] = field(default_factory=dict)


def gather(
    words: WordLists,
    defined: tuple[list[Key], dict[Key, int]] = ([], {}),
    lines: PlayerLines | None = None,
    meaning: Meaning | None = None,
) -> Evidence:
    """The stages' lists as one `Evidence`; a ref's best passage is BM25's, else the first
    one defining a word of the question, else the encoder's."""
    lines = lines or PlayerLines()
    meaning = meaning or Meaning()
    best = dict(words.best_passage)
    for found in (defined[1], meaning.best_passage):
        for key, p_idx in found.items():
            best.setdefault(key, p_idx)
    return Evidence(
        words.passages,
        words.sections,
        best,
        words.passage_score,
        definitions=defined[0],
        cards=lines.cards,
        asks=lines.asks,
        sem_passages=meaning.sem_passages,
        sem_lines=meaning.sem_lines,
        line_cosine=meaning.line_cosine,
        line_asks=lines.line_asks,
        trained=meaning.trained,
        line_trained=meaning.line_trained,
    )


def definitions(
    books: list[LoadedBook], reading: Reading, config: RankConfig = CONFIG
) -> tuple[list[Key], dict[Key, int]]:
    """Refs whose text puts a word of the question in quotes (「手番プレイヤー」と呼ばれる).

    A rulebook names a term in quotes where it defines it, so the first such passage of
    the book comes first.
    """
    found: list[tuple[int, int, Key]] = []
    where: dict[Key, int] = {}
    words = [w for w in reading.words if len(w) >= 2 and not w.isascii()][:8]
    for b, book in enumerate(books):
        refs = book.passage_refs
        for w in words:
            for p in book.containing(f"「{w}」"):
                key = (b, refs[p])
                if key not in where:
                    where[key] = p
                    found.append((b, p, key))
    found.sort()
    return [key for _, _, key in found][: config.depth], where


def bm25_rank(books: list[LoadedBook], reading: Reading, config: RankConfig = CONFIG) -> WordLists:
    """Both BM25 rankings; books after the first count `other_book` of their scores."""
    by_passage: dict[Key, float] = {}
    best: dict[Key, int] = {}
    by_section: dict[Key, float] = {}
    if not reading.weights:
        return WordLists([], [], {}, {})
    for b, book in enumerate(books):
        prior = 1.0 if b == 0 else config.other_book
        index = book.bm25()
        refs = book.passage_refs
        for p, p_score in index.passages.top(reading.weights, config.depth * 3):
            key = (b, refs[p])
            if key not in by_passage:  # best first: a ref's first passage is its best
                by_passage[key] = p_score * prior
                best[key] = p
        for r, r_score in index.refs.top(reading.weights, config.depth):
            by_section[(b, index.ref_ids[r])] = r_score * prior
    passages = sorted(by_passage, key=by_passage.__getitem__, reverse=True)[: config.depth]
    sections = sorted(by_section, key=by_section.__getitem__, reverse=True)[: config.depth]
    return WordLists(passages, sections, best, by_passage)


QUESTION_WORDS = frozenset(
    [
        "can",
        "may",
        "does",
        "do",
        "did",
        "is",
        "are",
        "am",
        "was",
        "were",
        "how",
        "what",
        "when",
        "where",
        "who",
        "why",
        "which",
        "should",
        "must",
        "will",
        "would",
        "could",
        "shall",
    ]
)


def is_lookup(query: str, config: RankConfig = CONFIG) -> bool:
    """A short query (a term, possibly misspelt) rather than a question.

    Read on the query's one spelling (`spelling.canonical`: no "?" to go by). English: at
    most three words, not opening with a question word ("can", "how", ...). Japanese: at
    most `lookup_chars` characters, not ending in hiragana (a question ends in a verb or
    「か」, plain or polite).
    """
    q = query.strip()
    if q.isascii():
        words = q.split()
        return len(words) <= 3 and not (words and words[0].lower() in QUESTION_WORDS)
    last = search_form(q)[-1:] or "?"
    return len(q) <= config.lookup_chars and not ("\u3040" <= last <= "\u309f" or last in "?？")


_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def written_in_japanese(query: str) -> bool:
    """Whether a query holds Japanese (kana or kanji): its lines' list and `by_lines`'
    weights are its own (`lines_list`, `ja_w_line_*`)."""
    return bool(_JAPANESE.search(query))


def lines_keep_out(
    terms: list[tuple[Key, float]], bm: Evidence, config: RankConfig = CONFIG
) -> bool:
    """Whether the cards, asks and the encoder's lines keep out of a question: they
    describe the standard rules only, so when the term ranker finds the question's words
    in other books and nowhere in those, they do not vote."""
    described = {b for b, _ in bm.cards + bm.asks + bm.sem_lines}
    return bool(terms) and not any(k[0] in described for k, _ in terms[: config.depth])


def lines_list(bm: Evidence, japanese: bool, config: RankConfig = CONFIG) -> list[Key]:
    """The encoder's lines' list a question is fused with: for an English one the trained
    ranker's (`en_trained_lines`, when it ran), else the rules by their nearest lines."""
    if bm.trained and config.en_trained_lines and not japanese:
        return bm.trained
    return bm.sem_lines


def fuse(
    terms: list[tuple[Key, float]],
    bm: Evidence,
    lookup: bool = False,
    japanese: bool = False,
    config: RankConfig = CONFIG,
) -> list[tuple[Key, float]]:
    """Refs by fused score (0-100), best first; ties keep the term ranker's order.

    `japanese`: a Japanese question (not a look-up) reads the nearest lines' list
    (`lines_list`); every question is fused with the same curve and weights."""
    c = config
    ja = japanese and not lookup
    curve = c.k
    sure_at = c.sure_lookup if lookup else c.sure
    sure = bool(terms) and terms[0][1] >= sure_at
    w_terms = c.w_terms_sure if sure else c.w_terms
    elsewhere = lines_keep_out(terms, bm, c)
    lists: list[tuple[float, list[Key]]] = [
        (w_terms, [k for k, _ in terms[: c.depth]]),
        (c.w_passages, bm.passages),
        (c.w_sections, bm.sections),
        (c.w_definitions, bm.definitions),
        (0.0 if elsewhere else c.w_cards, bm.cards),
        (0.0 if elsewhere else c.w_asks, bm.asks),
        (c.w_sem_passages, bm.sem_passages),
        (0.0 if elsewhere else c.w_sem_lines, lines_list(bm, ja, c)),
    ]
    total: dict[Key, float] = {}
    for weight, keys in lists:
        for rank, key in enumerate(keys, start=1):
            total[key] = total.get(key, 0.0) + weight / (curve + rank)
    # the best possible sum: first in every ranking that found anything (a question read by
    # eight rankings scores 100 only when all of them put the ref first)
    top = sum(w / (curve + 1.0) for w, keys in lists if keys and w > 0) or 1.0
    score = {k: min(100.0, 100.0 * v / top) for k, v in total.items()}
    sure_keys: dict[Key, int] = {}
    for rank, (key, value) in enumerate(terms):
        if value < sure_at:
            break
        sure_keys[key] = rank  # sure look-ups first, in their order
        total.setdefault(key, 0.0)
        score[key] = max(score.get(key, 0.0), min(100.0, value))
    order = {k: i for i, (k, _) in enumerate(terms)}
    if sure and lookup:  # a term look-up: BM25 reorders what the term ranker found
        total = {k: v for k, v in total.items() if k in order}
    ranked = sorted(
        total,
        key=lambda k: (sure_keys.get(k, 1 << 20), -total[k], order.get(k, 1 << 20), k[0]),
    )
    return [(k, round(score[k], 1)) for k in ranked]


def by_lines(
    order: list[tuple[T, float]],
    bm: Evidence,
    key: Callable[[T], Key],
    terms: list[tuple[Key, float]],
    japanese: bool = False,
    config: RankConfig = CONFIG,
) -> list[tuple[T, float]]:
    """A question's first `lines_top` results reordered by how well the players' own
    lines of each rule (cards and asks) match it, not only by their rank in each list.

    Reciprocal rank fusion reads a ranker's order only: a rule whose best line is nearly
    as close to the question as the first rule's counts as little as one far behind. Here
    each of the first results adds to its fused score (0-1) `w_line_cosine` times its best
    line's cosine less the best cosine of any rule (0 for the closest rule, below 0 for
    the others) and `w_line_asks` times its best asks line's BM25 score as a share of the
    best; the first results are then in the order of these sums, which become their scores
    (0-100). Only where the encoder read the lines and they speak for the question
    (`lines_keep_out`); `terms` is the term ranker's list, as given to `fuse`. A Japanese
    question (`japanese`) has its own weights (`ja_w_line_*`). The trained ranker
    (`line_ranker.py`) adds `w_line_trained` times a rule's probability less the best
    rule's (`bm.line_trained`; nothing when it did not run)."""
    c = config
    if not bm.line_cosine or not bm.sem_lines or lines_keep_out(terms, bm, c):
        return order
    top_cos = max(bm.line_cosine.values())
    top_asks = max(bm.line_asks.values(), default=0.0) or 1.0
    w_cos = c.ja_w_line_cosine if japanese else c.w_line_cosine
    w_asks = c.ja_w_line_asks if japanese else c.w_line_asks
    w_trained = c.ja_w_line_trained if japanese else c.w_line_trained
    top_p = max(bm.line_trained.values(), default=0.0)
    head: list[tuple[float, int, T]] = []
    for i, (item, score) in enumerate(order[: c.lines_top]):
        k = key(item)
        cos = bm.line_cosine.get(k)
        margin = c.no_line if cos is None else cos - top_cos
        share = bm.line_asks.get(k, 0.0) / top_asks
        trained = bm.line_trained.get(k, 0.0) - top_p if bm.line_trained else 0.0
        value = score / 100.0 + w_cos * margin + w_asks * share + w_trained * trained
        head.append((value, i, item))
    head.sort(key=lambda h: (-h[0], h[1]))
    rescored = [(item, round(min(100.0, max(0.0, 100.0 * v)), 1)) for v, _i, item in head]
    return rescored + order[c.lines_top :]


def varied(
    order: list[tuple[T, float]], section: Callable[[T], object], config: RankConfig = CONFIG
) -> list[tuple[T, float]]:
    """A question's results with the first three from three different sections.

    Sub-headings of one rule at the top leave no room for another reading of the
    question; a second or third one is moved below the best result from another section
    (it stays in the list, just lower).
    """
    head: list[tuple[T, float]] = []
    rest: list[tuple[T, float]] = []
    seen: dict[object, int] = {}
    for item in order:
        if len(head) >= 3:
            rest.append(item)
            continue
        key = section(item[0])
        if seen.get(key, 0) >= config.same_section:
            rest.append(item)
            continue
        seen[key] = seen.get(key, 0) + 1
        head.append(item)
    return head + rest
