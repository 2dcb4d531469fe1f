"""A rule and its own named sub-heading must not both show the same passage."""

from __future__ import annotations

import pytest

from gcacw_ref.text.library import Library


@pytest.mark.parametrize("query", ["flank attack", "側面攻撃", "延長行軍", "grand assault"])
def test_no_repeated_snippets(library: Library, query: str) -> None:
    hits = library.search(query, limit=8)
    keys = [(h.book, h.section, h.snippet) for h in hits]
    assert len(keys) == len(set(keys)), keys
    assert len(hits) == 8


def test_anchor_hit_kept_over_its_parent(library: Library) -> None:
    top = library.search("側面攻撃", book="gcacw", limit=3)[0]
    assert (top.section, top.anchor, top.ref) == ("7.4", "側面攻撃", "7.4#側面攻撃")
