"""The tuning loop, offline: record the rankers' lists of every tuning question once, then
re-run the fusion, the last look and the asks' and encoder lines' aggregation in seconds.

    python scripts/tune_offline.py record OUT.pkl
    python scripts/tune_offline.py check OUT.pkl      # the replay equals the live search
    python scripts/tune_offline.py cv OUT.pkl [ASKS.toml]
    python scripts/tune_offline.py clf OUT.pkl lams=1e-3,1e-2 [more=0,1,2] [AXIS=v,v ...]

`record` runs the live search over the tuning halves (`tune`...`tune10`, never held), without
the encoder's asked lines (the Japanese tuning questions themselves, `asked_lines.toml`), and
keeps, per question: its one spelling, the term ranker's scored list, every ranker's list
(`rank.Evidence`), the tokens the asks read (`cards.card_weights`) and the question's
vector. `check` replays the shipped ranking from the record and counts the questions whose top 3
differ from the live one. `cv` scores ranking choices (the aggregation of the asks' lines
and of the encoder's lines, the asks rankers' weights) with leave-one-set-out cross-
validation over the tuning sets (eight from round 12): each set is scored with the choice
that was best on the others. `ASKS.toml` swaps in another asks file (its lines are encoded
once and cached beside the record).

`clf` trains the ranker of `line_ranker.py` (scripts/train_ranker.py, on the writers'
lines only) for each regularisation in `lams`, prints it alone, and cross-validates it
fused (`clf.LAM` 0: without it) over a grid of the other axes: `en_trained_lines`,
`w_line_trained` (fields of `RankConfig`), `clf.REPLACE`, `clf.LOG`, and the character
n-gram classifier of a Japanese question (`clf.NG`, `clf.NG_LAM`; its asks list replaced,
`clf.NG_ASKS`).

The aggregations of a rule's lines (each line's BM25 score or cosine with the question):
`max` (the rule by its best line), `mean:k` (the mean of its best k lines,
missing lines count as nothing for BM25) and `lse:t` (a softmax: t log sum exp(s / t), on
BM25 scores divided by the question's best); `shipped` for the encoder's lines is what the
search does (best line for a Japanese question, the mean of the best 3 for an English one).
"""

from __future__ import annotations

import hashlib
import itertools
import pickle
import random
import sys
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import train_ranker
from tune_eval import TUNING, configured, library

from gcacw_ref.text import (
    asks,
    embed,
    governing,
    line_ranker,
    rank,
    rerank,
    search,
    semantic,
    term_rank,
)
from gcacw_ref.text.asks import ASKS_FILE, AsksFile, asks_docs
from gcacw_ref.text.bm25 import Postings
from gcacw_ref.text.cards import CARDS_FILE, CardsFile, card_weights, read_data
from gcacw_ref.text.question import read_query
from gcacw_ref.text.rank_config import CONFIG, RankConfig
from gcacw_ref.text.spelling import canonical
from tests.text.quality import is_right, load_questions

LISTS = ("passages", "sections", "definitions", "cards", "asks", "sem_passages", "sem_lines")
SETS = sorted(TUNING)
RERANK = True  # replay the shipped reranker (`rerank.py`) after `by_lines`
Key = tuple[int, str]


