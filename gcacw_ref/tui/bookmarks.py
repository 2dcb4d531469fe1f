"""Bookmarks, kept as JSON in the data directory and written atomically.

A file that cannot be read is copied aside (`bookmarks.json.bad`, through the guarded
`paths.keep_copy`: never a link's target, never more than `MAX_BYTES`, never written
outside the data directory) and the list starts empty, with a message for the player;
the app keeps running. Such a file is never overwritten: adding a bookmark says why it
cannot be saved until the file is fixed or removed. Every change re-reads the file
(under a lock) and applies its intent (add or remove) to what is there, so two TUIs
open at once keep each other's bookmarks and a bookmark removed in one stays removed.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from gcacw_ref.argv import well_formed
from gcacw_ref.errors import DataError, one_line
from gcacw_ref.i18n import _
from gcacw_ref.paths import atomic_write_text, keep_copy, read_user_text

FILE_NAME = "bookmarks.json"
MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Bookmark:
    book: str
    section: str
    title: str


class Bookmarks:
    """The player's bookmarks in `home/bookmarks.json`."""

    def __init__(self, home: Path) -> None:
        self.home = home
        self.path = home / FILE_NAME
        self.items: list[Bookmark] = []
        self.problem: str | None = None  # a message when the stored file was unusable
        self._load()

    def _read(self) -> list[Bookmark]:
        """The bookmarks on disk (none when there is no file); `ValueError` if unreadable."""
        try:
            text = read_user_text(self.path, MAX_BYTES)
        except DataError as exc:
            if not self.path.exists() and not self.path.is_symlink():
                return []
            raise ValueError(str(exc)) from None
        try:
            data = json.loads(text)
        except RecursionError:
            raise ValueError("nested too deeply") from None
        raw = data["bookmarks"] if isinstance(data, dict) else None
        if not isinstance(raw, list):
            raise ValueError("no bookmark list")
        # a JSON `\ud800` decodes to half a pair, which no UTF-8 file or screen can hold
        return [
            Bookmark(
                well_formed(str(b["book"])),
                well_formed(str(b["section"])),
                well_formed(str(b.get("title", ""))),
            )
            for b in raw
        ]

    def _load(self) -> None:
        try:
            self.items = self._read()
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            backup = self.path.with_name(FILE_NAME + ".bad")
            if keep_copy(self.path, backup, self.home, MAX_BYTES):
                kept = _("a copy is kept at {path}").format(path=one_line(str(backup)))
            else:
                kept = _("no copy could be kept")
            self.problem = _(
                "The bookmark file could not be read ({reason}); starting with no bookmarks, "
                "{kept}. It is left as it is: new bookmarks are not saved until it is fixed "
                "or removed."
            ).format(reason=type(exc).__name__, kept=kept)
            self.items = []

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        """Hold `bookmarks.json.lock` while reading and writing (POSIX; elsewhere a no-op)."""
        try:
            # lazy: POSIX only
            import fcntl
        except ImportError:  # pragma: no cover - Windows
            yield
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        lock_path = self.path.with_name(FILE_NAME + ".lock")
        # not blocking: a FIFO in its place is an OSError at once (ENXIO), never a hang
        # nor through a link: a lock file is never created outside the data directory
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK | os.O_NOFOLLOW
        fd = os.open(lock_path, flags | getattr(os, "O_CLOEXEC", 0), 0o644)
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise OSError(errno.EINVAL, "not a regular file", str(lock_path))
        with os.fdopen(fd, "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def _current(self) -> list[Bookmark]:
        """The file's bookmarks now; `DataError` (nothing written) if it cannot be read."""
        try:
            return self._read()
        except (ValueError, KeyError, TypeError, AttributeError):
            raise DataError(
                _("bookmarks not saved: {path} could not be read; fix or remove it").format(
                    path=one_line(str(self.path))
                )
            ) from None

    def _write(self, items: list[Bookmark]) -> None:
        payload = {"version": 1, "bookmarks": [asdict(b) for b in items]}
        text = json.dumps(payload, ensure_ascii=False, indent=2) + "\n"
        atomic_write_text(self.path, text, home=self.home)
        self.items = items

    def save(self) -> None:
        """Write the bookmarks shown here merged with the file's (the union of both)."""
        with self._locked():
            on_disk = self._current()
            merged = on_disk + [b for b in self.items if b not in on_disk]
            self._write(merged)

    def has(self, book: str, section: str) -> bool:
        return any(b.book == book and b.section == section for b in self.items)

    def toggle(self, book: str, section: str, title: str) -> bool:
        """Bookmark the rule, or remove its bookmark when this TUI shows one; True when it
        is now bookmarked. The intent (add or remove) is decided by what the player sees
        here and applied to the file as it is now, under the lock, so another TUI's
        changes are kept and a bookmark removed in both never comes back. `DataError`
        when the file cannot be read: then nothing is written."""
        return self.mark(book, section, title, not self.has(book, section))

    def mark(self, book: str, section: str, title: str, wanted: bool) -> bool:
        """Add (`wanted`) or remove a bookmark in the file as it is now; returns `wanted`."""
        with self._locked():
            items = self._current()
            there = any(b.book == book and b.section == section for b in items)
            if not wanted:
                items = [b for b in items if not (b.book == book and b.section == section)]
            elif not there:
                items.append(Bookmark(book, section, title))
            self._write(items)
        return wanted
