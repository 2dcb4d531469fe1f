"""The warm-up (the TUI's background worker) yields to the player's searches: a step
starts only while no search is asked, and a search and a step never run at once."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import pytest

from gcacw_ref.text.library import Library


def test_no_search_asked_means_no_wait(filled_home: Path) -> None:
    lib = Library(home=filled_home)
    waiter = threading.Thread(target=lib.wait_for_searches, daemon=True)
    waiter.start()
    waiter.join(60)  # a bound for a stuck test, not a measure of speed
    assert not waiter.is_alive()  # nothing asked: it returned without a search ending


def test_the_warm_up_waits_while_a_search_is_asked(filled_home: Path) -> None:
    lib = Library(home=filled_home)
    done = threading.Event()

    def warm() -> None:
        lib.warm()
        done.set()

    worker = threading.Thread(target=warm, daemon=True)
    with lib._asked():  # a search under way
        worker.start()
        assert not done.wait(0.3)  # no step starts before the search ends
        books = lib._loaded()
        assert all(b._bm25 is None for b in books)  # not even the first step
    worker.join(120)
    assert done.is_set()
    assert all(b._bm25 is not None and b.gram_index.built for b in lib._loaded())


def test_a_search_during_the_warm_up_answers_as_alone(filled_home: Path) -> None:
    alone = Library(home=filled_home).search("砲兵は単独で攻撃できる？", limit=5)
    lib = Library(home=filled_home)
    worker = threading.Thread(target=lib.warm, daemon=True)
    worker.start()
    during = lib.search("砲兵は単独で攻撃できる？", limit=5)
    worker.join(120)
    assert during == alone


def test_a_search_runs_with_the_collector_paused(
    filled_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A first search loads what the warm-up has not reached (cards, asks, the encoder):
    a bulk load, as the warm-up's steps are; the collector is given back after."""
    seen: list[bool] = []
    search = Library._search

    def watched(self: Library, query: str, book: str | None, limit: int) -> list[object]:
        seen.append(gc.isenabled())
        return list(search(self, query, book, limit))

    monkeypatch.setattr(Library, "_search", watched)
    gc.enable()
    assert Library(home=filled_home).search("砲兵は単独で攻撃できる？")
    assert seen == [False] and gc.isenabled()