def record(out: Path) -> None:
    # the asked lines are the tuning questions themselves: record without them, so that no
    # question meets its own line (scripts/tune_asked.py adds them back fold by fold)
    semantic.LINE_FILES = semantic.LINE_FILES[:2]
    lib = library()
    books = lib._loaded()
    questions = [q for q in load_questions() if q["half"] in TUNING]
    seen: dict[str, Any] = {}
    real = search.fuse

    def spy(
        terms: list[tuple[Key, float]],
        bm: rank.Evidence,
        lookup: bool = False,
        japanese: bool = False,
        config: RankConfig = CONFIG,
    ) -> list[tuple[Key, float]]:
        seen.update(terms=list(terms), bm={n: list(getattr(bm, n)) for n in LISTS})
        seen.update(line_cosine=dict(bm.line_cosine), line_asks=dict(bm.line_asks))
        seen.update(trained=list(bm.trained), line_trained=dict(bm.line_trained))
        seen.update(lookup=lookup, japanese=japanese)
        return real(terms, bm, lookup, japanese, config)

    search.fuse = spy
    rows = []
    where: dict[Key, tuple[str, str, str, tuple[int, str]]] = {}
    for item in questions:
        seen.clear()
        hits = lib.search(item["q"], limit=3)
        query = canonical(item["q"][: search.MAX_QUERY])
        right = [is_right(h.book, h.section, h.ref, item["sections"]) for h in hits]
        row = {**item, "query": query, "live": right, "live_refs": [h.ref for h in hits]}
        if seen:
            row.update(seen)
            row["weights"] = card_weights(query, read_query(query))
            row["qvec"] = np.array(embed.query_vector(query), dtype=np.float32)
            keys = [k for k, _ in seen["terms"]] + [k for n in LISTS for k in seen["bm"][n]]
            for b, ref in keys:
                if (b, ref) not in where:
                    where[(b, ref)] = _where(books, b, ref)
        rows.append(row)
    for card in read_data(CARDS_FILE, CardsFile, "cards").card:  # any rule the lines name
        if (0, card.rule) not in where:
            where[(0, card.rule)] = _where(books, 0, card.rule)
    out.write_bytes(pickle.dumps({"rows": rows, "where": where}))
    print(f"{out}: {len(rows)} questions, {sum('terms' in r for r in rows)} fused")


def _where(books: list[Any], b: int, ref: str) -> tuple[str, str, str, tuple[int, str]]:
    """(book id, section as a hit shows it, ref, the section `varied` keeps apart)."""
    book = books[b]
    sec = book.get(ref)
    owner = book.get(sec.parent) if sec.kind == "anchor" and sec.parent else sec
    part = search._section_of(books, term_rank.Cand(b, ref))
    return book.info.id, owner.number or owner.id, sec.id, part


# -- the lines and their aggregation ------------------------------------------------------


@dataclass
class Lines:
    """A set of lines (cards and asks for the encoder, asks for BM25) grouped by rule."""

    rules: list[str]  # the rule of each line
    names: list[str]  # the rules, in first-line order
    index: np.ndarray  # [rule, k] -> line, -1 past a rule's last line

    @classmethod
    def of(cls, rules: list[str]) -> Lines:
        names = list(dict.fromkeys(rules))
        at = {r: i for i, r in enumerate(names)}
        groups: list[list[int]] = [[] for _ in names]
        for i, r in enumerate(rules):
            groups[at[r]].append(i)
        width = max(len(g) for g in groups)
        index = np.full((len(names), width), -1, dtype=np.int64)
        for i, g in enumerate(groups):
            index[i, : len(g)] = g
        return cls(rules, names, index)


def aggregate(scores: np.ndarray, lines: Lines, how: str, bm25: bool) -> list[str]:
    """Rules by the aggregation `how` of their lines' scores, best first (DEPTH of them)."""
    if how == "max" or not len(scores):
        touched = np.flatnonzero(scores > 0) if bm25 else np.arange(len(scores))
        order = touched[np.argsort(-scores[touched], kind="stable")][: asks.LINES]
        out = list(dict.fromkeys(lines.rules[i] for i in order.tolist()))
        return out[: CONFIG.depth]
    pad = lines.index < 0
    top = float(scores.max()) if bm25 else 1.0
    if top <= 0:
        return []
    s = np.where(pad, 0.0 if bm25 else -np.inf, scores[lines.index] / top)
    kind, _, arg = how.partition(":")
    if kind == "mean":
        k = int(arg)
        best = -np.sort(-s, axis=1)[:, :k]
        if bm25:
            value = best.mean(axis=1)
        else:
            finite = np.isfinite(best)
            value = np.where(finite, best, 0.0).sum(axis=1) / finite.sum(axis=1)
    elif kind == "lse":
        t = float(arg)
        m = s.max(axis=1, keepdims=True)
        value = (m[:, 0] + t * np.log(np.exp((s - m) / t).sum(axis=1))) if t else m[:, 0]
        if bm25:
            value = np.where(s.max(axis=1) > 0, value, -np.inf)
    else:
        raise ValueError(how)
    ok = np.flatnonzero(np.isfinite(value) & (value > (0 if bm25 else -np.inf)))
    order = ok[np.argsort(-value[ok], kind="stable")][: CONFIG.depth]
    return [lines.names[i] for i in order.tolist()]


