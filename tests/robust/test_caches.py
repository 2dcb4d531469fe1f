"""Cache and settings files in the data directory: never a hang, a crash or a second line.

A FIFO, a device, a folder or a damaged file where a cache belongs is rebuilt (or, for
`settings.json`, read as the defaults) with one notice; the book itself is never touched.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from gcacw_ref.paths import atomic_write_text, read_cache_bytes
from gcacw_ref.settings import Settings, load_settings, save_settings
from gcacw_ref.text.bm25_cache import _parse, index_path
from gcacw_ref.text.library import Library
from tests.bm25_files import file_of, logical
from tests.robust.conftest import run_cli

Capsys = pytest.CaptureFixture[str]
QUESTION = "what happens when a unit must retreat?"  # a question reads the BM25 index


def _cache(home: Path) -> Path:
    return index_path(home / "books" / "gcacw.json")


def _notices(err: str) -> list[str]:
    return [line for line in err.splitlines() if "search index" in line]


def test_fifo_in_place_of_the_index_is_rebuilt_without_hanging(
    books_home: Path, capsys: Capsys
) -> None:
    cache = _cache(books_home)
    cache.unlink()
    os.mkfifo(cache)  # opening it for reading would block for ever
    code, out, err = run_cli(capsys, "search", QUESTION, "--book", "gcacw")
    assert code == 0 and out
    assert len(_notices(err)) == 1, err


def test_folder_in_place_of_the_index_gives_one_line(books_home: Path, capsys: Capsys) -> None:
    cache = _cache(books_home)
    cache.unlink()
    cache.mkdir()
    code, out, err = run_cli(capsys, "search", QUESTION, "--book", "gcacw")
    assert code == 0 and out
    assert err.count("\n") == 1 and len(_notices(err)) == 1, err


def test_link_to_dev_zero_is_not_read(books_home: Path, capsys: Capsys) -> None:
    cache = _cache(books_home)
    cache.unlink()
    cache.symlink_to("/dev/zero")
    code, out, err = run_cli(capsys, "search", QUESTION, "--book", "gcacw")
    assert code == 0 and out and len(_notices(err)) == 1, err


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d["passages"][0].__setitem__(0, "3"),  # a length as a string
        lambda d: d["passages"][0].__setitem__(0, True),
        lambda d: d["passages"][0].__setitem__(0, 10**400),
        lambda d: d["passages"][0].__setitem__(0, -5),
        lambda d: d["passages"].__setitem__(1, {"x": [0, -1]}),  # a negative term count
        lambda d: d["passages"].__setitem__(1, {"x": [0, 0]}),  # a zero term count
        lambda d: d["passages"].__setitem__(1, {"x": [0, 0, 1, 1]}),  # a document twice
        lambda d: d["passages"].__setitem__(1, {"x": [-1, 1]}),  # no such document
        lambda d: d["passages"].__setitem__(1, {"x": []}),
        lambda d: d["passages"].__setitem__(1, {"x": [0, 1, 1]}),  # arrays out of step
        lambda d: d["passages"].__setitem__(0, {}),
        lambda d: d["passages"].append(1),
        lambda d: d.__setitem__("ref_ids", "abc"),
        lambda d: d.__setitem__("ref_ids", [1, 2]),
        lambda d: d.__setitem__("refs", None),
        lambda d: d.__setitem__("format", "2"),
    ],
)
def test_wrong_types_in_the_index_are_refused(books_home: Path, change: object) -> None:
    cache = _cache(books_home)
    data = logical(cache.read_bytes())
    digest = data["book"]
    assert _parse(cache.read_bytes(), digest) is not None
    change(data)  # type: ignore[operator]
    assert _parse(file_of(data), digest) is None


def test_deeply_nested_index_is_refused() -> None:
    from gcacw_ref.text.bm25_cache import MAGIC

    assert _parse(MAGIC + b"[" * 100_000 + b"\n", "x") is None


def test_wrong_values_in_the_index_are_rebuilt(books_home: Path, capsys: Capsys) -> None:
    cache = _cache(books_home)
    data = logical(cache.read_bytes())
    token = next(iter(data["passages"][1]))
    entry = data["passages"][1][token]
    entry[len(entry) // 2] = 0  # a term count of 0
    cache.write_bytes(file_of(data))
    code, out, err = run_cli(capsys, "search", QUESTION, "--book", "gcacw")
    assert code == 0 and out and len(_notices(err)) == 1, err
    assert _parse(cache.read_bytes(), data["book"]) is not None  # rebuilt on disk


def test_reimport_prints_no_notice(books_home: Path, capsys: Capsys) -> None:
    from tests.robust.conftest import PRACTICE_BOOK

    cache = _cache(books_home)
    cache.write_text("{}", "utf-8")  # stale, as after another process's import
    capsys.readouterr()
    Library(home=books_home).import_book(PRACTICE_BOOK, book_id="gcacw", replace=True)
    assert _notices(capsys.readouterr().err) == []


def test_two_concurrent_imports_print_no_notice(home: Path, capsys: Capsys) -> None:
    from tests.robust.conftest import PRACTICE_BOOK

    errors: list[BaseException] = []

    def run() -> None:
        try:
            Library(home=home).import_book(PRACTICE_BOOK, book_id="gcacw", replace=True)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    for _round in range(3):
        threads = [threading.Thread(target=run) for _ in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors
    assert _notices(capsys.readouterr().err) == []


# -- settings.json --------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "zero", "folder"])
def test_settings_special_files_give_the_defaults(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "settings.json"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    settings, problem = load_settings(tmp_path)
    assert settings == Settings() and problem is not None and "\n" not in problem


@pytest.mark.parametrize(
    "raw", ['{"language": ["ja"]}', '{"language": 1}', "[" * 100_000, '"ja"', "\ufeff{}"]
)
def test_settings_damaged_give_the_defaults(tmp_path: Path, raw: str) -> None:
    (tmp_path / "settings.json").write_text(raw, "utf-8")
    settings, problem = load_settings(tmp_path)
    assert settings == Settings() and problem is not None


def test_settings_through_a_symlink_are_read_but_never_written_through(tmp_path: Path) -> None:
    from gcacw_ref.errors import DataError

    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    real = dotfiles / "gcacw-settings.json"
    real.write_text('{"language": "en"}\n', "utf-8")
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").symlink_to(real)
    with pytest.raises(DataError):
        save_settings(Settings(language="ja"), home)
    assert (home / "settings.json").is_symlink()
    assert load_settings(home) == (Settings(language="en"), None)
    assert json.loads(real.read_text("utf-8"))["language"] == "en"


# -- the shared reader and writer -------------------------------------------------------


def test_read_cache_bytes(tmp_path: Path) -> None:
    from gcacw_ref.errors import DataError

    assert read_cache_bytes(tmp_path / "missing", 10) is None
    (tmp_path / "f").write_bytes(b"abc")
    assert read_cache_bytes(tmp_path / "f", 10) == b"abc"
    with pytest.raises(DataError):
        read_cache_bytes(tmp_path / "f", 2)
    os.mkfifo(tmp_path / "p")
    for bad in (tmp_path / "p", tmp_path, Path("/dev/zero")):
        with pytest.raises(DataError):
            read_cache_bytes(bad, 10)


def test_temporary_name_fits_where_the_real_name_fits(tmp_path: Path) -> None:
    path = tmp_path / ("s" * 250 + ".json")  # 255 bytes: the longest name
    atomic_write_text(path, "ok")
    assert path.read_text("utf-8") == "ok"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_stale_temporary_files_are_cleaned_on_the_next_write(tmp_path: Path) -> None:
    dead = 2**22 + 12345  # above the default pid_max: never a live process
    stale = [tmp_path / f".out.json.tmp-{dead}", tmp_path / f".tmp-{dead}-abcdefgh"]
    for p in stale:
        p.write_text("half", "utf-8")
    live = tmp_path / f".tmp-{os.getpid()}-abcdefgh"  # a write under way in this process
    live.write_text("half", "utf-8")
    atomic_write_text(tmp_path / "out.json", "ok")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out.json", live.name])


def test_threads_writing_the_same_file_do_not_collide(tmp_path: Path) -> None:
    path = tmp_path / "out.json"
    errors: list[BaseException] = []

    def write(n: int) -> None:
        try:
            for k in range(30):
                atomic_write_text(path, f"{n}-{k}" * 1000)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]
