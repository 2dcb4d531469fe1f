"""One ranking from several: reciprocal rank fusion of the term search, BM25 and meaning.

Up to eight rankings each order the refs (sections and named sub-headings) of every book:

* **terms** (`term_rank.score_terms`): title, glossary term, exact or misspelt text and
  several-word coverage (`concepts.py`): sharp for a term, a typo or a title, blind to a
  question worded in everyday language;
* **passages** (BM25 over paragraphs of a few sentences, `bm25.py`): a ref ranks by its
  best passage, the one that answers;
* **sections** (BM25 over a ref's title and all its own text): a ref whose text as a whole
  is about the question;
* **definitions** (questions only, `definitions`): refs that put a word of the question in
  quotes, where the rulebook names a term (「手番プレイヤー」と呼ばれる), first one first;
* **cards** (questions only, `cards.py`): BM25 over a short description of every section
  of the standard rules in a player's words, English and Japanese (`cards.toml`): the
  only English text a section has, so an English question meets its rule directly;
* **asks** (questions only, `asks.py`): BM25 over many short lines of how players ask
  about each section (`asks.toml`), a rule ranked by its best line;
* **meaning** (questions only, `semantic.py`): a multilingual sentence encoder's cosine
  with every passage, and with every card and asks line: a question finds the passage
  that means the same in other words, in the other language too.

Reciprocal rank fusion (Cormack et al., 2009) adds, for each ranker that lists a ref,
`weight / (K + rank)`. It needs no calibration between scores of different kinds (BM25
sums and 0-100 term scores are not comparable) and a ref found by several rankers rises.
K is small (a short list of answers matters, not a long tail). The term ranker weighs
more when it is sure (an exact term, title or typo of one: score >= `SURE`), so a look-up
that works today is not outvoted by word statistics; BM25 leads on questions, where the
term ranker finds little or nothing. When a short query (`is_lookup`) has a sure term
hit, the results are the term ranker's own, BM25 only reordering those below the sure
ones. The fused score is reported as 0-100 of the best possible sum (first in every ranking
that found anything). The constants were chosen on the tuning half of the question set only.
In an all-books search the standard rules (the first book) lead: other books count
`OTHER_BOOK` of their BM25 scores, and the encoder reads the leading book only. The
cards, the asks and the encoder's lines describe the standard rules only, so they would
vote for them whatever a question asks: when the term ranker finds the question's words
in other books and nowhere in the standard rules, those three lists keep out of it.

After the fusion, `by_lines` reorders a question's first few results by the margins of
their best card or asks line (the encoder's cosine, the asks' BM25 score), which the ranks
alone do not carry (round 11, with four times more of the players' own lines), and of the
trained ranker's probabilities (`line_ranker.py`: a classifier of the question's vector
trained on those lines; for an English question its list stands in for the nearest lines').
Then `rerank.reorder` puts an English question's first results in the order of a linear
model learnt from writers' lines (round 12).

Rule numbers (`7.4`, `５．１`) are not fused: the number ranker answers alone.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from gcacw_ref.text.clean import search_form
from gcacw_ref.text.question import Reading
from gcacw_ref.text.store import LoadedBook

K = 2.0
W_TERMS = 1.0
W_TERMS_SURE = 2.5
W_PASSAGES = 1.0
W_SECTIONS = 0.7
W_DEFINITIONS = 0.8
W_CARDS = 0.7
W_ASKS = 1.0
W_SEM_PASSAGES = 1.0
W_SEM_LINES = 1.5
# the trained ranker (`line_ranker.py`, round 11): an English question's list of the
# encoder's lines is the trained ranker's (every leave-one-set-out fold chose it for
# English, none for Japanese); a Japanese question keeps the nearest lines' list
EN_TRAINED_LINES = True
SURE = 90.0
SURE_LOOKUP = 75.0  # a short query's term hits are sure from here
LOOKUP_CHARS = 16
OTHER_BOOK = 0.5  # chosen by two-fold cross-validation on the tuning half (0.6 before)
DEPTH = 30  # how far down each list counts
# A Japanese question shares the rulebook's script: BM25 over its passages reads it
# directly, while the sections' and the definitions' BM25 pull it to the chapter or the
# definition named after its strongest word. So for Japanese questions the passages weigh
# more, sections and definitions less, and the rank curve is steeper (issue 29, round 10:
# chosen on the Japanese tuning halves, the same choice in each of the seven
# leave-one-set-out folds; English kept its weights, no choice helped it across folds).
JA_K = 1.5
JA_W_PASSAGES = 1.5
JA_W_SECTIONS = 0.5
JA_W_DEFINITIONS = 0.5

Key = tuple[int, str]  # (book index, ref)
T = TypeVar("T")


@dataclass
class Bm25Result:
    """BM25 rankings over every book, best first, with the best passage of each ref."""

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


def definitions(books: list[LoadedBook], reading: Reading) -> tuple[list[Key], dict[Key, int]]:
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
    return [key for _, _, key in found][:DEPTH], where


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
        for p, p_score in index.passages.top(reading.weights, DEPTH * 3):
            key = (b, refs[p])
            if key not in by_passage:  # best first: a ref's first passage is its best
                by_passage[key] = p_score * prior
                best[key] = p
        for r, r_score in index.refs.top(reading.weights, DEPTH):
            by_section[(b, index.ref_ids[r])] = r_score * prior
    passages = sorted(by_passage, key=by_passage.__getitem__, reverse=True)[:DEPTH]
    sections = sorted(by_section, key=by_section.__getitem__, reverse=True)[:DEPTH]
    return Bm25Result(passages, sections, best, by_passage)


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


def is_lookup(query: str) -> bool:
    """A short query (a term, possibly misspelt) rather than a question.

    Read on the query's one spelling (`spelling.canonical`: no "?" to go by). English: at
    most three words, not opening with a question word ("can", "how", ...). Japanese: at
    most `LOOKUP_CHARS` characters, not ending in hiragana (a question ends in a verb or
    「か」, plain or polite).
    """
    q = query.strip()
    if q.isascii():
        words = q.split()
        return len(words) <= 3 and not (words and words[0].lower() in QUESTION_WORDS)
    last = search_form(q)[-1:] or "?"
    return len(q) <= LOOKUP_CHARS and not ("\u3040" <= last <= "\u309f" or last in "?？")


_JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def written_in_japanese(query: str) -> bool:
    """Whether a query holds Japanese (kana or kanji): it is fused with the `JA_` weights."""
    return bool(_JAPANESE.search(query))


def lines_keep_out(terms: list[tuple[Key, float]], bm: Bm25Result) -> bool:
    """Whether the cards, asks and the encoder's lines keep out of a question: they
    describe the standard rules only, so when the term ranker finds the question's words
    in other books and nowhere in those, they do not vote."""
    described = {b for b, _ in bm.cards + bm.asks + bm.sem_lines}
    return bool(terms) and not any(k[0] in described for k, _ in terms[:DEPTH])


def lines_list(bm: Bm25Result, japanese: bool) -> list[Key]:
    """The encoder's lines' list a question is fused with: for an English one the trained
    ranker's (`EN_TRAINED_LINES`, when it ran), else the rules by their nearest lines."""
    if bm.trained and EN_TRAINED_LINES and not japanese:
        return bm.trained
    return bm.sem_lines