def _asks_texts(path: Path) -> tuple[list[str], list[str]]:
    rules: list[str] = []
    texts: list[str] = []
    for entry in read_data(path, AsksFile, "asks").asks:
        for text in entry.en + entry.ja:
            rules.append(entry.rule)
            texts.append(text)
    return rules, texts


def encoder_lines(asks_path: Path, cache: Path) -> tuple[Lines, np.ndarray]:
    """The encoder's lines (the cards, then the asks of `asks_path`) and their vectors,
    encoded once and cached (float16, as shipped)."""
    rules: list[str] = []
    texts: list[str] = []
    for card in read_data(CARDS_FILE, CardsFile, "cards").card:
        rules += [card.rule, card.rule]
        texts += [card.en, card.ja]
    a_rules, a_texts = _asks_texts(asks_path)
    rules += a_rules
    texts += a_texts
    digest = hashlib.blake2b("\0".join(texts).encode(), digest_size=8).hexdigest()
    file = cache.with_name(f"{cache.stem}.{digest}.npy")
    if file.exists():
        vectors = np.load(file)
    else:
        vectors = embed.encode(texts).astype(np.float16).astype(np.float32)
        np.save(file, vectors)
    return Lines.of(rules), vectors


@dataclass
class Variant:
    """The line data a replay reads: the asks' BM25 and the encoder's lines."""

    asks_lines: Lines
    asks_postings: Postings
    sem_lines: Lines
    sem_vectors: np.ndarray

    @classmethod
    def load(cls, asks_path: Path, cache: Path) -> Variant:
        a_rules, docs = asks_docs(asks_path)
        sem, vectors = encoder_lines(asks_path, cache)
        return cls(Lines.of(a_rules), Postings.build(docs), sem, vectors)


@dataclass
class Prepared:
    """Per question: its asks lines' BM25 scores and its encoder lines' cosines."""

    asks: list[np.ndarray]
    sem: list[np.ndarray]
    memo: dict[tuple[int, str, str], list[Key]] = field(default_factory=dict)

    def best(self, i: int, v: Variant) -> tuple[dict[Key, float], dict[Key, float]]:
        """Question i's best line cosine and best asks BM25 score of every rule."""
        s, a = self.sem[i], self.asks[i]
        cos = np.where(v.sem_lines.index < 0, -np.inf, s[v.sem_lines.index]).max(axis=1)
        bm = np.where(v.asks_lines.index < 0, 0.0, a[v.asks_lines.index]).max(axis=1)
        return (
            {(0, r): float(x) for r, x in zip(v.sem_lines.names, cos, strict=True)},
            {(0, r): float(x) for r, x in zip(v.asks_lines.names, bm, strict=True) if x > 0},
        )

    def ranked(self, i: int, what: str, how: str, v: Variant) -> list[Key]:
        """Question i's asks ("asks") or encoder lines ("sem") ranking, aggregated by `how`."""
        got = self.memo.get((i, what, how))
        if got is None:
            if what == "asks":
                names = aggregate(self.asks[i], v.asks_lines, how, True)
            else:
                names = aggregate(self.sem[i], v.sem_lines, how, False)
            got = self.memo[(i, what, how)] = [(0, r) for r in names]
        return got


def prepare(rows: list[dict[str, Any]], v: Variant) -> Prepared:
    a_out: list[np.ndarray] = []
    s_out: list[np.ndarray] = []
    for row in rows:
        a = np.zeros(len(v.asks_lines.rules))
        s = np.zeros(0)
        if "terms" in row and row["bm"]["asks"]:  # asks kept out: no standard rules asked
            for doc, score in v.asks_postings.score(row["weights"]).items():
                a[doc] = score
        if "terms" in row and row["bm"]["sem_lines"]:
            s = v.sem_vectors @ row["qvec"]
        a_out.append(a)
        s_out.append(s)
    return Prepared(a_out, s_out)


