"""A file of sentence vectors (`.sem`): a checked header, then the rows; mapped, written whole.

The file is MAGIC, a JSON header (the format, a stamp of what the vectors are of, the
rows, the columns and the dtype) padded with spaces to HEADER bytes, then the vectors.
It is checked whole before use and memory-mapped; what fails any check reads as absent.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

from gcacw_ref.errors import DataError
from gcacw_ref.paths import atomic_write_bytes, open_prepared
from gcacw_ref.text.embed import DIM

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float32]

MAGIC = b"GCACWSEM"
HEADER = 256
FORMAT = 2
DTYPES = {"<f2": 2, "<f4": 4}
_KEYS = {"format", "stamp", "rows", "cols", "dtype"}


def _header(raw: bytes, stamp: str, rows: int) -> str | None:
    """The dtype of a vectors file whose header is whole and matches, else None."""
    if not raw.startswith(MAGIC):
        return None
    try:
        meta = json.loads(raw[len(MAGIC) :].decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(meta, dict) or set(meta) != _KEYS:
        return None
    ok = (
        meta["format"] == FORMAT
        and meta["stamp"] == stamp
        and type(meta["rows"]) is int
        and meta["rows"] == rows
        and type(meta["cols"]) is int
        and meta["cols"] == DIM
        and meta["dtype"] in DTYPES
    )
    return str(meta["dtype"]) if ok else None


def load(path: Path, stamp: str, rows: int) -> Matrix | None:
    """The vectors of a file that is whole and carries the stamp, memory-mapped; else None.

    Checked before use: a regular file (a link is not followed), the header's schema,
    stamp, shape and dtype, the file's size against them, finite values."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    try:
        with open_prepared(path) as opened:
            if opened is None or opened[1].st_size < HEADER:
                return None
            fh, st = opened
            dtype = _header(fh.read(HEADER), stamp, rows)
            if dtype is None or st.st_size != HEADER + rows * DIM * DTYPES[dtype]:
                return None
            if rows == 0:
                return np.zeros((0, DIM), dtype=np.float32)
            mapped = np.memmap(fh, dtype=dtype, mode="r", offset=HEADER, shape=(rows, DIM))
    except (OSError, ValueError):
        return None
    vectors = np.asarray(mapped) if dtype == "<f4" else mapped.astype(np.float32)
    if not np.isfinite(vectors).all():
        return None
    return vectors


def save(
    path: Path, stamp: str, vectors: Matrix, dtype: str = "<f4", home: Path | None = None
) -> None:
    """Written whole or not at all; where it cannot be (a read-only data directory, a
    folder or a link in its place, or on the way from `home`, the folder it belongs in:
    by default its own) the vectors are kept in memory only."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    meta = {"format": FORMAT, "stamp": stamp, "rows": int(vectors.shape[0]), "cols": DIM}
    head = MAGIC + json.dumps({**meta, "dtype": dtype}).encode("utf-8")
    if len(head) > HEADER or vectors.shape[1:] != (DIM,):
        raise ValueError("vectors file: header too long or rows of another width")
    body = np.ascontiguousarray(vectors, dtype=dtype).tobytes()
    with contextlib.suppress(OSError, DataError):  # the guarded write of every data file
        atomic_write_bytes(path, head.ljust(HEADER) + body, home=home or path.parent)
