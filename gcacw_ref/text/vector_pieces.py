"""A big book's meaning vectors, built in pieces: shown, stoppable, resumed.

Encoding every passage of a large book takes minutes (a 6 MB file of 100,000 headings:
about 170 s). So a book of more than `BIG` passages is encoded `PIECE` passages at a
time, and each piece is written as soon as it is done, beside the book
(`<id>.sem-pieces/NNNNN.sem`: a vectors file of `vector_file.py`, stamped with the whole
file's stamp and the piece's rows). Stopping (Ctrl-C, or the TUI's escape or a newer
question) loses at most the piece under way: the next question reuses every piece
already written and encodes only the rest. Once all are there, the caller writes the
whole vectors file and the pieces are removed (`remove_pieces`).

Progress goes to the listener the calling thread set (`listening`): told (passages
done, passages in all) before the first piece and after each one, it may stop the work
by raising (`Cancelled`). A book of `BIG` passages or fewer (the rulebooks: about 500)
is encoded at once, as before, and tells no one: encoded in batches of another size its
vectors would differ in the last bits (6e-5), and so might its rankings.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from gcacw_ref.text import vector_file

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Matrix = npt.NDArray[np.float32]

BIG = 2048  # a book of more passages is built in pieces
PIECE = 512  # passages per piece: about 8 s of encoding on a busy 2-core machine
Listener = Callable[[int, int], None]
_PIECE_NAME = re.compile(r"[0-9]{5}\.sem|\.tmp-.+")
_local = threading.local()


class Cancelled(Exception):  # noqa: N818 - what happened, not an error
    """The listener stopped the build (the pieces written so far are kept)."""


@contextlib.contextmanager
def listening(listener: Listener) -> Iterator[None]:
    """Tell `listener` how a build in this thread goes, while the block runs."""
    before = getattr(_local, "listener", None)
    _local.listener = listener
    try:
        yield
    finally:
        _local.listener = before


def _tell(done: int, total: int) -> None:
    listener: Listener | None = getattr(_local, "listener", None)
    if listener is not None:
        listener(done, total)


def pieces_dir(path: Path) -> Path:
    """The folder of the pieces of the vectors file `path`."""
    return path.with_name(path.name + "-pieces")


def encode_in_pieces(
    path: Path | None,
    stamp: str,
    texts: list[str],
    encode: Callable[[list[str]], Matrix],
    piece: int | None = None,
    big: int | None = None,
) -> Matrix:
    """The vectors of `texts` (`encode` of each piece), each piece read from its file
    when a former build left it, else encoded and written (see the module docstring)."""
    # lazy: the encoder's numpy loads only when a question is asked
    import numpy as np

    piece = piece or PIECE
    total = len(texts)
    if path is None or total <= max(BIG if big is None else big, piece):
        return encode(texts)
    folder = pieces_dir(path)
    with contextlib.suppress(OSError):
        folder.mkdir(exist_ok=True)  # a link or a file in its place: nothing is written
    parts: list[Matrix] = []
    _tell(0, total)
    for number, start in enumerate(range(0, total, piece)):
        end = min(start + piece, total)
        file = folder / f"{number:05d}.sem"
        piece_stamp = f"{stamp}:{start}-{end}"
        got = vector_file.load(file, piece_stamp, end - start)
        if got is None:
            got = encode(texts[start:end])
            vector_file.save(file, piece_stamp, got, home=path.parent)
        parts.append(got)
        _tell(end, total)
    return np.concatenate(parts)


def remove_pieces(path: Path) -> None:
    """Remove the pieces of the vectors file `path` (its folder, when it is a real one,
    and only the files a build writes there)."""
    folder = pieces_dir(path)
    try:
        if not stat.S_ISDIR(folder.lstat().st_mode):
            return
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        if _PIECE_NAME.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
    with contextlib.suppress(OSError):
        folder.rmdir()