# -- the replay ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    asks_how: str = "max"
    sem_how: str = "shipped"  # best line (Japanese), mean of the best EN_BEST_OF (English)
    consts: tuple[tuple[str, float], ...] = ()  # (RankConfig field or module.CONST, value)

    def label(self) -> str:
        extra = " ".join(f"{n}={v}" for n, v in self.consts)
        return f"asks={self.asks_how} sem={self.sem_how} {extra}".strip()


# the trained ranker (`line_ranker.py`): `clf.LAM` picks one trained with that
# regularisation (0: none), `clf.MORE` n with the first n training files of more lines
# (`train_ranker.MORE_FILES`; the n-gram classifier too), 0 without
# `clf.REPLACE` 1: its list stands in for the encoder's lines' list
# `clf.LOG` 1: `by_lines` reads log-probabilities (their margins), not probabilities
# (`clf.LAM` -1: the shipped ranker's lists as recorded)
# `clf.NG` a: a Japanese question's probabilities times those of the n-gram classifier
# (trained with `clf.NG_LAM`) to the power a, made one again
CLF = types.SimpleNamespace(LAM=-1.0, MORE=1.0, REPLACE=0.0, LOG=0.0, NG=0.0, NG_LAM=1e-3)
CLF.CANON = 0.0  # 1: trained on the lines' one spelling (`canon=1`)
CLF.NG_MORE = -1.0  # the n-gram classifier's training files of more lines (-1: `clf.MORE`)
CLF.NG_ASKS = 0.0  # 1: a Japanese question's asks list is the n-gram classifier's
CLF.NG_EN = 0.0  # an English question's probabilities times its n-grams' to this power
CLF.NG_ASKS_EN = 0.0  # 1: an English question's asks list is its n-gram classifier's
NG_EN_NAMES: list[str] = []
NGRAMS_EN: list[np.ndarray] = []
NG_NAMES: list[str] = []
NGRAMS: dict[tuple[float, int], list[np.ndarray]] = {}
TRAINED: dict[tuple[float, int, bool], list[dict[str, float]]] = {}
MODULES: dict[str, Any] = {"rank": rank, "governing": governing, "asks": asks, "clf": CLF}


def _config(consts: tuple[tuple[str, float], ...]) -> RankConfig:
    """The shipped `RankConfig` with the choice's fields (names without a module)."""
    return configured(CONFIG, [f"{n}={v}" for n, v in consts if "." not in n])


def _set(consts: tuple[tuple[str, float], ...]) -> Iterator[None]:
    old = []
    for name, value in consts:
        if "." not in name:  # a field of `RankConfig` (`_config`)
            continue
        mod, const = name.split(".")
        was = getattr(MODULES[mod], const)
        old.append((MODULES[mod], const, was))
        setattr(MODULES[mod], const, type(was)(value))
    try:
        yield
    finally:
        for mod, const, value in old:
            setattr(mod, const, value)


def _ng_more() -> int:
    return int(CLF.MORE if CLF.NG_MORE < 0 else CLF.NG_MORE)


