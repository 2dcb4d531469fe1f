"""Every write into the data directory goes through one guarded path (issue 41, item 6):
a backup, a cache, the settings, the bookmarks and their lock refuse links and special
files, read and copy a bounded amount, and never write outside the data directory."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.errors import DataError
from gcacw_ref.paths import atomic_write_bytes, check_inside, keep_copy
from gcacw_ref.settings import Settings, load_settings, save_settings
from gcacw_ref.text import vector_file
from gcacw_ref.text.embed import DIM
from gcacw_ref.tui.bookmarks import MAX_BYTES, Bookmarks
from tests.robust.test_fuzz import FUZZ

OUTSIDE = b"the user's own file\n"


def _home_and_outside(tmp_path: Path) -> tuple[Path, Path]:
    home, outside = tmp_path / "home", tmp_path / "outside"
    home.mkdir()
    outside.mkdir()
    (outside / "own.txt").write_bytes(OUTSIDE)
    return home, outside


def test_a_damaged_bookmark_file_whose_backup_is_a_link_leaves_the_link_alone(
    tmp_path: Path,
) -> None:
    home, outside = _home_and_outside(tmp_path)
    (home / "bookmarks.json").write_bytes(b"{not json")
    (home / "bookmarks.json.bad").symlink_to(outside / "own.txt")
    marks = Bookmarks(home)
    assert marks.problem and "no copy could be kept" in marks.problem
    assert (outside / "own.txt").read_bytes() == OUTSIDE
    assert (home / "bookmarks.json.bad").is_symlink()


def test_a_bookmark_file_linked_to_a_large_file_is_not_copied(tmp_path: Path) -> None:
    """Before: the link was followed and the whole file copied (with /dev/zero, until
    the disk was full); now a link is never read for a backup."""
    home, outside = _home_and_outside(tmp_path)
    big = outside / "big"
    big.write_bytes(b"x" * (MAX_BYTES + 10))
    (home / "bookmarks.json").symlink_to(big)
    marks = Bookmarks(home)
    assert marks.problem and marks.items == []
    assert not (home / "bookmarks.json.bad").exists()


def test_keep_copy_is_bounded_and_refuses_special_files(tmp_path: Path) -> None:
    home, _outside = _home_and_outside(tmp_path)
    os.mkfifo(home / "fifo")
    for source in (Path("/dev/zero"), home / "fifo", home, home / "missing"):
        assert keep_copy(source, home / "copy", home, 100) is False
    (home / "big").write_bytes(b"y" * 101)
    assert keep_copy(home / "big", home / "copy", home, 100) is False
    (home / "small").write_bytes(b"y" * 100)
    assert keep_copy(home / "small", home / "copy", home, 100) is True
    assert (home / "copy").read_bytes() == b"y" * 100
    assert not (home / "copy2").exists()


def test_the_bookmark_lock_is_never_created_through_a_link(tmp_path: Path) -> None:
    home, outside = _home_and_outside(tmp_path)
    (home / "bookmarks.json.lock").symlink_to(outside / "lock")
    with pytest.raises(OSError):
        Bookmarks(home).toggle("gcacw", "5.1", "行軍")
    assert not (outside / "lock").exists()


def test_settings_that_are_a_link_are_not_written_through(tmp_path: Path) -> None:
    home, outside = _home_and_outside(tmp_path)
    (outside / "settings.json").write_text('{"language": "en"}\n', "utf-8")
    (home / "settings.json").symlink_to(outside / "settings.json")
    assert load_settings(home) == (Settings(language="en"), None)  # read, yes
    with pytest.raises(DataError):
        save_settings(Settings(language="ja"), home)
    assert json.loads((outside / "settings.json").read_text("utf-8")) == {"language": "en"}


def test_a_folder_link_inside_the_data_directory_is_refused(tmp_path: Path) -> None:
    home, outside = _home_and_outside(tmp_path)
    (home / "books").symlink_to(outside, target_is_directory=True)
    with pytest.raises(DataError, match="link"):
        atomic_write_bytes(home / "books" / "x.json", b"{}", home=home)
    with pytest.raises(DataError, match="outside"):
        atomic_write_bytes(outside / "x.json", b"{}", home=home)
    with pytest.raises(DataError, match="outside"):
        check_inside(home / ".." / "outside" / "x.json", home)
    assert sorted(p.name for p in outside.iterdir()) == ["own.txt"]
    linked_home = tmp_path / "linked-home"
    linked_home.symlink_to(home, target_is_directory=True)  # the user's choice: allowed
    atomic_write_bytes(linked_home / "settings.json", b"{}", home=linked_home)
    assert (home / "settings.json").read_bytes() == b"{}"


def test_a_vectors_cache_never_writes_through_a_planted_link(tmp_path: Path) -> None:
    """Before: the vectors went to a temporary file of a predictable name, opened
    through any link in its place; now the one atomic write (a fresh temporary file)."""
    home, outside = _home_and_outside(tmp_path)
    path = home / "book.sem"
    (home / f".{path.name}.tmp-{os.getpid()}").symlink_to(outside / "own.txt")
    vectors = np.ones((3, DIM), dtype=np.float32)
    vector_file.save(path, "stamp", vectors)
    assert (outside / "own.txt").read_bytes() == OUTSIDE
    got = vector_file.load(path, "stamp", 3)
    assert got is not None and got.shape == (3, DIM)
    path.unlink()
    path.symlink_to(outside / "own.txt")
    vector_file.save(path, "stamp", vectors)
    assert (outside / "own.txt").read_bytes() == OUTSIDE and path.is_symlink()


# -- the fuzz: whatever stands in the data directory's places -------------------------
KINDS = ["missing", "bytes", "json", "link-out", "link-dangling", "link-zero", "fifo", "dir"]
PLACES = ["bookmarks.json", "bookmarks.json.bad", "bookmarks.json.lock", "settings.json"]


def _place(home: Path, outside: Path, name: str, kind: str, raw: bytes) -> None:
    path = home / name
    if kind == "bytes":
        path.write_bytes(raw)
    elif kind == "json":
        path.write_text(json.dumps({"bookmarks": [{"book": "b", "section": "1"}]}), "utf-8")
    elif kind == "link-out":
        path.symlink_to(outside / "own.txt")
    elif kind == "link-dangling":
        path.symlink_to(outside / f"new-{name}")
    elif kind == "link-zero":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()


@FUZZ
@given(
    kinds=st.fixed_dictionaries({p: st.sampled_from(KINDS) for p in PLACES}),
    raw=st.binary(max_size=64),
    language=st.sampled_from(["ja", "en"]),
)
def test_fuzz_data_directory_files(
    kinds: dict[str, str], raw: bytes, language: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Whatever each file of the data directory is (bytes, a link out, a link to
    /dev/zero, a FIFO, a folder): loading, bookmarking and saving settings never hang,
    never raise but a refusal, never write outside, never copy more than the bound."""
    home, outside = _home_and_outside(tmp_path_factory.mktemp("data"))
    for name, kind in kinds.items():
        _place(home, outside, name, kind, raw)
    marks = Bookmarks(home)
    with contextlib.suppress(DataError, OSError):
        marks.toggle("gcacw", "5.1", "行軍")
    load_settings(home)
    with contextlib.suppress(DataError, OSError):
        save_settings(Settings(language=language), home)
    assert sorted(p.name for p in outside.iterdir()) == ["own.txt"]
    assert (outside / "own.txt").read_bytes() == OUTSIDE
    bad = home / "bookmarks.json.bad"
    if bad.is_file() and not bad.is_symlink():
        assert bad.stat().st_size <= MAX_BYTES
