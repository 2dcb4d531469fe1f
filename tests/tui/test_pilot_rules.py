"""Pilot tests: searching, opening rules, links, history, bookmarks, find, first run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Static, TabbedContent

from gcacw_ref.text.library import Library
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.screens import ConfirmScreen, HelpScreen
from gcacw_ref.tui.search import SearchPane

from .conftest import clear_and_type, paste, run_async, settle, type_query, type_text

SIZE = (140, 45)


def rules(app: GcacwApp) -> RulesPane:
    return app.query_one(RulesPane)


def active_tab(app: GcacwApp) -> str:
    return str(app.query_one("#tabs", TabbedContent).active)


def hits(app: GcacwApp) -> list[object]:
    return app.query_one(SearchPane)._hits


@pytest.mark.warm_up
@run_async
async def test_search_as_a_player(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        # the cursor starts in the search box, every book is there
        assert app.focused is not None and app.focused.id == "search-input"
        assert active_tab(app) == "search"
        assert app.books.ids() == ["gcacw", "brandywine", "wftu"]
        # a Japanese term: results as we type, the defining rule first, enter opens it
        await type_query(pilot, "延長行軍")
        assert app.query_one("#search-results", OptionList).option_count > 0
        assert hits(app)[0].section == "5.1"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert active_tab(app) == "rules"
        view = rules(app).view
        assert (view.book, view.section, view.title) == ("gcacw", "5.1", "行軍")
        head = str(app.query_one("#rule-head", Static).content)
        assert "5.1" in head and "行軍" in head
        # enter pressed before the results arrive opens the best one when they do
        await pilot.press("f2")
        await clear_and_type(pilot, "強行軍")
        await pilot.press("enter")
        await settle(pilot, pause=0.3)
        assert active_tab(app) == "rules" and rules(app).view.section == "5.1"
        # an English term through the glossary; down then enter opens the first result
        await pilot.press("f2")
        await paste(pilot, "flank attack")
        await settle(pilot, pause=0.3)
        found = [h.section for h in hits(app)[:3]]  # type: ignore[attr-defined]
        assert "7.4" in found
        await pilot.press("down", "enter")
        await settle(pilot)
        assert rules(app).view.section == found[0]
        # a full-width rule number jumps straight to the rule
        await pilot.press("f2")
        await clear_and_type(pilot, "７．４")
        await settle(pilot, pause=0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert (rules(app).view.book, rules(app).view.section) == ("gcacw", "7.4")
        # an unknown number leaves everything as it was
        await pilot.press("f2")
        await paste(pilot, "99.9")
        await settle(pilot, pause=0.3)
        await pilot.press("enter")
        await settle(pilot)
        assert active_tab(app) == "search" and rules(app).view.section == "7.4"
        # one book only: tab to the book choice, right arrow picks the next book
        await paste(pilot, "退却")
        await pilot.press("tab", "right")
        await settle(pilot, pause=0.3)
        assert app.query_one(SearchPane).book_filter == "gcacw"
        assert hits(app) and {h.book for h in hits(app)} == {"gcacw"}  # type: ignore[attr-defined]


@run_async
async def test_browse_links_history_find_register(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_open_rule("7.6", "gcacw")
        await settle(pilot)
        cites = rules(app).view.cites
        assert cites, "7.6 cites other rules"
        # follow the first link from the keyboard, then back and forward
        await pilot.press("l", "enter")
        await settle(pilot)
        assert rules(app).view.section == cites[0]
        await pilot.press("comma")
        await settle(pilot)
        assert rules(app).view.section == "7.6"
        await pilot.press("full_stop")
        await settle(pilot)
        assert rules(app).view.section == cites[0]
        # a click on a citation runs this action
        await app.run_action(f"app.open_rule({cites[-1]!r}, 'gcacw')")
        await settle(pilot)
        assert rules(app).view.section == cites[-1]
        # next, previous, parent
        app.action_open_rule("7.4", "gcacw")
        await settle(pilot)
        for key, expected in (("n", "7.5"), ("p", "7.4"), ("u", "7.0")):
            await pilot.press(key)
            await settle(pilot)
            assert rules(app).view.section == expected
        # find in rule
        app.action_open_rule("7.4", "gcacw")
        await settle(pilot)
        await pilot.press("ctrl+f")
        await type_text(pilot, "砲兵")
        await settle(pilot)
        count = sum(p.count("砲兵") for p in rules(app)._paragraphs)
        assert count > 1
        assert f"1/{count}" in str(app.query_one("#find-status", Static).content)
        await pilot.press("enter")
        await settle(pilot)
        assert f"2/{count}" in str(app.query_one("#find-status", Static).content)
        await pilot.press("escape")
        await settle(pilot)
        assert not app.query_one("#find-bar").display
        # register entries are shown on the rules they touch (6.2: the ferry penalty)
        app.action_open_rule("6.2", "gcacw")
        await settle(pilot)
        register = app.query_one("#rule-register", Static)
        assert register.display and "ferry" in str(register.content).lower()
        # help lists the keys
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)
        titles = {c.title for c in app.get_system_commands(app.screen)}
    for needed in (
        "Search",
        "Rule browser",
        "Charts",
        "Help: keys",
        "Bookmarks",
        "Import a rulebook",
        "Rule: back",
        "Rule: find",
        "Calculator: Odds column",
        "Calculator: Combat",
        "Calculator: Artillery",
        "Calculator: Flank",
        "Calculator: March",
        "Calculator: Retreat",
        "Calculator: Move",
        "Flank result into combat",
    ):
        assert needed in titles


@run_async
async def test_bookmark_persists_and_opens(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_open_rule("9.0", "gcacw")
        await settle(pilot)
        await pilot.press("m")
        await settle(pilot)
    saved = json.loads((app_home / "bookmarks.json").read_text(encoding="utf-8"))
    assert saved["bookmarks"][0]["section"] == "9.0"
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("ctrl+b")
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert rules(app).view.section == "9.0"


@run_async
async def test_corrupt_bookmark_file_is_kept_aside(app_home: Path) -> None:
    (app_home / "bookmarks.json").write_text("{not json", encoding="utf-8")
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.bookmarks.problem and "could not be read" in app.bookmarks.problem
        assert app.bookmarks.items == []
        assert (app_home / "bookmarks.json.bad").read_text(encoding="utf-8") == "{not json"
        assert active_tab(app) == "search"


@run_async
async def test_first_run_explains_and_imports_by_path(home: Path, seeds: dict[str, Path]) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.query_one("#welcome").display
        field = app.query_one("#import-path", Input)
        field.focus()
        field.value = str(seeds["gcacw"])  # as if pasted
        await pilot.press("enter")
        await settle(pilot)
        await settle(pilot)
        assert app.books.ids() == ["gcacw"]
        assert not app.query_one("#welcome").display
        app.action_open_rule("5.1")
        await settle(pilot)
        assert rules(app).view.section == "5.1"
        # ctrl+o asks for a path in a dialog
        await pilot.press("ctrl+o")
        await settle(pilot)
        dialog = app.screen.query_one("#import-dialog-path", Input)
        assert app.focused is dialog
        dialog.value = str(seeds["wftu"])
        await pilot.press("enter")
        await settle(pilot)
        await settle(pilot)
        assert app.books.ids() == ["gcacw", "wftu"]


@run_async
async def test_broken_data_directory_still_opens(tmp_path: Path) -> None:
    home = tmp_path / "broken"
    home.mkdir()
    (home / "books").write_text("not a folder", encoding="utf-8")
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert active_tab(app) == "search"
        assert "⚠" in str(app.query_one("#search-status", Static).content)
        await pilot.press("f4")
        await settle(pilot)
        await pilot.press("ctrl+g")  # the rulebook's example: computed
        await settle(pilot)
        assert app.query_one("#pane-odds").output is not None


@run_async
async def test_an_import_that_would_replace_a_book_asks_first(
    home: Path, seeds: dict[str, Path]
) -> None:
    """Issue 41: a file recognised as a stored book's id is imported only after the
    player confirms; "n" keeps the stored book as it is, "y" replaces it."""
    Library(home=home).import_book(seeds["wftu"], book_id="gcacw")
    stored = (home / "books" / "gcacw.json").read_bytes()
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.import_book(str(seeds["gcacw"]))
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert not isinstance(app.screen, ConfirmScreen)
        assert (home / "books" / "gcacw.json").read_bytes() == stored
        app.import_book(str(seeds["gcacw"]))
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await settle(pilot)
        await settle(pilot)
        assert (home / "books" / "gcacw.json").read_bytes() != stored
        assert app.books.infos[0].kind == "gcacw"
