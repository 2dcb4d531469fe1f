"""The sentence encoder's embedding table, read row by row from its prepared file."""

from __future__ import annotations

import os
import stat
import weakref
from typing import Any

import numpy as np
import numpy.typing as npt


class TableRows:
    """The embedding table's rows, read from its file as a text needs them (`os.pread`).

    A question reads about twenty rows of the 65 MB table. Through the memory map each
    touched row also maps the rest of the page-cache folio it lies in (on a file system
    that caches files in large folios that is about 1 MB a row: 40 MB of the process's
    resident memory for one question, measured); a read copies the row alone. The same
    bytes as the mapped array, so the same vectors. `mapped` is that array, for encoding a
    whole book (where reading row by row costs about 10% more CPU)."""

    def __init__(self, mapped: np.memmap[Any, Any]) -> None:
        self.mapped = np.asarray(mapped)
        rows, width = mapped.shape
        self.shape = (rows, width)
        self._width = width * mapped.dtype.itemsize
        self._offset = int(mapped.offset)
        flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(str(mapped.filename), flags)
        except OSError as exc:
            raise OSError(f"table: {exc.strerror or exc}") from None
        self._fd = fd
        weakref.finalize(self, os.close, fd)
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size < self._offset + rows * self._width:
            raise OSError("table: shorter than its rows")

    def __getitem__(self, ids: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
        """The rows `ids` (an array of row numbers), in that order."""
        wanted, where = np.unique(np.asarray(ids).reshape(-1), return_inverse=True)
        out = np.empty((len(wanted), self.shape[1]), dtype=np.uint8)
        rows, width, fd = self.shape[0], self._width, self._fd
        for k, row in enumerate(wanted.tolist()):
            if not 0 <= row < rows:
                raise IndexError(f"table: no row {row}")
            got = os.pread(fd, width, self._offset + row * width)
            if len(got) != width:
                raise OSError(f"table: row {row} cut short")
            out[k] = np.frombuffer(got, dtype=np.uint8)
        return out[where.reshape(-1)]
