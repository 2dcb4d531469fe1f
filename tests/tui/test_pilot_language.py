"""Pilot tests: switching the language live (F8 and the palette), the choice kept in the
data directory, a corrupt settings file, and the language chosen at start."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.text import Text
from textual.widgets import Static, TabbedContent

from gcacw_ref import i18n
from gcacw_ref.settings import Settings, load_settings, save_settings
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.widgets import Choice, Field, FormLabel, StepsTable

from .conftest import run_async, settle

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def tab_labels(app: GcacwApp) -> list[str]:
    tabs = app.query_one("#tabs", TabbedContent)
    return [str(tabs.get_tab(t).label) for t in ("search", "rules", "calc", "charts")]


def steps_text(app: GcacwApp, name: str) -> str:
    table = app.query_one(f"#pane-{name}", CalcPane).query_one(StepsTable)
    return " ".join(
        str(table.get_option_at_index(i).prompt.text) for i in range(table.option_count)
    )


@run_async
async def test_f6_switches_every_screen_live_and_keeps_the_choice(snap_home: Path) -> None:
    app = GcacwApp(home=snap_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert tab_labels(app) == ["Search F2", "Rules F3", "Calculators F4", "Charts F5"]
        app.action_show_calc("odds")
        await settle(pilot)
        await pilot.press("ctrl+g")  # the rulebook's example
        await settle(pilot, pause=0.3)
        assert "Strength ratio modifier" in steps_text(app, "odds")
        app.action_open_rule("5.1", "practice")
        await settle(pilot)
        nav = str(app.query_one("#rule-nav", Static).render())
        assert "history 1/1" in nav

        await pilot.press("f8")
        await settle(pilot, pause=0.3)
        assert i18n.current_language() == "ja"
        assert tab_labels(app) == ["検索 F2", "ルール F3", "計算機 F4", "図表 F5"]
        assert "ヘルプ" in str(app.query_one("#hints", Static).render())
        assert "戦闘力比修正" in steps_text(app, "odds")
        assert "履歴 1/1" in str(app.query_one("#rule-nav", Static).render())
        calc_tabs = app.query_one("#calc-tabs", TabbedContent)
        assert str(calc_tabs.get_tab("calc-odds").label) == "戦闘力比"
        assert load_settings(snap_home) == (Settings(language="ja", game=None), None)

        await pilot.press("f8")
        await settle(pilot, pause=0.3)
        assert i18n.current_language() == "en"
        assert tab_labels(app)[0] == "Search F2"
        assert "Strength ratio modifier" in steps_text(app, "odds")
        saved = json.loads((snap_home / "settings.json").read_text())
        assert saved == {"language": "en"}  # no game chosen: none written


@run_async
async def test_palette_has_the_language_switch(snap_home: Path) -> None:
    app = GcacwApp(home=snap_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Language: 日本語 / English" in titles
        command = next(c for c in app.get_system_commands(app.screen) if "日本語" in c.title)
        command.callback()
        await settle(pilot)
        assert i18n.current_language() == "ja"
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "ルールを検索（F2）" in [c.help for c in app.get_system_commands(app.screen)]
        assert "検索" in titles


@run_async
async def test_corrupt_settings_give_defaults_and_a_notice(snap_home: Path) -> None:
    (snap_home / "settings.json").write_text("{not json", encoding="utf-8")
    bookmarks_before = sorted(p.name for p in snap_home.iterdir())
    settings, problem = load_settings(snap_home)
    assert settings == Settings() and problem and "settings.json" in problem
    app = GcacwApp(home=snap_home, settings_problem=problem)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert any("settings damaged" in str(n.message) for n in app._notifications)
        await pilot.press("f8")  # the next choice replaces the damaged file
        await settle(pilot)
    assert load_settings(snap_home) == (Settings(language="ja"), None)
    assert sorted(p.name for p in snap_home.iterdir()) == bookmarks_before


def test_settings_round_trip_and_bad_values(tmp_path: Path) -> None:
    assert load_settings(tmp_path) == (Settings(), None)
    save_settings(Settings(language="ja"), tmp_path)
    assert load_settings(tmp_path) == (Settings(language="ja"), None)
    (tmp_path / "settings.json").write_text('{"language": "klingon"}', encoding="utf-8")
    settings, problem = load_settings(tmp_path)
    assert settings == Settings() and problem and "klingon" in problem
    (tmp_path / "settings.json").write_text("[1, 2]", encoding="utf-8")
    assert load_settings(tmp_path)[0] == Settings()
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe")
    assert load_settings(tmp_path)[0] == Settings()


def test_saved_choice_ranks_after_flag_and_env_before_locale() -> None:
    env_ja = {"LANG": "ja_JP.UTF-8"}
    assert i18n.choose_language(None, "en", env_ja) == "en"  # saved beats the locale
    assert i18n.choose_language(None, None, env_ja) == "ja"
    assert i18n.choose_language(None, "en", {"GCACW_REF_LANG": "ja"}) == "ja"  # env beats saved
    assert i18n.choose_language("en", "ja", {"GCACW_REF_LANG": "ja"}) == "en"  # flag beats all
    assert i18n.choose_language(None, None, {"LANG": "fr_FR.UTF-8"}) == "en"  # unknown locale


@run_async
async def test_charts_and_help_follow_a_live_switch(snap_home: Path) -> None:
    app = GcacwApp(home=snap_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_tab("charts")
        await settle(pilot)
        title = app.query_one("#chart-title", Static)
        assert str(title.render()).startswith("Artillery — as in rule 7.4")
        await pilot.press("f8")
        await settle(pilot)
        assert str(title.render()).startswith("砲兵 — ルール7.4のとおり")
        await pilot.press("f1")
        await settle(pilot)
        from rich.console import Console

        from gcacw_ref.tui.screens import keys_table

        console = Console(width=100, record=True)
        console.print(keys_table())
        shown = console.export_text()
        assert "言語を切り替える" in shown and "どこでも" in shown and "キー" in shown


@run_async
async def test_calculator_validation_follows_a_live_switch(snap_home: Path) -> None:
    """A form's validation message is written in the language of the moment: after F8
    the message already shown and the field's hint change language without a rebuild."""
    from textual.widgets import Input

    from gcacw_ref.tui.calcs.base import field_hint

    from .conftest import clear_and_type

    app = GcacwApp(home=snap_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        field = app.query_one("#odds-attacker", Input)
        assert app.focused is field
        await clear_and_type(pilot, "abc")
        await settle(pilot)
        status = app.query_one("#odds-status", Static)
        assert "Attacker strength: a strength such as 17, 3 1/2" in str(status.content)
        assert field_hint(field).startswith("Accepts a strength such as 17")

        await pilot.press("f8")
        await settle(pilot, pause=0.3)
        shown = str(status.content)
        assert "攻撃側の戦闘力" in shown and "戦闘力（17、3 1/2、3.5、1/2 など）" in shown
        assert "a strength such as" not in shown
        assert "戦闘力（17、3 1/2、3.5、1/2 など）" in field_hint(field)
        assert "a strength" not in field_hint(field)


@run_async
async def test_f8_rewords_every_form_at_once(snap_home: Path) -> None:
    """After F8 every calculator form's labels, placeholders and choices, the legends and the
    search box speak the new language (a review found them English until a restart)."""
    app = GcacwApp(home=snap_home)
    async with app.run_test(size=(160, 45)) as pilot:
        await settle(pilot)
        for name in ("odds", "combat", "artillery", "flank", "march", "retreat", "move"):
            app.action_show_calc(name)
            await settle(pilot)
        labels = list(app.query(FormLabel))
        fields = [f for f in app.query(Field) if f.hint is not None]
        choices = list(app.query(Choice))
        english = [label.plain for label in labels]
        placeholders = [f.placeholder for f in fields]
        shown = [str(c.render()) for c in choices]
        assert len(labels) > 40 and len(fields) > 15 and len(choices) > 15

        await pilot.press("f8")
        await settle(pilot, pause=0.3)
        assert i18n.current_language() == "ja"
        ja = i18n.catalog("ja")
        assert [label.plain for label in labels] == [
            Text.from_markup(ja.gettext(label.msgid)).plain for label in labels
        ]
        assert [f.placeholder for f in fields] == [f.hint() for f in fields if f.hint]
        changed = sum(a != b.plain for a, b in zip(english, labels, strict=True))
        assert changed >= len(labels) - 3  # a label such as "MP" reads the same
        assert sum(a != f.placeholder for a, f in zip(placeholders, fields, strict=True)) > 10
        assert sum(a != str(c.render()) for a, c in zip(shown, choices, strict=True)) > 10
        assert "検索" in app.query_one("#search-input", Field).placeholder
