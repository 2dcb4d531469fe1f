"""A search answer that a newer search replaced is dropped: worker threads cannot be
stopped, so the answer for the same words over all books may arrive after the answer for
one book (seen as a flaky pilot test under load). And a question is not asked twice when
the books' list arrives after it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input

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


@run_async
async def test_a_question_asked_as_the_books_open_is_searched_once(practice_home: Path) -> None:
    """A question asked between the books opening and their list shown (the bench asks at
    once) was asked again by the list: its first answer dropped, the search paid twice."""
    app = GcacwApp(home=practice_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        pane = app.query_one(SearchPane)
        box = pane.query_one("#search-input", Input)
        with box.prevent(Input.Changed):
            box.value = "march"
        pane.run_search("march")  # asked the moment the books opened
        asks = pane._asks
        app._books_loaded(False)  # then their list arrives: the question is not asked again
        assert pane._asks == asks
        app._books_loaded()  # after an import adds a book it is, over the new book too
        assert pane._asks == asks + 1
        with box.prevent(Input.Changed):
            box.value = "retreat"  # typed while the books loaded, never asked: asked now
        app._books_loaded(False)
        assert pane._asks == asks + 2 and pane._asked == "retreat"
        await settle(pilot, pause=0.3)
