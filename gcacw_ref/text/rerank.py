"""A learned last look: a question's first `TOP` results reordered by a linear model of
what every ranker said of each of them (issue 29, round 12).

Reciprocal rank fusion (`rank.fuse`) and `rank.by_lines` weigh the rankers with a dozen
hand-set constants, chosen on a few hundred tuning questions. Here the weights are
learned from thousands of labelled lines instead: for each of a question's first results
a vector of features (`features`): its place and score in the order so far, its rank in
each ranker's list, its best line's cosine margin, its best asks line's share, the trained
ranker's probability margins, the kind of section crossed with the question's shape (what
is / may I / what happens / how much / when / how), whether the question names its number
or its sub-heading, and a linear score per language. Trained offline by
`scripts/train_rerank.py` (a listwise softmax over the first results, numpy only) on
writers' lines that no index and no classifier of the search has read.

The weights ship as `rerank.json`: the format, the stamp of the files the features and
the training came from, how many first results are reordered (`top`), the names of the
features read, and per language ("en", "ja") a weight for each (a language left out keeps
the order it has). Checked whole before use (a regular file, not a link, at most
`MAX_BYTES`; the schema, known feature names, finite weights); a missing or damaged file
leaves the stage out with one notice. A test fails while the stamp is stale.
"""

from __future__ import annotations

import json
import math
import re
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from gcacw_ref.i18n import _
from gcacw_ref.paths import open_prepared
from gcacw_ref.text import governing
from gcacw_ref.text.rank import Evidence, lines_keep_out
from gcacw_ref.text.rank_config import CONFIG, RankConfig

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float32]

Key = tuple[int, str]
T = TypeVar("T")
MODEL_FILE = Path(__file__).with_name("rerank.json")
FORMAT = 1
MAX_BYTES = 64 * 1024
LANGUAGES = ("en", "ja")
_KEYS = {"format", "stamp", "top", "features", "weights"}

# the rankers whose lists are read, in the order of their features
LISTS = (
    "terms",
    "passages",
    "sections",
    "definitions",
    "cards",
    "asks",
    "sem_passages",
    "sem_lines",
    "trained",
)
SHAPES = ("what", "may", "happens", "much", "when", "how")
KINDS = ("definition", "heading", "chapter", "table", "scenario", "other_book")

_MAY = re.compile(
    r"^(can|may|could|must|do i|does|is it|am i|are|should)\b|\ballowed\b"
    r"|できる|できない|られる|れる$|ていい|てもいい|でもいい|いける|可能|大丈夫|ダメ|だめ"
)
_HAPPENS = re.compile(
    r"\bwhat happens\b|\bwhat if\b|\bnow what\b|どうなる|どうする|どうなん|起きる"
)
_MUCH = re.compile(
    r"\bhow (many|much|far|long|big)\b|\bwhat (is the )?(modifier|drm|number|odds|ratio)\b"
    r"|いくつ|何ヘクス|どれくらい|どれぐらい|どのくらい|どのぐらい|何点|何個|何MP|いくら|何マス|何回"
)
_WHEN = re.compile(
    r"^when\b|\bwhen (do|does|can|is|are)\b|\bat what point\b|\bwhich phase\b"
    r"|いつ|タイミング|どの時点|どのフェイズ|順番"
)
_HOW = re.compile(
    r"^how (do|does|is|are)\b|\bprocedure\b|\bsteps?\b|どうやって|どうやる|手順|やり方"
)
_NUMBER = re.compile(r"(\d+)\.(\d+)")
_CHAPTER = re.compile(r"^\d+\.0$")
_SCENARIO = ("intro", "setup", "balance")


def shapes(query: str) -> list[float]:
    """The question's shape (its one spelling): one flag per name of `SHAPES`."""
    q = query.lower()
    return [
        float(governing.asks_what(query)),
        float(bool(_MAY.search(q))),
        float(bool(_HAPPENS.search(q))),
        float(bool(_MUCH.search(q))),
        float(bool(_WHEN.search(q))),
        float(bool(_HOW.search(q))),
    ]


