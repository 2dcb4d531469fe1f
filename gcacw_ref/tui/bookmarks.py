"""Bookmarks, kept as JSON in the data directory and written atomically.

A file that cannot be read is copied aside (`bookmarks.json.bad`) and the list starts
empty, with a message for the player; the app keeps running.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path

from gcacw_ref.i18n import _
from gcacw_ref.paths import atomic_write_text

FILE_NAME = "bookmarks.json"


@dataclass(frozen=True)
class Bookmark:
    book: str
    section: str
    title: str


class Bookmarks:
    """The player's bookmarks in `home/bookmarks.json`."""

    def __init__(self, home: Path) -> None:
        self.path = home / FILE_NAME
        self.items: list[Bookmark] = []
        self.problem: str | None = None  # a message when the stored file was unusable
        self._load()

    def _load(self) -> None:
        if not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            raw = data["bookmarks"] if isinstance(data, dict) else None
            if not isinstance(raw, list):
                raise ValueError("no bookmark list")
            self.items = [
                Bookmark(str(b["book"]), str(b["section"]), str(b.get("title", ""))) for b in raw
            ]
        except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as exc:
            backup = self.path.with_name(FILE_NAME + ".bad")
            try:
                shutil.copyfile(self.path, backup)
                kept = _("a copy is kept at {backup}").format(backup=backup)
            except OSError:
                kept = _("no copy could be kept")
            self.problem = _(
                "The bookmark file could not be read ({error}); starting with no bookmarks, {kept}."
            ).format(error=type(exc).__name__, kept=kept)
            self.items = []

    def save(self) -> None:
        payload = {"version": 1, "bookmarks": [asdict(b) for b in self.items]}
        atomic_write_text(self.path, json.dumps(payload, ensure_ascii=False, indent=2) + "\n")

    def has(self, book: str, section: str) -> bool:
        return any(b.book == book and b.section == section for b in self.items)

    def toggle(self, book: str, section: str, title: str) -> bool:
        """Add or remove a bookmark; True when it is now bookmarked. Saves at once."""
        if self.has(book, section):
            self.items = [b for b in self.items if not (b.book == book and b.section == section)]
            added = False
        else:
            self.items.append(Bookmark(book, section, title))
            added = True
        self.save()
        return added