def replay(
    rows: list[dict[str, Any]],
    where: dict[Key, Any],
    choice: Choice,
    prep: Prepared | None = None,
    v: Variant | None = None,
    orders: dict[int, list[tuple[Key, float]]] | None = None,
    hook: Callable[..., Any] | None = None,
) -> list[tuple[bool, bool]]:
    """(top-1 right, top-3 right) of every question under `choice` (and into `orders`,
    when given, each fused question's final order with its scores). `hook(i, row, order,
    bm)`, when given, reorders a question's results after `by_lines` in place of the
    shipped reranker (`rerank.py`; `RERANK` False: none)."""
    out: list[tuple[bool, bool]] = []
    gen = _set(choice.consts)
    next(gen)
    config = _config(choice.consts)
    try:
        for i, row in enumerate(rows):
            if "terms" not in row:  # a rule number or a sure look-up: not fused
                out.append((row["live"][:1] == [True], any(row["live"])))
                continue
            lists = dict(row["bm"])
            if prep is not None and v is not None:
                if lists["asks"]:
                    lists["asks"] = prep.ranked(i, "asks", choice.asks_how, v)
                if lists["sem_lines"]:
                    how = choice.sem_how
                    if how == "shipped":  # as the search does it
                        how = "max" if row["japanese"] else f"mean:{config.en_best_of}"
                    lists["sem_lines"] = prep.ranked(i, "sem", how, v)
            trained = row.get("trained", [])  # as recorded (the shipped ranker)
            line_trained = row.get("line_trained", {})
            probs = TRAINED.get((CLF.LAM, int(CLF.MORE), bool(CLF.CANON)))
            if CLF.LAM == 0:  # none: as before the trained ranker
                trained, line_trained = [], {}
            if probs is not None and lists["sem_lines"]:
                p = probs[i]
                if CLF.NG_ASKS and row["japanese"] and lists["asks"]:
                    ng = NGRAMS[(CLF.NG_LAM, _ng_more())][i]
                    top = np.argsort(-ng)[: config.depth].tolist()
                    lists["asks"] = [(0, NG_NAMES[j]) for j in top]
                if CLF.NG_ASKS_EN and not row["japanese"] and lists["asks"]:
                    top = np.argsort(-NGRAMS_EN[i])[: config.depth].tolist()
                    lists["asks"] = [(0, NG_EN_NAMES[j]) for j in top]
                if CLF.NG_EN and not row["japanese"] and p:
                    logs = np.log(np.maximum(np.array(list(p.values())), 1e-30))
                    logs = logs + CLF.NG_EN * NGRAMS_EN[i]
                    q = np.exp(logs - logs.max())
                    p = dict(zip(p, (q / q.sum()).tolist(), strict=True))
                if CLF.NG and row["japanese"] and p:
                    ng = NGRAMS[(CLF.NG_LAM, _ng_more())][i]
                    logs = np.log(np.maximum(np.array(list(p.values())), 1e-30)) + CLF.NG * ng
                    q = np.exp(logs - logs.max())
                    p = dict(zip(p, (q / q.sum()).tolist(), strict=True))
                trained = [(0, r) for r in sorted(p, key=lambda r: -p[r])[: config.depth]]
                line_trained = {(0, r): x for r, x in p.items()}
                if CLF.LOG:
                    line_trained = {
                        k: max(-20.0, float(np.log(x))) for k, x in line_trained.items()
                    }
                if CLF.REPLACE:
                    lists["sem_lines"] = trained
            line_cosine, line_asks = row.get("line_cosine", {}), row.get("line_asks", {})
            if not row["lookup"] and prep is not None and v is not None and lists["sem_lines"]:
                line_cosine, line_asks = prep.best(i, v)
            bm = rank.Evidence(
                lists["passages"],
                lists["sections"],
                {},
                {},
                **{n: lists[n] for n in LISTS[2:]},
                trained=trained,
                line_trained=line_trained,
                line_cosine=line_cosine,
                line_asks=line_asks,
            )
            order = rank.fuse(row["terms"], bm, row["lookup"], row["japanese"], config)
            if not row["lookup"]:
                order = rank.by_lines(order, bm, lambda k: k, row["terms"], row["japanese"], config)
                if hook is not None:  # the learned reranker (scripts/train_rerank.py)
                    order = hook(i, row, order, bm)
                elif RERANK:  # the shipped one
                    order = rerank.reorder(
                        order,
                        bm,
                        lambda k: k,
                        row["terms"],
                        row["query"],
                        row["japanese"],
                        config=config,
                    )
                order = governing.governing_first(order, row["query"], lambda k: k, config)
                order = rank.varied(order, lambda k: where[k][3], config)
            if orders is not None:
                orders[i] = order
            right = [is_right(*where[k][:3], row["sections"]) for k, _ in order[:3]]
            out.append((right[:1] == [True], any(right)))
    finally:
        gen.close()
    return out


def totals(rows: list[dict[str, Any]], got: list[tuple[bool, bool]], lang: str) -> tuple[int, int]:
    pairs = [g for r, g in zip(rows, got, strict=True) if r["lang"] == lang]
    return sum(a for a, _ in pairs), sum(b for _, b in pairs)