def kinds(key: Key) -> list[float]:
    """The kind of a result's section: one flag per name of `KINDS`."""
    book, ref = key
    section = ref.partition("#")[0]
    standard = book == 0
    return [
        float(standard and ref.startswith(governing.DEFINITIONS)),
        float(standard and "#" in ref),
        float(standard and bool(_CHAPTER.match(section))),
        float(standard and ref == governing.TABLES),
        float(standard and section in _SCENARIO),
        float(not standard),
    ]


def names_it(query: str, key: Key) -> list[float]:
    """Whether the question names the result's section number, and the share of its
    sub-heading's characters (two at a time) found in the question."""
    book, ref = key
    section, _, heading = ref.partition("#")
    numbers = {f"{a}.{b}" for a, b in _NUMBER.findall(query)}
    named = float(book == 0 and section in numbers)
    pairs = {heading[i : i + 2] for i in range(len(heading) - 1)} - {"  "}
    share = sum(p in query for p in pairs) / len(pairs) if pairs else 0.0
    return [named, share]


def names() -> list[str]:
    """The features' names, in the order of `features`' columns."""
    out = ["score", "first", "place"]
    out += [f"rr_{n}" for n in LISTS] + [f"top_{n}" for n in LISTS]
    out += ["cos_margin", "no_line", "asks_share", "p_margin", "logp_margin", "p"]
    out += [f"{s}x{k}" for s in SHAPES for k in KINDS] + [f"kind_{k}" for k in KINDS]
    out += ["names_number", "names_heading"]
    return out


def features(
    head: list[tuple[Key, float]],
    bm: Evidence,
    terms: list[tuple[Key, float]],
    query: str,
    config: RankConfig = CONFIG,
) -> Matrix:
    """One row of features per result of `head` (a question's first results with their
    scores, 0-100, best first); `terms` the term ranker's list, `query` its one spelling."""
    # lazy: numpy loads only when a question is asked
    import numpy as np

    lists: dict[str, dict[Key, int]] = {"terms": {}}
    for r, (k, _score) in enumerate(terms[: config.depth]):
        lists["terms"].setdefault(k, r)
    for n in LISTS[1:]:
        got: list[Key] = getattr(bm, n)
        lists[n] = {}
        for r, k in enumerate(got):
            lists[n].setdefault(k, r)
    top_cos = max(bm.line_cosine.values(), default=0.0)
    top_asks = max(bm.line_asks.values(), default=0.0) or 1.0
    top_p = max(bm.line_trained.values(), default=0.0)
    log_top = float(np.log(max(top_p, 1e-30)))
    shape = shapes(query)
    rows = []
    for place, (k, score) in enumerate(head):
        row = [score / 100.0, float(place == 0), 1.0 / (1.0 + place)]
        ranks = [lists[n].get(k) for n in LISTS]
        row += [0.0 if r is None else 1.0 / (1.0 + r) for r in ranks]
        row += [float(r == 0) for r in ranks]
        cos = bm.line_cosine.get(k)
        p = bm.line_trained.get(k, 0.0)
        row += [
            config.no_line if cos is None else cos - top_cos,
            float(cos is None),
            bm.line_asks.get(k, 0.0) / top_asks,
            p - top_p if bm.line_trained else 0.0,
            max(-10.0, float(np.log(max(p, 1e-30))) - log_top) if bm.line_trained else 0.0,
            p,
        ]
        kind = kinds(k)
        row += [s * c for s in shape for c in kind] + kind
        row += names_it(query, k)
        rows.append(row)
    out: Matrix = np.asarray(rows, dtype=np.float32).reshape(len(rows), len(names()))
    return out


