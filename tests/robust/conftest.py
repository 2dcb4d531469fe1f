"""Helpers for the robustness tests: the CLI run in-process, a small library."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from gcacw_ref.cli import main
from gcacw_ref.text.library import Library

PRACTICE_BOOK = Path(__file__).parents[1] / "tui" / "data" / "practice_rules.txt"
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run the CLI in this process; (exit code, stdout, stderr)."""
    capsys.readouterr()
    code = main(["--lang", "en", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_clean_failure(code: int, err: str) -> str:
    """Exit 2 with exactly one line on stderr and no control character in it."""
    assert code == 2, err
    assert err.endswith("\n") and err.count("\n") == 1, err
    line = err[:-1]
    assert not CONTROL.search(line), line
    assert "internal error" not in line, line
    return line


@pytest.fixture(scope="session")
def two_books(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory with the practice book stored as `gcacw` and as `practice`."""
    home = tmp_path_factory.mktemp("two-books")
    lib = Library(home=home)
    lib.import_book(PRACTICE_BOOK, book_id="gcacw")
    lib.import_book(PRACTICE_BOOK, book_id="practice")
    return home


@pytest.fixture
def books_home(two_books: Path, home: Path) -> Path:
    """This test's $GCACW_REF_HOME, holding a copy of `two_books`."""
    shutil.copytree(two_books / "books", home / "books")
    return home
