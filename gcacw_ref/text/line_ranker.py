"""A ranker trained on the players' lines: which rule a question's vector belongs to.

`semantic.score_lines` ranks a rule by its nearest card or asks line. With forty and more
lines a rule, a trained classifier can weigh what all of a rule's lines share against
what sets it apart from the others: a multinomial logistic regression (softmax) over the
encoder's sentence vectors (`embed.DIM`), one class per rule id of the cards, trained
offline by `scripts/train_ranker.py` on the writers' lines only (the cards, `asks.toml`
and the training file `scripts/data/asks_more.toml`; never on a question set). At question
time it is one product of the question's vector (the one the search already has) with a
`DIM` x rules matrix.

A Japanese question is read a second way too: a classifier of the same kind over its
characters (hashed 2- and 3-grams of its one spelling, `NGRAM_DIM` buckets), trained on the
Japanese lines; the two probabilities are multiplied (the characters' to the power
`RankConfig.ja_ngrams`) and made one again. It ships as `lines_ja.clf`, in the same format; without
it a Japanese question reads the first classifier alone.

The weights ship as `lines.clf`: MAGIC, the JSON header's length (4 bytes, little-endian),
the header (format, stamp of the files it was trained on, the rule ids, columns and dtype),
then the weights (`DIM` rows of float32, a column per rule) and the biases. Checked whole
before use (a regular file, not a link; the header's schema, the size, finite values); a
missing or damaged file leaves the ranker out, with one notice. A test fails while the
stamp is not that of the current training files.
"""

from __future__ import annotations

import json
import sys
import threading
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gcacw_ref.i18n import _
from gcacw_ref.paths import open_prepared
from gcacw_ref.text import embed, prepared
from gcacw_ref.text.cards import standard_books
from gcacw_ref.text.rank_config import CONFIG, RankConfig

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float32]

CLF_FILE = Path(__file__).with_name("lines.clf")
NGRAM_FILE = Path(__file__).with_name("lines_ja.clf")
NGRAM_DIM = 4096  # hashed character 2- and 3-grams
MAGIC = b"GCACWCLF"
FORMAT = 1
DIM = embed.DIM
MAX_HEADER = 64 * 1024
_KEYS = {"format", "stamp", "rules", "dim", "dtype"}

_lock = threading.Lock()
_state: dict[str, Any] = {}  # "model": (rules, weights, bias) or None when unusable


def stamp(*training: Path) -> str:
    """The stamp of weights trained on these files (the encoder's model and their digest)."""
    return f"{embed.MODEL}:{prepared.file_digest(*training)}"


def header_bytes(stamp: str, rules: list[str], dim: int = DIM) -> bytes:
    """MAGIC, the header's length and the header of a weights file."""
    meta = {"format": FORMAT, "stamp": stamp, "rules": rules, "dim": dim, "dtype": "<f4"}
    raw = json.dumps(meta, ensure_ascii=False).encode("utf-8")
    return MAGIC + len(raw).to_bytes(4, "little") + raw


def _meta(raw: bytes, dim: int) -> dict[str, Any] | None:
    try:
        meta = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(meta, dict) or set(meta) != _KEYS:
        return None
    rules = meta["rules"]
    ok = (
        meta["format"] == FORMAT
        and isinstance(meta["stamp"], str)
        and isinstance(rules, list)
        and rules
        and all(isinstance(r, str) for r in rules)
        and len(set(rules)) == len(rules)
        and meta["dim"] == dim
        and type(meta["dim"]) is int
        and meta["dtype"] == "<f4"
    )
    return meta if ok else None


def read(path: Path, dim: int = DIM) -> tuple[str, list[str], Matrix, Matrix] | None:
    """(stamp, rule ids, weights, biases) of a whole, well-formed weights file whose
    inputs have `dim` columns, else None."""
    # lazy: numpy loads only when a question is asked
    import numpy as np

    try:
        with open_prepared(path) as opened:
            if opened is None:
                return None
            fh, st = opened
            head = fh.read(len(MAGIC) + 4)
            if len(head) != len(MAGIC) + 4 or not head.startswith(MAGIC):
                return None
            size = int.from_bytes(head[len(MAGIC) :], "little")
            if size > MAX_HEADER:
                return None
            meta = _meta(fh.read(size), dim)
            if meta is None:
                return None
            n = len(meta["rules"])
            body = len(MAGIC) + 4 + size
            if st.st_size != body + 4 * (dim + 1) * n:
                return None
            values = np.frombuffer(fh.read(4 * (dim + 1) * n), dtype="<f4")
    except (OSError, ValueError):
        return None
    if values.size != (dim + 1) * n or not np.isfinite(values).all():
        return None
    weights = values[: dim * n].reshape(dim, n).astype(np.float32)
    bias = values[dim * n :].astype(np.float32)
    return str(meta["stamp"]), list(meta["rules"]), weights, bias


