"""Reading a user's or a cache file: the bytes whole, no larger buffer than the file."""

from __future__ import annotations

import io
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref import paths
from gcacw_ref.errors import DataError


def test_a_small_file_under_a_large_limit_allocates_no_large_buffer(tmp_path: Path) -> None:
    path = tmp_path / "book.json"
    path.write_bytes(b"x" * 600_000)
    tracemalloc.start()
    try:
        data = paths.read_user_bytes(path, 256 * 1024 * 1024)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert data == b"x" * 600_000
    # the file's bytes and some room; it was 256 MB (the limit) before
    assert peak < 4 * 1024 * 1024


class _Growing(io.BytesIO):
    """A file whose size says less than it holds (a file growing while read, /proc)."""

    def fileno(self) -> int:
        raise io.UnsupportedOperation("no descriptor")


@settings(max_examples=200, deadline=None)
@given(size=st.integers(0, 3 * paths.READ_CHUNK + 5), limit=st.integers(0, 3 * paths.READ_CHUNK))
def test_read_limited_gives_the_first_limit_plus_one_bytes(size: int, limit: int) -> None:
    raw = (bytes(range(251)) * (size // 251 + 1))[:size]  # byte i is i % 251
    got = paths._read_limited(_Growing(raw), limit)
    assert got == raw[: limit + 1]


@pytest.mark.parametrize(("size", "limit"), [(0, 10), (10, 10), (11, 10), (5000, 10)])
def test_a_file_over_the_limit_is_refused_and_one_at_it_read(
    tmp_path: Path, size: int, limit: int
) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"a" * size)
    if size > limit:
        with pytest.raises(DataError, match="too large"):
            paths.read_user_bytes(path, limit)
    else:
        assert paths.read_user_bytes(path, limit) == b"a" * size
