"""`bulk_load` pauses the cyclic garbage collector and gives it back as it found it."""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator

import pytest

from gcacw_ref.gcpause import bulk_load


@pytest.fixture(autouse=True)
def _collector_on() -> Iterator[None]:
    gc.enable()
    yield
    gc.enable()


def test_paused_inside_and_back_after_even_on_error() -> None:
    with bulk_load():
        assert not gc.isenabled()
        with bulk_load():  # nested
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(ValueError), bulk_load():
        raise ValueError
    assert gc.isenabled()


def test_a_collector_turned_off_by_the_program_stays_off() -> None:
    gc.disable()
    with bulk_load():
        pass
    assert not gc.isenabled()


def test_loads_in_two_threads_share_one_pause() -> None:
    inside, release = threading.Event(), threading.Event()

    def other() -> None:
        with bulk_load():
            inside.set()
            release.wait(30)

    worker = threading.Thread(target=other)
    worker.start()
    assert inside.wait(30)
    with bulk_load():
        pass
    assert not gc.isenabled()  # the other thread's load is still under way
    release.set()
    worker.join(30)
    assert gc.isenabled()