class Model:
    """The reranker's weights as read from its file: `top` first results reordered, by
    the features `columns` (indices into `features`' columns) weighted per language."""

    def __init__(
        self, stamp: str, top: int, used: list[str], weights: dict[str, list[float]]
    ) -> None:
        self.stamp = stamp
        self.top = top
        self.used = used
        at = {n: i for i, n in enumerate(names())}
        self.columns = [at[n] for n in used]
        self.weights = weights


def _model(data: object) -> Model | None:
    """A `Model` from a parsed file, None unless every field is well formed."""
    if not isinstance(data, dict) or set(data) != _KEYS:
        return None
    known = set(names())
    feats, weights, top = data["features"], data["weights"], data["top"]
    ok = (
        data["format"] == FORMAT
        and type(data["format"]) is int
        and isinstance(data["stamp"], str)
        and type(top) is int
        and 1 < top <= 30
        and isinstance(feats, list)
        and feats
        and all(isinstance(n, str) and n in known for n in feats)
        and len(set(feats)) == len(feats)
        and isinstance(weights, dict)
        and set(weights) <= set(LANGUAGES)
    )
    if not ok:
        return None
    for values in weights.values():
        if not isinstance(values, list) or len(values) != len(feats):
            return None
        if not all(type(v) in (int, float) and math.isfinite(v) for v in values):
            return None
    w = {lang: [float(v) for v in values] for lang, values in weights.items()}
    return Model(data["stamp"], top, list(feats), w)


def read(path: Path) -> Model | None:
    """The model of a whole, well-formed weights file, else None."""
    try:
        with open_prepared(path) as opened:
            if opened is None:
                return None
            fh, st = opened
            if st.st_size > MAX_BYTES:
                return None
            raw = fh.read(MAX_BYTES + 1)
        data = json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
        return None
    return _model(data)


_lock = threading.Lock()
_state: dict[str, Model | None] = {}


def model() -> Model | None:
    """The shipped model (`MODEL_FILE`), read once; None (after one notice) when its file
    is missing or damaged."""
    with _lock:
        if "model" not in _state:
            got = read(MODEL_FILE)
            if got is None:
                notice = _("the reranker's file {file} is missing or damaged; left out")
                print(notice.format(file=MODEL_FILE), file=sys.stderr)
            _state["model"] = got
        return _state["model"]


def applies(bm: Evidence, terms: list[tuple[Key, float]], config: RankConfig = CONFIG) -> bool:
    """Where `rank.by_lines` looks again, the reranker does: the encoder read the lines
    and they speak for the question."""
    return bool(bm.line_cosine) and bool(bm.sem_lines) and not lines_keep_out(terms, bm, config)


def reorder(
    order: list[tuple[T, float]],
    bm: Evidence,
    key: Callable[[T], Key],
    terms: list[tuple[Key, float]],
    query: str,
    japanese: bool,
    given: Model | None = None,
    config: RankConfig = CONFIG,
) -> list[tuple[T, float]]:
    """A question's first results (after `rank.by_lines`) in the order of the learned
    model's scores; the head's scores, highest first, are handed out again in the new
    order (so later looks that sort by score keep it). Unchanged without the model or
    weights for the question's language (`japanese`), or where `applies` says no. `query`
    is the question's one spelling; `given` a model other than the shipped one (tests)."""
    # lazy: numpy loads only when a question is asked
    import numpy as np

    if not applies(bm, terms, config) or len(order) < 2:
        return order
    m = given if given is not None else model()
    weights = None if m is None else m.weights.get("ja" if japanese else "en")
    if m is None or weights is None:
        return order
    head = order[: m.top]
    x = features([(key(item), score) for item, score in head], bm, terms, query, config)
    s = x[:, m.columns].astype(np.float64) @ np.asarray(weights, dtype=np.float64)
    ranked = sorted(range(len(head)), key=lambda j: (-float(s[j]), j))
    scores = sorted((score for _item, score in head), reverse=True)
    again = [(head[j][0], sc) for j, sc in zip(ranked, scores, strict=True)]
    return again + order[m.top :]
