"""A search answer that a newer search replaced is dropped: worker threads cannot be
stopped, so the answer for the same words over all books may arrive after the answer for
one book (seen as a flaky pilot test under load)."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.text.models import Hit
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.search import SearchPane

from .conftest import paste, run_async, settle


def hit(book: str) -> Hit:
    return Hit(book=book, section="1.0", title="t", score=1.0, snippet="s")


@run_async
async def test_an_answer_overtaken_by_a_newer_search_is_dropped(practice_home: Path) -> None:
    app = GcacwApp(home=practice_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = app.query_one(SearchPane)
        await paste(pilot, "march")
        await settle(pilot, pause=0.3)
        ask = pane._asks
        pane._answered(ask - 1, "march", [hit("stale")], None)  # an older search's answer
        assert [h.book for h in pane._hits] != ["stale"]
        pane._answered(ask, "march", [hit("fresh")], None)  # the newest search's answer
        assert [h.book for h in pane._hits] == ["fresh"]
