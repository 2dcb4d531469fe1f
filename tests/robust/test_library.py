"""The books folder under damage: one bad entry never blocks the others, never a path
outside the folder, every mistake one clean line and exit 2."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gcacw_ref.text.library import Library
from tests.robust.conftest import PRACTICE_BOOK, assert_clean_failure, run_cli

Capsys = pytest.CaptureFixture[str]


def test_symlink_loop_is_skipped_with_a_notice(books_home: Path, capsys: Capsys) -> None:
    loop = books_home / "books" / "loop.json"
    os.symlink(loop, loop)
    code, out, err = run_cli(capsys, "books", "list")
    assert code == 0 and "gcacw" in out and "practice" in out and "loop" in err
    code, out, err = run_cli(capsys, "search", "行軍")
    assert code == 0 and "5.1" in out
    code, out, _ = run_cli(capsys, "rule", "5.1")
    assert code == 0 and "行軍" in out
    assert_clean_failure(*run_cli(capsys, "rule", "5.1", "--book", "loop")[::2])
    assert run_cli(capsys, "books", "remove", "loop")[0] == 0
    assert not os.path.lexists(loop)


def test_dangling_link_says_what_is_wrong(books_home: Path, capsys: Capsys) -> None:
    target = books_home / "books" / "gcacw.json"
    target.unlink()
    os.symlink(books_home / "elsewhere.json", target)
    line = assert_clean_failure(*run_cli(capsys, "rule", "5.1", "--book", "gcacw")[::2])
    assert "unknown book" not in line and "gcacw" in line and "remove" in line
    code, out, err = run_cli(capsys, "search", "行軍")
    assert code == 0 and "practice" in out and "gcacw" in err
    assert run_cli(capsys, "books", "remove", "gcacw")[0] == 0
    assert not os.path.lexists(target)


def test_invalid_file_name_can_be_removed(books_home: Path, capsys: Capsys) -> None:
    bad = books_home / "books" / "UPPER.json"
    bad.write_text("{not json", encoding="utf-8")
    code, out, err = run_cli(capsys, "books", "list")
    assert code == 0 and "gcacw" in out and "UPPER" in err
    assert err.count("\n") == 1
    assert run_cli(capsys, "books", "remove", "UPPER")[0] == 0
    assert not bad.exists()
    code, _out, err = run_cli(capsys, "books", "list")
    assert code == 0 and err == ""


def test_book_copied_by_hand_is_listed_once(books_home: Path, capsys: Capsys) -> None:
    books = books_home / "books"
    (books / "copy.json").write_bytes((books / "gcacw.json").read_bytes())
    ids = [b.id for b in Library(home=books_home).books()]
    assert sorted(ids) == ["copy", "gcacw", "practice"]


def test_book_option_never_leaves_the_folder(books_home: Path, capsys: Capsys) -> None:
    outside = books_home / "outside.json"
    outside.write_bytes((books_home / "books" / "gcacw.json").read_bytes())
    for book in ("../outside", "../books/gcacw", "/etc/passwd", "gcacw\n", "."):
        for argv in (("rule", "5.1", "--book", book), ("search", "行軍", "--book", book)):
            line = assert_clean_failure(*run_cli(capsys, *argv)[::2])
            assert "unknown book" in line
    assert_clean_failure(*run_cli(capsys, "books", "remove", "../outside")[::2])
    assert outside.exists()


def test_id_with_a_newline_is_refused(home: Path, capsys: Capsys) -> None:
    for book_id in ("abc\n", "abc\nx", "ＡＢＣ", "a" * 41):
        line = assert_clean_failure(
            *run_cli(capsys, "books", "import", str(PRACTICE_BOOK), "--id", book_id)[::2]
        )
        assert "book id" in line
    assert not (home / "books").exists() or not list((home / "books").iterdir())


def test_folder_without_permission(
    books_home: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Root ignores modes, so the refusal is simulated where the OS would raise it.)"""
    real_scandir, real_stat = os.scandir, os.stat

    def scandir(path: object = ".") -> object:
        if str(path).endswith("books"):
            raise PermissionError(13, "Permission denied")
        return real_scandir(path)  # type: ignore[arg-type]

    def stat(path: object, *args: object, **kw: object) -> os.stat_result:
        if str(path).endswith(".json") and "books" in str(path):
            raise PermissionError(13, "Permission denied")
        return real_stat(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    for argv in (("books", "list"), ("search", "行軍"), ("rule", "5.1"), ("books", "remove", "x")):
        assert "Permission denied" in assert_clean_failure(*run_cli(capsys, *argv)[::2])
    monkeypatch.setattr(os, "scandir", real_scandir)
    monkeypatch.setattr(os, "stat", stat)
    code, _out, err = run_cli(capsys, "books", "list")
    assert code == 0 and "Permission denied" in err
    assert "Permission denied" in assert_clean_failure(*run_cli(capsys, "rule", "5.1")[::2])


def test_import_of_what_is_not_a_regular_file(home: Path, tmp_path: Path, capsys: Capsys) -> None:
    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    for source in (str(fifo), "/dev/zero", "/dev/null"):
        line = assert_clean_failure(*run_cli(capsys, "books", "import", source)[::2])
        assert "regular file" in line
