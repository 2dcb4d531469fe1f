"""Bulk loads without the cyclic garbage collector.

Reading a book, its BM25 index or the glossary makes tens of thousands of lists, dicts
and models, none of them in a cycle. Each few hundred new containers start a collection
that walks them again (and every object loaded before): for one command-line question
about 30 ms of CPU, a twelfth of it, measured. `bulk_load()` turns the collector off for
such a load and back on after; nested and concurrent loads (the TUI's threads) share one
pause, and a collector the program had turned off stays off.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_state = {"depth": 0, "was_on": False}


@contextmanager
def bulk_load() -> Iterator[None]:
    """The collector paused while the body runs (see the module docstring)."""
    with _lock:
        if _state["depth"] == 0:
            _state["was_on"] = gc.isenabled()
            gc.disable()
        _state["depth"] += 1
    try:
        yield
    finally:
        with _lock:
            _state["depth"] -= 1
            if _state["depth"] == 0 and _state["was_on"]:
                gc.enable()


def keep_until_exit() -> None:
    """Everything alive now lives until the process exits (a command-line question: its
    books, their indexes, the encoder): moved out of the collector's sight (`gc.freeze`),
    so that neither the collection the end of a bulk load starts nor the one at the exit
    walks it all again (about 25 ms of a question's CPU, measured). Only for a process
    that is one command, never inside a longer-lived one (what is frozen is never
    collected)."""
    gc.freeze()
