"""Train the ranker of `gcacw_ref/text/line_ranker.py` and write its weights (`lines.clf`,
`lines_ja.clf`).

    python scripts/train_ranker.py [--lam L] [--more N | --no-more] [--cache DIR]

A multinomial logistic regression (softmax) from the encoder's sentence vectors to the
rule ids of the cards, trained on the writers' lines only: the cards (English and
Japanese), `gcacw_ref/text/asks.toml` and the training files of more lines,
`scripts/data/asks_more.toml` and `asks_more2.toml` (training data, never read at run
time; `--more N` reads the first N of them, `--no-more` none). Never on a question set.
numpy only: full-batch gradient descent (Adam) on the mean cross-entropy plus `lam`/2
times the squared weights, the vectors standardised per column while training and the
scaling folded back into the shipped weights. The lines are encoded once and cached in
`--cache` (default `.train-cache`, in runs of `CHUNK` lines). A second classifier of the
same kind reads a Japanese question's characters (hashed 2- and 3-grams,
`line_ranker.ngrams`), trained on the Japanese lines of the same files (`lines_ja.clf`).
Run again after editing any of these files: the weights are stamped with their digest and
a test fails while the stamp is stale.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import numpy as np

from gcacw_ref.text import embed, line_ranker
from gcacw_ref.text.asks import ASKS_FILE, AsksFile
from gcacw_ref.text.cards import CARDS_FILE, CardsFile, read_data
from gcacw_ref.text.spelling import canonical

DATA = Path(__file__).resolve().parent / "data"
MORE_FILES = [DATA / "asks_more.toml", DATA / "asks_more2.toml"]  # the second and third batch
MORE = 1  # how many of MORE_FILES the shipped weights learn from (search-changelog.md, round 12)
CHUNK = 1000  # lines encoded and cached together
LAM = 1e-3  # chosen by leave-one-set-out over the tuning sets (docs/search-changelog.md, round 11)
NGRAM_LAM = 1e-3  # the characters' classifier (Japanese lines only), chosen the same way
STEPS = 400
RATE = 0.05


def training_files(more: int = MORE) -> list[Path]:
    return [CARDS_FILE, ASKS_FILE, *MORE_FILES[:more]]


def training_lines(more: int = MORE, canon: bool = False) -> tuple[list[str], list[str]]:
    """(rule, text) of every line the ranker learns from, in file order (`canon`: each
    line in its one spelling, as a question is read; tried, not kept)."""
    rules: list[str] = []
    texts: list[str] = []
    for card in read_data(CARDS_FILE, CardsFile, "cards").card:
        rules += [card.rule, card.rule]
        texts += [card.en, card.ja]
    for path in training_files(more)[1:]:
        for entry in read_data(path, AsksFile, "asks").asks:
            for text in entry.en + entry.ja:
                rules.append(entry.rule)
                texts.append(text)
    return rules, [canonical(x) for x in texts] if canon else texts


def vectors(texts: list[str], cache: Path) -> np.ndarray:
    """The lines' vectors as the search keeps them (float16, read as float32), cached in
    runs of `CHUNK` lines (a training file added at the end re-encodes only its lines)."""
    parts = []
    for at in range(0, len(texts), CHUNK):
        run = texts[at : at + CHUNK]
        digest = hashlib.blake2b("\0".join(run).encode(), digest_size=8).hexdigest()
        file = cache / f"train.{digest}.npy"
        if file.exists():
            parts.append(np.asarray(np.load(file), dtype=np.float32))
            continue
        got = embed.encode(run).astype(np.float16).astype(np.float32)
        cache.mkdir(parents=True, exist_ok=True)
        np.save(file, got)
        parts.append(got)
    return np.concatenate(parts) if parts else np.zeros((0, embed.DIM), dtype=np.float32)


def train(
    x: np.ndarray, y: np.ndarray, classes: int, lam: float, steps: int = STEPS
) -> tuple[np.ndarray, np.ndarray]:
    """Weights (columns x classes) and biases of a softmax regression, by Adam on the
    standardised columns; the standardisation folded into the returned weights."""
    mu = x.mean(axis=0)
    sd = x.std(axis=0) + 1e-6
    z = ((x - mu) / sd).astype(np.float32)
    n, d = z.shape
    onehot = np.zeros((n, classes), dtype=np.float32)
    onehot[np.arange(n), y] = 1.0
    w = np.zeros((d, classes), dtype=np.float32)
    b = np.zeros(classes, dtype=np.float32)
    m_w, v_w = np.zeros_like(w), np.zeros_like(w)
    m_b, v_b = np.zeros_like(b), np.zeros_like(b)
    for t in range(1, steps + 1):
        logits = z @ w + b
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) / n
        g_w = z.T @ g + lam * w
        g_b = g.sum(axis=0)
        for param, grad, m, v in ((w, g_w, m_w, v_w), (b, g_b, m_b, v_b)):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            param -= RATE * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    weights = (w / sd[:, None]).astype(np.float32)
    bias = (b - (mu / sd) @ w).astype(np.float32)
    return weights, bias


def fit(
    lam: float, cache: Path, more: int = MORE, canon: bool = False
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(rule ids, weights, biases) trained on the lines."""
    rules, texts = training_lines(more, canon)
    names = [c.rule for c in read_data(CARDS_FILE, CardsFile, "cards").card]
    at = {r: i for i, r in enumerate(names)}
    y = np.array([at[r] for r in rules], dtype=np.int64)
    digest = hashlib.blake2b("\0".join(texts).encode(), digest_size=8).hexdigest()
    file = cache / f"fit.{digest}.{lam}.{STEPS}.npz"
    if file.exists():
        got = np.load(file)
        return names, got["weights"], got["bias"]
    weights, bias = train(vectors(texts, cache), y, len(names), lam)
    np.savez(file, weights=weights, bias=bias)
    return names, weights, bias


