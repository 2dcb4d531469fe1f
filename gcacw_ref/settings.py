"""The player's saved preferences: a small JSON file in the data directory.

Today it holds the interface language the TUI was last switched to. Reading never fails:
a missing file gives the defaults; an unreadable or corrupt one gives the defaults and a
one-line `problem` for a notice, and is left in place until the next save replaces it
(it holds nothing else, so nothing else is lost). Writing is atomic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gcacw_ref.i18n import LANGUAGES, _
from gcacw_ref.paths import atomic_write_text, data_dir

FILE_NAME = "settings.json"


@dataclass
class Settings:
    """What the player chose. `language`: `ja`, `en`, or None (follow the locale)."""

    language: str | None = None


def settings_path(home: Path | None = None) -> Path:
    return (home or data_dir()) / FILE_NAME


def load_settings(home: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when the file could not be used, why (defaults then)."""
    path = settings_path(home)
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError) as exc:
        return Settings(), _("{path}: settings unreadable ({error}); using the defaults").format(
            path=path, error=getattr(exc, "strerror", None) or type(exc).__name__
        )
    try:
        data = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError("not an object")
        language = data.get("language")
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"language {language!r}")
    except ValueError as exc:
        return Settings(), _("{path}: settings damaged ({error}); using the defaults").format(
            path=path, error=exc
        )
    return Settings(language=language), None


def save_settings(settings: Settings, home: Path | None = None) -> None:
    """Write the settings atomically (the old file or the new, never half of one)."""
    text = json.dumps({"language": settings.language}, ensure_ascii=False, indent=2) + "\n"
    atomic_write_text(settings_path(home), text)
