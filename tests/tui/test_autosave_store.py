"""The served game's autosaves, one a tab (`gcacw_ref/tui/autosave.py`): a tab's own file, the
take-over of the newest one no running app holds, a live app's lock, pruning, and a file
that cannot be opened set aside as `.bad`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gcacw_ref.tui.autosave import KEEP, LEGACY, Autosaves

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="fcntl locks")

A, B, C = "a" * 32, "b" * 32, "c" * 32


def write(folder: Path, tab: str, text: str, mtime: float) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{tab}.json"
    path.write_text(text, encoding="utf-8")
    os.utime(path, (mtime, mtime))
    return path


def test_a_tab_finds_its_own_file_not_a_newer_one(tmp_path: Path) -> None:
    store = Autosaves(tmp_path)
    write(store.folder, A, "mine", 1000)
    write(store.folder, B, "newer", 2000)
    assert store.claim(A) == A
    assert store.kept() == store.folder / f"{A}.json"
    assert (store.folder / f"{A}.json").read_text(encoding="utf-8") == "mine"
    assert (store.folder / f"{B}.json").read_text(encoding="utf-8") == "newer"


def test_a_new_tab_takes_over_the_newest_file_no_app_holds(tmp_path: Path) -> None:
    holder = Autosaves(tmp_path)
    holder.claim(C)  # a live tab: its newest file is not taken
    write(holder.folder, C, "held", 3000)
    write(holder.folder, A, "older", 1000)
    write(holder.folder, B, "newest unheld", 2000)
    store = Autosaves(tmp_path)
    store.claim("d" * 32)
    kept = store.kept()
    assert kept == store.folder / f"{'d' * 32}.json"
    assert kept.read_text(encoding="utf-8") == "newest unheld"
    assert not (store.folder / f"{B}.json").exists()
    assert (store.folder / f"{C}.json").read_text(encoding="utf-8") == "held"
    assert (store.folder / f"{A}.json").read_text(encoding="utf-8") == "older"


def test_two_live_tabs_never_share_an_id(tmp_path: Path) -> None:
    first, second = Autosaves(tmp_path), Autosaves(tmp_path)
    assert first.claim(A) == A
    other = second.claim(A)  # a duplicated tab: same id, another app
    assert other != A and len(other) == 32
    assert first.path() != second.path()
    first.release()
    third = Autosaves(tmp_path)
    assert third.claim(A) == A  # the lock went with its holder


def test_a_lock_held_by_a_live_process_prevents_take_over(tmp_path: Path) -> None:
    holding = (
        "import sys, pathlib\n"
        "from gcacw_ref.tui.autosave import Autosaves\n"
        f"s = Autosaves(pathlib.Path({str(tmp_path)!r})); s.claim({A!r})\n"
        "print('held', flush=True); sys.stdin.read()\n"
    )
    child = subprocess.Popen(
        [sys.executable, "-c", holding],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path)),
    )
    try:
        assert child.stdout is not None and child.stdout.readline() == "held\n"
        write(tmp_path / "autosave", A, "the other process's game", 2000)
        store = Autosaves(tmp_path)
        store.claim(B)
        assert store.kept() is None  # nothing to take: the only file is held
        assert (tmp_path / "autosave" / f"{A}.json").exists()
    finally:
        assert child.stdin is not None
        child.stdin.close()
        child.wait(timeout=60)
    later = Autosaves(tmp_path)  # the process ended: its game is free to take
    later.claim(C)
    kept = later.kept()
    assert kept is not None and kept.read_text(encoding="utf-8") == "the other process's game"


def test_the_single_autosave_of_older_versions_is_taken_over(tmp_path: Path) -> None:
    (tmp_path / LEGACY).write_text("last round's game", encoding="utf-8")
    store = Autosaves(tmp_path)
    store.claim(A)
    kept = store.kept()
    assert kept == store.folder / f"{A}.json"
    assert kept.read_text(encoding="utf-8") == "last round's game"
    assert not (tmp_path / LEGACY).exists()


def test_old_unheld_autosaves_are_pruned_to_keep(tmp_path: Path) -> None:
    folder = tmp_path / "autosave"
    holder = Autosaves(tmp_path)
    holder.claim("0" * 32)
    write(folder, "0" * 32, "oldest but held", 1)
    tabs = [f"{i:032x}" for i in range(1, KEEP + 4)]
    for i, tab in enumerate(tabs):
        write(folder, tab, tab, 100 + i)
    store = Autosaves(tmp_path)
    store.claim(A)
    store.kept()  # takes the newest, then prunes
    names = sorted(p.stem for p in folder.glob("*.json"))
    # the newest became A's; KEEP files remain, and the held one stays beyond them
    assert len(names) == KEEP + 1
    assert "0" * 32 in names and A in names
    assert tabs[-1] not in names  # taken over (renamed)
    kept_tabs = [t for t in tabs if t in names]
    assert kept_tabs == tabs[-KEEP:-1]  # the newest ones stay; the oldest unheld went
    assert not list(folder.glob(f"{tabs[0]}.*"))  # its lock file went with it


def test_a_corrupt_file_is_set_aside_not_lost(tmp_path: Path) -> None:
    store = Autosaves(tmp_path)
    store.claim(A)
    path = write(store.folder, A, "{not a game", 1000)
    assert store.holds(path) and not store.holds(tmp_path / "game.json")
    bad = store.set_aside(path)
    assert bad == store.folder / f"{A}.json.bad"
    assert bad.read_text(encoding="utf-8") == "{not a game"
    assert store.kept() is None  # never offered again
    assert bad.exists()


def test_an_id_not_of_the_page_form_is_not_taken(tmp_path: Path) -> None:
    store = Autosaves(tmp_path)
    tab = store.claim("../../etc")
    assert tab != "../../etc" and len(tab) == 32
    assert store.path() == store.folder / f"{tab}.json"
