"""The end-to-end cases of tests/text/test_search.py (tests/README.md)."""

from __future__ import annotations

from gcacw_ref.text.library import Library


def test_long_query(library: Library) -> None:
    assert library.search("延長行軍" * 10, limit=1)  # long but fine
    assert library.search("延長行軍" * 2500, limit=1)[0].section == "5.1"  # read from its start
