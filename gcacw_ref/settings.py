"""The player's saved preferences: a small JSON file in the data directory.

It holds the interface language the TUI was last switched to and the player's game (the
one the calculators use; `--game` overrides it for one command). Reading never fails:
a missing file gives the defaults; an unreadable or corrupt one gives the defaults and a
one-line `problem` for a notice, and is left in place until the next save replaces it
(nothing else is lost). Writing is atomic.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from gcacw_ref.argv import MissingValue, take_global_option
from gcacw_ref.errors import DataError, InputError, one_line, quoted
from gcacw_ref.i18n import LANGUAGES, _
from gcacw_ref.paths import atomic_write_text, data_dir, read_cache_bytes
from gcacw_ref.rules.games import DEFAULT_GAME, GAMES

FILE_NAME = "settings.json"


@dataclass
class Settings:
    """What the player chose. `language`: `ja`, `en`, or None (follow the locale); `game`:
    one of `GAMES`, or None (not chosen yet: the calculators use `DEFAULT_GAME`)."""

    language: str | None = None
    game: str | None = None


def settings_path(home: Path | None = None) -> Path:
    return (home or data_dir()) / FILE_NAME


MAX_SETTINGS_BYTES = 64 * 1024  # a few keys; anything larger is not ours


def load_settings(home: Path | None = None) -> tuple[Settings, str | None]:
    """The saved settings and, when the file could not be used, why (defaults then).

    Only a regular file is read (a FIFO or `/dev/zero` in its place is refused before
    anything is read); the JSON must be an object whose `language` is a known one."""
    path = settings_path(home)
    shown = one_line(str(path))
    try:
        raw = read_cache_bytes(path, MAX_SETTINGS_BYTES)
        if raw is None:
            return Settings(), None
        text = raw.decode("utf-8")
    except (DataError, UnicodeDecodeError) as exc:
        reason = str(exc) if isinstance(exc, DataError) else type(exc).__name__
        return Settings(), _("{path}: settings unreadable ({error}); using the defaults").format(
            path=shown, error=one_line(reason)
        )
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not an object")
        language = data.get("language")
        if language is not None and not (isinstance(language, str) and language in LANGUAGES):
            raise ValueError(f"language {quoted(language)}")
        game = data.get("game")
        if game is not None and not (isinstance(game, str) and game in GAMES):
            raise ValueError(f"game {quoted(game)}")
    except (ValueError, RecursionError) as exc:
        error = str(exc) if isinstance(exc, ValueError) else "nested too deeply"
        return Settings(), _("{path}: settings damaged ({error}); using the defaults").format(
            path=shown, error=one_line(error)[:200]
        )
    return Settings(language=language, game=game), None


def save_settings(settings: Settings, home: Path | None = None) -> None:
    """Write the settings atomically (the old file or the new, never half of one), only
    inside the data directory: a `settings.json` that is a link is read but never
    written through (it could point anywhere).

    Raises `OSError` or `DataError` (a link, a folder or a device in its place) when
    refused."""
    chosen = {"language": settings.language, "game": settings.game}
    data = {key: value for key, value in chosen.items() if value is not None}  # None: not chosen
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    atomic_write_text(settings_path(home), text, home=home or data_dir())


def split_game_option(args: list[str]) -> tuple[str | None, list[str]]:
    """Take the global `--game G` / `--game=G` out of a command line, wherever it stands."""
    try:
        game, rest = take_global_option(args, "--game")
    except MissingValue:
        raise InputError(
            _("--game needs a value: one of {games}").format(games=" ".join(GAMES))
        ) from None
    if game is not None:
        game = game.strip().upper()
        if game not in GAMES:
            raise InputError(
                _("--game: {game!r} is not a game; choose one of {games}").format(
                    game=game, games=" ".join(GAMES)
                )
            )
    return game, rest


def player_game(option: str | None = None, home: Path | None = None) -> tuple[str, str]:
    """The game a command uses and where it came from: `--game`, else the saved setting,
    else `DEFAULT_GAME`. The second item is `option`, `setting` or `default`."""
    if option is not None:
        return option, "option"
    saved, _problem = load_settings(home)
    if saved.game is not None:
        return saved.game, "setting"
    return DEFAULT_GAME, "default"
