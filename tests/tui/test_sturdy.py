"""The TUI under hostile files and terminals: refused writes keep the game and say why,
text from files and users is shown as text (never as markup), tiny terminals do not
crash, and a long paragraph opens at once."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.pane import GamePane

from .conftest import loaded_game_pane, run_async, settle
from .test_pilot_game import BOTS, SIZE


@run_async
async def test_a_refused_save_keeps_the_game_and_says_why(home: Path, tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("keep", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("right", "right")
        await settle(pilot)
        h = pane.history
        assert h is not None
        before = (h.last.state_hash(), h.cursor)
        for target in ("/dev/null", str(link), str(a_file / "x.json"), "bad\0name.json"):
            pane.save_to(target)
            await settle(pilot)
            assert app.is_running
            assert app.query_one(GamePane).history is h
            assert (h.last.state_hash(), h.cursor) == before
            assert pane.message and "Saved" not in pane.message, target
    assert real.read_text(encoding="utf-8") == "keep" and link.is_symlink()


@run_async
async def test_language_switch_with_settings_as_a_link_or_a_folder(
    home: Path, tmp_path: Path
) -> None:
    real = tmp_path / "dotfiles-settings.json"
    real.write_text('{"language": "en"}\n', encoding="utf-8")
    (home / "settings.json").symlink_to(real)
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_switch_language()
        await settle(pilot)
        assert app.is_running
    assert (home / "settings.json").is_symlink()
    assert json.loads(real.read_text("utf-8"))["language"] in ("ja", "en")
    os.unlink(home / "settings.json")
    (home / "settings.json").mkdir()
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_switch_language()
        await settle(pilot)
        assert app.is_running


# -- markup from files and users is shown as text ---------------------------------------

MARKUP = "Errata [/] 2024 [@click=app.quit]quit[/] [b]x"
PRACTICE = (Path(__file__).with_name("data") / "practice_rules.txt").read_text("utf-8")
BOOK = (
    MARKUP
    + "\n"
    + PRACTICE.split("\n", 1)[1]
    + "\n10.0 規則 [gcacw] [/]\nこの部隊は [@click=app.quit]Click[/] を押しても何も起きない。\n"
)


def _shown(widget: object) -> str:
    """The text a Static shows (after any markup was read)."""
    from gcacw_ref.tui.lazytext import LazyText

    if isinstance(widget, LazyText):
        return widget.text.plain
    content = widget.content  # type: ignore[attr-defined]
    text = getattr(content, "text", content)  # a KinsokuText wraps a Text
    if isinstance(text, str):  # read as markup by the widget: what it shows
        return str(getattr(widget.visual, "plain", ""))  # type: ignore[attr-defined]
    return str(text.plain)


@run_async
async def test_markup_in_files_and_typed_text_is_shown_as_text(home: Path, tmp_path: Path) -> None:
    from textual.widgets import Static, Tree

    from gcacw_ref.settings import load_settings
    from gcacw_ref.text.library import Library

    book = tmp_path / "[b]odd[@click=app.quit] name.txt"
    book.write_text(BOOK, encoding="utf-8")
    Library(home=home).import_book(book, book_id="odd")
    (home / "books" / "[red]bad[@click=app.quit].json").write_text("{", encoding="utf-8")  # damaged
    (home / "settings.json").write_text('{"language": "[/]"}', encoding="utf-8")
    _settings, problem = load_settings(home)
    assert problem is not None
    app = GcacwApp(home=home, settings_problem=problem)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await settle(pilot)
            if app.books.ready:
                break
        await pilot.press("f3")
        await settle(pilot)
        tree = app.query_one("#toc", Tree)
        labels = [str(node.label) for node in tree.root.children]
        assert any(MARKUP in label and "[odd]" in label for label in labels), labels
        app.action_open_rule("10.0", "odd")
        rule_text = app.query_one("#rule-text", Static)
        for _ in range(20):
            await settle(pilot)
            if _shown(rule_text):
                break
        assert "[@click=app.quit]Click[/]" in _shown(rule_text)
        app.import_book(str(tmp_path / "[@click=app.quit]missing[b].txt"))
        await settle(pilot)
        await settle(pilot)
        app.import_book(str(book))
        for _ in range(20):
            await settle(pilot)
        assert app.is_running
        notes = list(app._notifications)
        assert notes and all(not n.markup for n in notes)
        texts = " ".join(n.message for n in notes)
        assert "[@click=app.quit]missing[b]" in texts and "[red]bad[@click=app.quit]" in texts
        assert "[/]" in texts and MARKUP in texts
    assert app.return_code in (None, 0)


@run_async
async def test_markup_in_a_typed_save_path_is_shown_as_text(home: Path, tmp_path: Path) -> None:
    from textual.widgets import Static

    app = GcacwApp(home=home, game=BOTS)
    async with app.run_test(size=SIZE) as pilot:
        pane = await loaded_game_pane(pilot)
        target = str(tmp_path / "no-such-folder[/]" / "[@click=app.quit]x.json")
        pane.save_to(target)
        await settle(pilot)
        assert app.is_running
        assert "[@click=app.quit]x.json" in _shown(app.query_one("#game-status", Static))
        pane.history = None
        pane.report("[/] [@click=app.quit]y")
        await settle(pilot)
        assert "[@click=app.quit]y" in _shown(app.query_one("#game-status", Static))
        assert all(not n.markup for n in app._notifications)


# -- tiny terminals -----------------------------------------------------------------------


# -- a rule of one long paragraph ----------------------------------------------------------


async def _open_long_rule(tmp_path: Path, monkeypatch: object, size: int) -> dict[str, int]:
    """Open a rule of one paragraph of `size` characters; the work done before it shows."""
    from gcacw_ref import layout
    from gcacw_ref.text.library import Library
    from gcacw_ref.tui import browser, lazytext

    para = ("部隊は道路に沿って移動する。7.4 を見よ。Units march on. " * (size // 20 + 1))[:size]
    tmp_path.mkdir()
    book = tmp_path / "long.txt"
    book.write_text(PRACTICE + "\n10.0 長い規則\n" + para + "\n", encoding="utf-8")
    home = tmp_path / "home"
    Library(home=home).import_book(book, book_id="long")
    work = {"wrapped": 0, "linked": 0, "drawn": 0, "last": 0}
    spans_of, draw, links_of = layout.line_spans, lazytext.LazyText.render_line, browser.link_spans

    def counted_spans(text: str, width: int) -> list[tuple[int, int]]:
        work["wrapped"] += len(text)
        return spans_of(text, width)

    def counted_links(text: str, cites: set[str], book: str, start: int, end: int) -> object:
        work["linked"] += end - start
        return links_of(text, cites, book, start, end)

    def counted_draw(self: lazytext.LazyText, y: int) -> object:
        work["drawn"] += 1
        work["last"] = max(work["last"], y)
        return draw(self, y)

    monkeypatch.setattr(lazytext, "line_spans", counted_spans)  # type: ignore[attr-defined]
    monkeypatch.setattr(browser, "link_spans", counted_links)  # type: ignore[attr-defined]
    monkeypatch.setattr(lazytext.LazyText, "render_line", counted_draw)  # type: ignore[attr-defined]
    app = GcacwApp(home=home)
    async with app.run_test(size=(140, 40)) as pilot:
        for _ in range(40):
            await settle(pilot)
            if app.books.ready:
                break
        app.action_open_rule("10.0", "long")
        await settle(pilot)
        text = app.query_one("#rule-text", lazytext.LazyText)
        assert text.text.plain == para.rstrip()
        assert "7.4" in app.query_one("#rule-links").get_option_at_index(0).prompt.plain
        shown = text.line_text(0, text.content_size.width)
        assert [s.style.meta for s in shown.spans if s.style.meta]  # type: ignore[union-attr]
        assert text.virtual_region.height > size // 100  # every line is there to scroll to
        work["height"] = text.virtual_region.height
        # the end is there too, drawn when it is scrolled to
        app.query_one("#rule-body").scroll_end(animate=False)
        await settle(pilot)
        await settle(pilot)
        last = text.virtual_region.height - 1
        assert text.line_text(last, text.content_size.width).plain
        assert para.rstrip().endswith(text.line_text(last, text.content_size.width).plain)
    return work


@run_async
async def test_a_long_paragraph_opens_wrapping_and_linking_only_what_is_near_the_screen(
    tmp_path: Path, monkeypatch: object
) -> None:
    """The work is counted, not timed: before the rule shows, at most a fixed number of
    characters are wrapped and searched for citations, whatever the paragraph's length
    (before, all of it was, and before that every line was rendered on every layout)."""
    from gcacw_ref.tui.lazytext import EAGER, PIECE

    for size in (300_000, 1_000_000):
        work = await _open_long_rule(tmp_path / str(size), monkeypatch, size)
        # opened, then scrolled to the end: the first pieces, and those at the end
        assert work["wrapped"] <= EAGER + 4 * PIECE, work
        assert work["linked"] <= 6 * PIECE, work
        assert work["drawn"] <= 8 * 40, work


@run_async
async def test_the_choices_title_is_drawn_as_text(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The choices box's title names the deciding units, whose names come from the
    scenario file (any file a player opens): a name holding markup is drawn as written,
    never styled or dropped."""
    from gcacw_ref.tui.game import choices as choices_module
    from gcacw_ref.tui.game.dialogs import GameOptions

    monkeypatch.setattr(choices_module, "choices_title", lambda _h: "Union: [b]Odd[/b] (2/I)")
    app = GcacwApp(home=home, game=GameOptions("harrow", 1, "human", "heuristic"))
    async with app.run_test(size=(160, 45)) as pilot:
        pane = await loaded_game_pane(pilot)
        await pilot.press("end", "right")
        await settle(pilot)
        assert pane._choices  # noqa: SLF001 - a person's decision is showing
        shown = app.export_screenshot().replace("&#160;", " ")  # what the terminal draws
        assert "[b]Odd[/b]" in shown