def fuse(
    terms: list[tuple[Key, float]], bm: Bm25Result, lookup: bool = False, japanese: bool = False
) -> list[tuple[Key, float]]:
    """Refs by fused score (0-100), best first; ties keep the term ranker's order.

    `japanese`: a Japanese question (not a look-up) is fused with the `JA_` weights."""
    ja = japanese and not lookup
    curve = JA_K if ja else K
    sure_at = SURE_LOOKUP if lookup else SURE
    sure = bool(terms) and terms[0][1] >= sure_at
    w_terms = W_TERMS_SURE if sure else W_TERMS
    elsewhere = lines_keep_out(terms, bm)
    lists: list[tuple[float, list[Key]]] = [
        (w_terms, [k for k, _ in terms[:DEPTH]]),
        (JA_W_PASSAGES if ja else W_PASSAGES, bm.passages),
        (JA_W_SECTIONS if ja else W_SECTIONS, bm.sections),
        (JA_W_DEFINITIONS if ja else W_DEFINITIONS, bm.definitions),
        (0.0 if elsewhere else W_CARDS, bm.cards),
        (0.0 if elsewhere else W_ASKS, bm.asks),
        (W_SEM_PASSAGES, bm.sem_passages),
        (0.0 if elsewhere else W_SEM_LINES, lines_list(bm, ja)),
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


# `by_lines` (round 11): chosen by leave-one-set-out over the seven tuning sets, each
# language on its own (docs/search.md, round 11)
LINES_TOP = 8  # the first results of a question that `by_lines` looks at again (5 until round 14)
W_LINE_COSINE = 0.75
W_LINE_ASKS = 0.05
JA_W_LINE_COSINE = 0.75  # 0.5 until round 13, chosen again with the asked lines
JA_W_LINE_ASKS = 0.1
W_LINE_TRAINED = 0.0  # the trained ranker's probability less the best one's (round 11)
JA_W_LINE_TRAINED = 0.25
NO_LINE = -0.3  # the cosine margin of a result no line describes (another book)


def by_lines(
    order: list[tuple[T, float]],
    bm: Bm25Result,
    key: Callable[[T], Key],
    terms: list[tuple[Key, float]],
    japanese: bool = False,
) -> list[tuple[T, float]]:
    """A question's first `LINES_TOP` results reordered by how well the players' own
    lines of each rule (cards and asks) match it, not only by their rank in each list.

    Reciprocal rank fusion reads a ranker's order only: a rule whose best line is nearly
    as close to the question as the first rule's counts as little as one far behind. Here
    each of the first results adds to its fused score (0-1) `W_LINE_COSINE` times its best
    line's cosine less the best cosine of any rule (0 for the closest rule, below 0 for
    the others) and `W_LINE_ASKS` times its best asks line's BM25 score as a share of the
    best; the first results are then in the order of these sums, which become their scores
    (0-100). Only where the encoder read the lines and they speak for the question
    (`lines_keep_out`); `terms` is the term ranker's list, as given to `fuse`. A Japanese
    question (`japanese`) has its own weights (`JA_W_LINE_*`). The trained ranker
    (`line_ranker.py`) adds `W_LINE_TRAINED` times a rule's probability less the best
    rule's (`bm.line_trained`; nothing when it did not run)."""
    if not bm.line_cosine or not bm.sem_lines or lines_keep_out(terms, bm):
        return order
    top_cos = max(bm.line_cosine.values())
    top_asks = max(bm.line_asks.values(), default=0.0) or 1.0
    w_cos = JA_W_LINE_COSINE if japanese else W_LINE_COSINE
    w_asks = JA_W_LINE_ASKS if japanese else W_LINE_ASKS
    w_trained = JA_W_LINE_TRAINED if japanese else W_LINE_TRAINED
    top_p = max(bm.line_trained.values(), default=0.0)
    head: list[tuple[float, int, T]] = []
    for i, (item, score) in enumerate(order[:LINES_TOP]):
        k = key(item)
        cos = bm.line_cosine.get(k)
        margin = NO_LINE if cos is None else cos - top_cos
        share = bm.line_asks.get(k, 0.0) / top_asks
        trained = bm.line_trained.get(k, 0.0) - top_p if bm.line_trained else 0.0
        value = score / 100.0 + w_cos * margin + w_asks * share + w_trained * trained
        head.append((value, i, item))
    head.sort(key=lambda h: (-h[0], h[1]))
    rescored = [(item, round(min(100.0, max(0.0, 100.0 * v)), 1)) for v, _i, item in head]
    return rescored + order[LINES_TOP:]


SAME_SECTION = 1  # a question's first three results hold at most this many of one section
# (2 until round 4: 1 was even on the first tuning half and put two more questions of the
# second tuning half in the top 3)


def varied(order: list[tuple[T, float]], section: Callable[[T], object]) -> list[tuple[T, float]]:
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
        if seen.get(key, 0) >= SAME_SECTION:
            rest.append(item)
            continue
        seen[key] = seen.get(key, 0) + 1
        head.append(item)
    return head + rest
