"""The autosaves of served games: one file a browser tab, so two tabs never share a game.

Under `gcacw-ref serve` each tab has an id of its own (the page keeps it in the tab's
`sessionStorage`, so a reload or a restarted server finds it again); the server tells the
tab's app that id (`tabdriver.py`) and the game in progress is written after each decision
to `games/autosave/ID.json`. The app holds an advisory lock (`fcntl.flock`) on
`games/autosave/ID.lock` while it runs, so no other app takes that game; the lock goes with
the process.

A tab that has no autosave of its own takes over the newest one no running app holds (a
closed tab's game, or the single `games/autosave.json` of older versions), so a game is not
lost when its tab is. At most `KEEP` autosaves are kept: the oldest ones no app holds go. A
file that cannot be opened as a game is set aside as `ID.json.bad`, never deleted at once.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import sys
import threading
from pathlib import Path

from gcacw_ref.paths import data_dir

FOLDER = "autosave"
LEGACY = "autosave.json"  # the one autosave of every tab, before there was one a tab
KEEP = 8  # autosaves kept; beyond that the oldest no running app holds are removed
KEEP_BAD = 8  # files set aside as `.bad` kept (the oldest go)
TAB_ID = re.compile(r"[0-9a-f]{32}")

if sys.platform != "win32":
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

else:  # pragma: no cover - no serve there: a lock is always had

    def _try_lock(fd: int) -> bool:
        return True


def hold(path: Path) -> int | None:
    """An open descriptor holding the lock on `path` (created if missing), or None when a
    running process holds it. A lock file removed or replaced while it was being locked is
    tried again, so two processes never both hold the lock of one name."""
    for _attempt in range(5):
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
        except OSError:
            return None
        if not _try_lock(fd):
            os.close(fd)
            return None
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except OSError:
            same = False
        if same:
            return fd
        os.close(fd)
    return None


class Autosaves:
    """The autosave folder `games/autosave` of one app process (one tab)."""

    def __init__(self, games: Path) -> None:
        self.games = games
        self.folder = games / FOLDER
        self.tab: str | None = None  # this app's tab id, once known
        self._fd: int | None = None  # the lock held on the tab's file
        self.busy = threading.Lock()  # the id comes on the driver's thread

    def path(self) -> Path | None:
        """This tab's autosave file (None until the tab's id is known)."""
        return self.folder / f"{self.tab}.json" if self.tab else None

    def claim(self, tab: str) -> str:
        """Become tab `tab` (a 32-digit hex id; anything else is ignored): hold its lock.
        When a running app already holds that id (a duplicated tab), a new id is made up,
        so two live tabs never write one file. A tab known already keeps its id. The id."""
        with self.busy:
            return self._claim(tab)

    def _claim(self, tab: str) -> str:
        if self.tab is not None:
            return self.tab
        candidates = [tab] if TAB_ID.fullmatch(tab) else []
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
        for tid in [*candidates, secrets.token_hex(16), secrets.token_hex(16)]:
            fd = hold(self.folder / f"{tid}.lock")
            if fd is not None:
                self.tab, self._fd = tid, fd
                return tid
        self.tab = tab if candidates else secrets.token_hex(16)  # no locks here: write anyway
        return self.tab

    def kept(self) -> Path | None:
        """The game to open for this tab: its own autosave, else the newest one no running
        app holds, taken over (renamed to this tab's), else None. Old ones beyond `KEEP`
        are pruned."""
        with self.busy:
            return self._kept()

    def _kept(self) -> Path | None:
        own = self.path()
        if own is None:
            return None
        if not own.is_file():
            self._adopt_legacy()
            for other in self._saves():
                if other != own and self._take(other, own):
                    break
        self.prune()
        return own if own.is_file() else None

    def _adopt_legacy(self) -> None:
        """The single autosave of older versions joins the folder as a tab's no app holds."""
        legacy = self.games / LEGACY
        if legacy.is_file() and not legacy.is_symlink():
            with contextlib.suppress(OSError):
                os.replace(legacy, self.folder / f"{secrets.token_hex(16)}.json")

    def _saves(self) -> list[Path]:
        """The autosaves in the folder, newest first."""
        found: list[tuple[float, Path]] = []
        with contextlib.suppress(OSError):
            for entry in self.folder.iterdir():
                if entry.suffix == ".json" and TAB_ID.fullmatch(entry.stem):
                    with contextlib.suppress(OSError):
                        found.append((entry.lstat().st_mtime, entry))
        return [p for _mtime, p in sorted(found, reverse=True)]

    def _take(self, other: Path, own: Path) -> bool:
        """Move `other` to `own` when no running app holds it."""
        lock = other.with_suffix(".lock")
        fd = hold(lock)
        if fd is None:
            return False
        try:
            os.replace(other, own)
            lock.unlink(missing_ok=True)
            return True
        except OSError:  # another app took it first
            return False
        finally:
            os.close(fd)

    def prune(self) -> None:
        """Keep `KEEP` autosaves (the newest; one a running app holds always stays), the
        newest `KEEP_BAD` files set aside, and no lock file of a game that is gone."""
        own = self.path()
        for old in self._saves()[KEEP:]:
            if old == own:
                continue
            lock = old.with_suffix(".lock")
            fd = hold(lock)
            if fd is None:
                continue
            with contextlib.suppress(OSError):
                old.unlink()
                lock.unlink()
            os.close(fd)
        bad: list[tuple[float, Path]] = []
        with contextlib.suppress(OSError):
            for entry in self.folder.iterdir():
                if entry.name.endswith(".json.bad"):
                    with contextlib.suppress(OSError):
                        bad.append((entry.lstat().st_mtime, entry))
                elif entry.suffix == ".lock" and entry.stem != self.tab:
                    self._drop_lock(entry)
        for _mtime, entry in sorted(bad, reverse=True)[KEEP_BAD:]:
            with contextlib.suppress(OSError):
                entry.unlink()

    def _drop_lock(self, lock: Path) -> None:
        """A lock file no app holds whose game is gone (a tab that never saved)."""
        if lock.with_suffix(".json").exists():
            return
        fd = hold(lock)
        if fd is not None:
            with contextlib.suppress(OSError):
                lock.unlink()
            os.close(fd)

    def set_aside(self, path: Path) -> Path | None:
        """`path` could not be opened as a game: renamed to `….json.bad` (kept, not lost,
        and not offered again). The new name, or None when it could not be moved."""
        bad = path.with_name(path.name + ".bad")
        try:
            os.replace(path, bad)
        except OSError:
            return None
        return bad

    def holds(self, path: Path) -> bool:
        """Whether `path` is in this folder (an autosave, not a file the player chose)."""
        return path.parent == self.folder

    def release(self) -> None:
        """Let go of the lock (the process ending does the same)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


_current: Autosaves | None = None


def autosaves() -> Autosaves:
    """This process's autosaves, in the data directory's `games/`."""
    global _current
    games = data_dir() / "games"
    if _current is None or _current.games != games:  # another data directory (tests)
        if _current is not None:
            _current.release()
        _current = Autosaves(games)
    return _current
