"""Where things live: the user's data directory, the shipped tables, the seed files."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from pathlib import Path
from typing import BinaryIO

from platformdirs import user_data_dir

from gcacw_ref.errors import DataError, InputError, one_line
from gcacw_ref.i18n import _

PACKAGE_DIR = Path(__file__).resolve().parent


def data_dir() -> Path:
    """The data directory: `$GCACW_REF_HOME` when set, else the platform's user data dir."""
    env = os.environ.get("GCACW_REF_HOME")
    if env:
        return Path(env).expanduser()

    return Path(user_data_dir("gcacw-ref", appauthor=False))


def tables_dir() -> Path:
    """The `tables/` folder: inside the wheel (`gcacw_ref/_tables`) or beside the source tree."""
    packaged = PACKAGE_DIR / "_tables"
    if packaged.is_dir():
        return packaged
    return PACKAGE_DIR.parent / "tables"


def seeds_dir() -> Path:
    """The seed files (tests and the benchmark): `$GCACW_REF_SEEDS` or `../shared/seeds`."""
    env = os.environ.get("GCACW_REF_SEEDS")
    if env:
        return Path(env).expanduser()
    return PACKAGE_DIR.parent.parent / "shared" / "seeds"


MAX_INPUT_BYTES = 20 * 1024 * 1024  # the largest file a command reads (a rulebook, a save)


def read_user_bytes(path: Path | str, limit: int = MAX_INPUT_BYTES) -> bytes:
    """The bytes of a user's regular file, at most `limit`; else a one-line `DataError`.

    A FIFO, a device, a socket or a folder is refused before anything is read (opening
    does not block: O_NONBLOCK), so `/dev/zero` or a pipe never hangs nor fills memory.
    """
    name = one_line(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise DataError(_("{path}: file not found").format(path=name)) from None
    except IsADirectoryError:
        raise DataError(_("{path}: is a directory, not a file").format(path=name)) from None
    except OSError as exc:
        raise DataError(_cannot_read(name, exc)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise DataError(_("{path}: is a directory, not a file").format(path=name))
        if not stat.S_ISREG(mode):
            raise DataError(
                _("{path}: not a regular file (a pipe or a device cannot be read)").format(
                    path=name
                )
            )
        with os.fdopen(fd, "rb", closefd=False) as fh:
            data = _read_limited(fh, limit)
    except OSError as exc:
        raise DataError(_cannot_read(name, exc)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise DataError(
            _("{path}: too large (more than {limit} bytes)").format(path=name, limit=limit)
        )
    return data


def _read_limited(fh: BinaryIO, limit: int) -> bytes:
    """At most `limit` + 1 bytes (one more than allowed shows the file is too large)."""
    return fh.read(limit + 1)


def _cannot_read(name: str, exc: OSError) -> str:
    return _("{path}: cannot read ({reason})").format(path=name, reason=exc.strerror or exc)


def read_user_text(path: Path | str, limit: int = MAX_INPUT_BYTES) -> str:
    """A user's UTF-8 text file; any failure is a one-line `DataError` naming the file."""
    data = read_user_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(_("{path}: not UTF-8 text").format(path=one_line(str(path)))) from None


def read_stdin_text(limit: int = MAX_INPUT_BYTES) -> str:
    """Standard input as text, at most `limit` bytes; else a one-line `InputError`."""

    buffer = getattr(sys.stdin, "buffer", None)
    raw: str | bytes = buffer.read(limit + 1) if buffer is not None else sys.stdin.read(limit + 1)
    if len(raw) > limit:
        raise InputError(
            _("standard input: too large (more than {limit} bytes)").format(limit=limit)
        )
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError(_("standard input: not UTF-8 text")) from None


def check_write_target(path: Path) -> None:
    """Refuse to replace what is not a regular file (a symlink, a device, a FIFO, a folder).

    A new path, or an existing regular file, may be written; anything else is a
    `DataError`, so a save never turns a symlink into a file nor replaces a device node.
    """
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise DataError(
            _("{path}: cannot write ({reason})").format(
                path=one_line(str(path)), reason=exc.strerror or exc
            )
        ) from None
    if stat.S_ISDIR(mode):
        raise DataError(_("{path}: is a directory, not a file").format(path=one_line(str(path))))
    if not stat.S_ISREG(mode):
        raise DataError(
            _("{path}: not a regular file (a link or a device); refusing to replace it").format(
                path=one_line(str(path))
            )
        )


def atomic_write_text(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old content or the new, never half.

    The target must be a new path or a regular file (`check_write_target`); a failed write
    removes its temporary file `.NAME.tmp-PID` and raises the `OSError`.
    """
    path = Path(path)
    check_write_target(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(tmp, flags, 0o644)
    except FileExistsError:  # left by a crashed process that had our pid
        os.unlink(tmp)
        fd = os.open(tmp, flags, 0o644)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        check_write_target(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
