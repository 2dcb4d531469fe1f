"""Train the learned last look of `gcacw_ref/text/rerank.py` on writers' lines, and score it
on the tuning halves with leave-one-set-out cross-validation.

    python scripts/tune_offline.py record TUNE.pkl
    python scripts/train_rerank.py record scripts/data/asks_more.toml MORE.pkl
    python scripts/train_rerank.py record scripts/data/asks_rerank.toml FRESH.pkl
    python scripts/train_rerank.py TUNE.pkl MORE.pkl FRESH.pkl K=3 LAM=1 G=base+lines \
        --write --langs en                     # what ships (rerank.json)

`TUNE.pkl` is `scripts/tune_offline.py record` of the tuning halves; each `LINES.pkl` the
same record made of a file of writers' lines (`record`: each line a question labelled with
its rule and its section), lines that neither the asks index nor the trained ranker has
read: the trained ranker's probabilities of these lines are recomputed with the ranker
trained without the training files of more lines (`train_ranker.fit(more=0)`).

A listwise softmax over each line's first `K` results (the right results' share of the
softmax of the linear scores, plus `LAM`/2 times the squared weights on standardised
features), numpy only, Adam. Axes: `K`, `LAM` and `G` (groups of features joined by "+",
several choices by ","). `--write` writes the first choice of the grid for `--langs`.
"""

from __future__ import annotations

import itertools
import json
import pickle
import sys
import tomllib
from pathlib import Path
from typing import Any

import numpy as np
import train_ranker
import tune_offline as t

from gcacw_ref.text import line_ranker, rerank
from gcacw_ref.text.rank import Evidence
from tests.text.quality import is_right

DEPTH = 10  # results kept per question for the features
DATA = Path(__file__).resolve().parent / "data"
# the training lines (each recorded as LINES.pkl)
LINE_FILES = [DATA / "asks_more.toml", DATA / "asks_rerank.toml"]
STEPS = 300
RATE = 0.05


def no_more_probs(rows: list[dict[str, Any]]) -> None:
    """The trained ranker's probabilities of these rows by the ranker trained without the
    file of more lines (into tune_offline's tables, read with clf.MORE=0)."""
    names, w, b = train_ranker.fit(1e-3, Path(".train-cache"), more=0)
    t.TRAINED[(1e-3, 0, False)] = t.class_probs(rows, names, w, b)
    names, w, b = train_ranker.fit_ngrams(1e-3, "ja", more=0)
    t.NG_NAMES[:] = names
    z = line_ranker.ngrams([row["query"] for row in rows]) @ w + b
    z -= z.max(axis=1, keepdims=True)
    t.NGRAMS[(1e-3, 0)] = list(z - np.log(np.exp(z).sum(axis=1, keepdims=True)))


HELD_OUT_LINES = t.Choice(
    consts=(("clf.LAM", 1e-3), ("clf.MORE", 0.0), ("clf.NG", 0.5), ("clf.NG_LAM", 1e-3))
)


def collect(
    rows: list[dict[str, Any]], where: dict[Any, Any], choice: t.Choice
) -> dict[int, tuple[np.ndarray, np.ndarray]]:
    """Per fused question: its first results' features and whether each is right."""
    out: dict[int, tuple[np.ndarray, np.ndarray]] = {}

    def hook(i: int, row: dict[str, Any], order: list[Any], bm: Evidence) -> list[Any]:
        if not rerank.applies(bm, row["terms"]):
            return order
        head = order[:DEPTH]
        x = rerank.features(head, bm, row["terms"], row["query"])
        y = np.array([is_right(*where[k][:3], row["sections"]) for k, _ in head])
        out[i] = (x, y)
        return order

    t.replay(rows, where, choice, hook=hook)
    return out


