"""Pilot tests for play at the table: the breakdown in one key, the rule beside the answer,
the folded game-specific combat fields, the quick reference, first run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import Collapsible, OptionList, Static

from gcacw_ref.reference import load_reference
from gcacw_ref.rules.io.combat import game_fields
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.quickref import QuickRefScreen
from gcacw_ref.tui.ruleside import RuleSide
from gcacw_ref.tui.widgets import Choice, StepsTable

from .conftest import run_async, settle, type_text

WIDE = (160, 45)
NARROW = (100, 30)


def steps(app: GcacwApp, name: str) -> StepsTable:
    return app.query_one(f"#{name}-steps", StepsTable)


async def open_calc(pilot: Any, name: str) -> None:
    """Open calculator `name` with the rulebook's example loaded (ctrl+g)."""
    pilot.app.action_show_calc(name)
    await settle(pilot)
    await pilot.press("ctrl+g")
    await settle(pilot)


@run_async
async def test_one_key_from_any_field_to_the_breakdown(app_home: Path) -> None:
    """F9 from any field of the combat form reaches the breakdown with its first line lit
    (before: up to 28 tabs, then ↓); enter then opens the cited rule at once."""
    app = GcacwApp(home=app_home)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        await open_calc(pilot, "combat")
        form = [
            w
            for w in app.query_one("#pane-combat .calc-form").query("*")
            if w.focusable and w.display
        ]
        main = app.query_one("#pane-combat", CalcPane).main_specs()
        assert len(form) >= len(main)  # every usual field is a stop of the form
        for field in (form[0], form[len(form) // 2], form[-1]):
            field.focus()
            await pilot.pause()
            presses = ["f9"]
            await pilot.press(*presses)
            await settle(pilot)
            table = steps(app, "combat")
            assert len(presses) == 1 and app.focused is table
            assert table.highlighted == 0
            await pilot.press("f9")  # and back to the field it came from
            await settle(pilot)
            assert app.focused is field
        await pilot.press("f9", "enter")
        await settle(pilot)
        assert app.query_one("#tabs").active == "rules"  # type: ignore[attr-defined]
        first = steps(app, "combat").steps[0].rule
        assert app.query_one("#rules-pane").view.section.startswith(first)  # type: ignore[attr-defined]


@run_async
async def test_back_from_the_rule_returns_to_the_same_field(app_home: Path) -> None:
    """Narrower than 140 columns: enter on a line opens the rule at its part; back (,)
    returns to the calculator, in the field the cursor was in."""
    app = GcacwApp(home=app_home)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        await open_calc(pilot, "artillery")
        app.query_one("#artillery-defender_terrain").focus()
        await pilot.press("f9")
        await settle(pilot)
        table = steps(app, "artillery")
        modifier = next(i for i, s in enumerate(table.steps) if s.label == "Artillery modifier")
        table.highlighted = modifier
        await pilot.press("enter")
        await settle(pilot)
        assert app.query_one("#rules-pane").view.section == "7.4#砲兵修正"  # type: ignore[attr-defined]
        await pilot.press("comma")
        await settle(pilot)
        assert app.query_one("#tabs").active == "calc"  # type: ignore[attr-defined]
        assert app.focused is not None and app.focused.id == "artillery-defender_terrain"


@run_async
async def test_rule_beside_the_answer_follows_the_lit_line(app_home: Path) -> None:
    """160 columns: the side pane shows the rule of the lit line, at the cited part."""
    app = GcacwApp(home=app_home)
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot)
        await open_calc(pilot, "combat")
        side = app.query_one("#combat-ruleside", RuleSide)
        assert side.region.width > 30
        await pilot.press("f9")
        await settle(pilot)
        table = steps(app, "combat")
        seen = {}
        for n, step in enumerate(table.steps):
            table.highlighted = n
            await settle(pilot)
            seen[step.label] = side.shown
        assert seen["Artillery modifier"] == "gcacw:7.4:7.4#砲兵修正"
        assert seen["Flank bonus"] == "gcacw:7.4:7.4#側面攻撃"
        assert seen["Strength ratio modifier"] == "gcacw:7.4:7.4#戦闘力比修正"
        assert str(seen["Attacker's total die modifier"]).startswith("gcacw:7.4:")
        # the cited part's heading is at the top of the pane, not the top of 7.4
        table.highlighted = next(
            i for i, s in enumerate(table.steps) if s.label == "Artillery modifier"
        )
        body = side.query_one("#side-body")
        for _ in range(50):  # the pane is rebuilt, laid out, then scrolled: wait for it
            await settle(pilot)
            if body.scroll_y > 0:
                break
        heading = next(w for w in body.query(Static) if str(w.content) == "砲兵修正")
        assert body.scroll_y > 0
        assert heading.region.y == body.region.y


@run_async
async def test_search_beside_the_calculator(app_home: Path) -> None:
    """ctrl+f on the calculators screen searches in the side pane and shows the hit there."""
    app = GcacwApp(home=app_home)
    async with app.run_test(size=WIDE) as pilot:
        await settle(pilot)
        await open_calc(pilot, "odds")
        await pilot.press("ctrl+f")
        assert app.focused is not None and app.focused.id == "side-search"
        await type_text(pilot, "延長行軍")
        await settle(pilot, pause=0.3)
        side = app.query_one("#odds-ruleside", RuleSide)
        assert side.shown is not None and side.shown.startswith("gcacw:5.1")
        assert app.query_one("#tabs").active == "calc"  # type: ignore[attr-defined]


@run_async
async def test_combat_folds_game_rules_and_shows_only_the_games(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        await open_calc(pilot, "combat")
        fold = app.query_one("#combat-more", Collapsible)
        assert fold.collapsed  # the usual combat shows no game-specific field
        for code in ("SJW", "OTR", "GTC", "RTG"):
            app.set_player_game(code)  # the player's game decides which are shown
            await settle(pilot)
            used = game_fields(code)
            for key in ("gunboat", "union_panic", "hooker_lost_confidence", "lee", "longstreet"):
                assert app.query_one(f"#combat-{key}").display == (key in used), (code, key)
        assert game_fields("SJW") == {"union_panic", "lee"}
        assert game_fields("OTR") == {"gunboat", "lee"}


@run_async
async def test_modifiers_line_names_every_modifier(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        await open_calc(pilot, "combat")
        out = app.query_one("#pane-combat", CalcPane).output
        line = str(app.query_one("#combat-summary", Static).content).split("\n")[2]
        # the example attack: hasty (-1), flank +2, tactical +1, artillery -1; total +1
        assert line.startswith("Modifiers attacker: ")
        for word in ("tactical +1", "artillery -1", "attack type -1", "flank +2"):
            assert word in line
        total = sum(out.attacker_modifiers.values()) + out.artillery_drm
        assert total == out.attacker_drm == 1


@run_async
async def test_quick_reference_lines_open_their_rule(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        await pilot.press("f7")
        await settle(pilot)
        assert isinstance(app.screen, QuickRefScreen)
        listing = app.screen.query_one("#quickref-list", OptionList)
        lines = sum(len(s.line) for s in load_reference().section)
        sections = len(load_reference().section)
        assert listing.option_count == lines + sections
        await pilot.press("down", "down", "enter")  # the third line: the initiative (4.2)
        await settle(pilot)
        assert not isinstance(app.screen, QuickRefScreen)
        assert app.query_one("#tabs").active == "rules"  # type: ignore[attr-defined]
        assert app.query_one("#rules-pane").view.section == "4.2"  # type: ignore[attr-defined]


@run_async
async def test_first_run_cursor_in_the_path_box(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        assert app.focused is not None and app.focused.id == "import-path"


@run_async
async def test_book_choice_passes_typed_letters_on(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=NARROW) as pilot:
        await settle(pilot)
        app.query_one("#search-book").focus()
        await pilot.press("w", "f")
        await settle(pilot)
        assert app.focused is not None and app.focused.id == "search-input"
        assert app.query_one("#search-input").value.endswith("wf")  # type: ignore[attr-defined]
        assert app.query_one("#search-book", Choice).value == "all books"