def cross_validate(
    rows: list[dict[str, Any]], results: dict[Choice, list[tuple[bool, bool]]], lang: str
) -> tuple[int, int, list[str]]:
    """Leave-one-set-out: each tuning set scored with the choice best on the other six
    (top-1, then top-3; ties go to the first choice listed). Returns the summed top-1,
    top-3 and the choice of each fold. `lang` "both": one choice for both languages."""
    t1 = t3 = 0
    picked: list[str] = []
    for held in SETS:

        def score(c: Choice, held: str = held) -> tuple[int, int]:
            got = results[c]
            on = [g for r, g in zip(rows, got, strict=True) if lang in ("both", r["lang"])]
            rs = [r for r in rows if lang in ("both", r["lang"])]
            a = sum(g[0] for r, g in zip(rs, on, strict=True) if r["half"] != held)
            b = sum(g[1] for r, g in zip(rs, on, strict=True) if r["half"] != held)
            return a, b

        best = max(results, key=score)  # max keeps the first of equals
        got = results[best]
        pairs = [
            g
            for r, g in zip(rows, got, strict=True)
            if lang in ("both", r["lang"]) and r["half"] == held
        ]
        t1 += sum(a for a, _ in pairs)
        t3 += sum(b for _, b in pairs)
        picked.append(best.label())
    return t1, t3, picked


def report(rows: list[dict[str, Any]], results: dict[Choice, list[tuple[bool, bool]]]) -> None:
    for c, got in results.items():
        ja, en = totals(rows, got, "ja"), totals(rows, got, "en")
        print(f"ja {ja[0]}/{ja[1]}  en {en[0]}/{en[1]}  {c.label()}")
    for lang in ("ja", "en", "both"):
        t1, t3, picked = cross_validate(rows, results, lang)
        print(f"CV {lang}: top-1 {t1}, top-3 {t3}; folds chose: {sorted(set(picked))}")


def grid(base: Choice, axes: dict[str, list[Any]]) -> list[Choice]:
    """Every combination of the axes' values over `base` (`asks_how`, `sem_how`, a field of
    `RankConfig` or a module.CONST)."""
    out = []
    names = list(axes)
    for values in itertools.product(*(axes[n] for n in names)):
        fields = dict(asks_how=base.asks_how, sem_how=base.sem_how)
        consts = dict(base.consts)
        for n, val in zip(names, values, strict=True):
            if n in fields:
                fields[n] = val
            else:
                consts[n] = val
        out.append(Choice(fields["asks_how"], fields["sem_how"], tuple(sorted(consts.items()))))
    return out


def run(
    rows: list[dict[str, Any]],
    where: dict[Key, Any],
    choices: list[Choice],
    prep: Prepared,
    v: Variant,
) -> dict[Choice, list[tuple[bool, bool]]]:
    results = {c: replay(rows, where, c, prep, v) for c in choices}
    report(rows, results)
    return results


HOWS_ASKS = ["max", "max", "mean:2", "lse:0.1"]
HOWS_SEM = ["max", "max", "lse:0.01", "mean:2"]
SPACE: dict[str, list[float]] = {
    "k": [1.0, 1.5, 2.0, 3.0],
    "w_passages": [0.5, 0.7, 1.0, 1.5],
    "w_sections": [0.3, 0.5, 0.7, 1.0],
    "w_definitions": [0.3, 0.5, 0.8],
    "w_cards": [0.4, 0.7, 1.0],
    "w_asks": [0.7, 1.0, 1.5, 2.0, 3.0],
    "w_sem_passages": [0.5, 1.0, 1.5],
    "w_sem_lines": [1.0, 1.5, 2.0, 3.0, 4.0],
    "w_terms": [0.5, 1.0, 1.5],
}


def _axis(arg: str) -> tuple[str, list[Any]]:
    """`asks_how=max,mean:3` or `w_asks=1,1.5`: one axis of a grid."""
    name, _, values = arg.partition("=")
    parts = values.split(",")
    return name, parts if name in ("asks_how", "sem_how") else [float(x) for x in parts]