def write(path: Path, stamp: str, names: list[str], weights: np.ndarray, bias: np.ndarray) -> None:
    body = np.ascontiguousarray(weights, dtype="<f4").tobytes()
    body += np.ascontiguousarray(bias, dtype="<f4").tobytes()
    path.write_bytes(line_ranker.header_bytes(stamp, names, weights.shape[0]) + body)


def stamp(more: int = MORE) -> str:
    """The digest of the training files (and of the encoder's model) the weights came from."""
    return line_ranker.stamp(*training_files(more))


def main(argv: list[str]) -> None:
    lam = float(argv[argv.index("--lam") + 1]) if "--lam" in argv else LAM
    cache = Path(argv[argv.index("--cache") + 1]) if "--cache" in argv else Path(".train-cache")
    more = int(argv[argv.index("--more") + 1]) if "--more" in argv else MORE
    more = 0 if "--no-more" in argv else more
    names, weights, bias = fit(lam, cache, more)
    write(line_ranker.CLF_FILE, stamp(more), names, weights, bias)
    print(f"{line_ranker.CLF_FILE}: {len(names)} rules, lam {lam}, stamp {stamp(more)}")
    names, weights, bias = fit_ngrams(NGRAM_LAM, more=more)
    write(line_ranker.NGRAM_FILE, stamp(more), names, weights, bias)
    print(f"{line_ranker.NGRAM_FILE}: {len(names)} rules, lam {NGRAM_LAM}, stamp {stamp(more)}")


# -- a second classifier on the characters of a Japanese question ------------------------


def fit_ngrams(
    lam: float, lang: str = "ja", more: int = MORE
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """(rule ids, weights, biases) of a softmax regression over the n-grams of the lines of
    one language (`en` tried, not kept)."""
    names = [c.rule for c in read_data(CARDS_FILE, CardsFile, "cards").card]
    at = {r: i for i, r in enumerate(names)}
    rules: list[str] = []
    texts: list[str] = []
    for card in read_data(CARDS_FILE, CardsFile, "cards").card:
        rules.append(card.rule)
        texts.append(card.ja if lang == "ja" else card.en)
    for path in training_files(more)[1:]:
        for entry in read_data(path, AsksFile, "asks").asks:
            lines = entry.ja if lang == "ja" else entry.en
            rules += [entry.rule] * len(lines)
            texts += lines
    y = np.array([at[r] for r in rules], dtype=np.int64)
    weights, bias = train(line_ranker.ngrams([canonical(t) for t in texts]), y, len(names), lam)
    return names, weights, bias


if __name__ == "__main__":
    main(sys.argv[1:])
