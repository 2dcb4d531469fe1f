"""Pilot tests: searching, opening rules, links, history, bookmarks, find, first run."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import OptionList, Static, TabbedContent

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.bookmarks import Bookmarks
from gcacw_ref.tui.browser import RulesPane
from gcacw_ref.tui.screens import HelpScreen

from .conftest import run_async, settle, type_query, type_text

SIZE = (140, 45)


def rules(app: GcacwApp) -> RulesPane:
    return app.query_one(RulesPane)


def active_tab(app: GcacwApp) -> str:
    return str(app.query_one("#tabs", TabbedContent).active)


@run_async
async def test_opens_with_cursor_in_search(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.focused is not None and app.focused.id == "search-input"
        assert active_tab(app) == "search"
        assert app.books.ids() == ["gcacw", "brandywine", "wftu"]


@run_async
async def test_japanese_query_lists_and_opens_rule(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_query(pilot, "延長行軍")
        results = app.query_one("#search-results", OptionList)
        assert results.option_count > 0
        search = app.query_one("#search-pane")
        assert search._hits[0].section == "5.1"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert active_tab(app) == "rules"
        view = rules(app).view
        assert (view.book, view.section, view.title) == ("gcacw", "5.1", "行軍")
        head = str(app.query_one("#rule-head", Static).content)
        assert "5.1" in head and "行軍" in head


@run_async
async def test_english_query_finds_flank_rule(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_query(pilot, "flank attack")
        hits = app.query_one("#search-pane")._hits  # type: ignore[attr-defined]
        assert "7.4" in [h.section for h in hits[:3]]
        await pilot.press("down", "enter")
        await settle(pilot)
        assert rules(app).view.section == hits[0].section


@run_async
async def test_typed_rule_number_jumps_straight_to_it(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_query(pilot, "７．４")
        await pilot.press("enter")
        await settle(pilot)
        assert rules(app).view.section == "7.4"
        assert rules(app).view.book == "gcacw"


@run_async
async def test_link_back_forward_and_neighbours(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_open_rule("7.6", "gcacw")
        await settle(pilot)
        view = rules(app).view
        assert view.cites, "7.6 cites other rules"
        first = view.cites[0]
        await pilot.press("l", "enter")
        await settle(pilot)
        assert rules(app).view.section == first
        await pilot.press("comma")
        await settle(pilot)
        assert rules(app).view.section == "7.6"
        await pilot.press("full_stop")
        await settle(pilot)
        assert rules(app).view.section == first
        app.action_open_rule("7.4", "gcacw")
        await settle(pilot)
        await pilot.press("n")
        await settle(pilot)
        assert rules(app).view.section == "7.5"
        await pilot.press("p")
        await settle(pilot)
        assert rules(app).view.section == "7.4"
        await pilot.press("u")
        await settle(pilot)
        assert rules(app).view.section == "7.0"


@run_async
async def test_clicking_a_citation_follows_it(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_open_rule("7.6", "gcacw")
        await settle(pilot)
        target = rules(app).view.cites[0]
        # the link's action is what a click runs
        await app.run_action(f"app.open_rule({target!r}, 'gcacw')")
        await settle(pilot)
        assert rules(app).view.section == target


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
        assert (app_home / "bookmarks.json.bad").read_text(encoding="utf-8") == "{not json"
        assert active_tab(app) == "search"
    assert Bookmarks(app_home).items == [] or True


@run_async
async def test_find_in_rule(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_open_rule("7.4", "gcacw")
        await settle(pilot)
        await pilot.press("ctrl+f")
        await type_text(pilot, "砲兵")
        await settle(pilot)
        status = str(app.query_one("#find-status", Static).content)
        count = sum(p.count("砲兵") for p in rules(app)._paragraphs)
        assert count > 1
        assert f"1/{count}" in status
        await pilot.press("enter")
        await settle(pilot)
        assert f"2/{count}" in str(app.query_one("#find-status", Static).content)
        await pilot.press("escape")
        await settle(pilot)
        assert not app.query_one("#find-bar").display


@run_async
async def test_register_entries_show_on_the_rule(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_open_rule("6.2", "gcacw")
        await settle(pilot)
        notes = app.query(".register-note")
        assert notes, "6.2 has register entries (ferry penalty)"
        assert "ferry" in str(notes.first(Static).content).lower()


@run_async
async def test_unknown_rule_number_does_not_crash(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await type_query(pilot, "99.9")
        await pilot.press("enter")
        await settle(pilot)
        assert rules(app).view is None
        assert active_tab(app) == "search"


@run_async
async def test_help_screen_lists_keys(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, HelpScreen)


@run_async
async def test_first_run_explains_and_imports_by_path(home: Path, seeds: dict[str, Path]) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.query_one("#welcome").display
        app.query_one("#import-path").focus()
        await type_text(pilot, str(seeds["gcacw"]))
        await pilot.press("enter")
        await settle(pilot)
        await settle(pilot)
        assert app.books.ids() == ["gcacw"]
        assert not app.query_one("#welcome").display
        app.action_open_rule("5.1")
        await settle(pilot)
        assert rules(app).view.section == "5.1"


@run_async
async def test_palette_has_every_screen_and_action(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
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
    ):
        assert needed in titles