def solo(rows: list[dict[str, Any]], where: dict[Key, Any], prep: Prepared, v: Variant) -> None:
    """Each ranker alone: top-1 / top-3 over the fused questions, by language (the asks'
    and encoder lines' rankings by their best line, re-read from the lines given)."""
    for lang in ("ja", "en"):
        counts: dict[str, list[int]] = {}
        for i, row in enumerate(rows):
            if "terms" not in row or row["lang"] != lang:
                continue
            lists = dict(row["bm"], terms=[k for k, _ in row["terms"]])
            if lists["asks"]:
                lists["asks"] = [(0, r) for r in aggregate(prep.asks[i], v.asks_lines, "max", True)]
            if lists["sem_lines"]:
                names = aggregate(prep.sem[i], v.sem_lines, "max", False)
                lists["sem_lines"] = [(0, r) for r in names]
            for name, keys in lists.items():
                right = [is_right(*where[k][:3], row["sections"]) for k in keys[:3]]
                c = counts.setdefault(name, [0, 0, 0])
                c[0] += 1
                c[1] += right[:1] == [True]
                c[2] += any(right)
        print(lang, " ".join(f"{n} {a}/{b}" for n, (_, a, b) in counts.items()), f"of {c[0]}")


def class_probs(
    rows: list[dict[str, Any]], names: list[str], w: np.ndarray, b: np.ndarray
) -> list[dict[str, float]]:
    """Each recorded question's probabilities under the trained ranker (w, b), by rule id;
    an empty dict for a question with no vector."""
    out: list[dict[str, float]] = []
    for row in rows:
        if "qvec" not in row:
            out.append({})
            continue
        z = row["qvec"] @ w + b
        p = np.exp(z - z.max())
        p /= p.sum()
        out.append(dict(zip(names, p.tolist(), strict=True)))
    return out


def train_all(rows: list[dict[str, Any]], where: dict[Key, Any], rest: list[str]) -> None:
    """Train the ranker for each `lams` (with the first n files of more lines for each n
    of `more=0,1,2`), print each alone, then cross-validate the grid of the other axes."""
    axes = dict(_axis(a) for a in rest if "=" in a)
    lams = axes.pop("lams", [1e-3])
    mores = [int(m) for m in axes.pop("more", [float(train_ranker.MORE)])]
    canons = [bool(m) for m in axes.pop("canon", [0.0])]
    cache = Path(".train-cache")
    for lam, more, canon in itertools.product(lams, mores, canons):
        names, w, b = train_ranker.fit(lam, cache, more, canon)
        TRAINED[(lam, more, canon)] = class_probs(rows, names, w, b)
        for lang in ("ja", "en"):
            n = a1 = a3 = 0
            for row, p in zip(rows, TRAINED[(lam, more, canon)], strict=True):
                if row["lang"] != lang or "terms" not in row or not p:
                    continue
                keys = [(0, r) for r in sorted(p, key=lambda r: -p[r])[:3]]
                right = [is_right(*where[k][:3], row["sections"]) for k in keys]
                n += 1
                a1 += right[:1] == [True]
                a3 += any(right)
            print(f"trained lam={lam} more={more} canon={canon} {lang}: {a1}/{a3} of {n}")
    ng_mores = sorted({*mores, *(int(m) for m in axes.get("clf.NG_MORE", []) if m >= 0)})
    for ng_lam, more in itertools.product(axes.get("clf.NG_LAM", []), ng_mores):
        names, w, b = train_ranker.fit_ngrams(ng_lam, more=more)
        NG_NAMES[:] = names
        feats = line_ranker.ngrams([row["query"] for row in rows])
        z = feats @ w + b
        z -= z.max(axis=1, keepdims=True)
        logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
        NGRAMS[(ng_lam, more)] = list(logp)
        for lang in ("ja",):
            n = a1 = a3 = 0
            for row, lp in zip(rows, logp, strict=True):
                if row["lang"] != lang or "terms" not in row:
                    continue
                keys = [(0, names[j]) for j in np.argsort(-lp)[:3].tolist()]
                right = [is_right(*where[k][:3], row["sections"]) for k in keys]
                n += 1
                a1 += right[:1] == [True]
                a3 += any(right)
            print(f"n-grams lam={ng_lam} more={more} {lang}: alone {a1}/{a3} of {n}")
    if axes.get("clf.NG_EN") or axes.get("clf.NG_ASKS_EN"):
        names, w, b = train_ranker.fit_ngrams(1e-3, "en")
        NG_EN_NAMES[:] = names
        z = line_ranker.ngrams([row["query"] for row in rows]) @ w + b
        z -= z.max(axis=1, keepdims=True)
        NGRAMS_EN[:] = list(z - np.log(np.exp(z).sum(axis=1, keepdims=True)))
        n = a1 = 0
        for row, lp in zip(rows, NGRAMS_EN, strict=True):
            if row["lang"] == "en" and "terms" in row:
                n += 1
                a1 += is_right(*where[(0, names[int(np.argmax(lp))])][:3], row["sections"])
        print(f"n-grams en: alone top-1 {a1} of {n}")
    axes["clf.LAM"] = [0.0, *lams]
    axes["clf.MORE"] = [float(m) for m in mores]
    axes["clf.CANON"] = [float(m) for m in canons]
    results = {c: replay(rows, where, c) for c in grid(Choice(), axes)}
    report(rows, results)


