"""The warm-up (the TUI's background worker) yields to the player's searches: a step
starts only while no search is asked, and a search and a step never run at once."""

from __future__ import annotations

import threading
from pathlib import Path

from gcacw_ref.text.library import Library


def test_no_search_asked_means_no_wait(filled_home: Path) -> None:
    Library(home=filled_home).wait_for_searches()  # returns at once


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