def _loaded(what: str, path: Path, dim: int) -> tuple[list[str], Matrix, Matrix] | None:
    """A classifier's rule ids, weights and biases, read once; None (after one notice)
    when its file is missing or damaged."""
    with _lock:
        if what not in _state:
            got = read(path, dim)
            if got is None:
                notice = _("the trained ranker's file {file} is missing or damaged; left out")
                print(notice.format(file=path), file=sys.stderr)
                _state[what] = None
            else:
                _state[what] = got[1:]
        result: tuple[list[str], Matrix, Matrix] | None = _state[what]
        return result


def model() -> tuple[list[str], Matrix, Matrix] | None:
    """The shipped classifier of the question's vector (`CLF_FILE`)."""
    return _loaded("model", CLF_FILE, DIM)


def ngram_model() -> tuple[list[str], Matrix, Matrix] | None:
    """The shipped classifier of a Japanese question's characters (`NGRAM_FILE`)."""
    return _loaded("ngrams", NGRAM_FILE, NGRAM_DIM)


def ngrams(texts: list[str]) -> Matrix:
    """Hashed character 2- and 3-grams of each text, rows of unit length (the n-gram
    classifier's inputs): each text given in its one spelling (`spelling.canonical`), as a
    question reaches the search and as the training lines are read."""
    # lazy: numpy loads only when a question is asked
    import numpy as np

    out = np.zeros((len(texts), NGRAM_DIM), dtype=np.float32)
    for i, text in enumerate(texts):
        s = text
        for n in (2, 3):
            for j in range(len(s) - n + 1):
                out[i, zlib.crc32(s[j : j + n].encode()) % NGRAM_DIM] += 1.0
        norm = float(np.linalg.norm(out[i]))
        if norm:
            out[i] /= norm
    return out


def _softmax(logits: Matrix) -> Matrix:
    # lazy: numpy loads only when a question is asked
    import numpy as np

    p = np.exp(logits - logits.max())
    result: Matrix = p / p.sum()
    return result


def probabilities(
    vector: Matrix, japanese: str | None = None, ja_ngrams: float = CONFIG.ja_ngrams
) -> dict[str, float]:
    """Each rule's probability for a question's vector (empty without the classifier);
    `japanese`, a Japanese question's text in its one spelling: times its characters'
    probabilities to the power `ja_ngrams`."""
    # lazy: numpy loads only when a question is asked
    import numpy as np

    got = model()
    if got is None:
        return {}
    rules, weights, bias = got
    logits = np.asarray(vector, dtype=np.float32) @ weights + bias
    chars = ngram_model() if japanese is not None else None
    if japanese is not None and chars is not None and chars[0] == rules:
        p = _softmax(logits)
        q = _softmax(ngrams([japanese])[0] @ chars[1] + chars[2])
        logits = np.log(np.maximum(p, 1e-30)) + ja_ngrams * np.log(np.maximum(q, 1e-30))
    return {r: float(x) for r, x in zip(rules, _softmax(logits), strict=True)}


def score(
    kinds: list[str], query: str, japanese: bool = False, config: RankConfig = CONFIG
) -> tuple[list[tuple[int, str]], dict[tuple[int, str], float]]:
    """(book index, rule) of the standard rules' books by the trained ranker, most likely
    first, and each one's probability (for `rank.fuse` and `rank.by_lines`); empty
    without the classifier or a standard rules book. `query` is in its one spelling;
    `japanese`: read its characters too."""
    books = standard_books(kinds)
    if not books:
        return [], {}
    p = probabilities(embed.query_vector(query), query if japanese else None, config.ja_ngrams)
    order = sorted(p, key=lambda r: -p[r])[: config.depth]
    return [(b, r) for b in books for r in order], {(b, r): x for b in books for r, x in p.items()}