def fit(
    xs: list[np.ndarray],
    ys: list[np.ndarray],
    lam: float,
    sample: np.ndarray | None = None,
    prior: float = 0.0,
) -> tuple[np.ndarray, ...]:
    """(weights, mean, scale) of the listwise softmax: every list padded to one length;
    `sample` each list's weight; `prior` times the place in today's order (0 first, -1
    second ...) added to every score, so that strong regularisation keeps today's order."""
    k = max(len(x) for x in xs)
    f = xs[0].shape[1]
    n = len(xs)
    x = np.zeros((n, k, f), dtype=np.float64)
    y = np.zeros((n, k))
    mask = np.zeros((n, k), dtype=bool)
    for i, (a, b) in enumerate(zip(xs, ys, strict=True)):
        x[i, : len(a)] = a
        y[i, : len(b)] = b
        mask[i, : len(a)] = True
    flat = x[mask]
    mu = flat.mean(axis=0)
    sd = flat.std(axis=0) + 1e-6
    z = (x - mu) / sd
    offset = -prior * np.arange(k)[None, :]
    weight = np.ones(n) if sample is None else sample
    weight = weight / weight.sum()
    w = np.zeros(f)
    m = np.zeros(f)
    v = np.zeros(f)
    for step in range(1, STEPS + 1):
        s = z @ w + offset
        s = np.where(mask, s, -np.inf)
        s -= s.max(axis=1, keepdims=True)
        p = np.exp(s)
        p /= p.sum(axis=1, keepdims=True)
        q = p * y
        q /= q.sum(axis=1, keepdims=True)
        g = np.einsum("nk,nkf->f", (p - q) * weight[:, None], z) + lam * w
        m = 0.9 * m + 0.1 * g
        v = 0.999 * v + 0.001 * g * g
        w -= RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return w, mu, sd


GROUPS = {
    "base": ["score", "first", "place"],
    "lines": ["cos_margin", "no_line", "asks_share", "p_margin", "logp_margin", "p"],
    "ranks": [n for n in rerank.names() if n.startswith(("rr_", "top_"))],
}
GROUPS["struct"] = [n for n in rerank.names() if not any(n in g for g in GROUPS.values())]


def columns(group: str) -> list[str]:
    """The features of groups joined by "+" ("base+lines")."""
    return [n for g in group.split("+") for n in GROUPS[g]]


def train_set(
    feats: dict[int, tuple[np.ndarray, np.ndarray]],
    rows: list[dict[str, Any]],
    k: int,
    lang: str,
    cols: list[int],
) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """The lists a model learns from: a line's first `k` results holding a right one and a
    wrong one."""
    xs, ys = [], []
    for i, (x, y) in feats.items():
        if rows[i]["lang"] == lang and y[:k].any() and not y[:k].all():
            xs.append(x[:k][:, cols])
            ys.append(y[:k].astype(float))
    return xs, ys


def line_data(files: list[str]) -> tuple[dict[int, Any], list[dict[str, Any]]]:
    feats: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    rows: list[dict[str, Any]] = []
    for name in files:
        data = pickle.loads(Path(name).read_bytes())
        no_more_probs(data["rows"])
        got = collect(data["rows"], data["where"], HELD_OUT_LINES)
        base = t.replay(data["rows"], data["where"], HELD_OUT_LINES)
        for lang in ("ja", "en"):
            a, b = t.totals(data["rows"], base, lang)
            n = sum(r["lang"] == lang for r in data["rows"])
            print(f"{name} {lang}: today's order {a}/{b} of {n}")
        for i, v in got.items():
            feats[len(rows) + i] = v
        rows += data["rows"]
    return feats, rows


def weights(
    lfeats: dict[int, Any], lrows: list[dict[str, Any]], k: int, lam: float, group: str, lang: str
) -> list[float]:
    """A language's weights of the features of `group` (scaling folded in)."""
    at = {n: i for i, n in enumerate(rerank.names())}
    cols = [at[n] for n in columns(group)]
    xs, ys = train_set(lfeats, lrows, k, lang, cols)
    w, _mu, sd = fit(xs, ys, lam)
    return [float(x) for x in w / sd]


