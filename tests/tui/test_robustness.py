"""Nothing a player types into a calculator field may crash the app or hit a bug path."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.widgets import parse_units

from .conftest import run_async, settle


def test_unit_lists_parse_or_say_why() -> None:
    assert parse_units("17 a2 t2, 3 1/2 d1 x c") == [
        {"artillery": 2, "tactical": 2, "strength": "17"},
        {"demoralized": 1, "organized": False, "cavalry": True, "strength": "3 1/2"},
    ]
    for bad, why in (("", "at least one unit"), ("a2", "no strength"), ("17 q", "cannot read")):
        try:
            parse_units(bad)
        except ValueError as exc:
            assert why in str(exc)
        else:  # pragma: no cover - the assertion documents the failure
            raise AssertionError(bad)


@run_async
async def test_one_damaged_book_does_not_hide_the_others(snap_home: Path) -> None:
    from textual.widgets import Static

    (snap_home / "books" / "broken.json").write_text("{", encoding="utf-8")
    app = GcacwApp(home=snap_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await settle(pilot)
        assert app.books.ids() == ["practice"]
        assert any("broken" in p for p in app.books.problems)
        status = str(app.query_one("#search-status", Static).content)
        assert "No rulebook imported yet" not in status


@run_async
async def test_only_a_damaged_book_says_so(snap_home: Path) -> None:
    from textual.widgets import Static

    (snap_home / "books" / "practice.json").write_text("{", encoding="utf-8")
    app = GcacwApp(home=snap_home)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await settle(pilot)
        status = str(app.query_one("#search-status", Static).content)
        assert "damaged" in status and "No rulebook imported yet" not in status
