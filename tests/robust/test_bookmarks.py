"""Bookmarks are never lost: an unreadable file is never overwritten, two TUIs merge."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gcacw_ref.errors import DataError
from gcacw_ref.tui.bookmarks import Bookmarks


def test_unreadable_file_is_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "bookmarks.json"
    damaged = b'{"version": 1, "bookmarks": [{"book": "gcacw", "section": "7.4"'
    path.write_bytes(damaged)
    marks = Bookmarks(tmp_path)
    assert marks.problem and marks.items == []
    with pytest.raises(DataError, match="could not be read"):
        marks.toggle("gcacw", "5.1", "行軍")
    with pytest.raises(DataError):
        marks.save()
    assert path.read_bytes() == damaged
    assert (tmp_path / "bookmarks.json.bad").read_bytes() == damaged
    assert not [p for p in tmp_path.iterdir() if ".tmp-" in p.name]


def test_fixed_file_is_used_again(tmp_path: Path) -> None:
    path = tmp_path / "bookmarks.json"
    path.write_text("[", encoding="utf-8")
    marks = Bookmarks(tmp_path)
    path.unlink()  # the player removes the bad file
    assert marks.toggle("gcacw", "5.1", "行軍") is True
    assert Bookmarks(tmp_path).has("gcacw", "5.1")


def test_two_tuis_keep_each_others_bookmarks(tmp_path: Path) -> None:
    first, second = Bookmarks(tmp_path), Bookmarks(tmp_path)
    first.toggle("gcacw", "5.1", "行軍")
    second.toggle("gcacw", "7.4", "戦闘")
    first.toggle("gcacw", "9.2", "回復")
    again = Bookmarks(tmp_path)
    assert [b.section for b in again.items] == ["5.1", "7.4", "9.2"]
    second.toggle("gcacw", "5.1", "行軍")  # removing one another TUI added
    assert [b.section for b in Bookmarks(tmp_path).items] == ["7.4", "9.2"]
    first.items.append(type(first.items[0])("gcacw", "1.0", "概要"))
    first.save()  # save is a union: nothing on disk is dropped, nothing shown here either
    assert [b.section for b in Bookmarks(tmp_path).items] == ["7.4", "9.2", "5.1", "1.0"]


def test_bookmark_file_that_is_a_link_is_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.json"
    target.write_text('{"version": 1, "bookmarks": []}', encoding="utf-8")
    os.symlink(target, tmp_path / "bookmarks.json")
    marks = Bookmarks(tmp_path)
    with pytest.raises(DataError, match="regular file"):
        marks.toggle("gcacw", "5.1", "行軍")
    assert (tmp_path / "bookmarks.json").is_symlink()
    assert target.read_text(encoding="utf-8") == '{"version": 1, "bookmarks": []}'


def test_a_bookmark_deleted_in_two_tuis_stays_deleted(tmp_path: Path) -> None:
    setup = Bookmarks(tmp_path)
    setup.toggle("gcacw", "5.1", "行軍")
    first, second = Bookmarks(tmp_path), Bookmarks(tmp_path)
    assert first.has("gcacw", "5.1") and second.has("gcacw", "5.1")
    assert first.toggle("gcacw", "5.1", "行軍") is False  # removed in the first TUI
    assert second.toggle("gcacw", "5.1", "行軍") is False  # the second one shows it: remove
    assert not Bookmarks(tmp_path).has("gcacw", "5.1")


def test_a_bookmark_added_in_two_tuis_is_kept_once(tmp_path: Path) -> None:
    first, second = Bookmarks(tmp_path), Bookmarks(tmp_path)
    assert first.toggle("gcacw", "7.4", "砲兵") is True
    assert second.toggle("gcacw", "7.4", "砲兵") is True  # not shown there yet: add
    assert Bookmarks(tmp_path).items == [first.items[0]]


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_fifo_or_folder_as_the_lock_is_refused_without_hanging(tmp_path: Path, kind: str) -> None:
    lock = tmp_path / "bookmarks.json.lock"
    if kind == "fifo":
        os.mkfifo(lock)  # opening it to write would wait for a reader for ever
    else:
        lock.mkdir()
    marks = Bookmarks(tmp_path)
    with pytest.raises(OSError):
        marks.toggle("gcacw", "5.1", "行軍")
    assert not (tmp_path / "bookmarks.json").exists()


def test_half_a_surrogate_pair_in_the_file_is_read_as_the_replacement_character(
    tmp_path: Path,
) -> None:
    """JSON may spell half a UTF-16 pair (`\\ud800`), which no UTF-8 file can hold: it is read
    as U+FFFD, so the bookmark shows and the file can be written again."""
    path = tmp_path / "bookmarks.json"
    path.write_text(
        '{"version": 1, "bookmarks": [{"book": "gcacw", "section": "7.4", "title": "x\\ud800y"}]}',
        encoding="utf-8",
    )
    marks = Bookmarks(tmp_path)
    assert marks.problem is None
    assert [b.title for b in marks.items] == ["x\ufffdy"]
    assert marks.toggle("gcacw", "5.1", "行軍") is True
    assert [b.title for b in Bookmarks(tmp_path).items] == ["x\ufffdy", "行軍"]