def record_lines(lines: Path, out: Path) -> None:
    """`tune_offline.record` over a file of writers' lines instead of the tuning halves."""
    items = []
    for entry in tomllib.loads(lines.read_text(encoding="utf-8"))["asks"]:
        section = entry["rule"].split("#")[0]
        for lang in ("en", "ja"):
            for text in entry.get(lang, []):
                labels = sorted({entry["rule"], section})
                items.append({"q": text, "lang": lang, "half": "lines", "sections": labels})
    t.load_questions = lambda: items
    t.TUNING = {"lines"}
    t.record(out)


def main(argv: list[str]) -> None:
    if argv[:1] == ["record"]:
        record_lines(Path(argv[1]), Path(argv[2]))
        return
    files = [a for a in argv if a.endswith(".pkl")]
    axes = dict(t._axis(a) for a in argv if "=" in a and not a.startswith("G="))
    groups = next((a[2:].split(",") for a in argv if a.startswith("G=")), ["base+lines"])
    tune = pickle.loads(Path(files[0]).read_bytes())
    rows, where = tune["rows"], tune["where"]
    t.RERANK = False
    tfeats = collect(rows, where, t.Choice())
    lfeats, lrows = line_data(files[1:])
    at = {n: i for i, n in enumerate(rerank.names())}
    results: dict[t.Choice, list[tuple[bool, bool]]] = {
        t.Choice(): t.replay(rows, where, t.Choice())
    }
    for k, lam, group in itertools.product(
        [int(x) for x in axes.get("K", [5.0])], axes.get("LAM", [0.3]), groups
    ):
        cols = [at[n] for n in columns(group)]
        models = {lang: weights(lfeats, lrows, k, lam, group, lang) for lang in ("ja", "en")}

        def hook(
            i: int,
            row: dict[str, Any],
            order: list[Any],
            bm: Evidence,
            k: int = k,
            cols: list[int] = cols,
            models: dict[str, list[float]] = models,
        ) -> list[Any]:
            if i not in tfeats:
                return order
            x = tfeats[i][0][:k][:, cols]
            s = x @ np.array(models[row["lang"]])
            head = order[: len(x)]
            ranked = sorted(range(len(head)), key=lambda j: (-s[j], j))
            scores = sorted((sc for _, sc in head), reverse=True)
            return [(head[j][0], sc) for j, sc in zip(ranked, scores, strict=True)] + order[
                len(x) :
            ]

        choice = t.Choice(sem_how=f"rerank K={k} lam={lam} {group}")
        results[choice] = t.replay(rows, where, t.Choice(), hook=hook)
    t.report(rows, results)
    if "--write" in argv:  # the first choice of the grid, for the languages of --langs
        langs = argv[argv.index("--langs") + 1].split(",") if "--langs" in argv else ["en"]
        k = int(axes.get("K", [5.0])[0])
        lam = axes.get("LAM", [0.3])[0]
        group = groups[0]
        write(k, columns(group), {g: weights(lfeats, lrows, k, lam, group, g) for g in langs})


def training_files() -> list[Path]:
    """The files the features and the weights come from: the search's lines and the
    training lines."""
    from gcacw_ref.text.asks import ASKS_FILE
    from gcacw_ref.text.cards import CARDS_FILE

    return [CARDS_FILE, ASKS_FILE, *LINE_FILES]


def stamp() -> str:
    return line_ranker.stamp(*training_files())


def write(top: int, used: list[str], by_lang: dict[str, list[float]]) -> None:
    data = {"format": rerank.FORMAT, "stamp": stamp(), "top": top, "features": used}
    data["weights"] = {lang: [round(x, 6) for x in w] for lang, w in by_lang.items()}
    text = json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    rerank.MODEL_FILE.write_text(text, encoding="utf-8")
    print(f"{rerank.MODEL_FILE}: top {top}, {len(used)} features, {sorted(by_lang)}")


if __name__ == "__main__":
    main(sys.argv[1:])
