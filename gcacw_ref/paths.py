"""Where things live: the user's data directory, the shipped tables, the seed files."""

from __future__ import annotations

import contextlib
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterator
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
    try:
        return _read_regular(path, limit)
    except FileNotFoundError:
        raise DataError(_("{path}: file not found").format(path=one_line(str(path)))) from None


def read_cache_bytes(path: Path | str, limit: int) -> bytes | None:
    """A cache or settings file of the data directory: None when there is none; a
    one-line `DataError` when what is there cannot be used (a folder, a FIFO, a device,
    more than `limit` bytes, unreadable), so the caller rebuilds with one notice.

    Like `read_user_bytes`, a FIFO or `/dev/zero` is refused before anything is read.
    """
    try:
        return _read_regular(path, limit)
    except FileNotFoundError:
        return None


def _read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of a regular file (at most `limit`); FileNotFoundError when missing,
    else a one-line `DataError` for anything that is not a readable regular file."""
    name = one_line(str(path))
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise
    except IsADirectoryError:
        raise DataError(_("{path}: is a directory, not a file").format(path=name)) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
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


READ_CHUNK = 1 << 20


def _read_limited(fh: BinaryIO, limit: int) -> bytes:
    """At most `limit` + 1 bytes (one more than allowed shows the file is too large).

    Read in pieces sized by what the file holds, never as one `read(limit + 1)`: Python
    allocates the whole request before reading, so a 600 KB book under a 256 MB limit
    had a 256 MB buffer made, then cut down (mostly untouched memory, but allocated and
    returned on every load). A file that grows while it is read is still read to its
    end or to `limit` + 1."""
    try:
        size = os.fstat(fh.fileno()).st_size
    except (OSError, ValueError):
        size = 0
    parts: list[bytes] = []
    total = 0
    want = min(size, limit) + 1
    while total <= limit:
        want = min(want, limit + 1 - total)
        chunk = fh.read(want)
        parts.append(chunk)
        total += len(chunk)
        if len(chunk) < want:
            break
        want = READ_CHUNK
    return parts[0] if len(parts) == 1 else b"".join(parts)


@contextlib.contextmanager
def open_prepared(path: Path | str) -> Iterator[tuple[BinaryIO, os.stat_result] | None]:
    """A prepared file (shipped or in the data directory) opened for reading: (the open
    file, its stat) when it is a regular file reached without following a link, else None
    (missing, a link, a folder, a pipe or a device, unopenable). Closed on leaving; an
    error while reading it is the caller's to catch."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except (OSError, ValueError):  # ValueError: a NUL in the path
        yield None
        return
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            yield None
            return
        with open(fd, "rb", closefd=False) as fh:
            yield fh, st
    finally:
        os.close(fd)


def _cannot_read(name: str, exc: OSError | ValueError) -> str:
    reason = getattr(exc, "strerror", None) or exc
    return _("{path}: cannot read ({reason})").format(path=name, reason=reason)


def read_user_text(path: Path | str, limit: int = MAX_INPUT_BYTES) -> str:
    """A user's UTF-8 text file; any failure is a one-line `DataError` naming the file."""
    data = read_user_bytes(path, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise DataError(_("{path}: not UTF-8 text").format(path=one_line(str(path)))) from None


def read_stdin_text(limit: int = MAX_INPUT_BYTES) -> str:
    """Standard input as text, at most `limit` bytes; else a one-line `InputError`."""

    if sys.stdin is None:  # closed (<&-)
        raise InputError(_("standard input is closed: give the input as a file"))
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


TMP_PREFIX = ".tmp-"  # `.tmp-PID-RANDOM`: short, so it fits wherever the real name fits
_LEGACY_TMP = re.compile(r"\..+\.tmp-(\d+)")  # `.NAME.tmp-PID`, written by older versions
_TMP = re.compile(re.escape(TMP_PREFIX) + r"(\d+)-.+")


def atomic_write_text(path: Path, text: str, *, home: Path | None = None) -> None:
    """Write a file so that a crash leaves either the old content or the new, never half.

    The target must be a new path or a regular file (`check_write_target`): a link in
    its place is refused, never written through, so a write never lands outside the
    folder it names. With `home` (the data directory, or the folder a cache belongs
    in), the target must also lie inside it with no link on the way (`check_inside`).
    The temporary file is unique (`tempfile`: no two threads or processes share one, and
    it is created, never opened through a link) and lives in the same folder; a failed
    write removes it and raises the `OSError`, and ones left by a process that was
    killed are removed on the next write there.
    """
    atomic_write_bytes(path, text.encode("utf-8"), home=home)


def atomic_write_bytes(path: Path, data: bytes, *, home: Path | None = None) -> None:
    """`atomic_write_text` for bytes: the one way this program writes a file."""
    path = Path(path)
    if home is not None:
        check_inside(path, home)
    check_write_target(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    clean_stale_temporaries(path.parent)
    fd, name = tempfile.mkstemp(prefix=f"{TMP_PREFIX}{os.getpid()}-", dir=path.parent)
    tmp = Path(name)
    try:
        os.chmod(fd, 0o644)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        check_write_target(path)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def check_inside(path: Path, home: Path) -> None:
    """Refuse (`DataError`) a data-directory write to `path` unless it lies inside `home`
    and every folder from `home` down to the file's own is a real folder, not a link (a
    link there would carry the write out of the data directory). `home` itself may be a
    link: the user chose where the data directory is."""
    shown = one_line(str(path))
    try:
        inner = Path(os.path.abspath(path)).parent.relative_to(os.path.abspath(home))
    except ValueError:
        raise DataError(
            _("{path}: outside the data directory; refusing to write it").format(path=shown)
        ) from None
    here = Path(os.path.abspath(home))
    for part in inner.parts:
        here = here / part
        if part == ".." or here.is_symlink():
            raise DataError(
                _(
                    "{path}: a link on the way out of the data directory; refusing to write it"
                ).format(path=shown)
            )


def keep_copy(source: Path, copy: Path, home: Path, limit: int) -> bool:
    """Copy a damaged data file aside (`bookmarks.json` to `bookmarks.json.bad`) before it
    is set aside; True when the copy was written.

    Bounded and guarded: the source is read only when it is a regular file reached
    without following a link (a link to `/dev/zero` or a FIFO is never read), at most
    `limit` bytes (a larger one is not copied); the copy is an atomic write inside
    `home` that refuses a link or a special file in its place."""
    with open_prepared(source) as opened:
        if opened is None:
            return False
        fh, _st = opened
        try:
            data = _read_limited(fh, limit)
        except OSError:
            return False
    if len(data) > limit:
        return False
    try:
        atomic_write_bytes(copy, data, home=home)
    except (OSError, DataError):
        return False
    return True


def clean_stale_temporaries(folder: Path) -> None:
    """Remove the temporary files of writes whose process is gone (killed mid-write)."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = _TMP.fullmatch(entry.name) or _LEGACY_TMP.fullmatch(entry.name)
        if match is None or _alive(int(match.group(1))):
            continue
        with contextlib.suppress(OSError):
            if entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)


def _alive(pid: int) -> bool:
    """Whether a process with this id runs (one we may not signal runs too)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return pid > 0
    return True