def main(argv: list[str]) -> None:
    cmd, file, *rest = argv
    path = Path(file)
    if cmd == "record":
        record(path)
        return
    data = pickle.loads(path.read_bytes())
    rows, where = data["rows"], data["where"]
    if cmd == "check":
        got = replay(rows, where, Choice())
        live = [(r["live"][:1] == [True], any(r["live"])) for r in rows]
        diff = [r["q"] for r, g, w in zip(rows, got, live, strict=True) if g != w]
        print(f"replay: ja {totals(rows, got, 'ja')} en {totals(rows, got, 'en')}")
        print(f"live:   ja {totals(rows, live, 'ja')} en {totals(rows, live, 'en')}")
        print(f"{len(diff)} questions differ", *diff[:10], sep="\n")
        v = Variant.load(ASKS_FILE, path)
        again = replay(rows, where, Choice(), prepare(rows, v), v)
        diff = [r["q"] for r, g, w in zip(rows, again, live, strict=True) if g != w]
        print(
            f"lines re-aggregated (max): ja {totals(rows, again, 'ja')} en "
            f"{totals(rows, again, 'en')}, {len(diff)} differ",
            *diff[:10],
            sep="\n",
        )
        return
    if cmd == "cv":
        axes = dict(_axis(a) for a in rest if "=" in a)
        files = [a for a in rest if "=" not in a]
        v = Variant.load(Path(files[0]) if files else ASKS_FILE, path)
        prep = prepare(rows, v)
        solo(rows, where, prep, v)
        if axes:
            run(rows, where, grid(Choice(), axes), prep, v)
            return
        hows = ["max", "mean:2", "mean:3", "mean:5", "lse:0.05", "lse:0.1", "lse:0.2"]
        run(rows, where, grid(Choice(), {"asks_how": hows}), prep, v)
        shows = ["max", "mean:2", "mean:3", "mean:5", "lse:0.01", "lse:0.02", "lse:0.05"]
        run(rows, where, grid(Choice(), {"sem_how": shows}), prep, v)
        return
    if cmd == "clf":  # clf REC lams=1e-3,1e-2 [module.CONST=v,v ...]: the trained ranker
        train_all(rows, where, rest)
        return
    if cmd == "random":  # random [ASKS.toml] N: N random weight choices, cross-validated
        files = [a for a in rest if not a.isdigit()]
        n = int(next((a for a in rest if a.isdigit()), "100"))
        v = Variant.load(Path(files[0]) if files else ASKS_FILE, path)
        prep = prepare(rows, v)
        rng = random.Random(29)
        choices = [Choice()]
        for _ in range(n):
            consts = tuple(sorted((name, rng.choice(vals)) for name, vals in SPACE.items()))
            choices.append(Choice(rng.choice(HOWS_ASKS), rng.choice(HOWS_SEM), consts))
        results = {c: replay(rows, where, c, prep, v) for c in choices}
        for lang in ("ja", "en"):
            t1, t3, picked = cross_validate(rows, results, lang)
            best = max(results, key=lambda c: totals(rows, results[c], lang))
            print(f"{lang}: best in sample {totals(rows, results[best], lang)} {best.label()}")
            print(f"CV {lang}: top-1 {t1}, top-3 {t3}; folds chose:", *picked, sep="\n  ")
        return
    raise SystemExit(f"unknown command {cmd}")


if __name__ == "__main__":
    main(sys.argv[1:])
