"""The TUI's edge stays typed: no `type: ignore` in gcacw_ref/tui, and no pane reaches into
the app for a service (`getattr(self.app, …)`): services are handed down
(`tui.services.Services`), requests go up as messages (`tui.messages`)."""

from __future__ import annotations

import re
from pathlib import Path

import gcacw_ref

TUI = Path(gcacw_ref.__file__).resolve().parent / "tui"

IGNORE = re.compile(r"#\s*type:\s*ignore")
APP_LOOKUP = re.compile(r"getattr\(\s*self\.app\b")


def offenders(pattern: re.Pattern[str], base: Path = TUI) -> list[str]:
    """`path:line` of every line under `base` that `pattern` finds."""
    found = []
    for path in sorted(base.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(base.parent)}:{n}")
    return found


def test_no_type_ignore_in_the_tui() -> None:
    assert offenders(IGNORE) == []


def test_no_pane_looks_the_app_up() -> None:
    assert offenders(APP_LOOKUP) == []


def test_the_counts_find_what_they_look_for(tmp_path: Path) -> None:
    (tmp_path / "pane.py").write_text(
        "x = self.app.books  # type: ignore[attr-defined]\n"
        "books = getattr(self.app, 'books', None)\n"
        "y = 1  # a type is not ignored here\n",
        encoding="utf-8",
    )
    assert offenders(IGNORE, tmp_path) == [f"{tmp_path.name}/pane.py:1"]
    assert offenders(APP_LOOKUP, tmp_path) == [f"{tmp_path.name}/pane.py:2"]
