"""Nothing a player types into a calculator field may crash the app or hit a bug path."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.tui.app import CALC_PANES, GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.widgets import Field, parse_units

from .conftest import run_async, settle

NASTY = ["", "-1", "1/0", "½", "３", "nan", "9" * 25, "17 d3", "🙂"]


@run_async
async def test_every_field_survives_odd_input(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=(140, 45)) as pilot:
        await settle(pilot)
        for cls in CALC_PANES:
            app.action_show_calc(cls.NAME)
            await settle(pilot)
            pane = app.query_one(f"#pane-{cls.NAME}", CalcPane)
            assert pane.output is None and pane.absent, cls.NAME  # empty: nothing computed
            pane.action_load_example()
            await settle(pilot)
            assert pane.output is not None, f"{cls.NAME} example input: {pane.error}"
            for field in list(pane.query(Field)):
                original = field.value
                for text in NASTY:
                    field.value = text
                    pane.recalc()
                    done = pane.output is not None or pane.error or pane.absent
                    assert done, (cls.NAME, field.id, text)
                    assert "internal error" not in (pane.error or ""), (field.id, text, pane.error)
                field.value = original
            pane.recalc()
            assert pane.output is not None


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
