"""Touch (the app served to a browser, `GCACW_REF_TOUCH=1`), at a phone's width: no text on
screen names a key a phone lacks (escape, enter, tab, an F-key, ctrl+…, arrows, a letter to
press), in English and in Japanese.

The walk visits every main screen and every calculator (blank, with its example, each
field's hint, its breakdown), searches, opens a rule and its find bar, steps the game and
opens each of its dialogs, asks the board, and opens the app's dialogs; after each step it
reads the whole screen as drawn (the screenshot's text). The palette's entries are read
from the app's command list (more than a screen holds).

Left out, and why: the help screen's table of keys (titled "for a keyboard" on a touch
screen: the one place that lists keys on purpose).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.widgets import Input

from gcacw_ref import i18n
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.fields import field_hint
from gcacw_ref.tui.game.dialogs import DiceDialog
from gcacw_ref.tui.game.legend import legend
from gcacw_ref.tui.game.view import status_line
from gcacw_ref.tui.screens import ConfirmScreen, HelpScreen
from gcacw_ref.tui.tabs import CALC_PANES
from gcacw_ref.tui.touchkit import ENV_VAR

from .conftest import bot_history, loaded_game_pane, run_async, settle, until_still

PHONE = (45, 40)
CELL_PX = 20 * 0.61  # a cell's width in Rich's SVG: its line height times the font's aspect
KEY_WORDS = re.compile(
    r"(?i:\b(?:escape|esc|ctrl|shift|alt\+\w+|(?<![-\w])F\d{1,2}(?!-))\b|\benter\b(?! \d{4}))"
    r"|\^[a-z]\b|[(（][a-zA-Z][)）]|(?<![\w.])[a-zA-Z](?:: |：)|エスケープ|エンター|タブキー"
    r"|←→|→←|↑ ?↓|[→←](?:[:：]| lets| steps|で)|left/right|up/down|(?<!\w)tab(?: field| to| key)"
)
"""A key named: by its name, as a chord (^p), a letter in brackets or before a colon, an
arrow pair."""


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def screen_lines(app: GcacwApp) -> list[str]:
    """The screen's rows as drawn, each piece of text at its cell (read from the
    screenshot, which writes a row's text as pieces at their cell times `CELL_PX`)."""
    svg = app.export_screenshot()
    rows: dict[int, list[tuple[int, str]]] = {}
    pattern = r'<text [^>]*x="([\d.]+)"[^>]*clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>([^<]*)<'
    for x, row, text in re.findall(pattern, svg):
        piece = html.unescape(text).replace("\xa0", " ")
        rows.setdefault(int(row), []).append((round(float(x) / CELL_PX), piece))
    lines = []
    for _row, pieces in sorted(rows.items()):
        line = ""
        for cell, piece in sorted(pieces):
            line += " " * max(0, cell - cell_len(line)) + piece
        lines.append(line)
    return lines


class Walk:
    """What the walk saw: each row naming a key, with where it was seen."""

    def __init__(self, app: GcacwApp, pilot: Pilot[int]) -> None:
        self.app, self.pilot = app, pilot
        self.found: list[str] = []
        self.seen = 0

    def check(self, where: str, lines: list[str]) -> None:
        for line in lines:
            self.seen += 1
            if KEY_WORDS.search(line):
                self.found.append(f"{where}: {line.strip()}")

    async def look(self, where: str, pause: float = 0.0) -> list[str]:
        await settle(self.pilot, pause)
        lines = screen_lines(self.app)
        self.check(where, lines)
        return lines

    async def run(self, action: str, where: str, pause: float = 0.0) -> list[str]:
        await self.app.run_action(action)
        return await self.look(where, pause)

    async def dialog(self, action: str, where: str) -> None:
        """Open a dialog by `action`, look at it, close it."""
        depth = len(self.app.screen_stack)
        await self.run(action, where)
        assert len(self.app.screen_stack) > depth, where
        self.app.pop_screen()
        await settle(self.pilot)


async def walk_search_and_rules(walk: Walk, app: GcacwApp) -> None:
    search = app.query_one("#search-input", Input)
    for query in ("移動", "7.4", "zzzzqqq"):
        search.value = query
        await walk.look(f"search {query}", pause=0.4)
    await walk.dialog("bookmarks", "bookmarks")
    await walk.run("show_tab('rules')", "rules, no rule open")
    await walk.run("open_rule('6.2')", "rule 6.2")
    await walk.run("touch('rules', 'find')", "find bar")
    app.query_one("#find-input", Input).value = "ユニット"
    lines = await walk.look("find bar with matches", pause=0.2)
    assert any(i18n._("✕ close") in line for line in lines), "\n".join(lines)
    app.query_one("#find-input", Input).value = "zzzzqqq"
    await walk.look("find bar, no match", pause=0.2)
    await walk.run("touch('rules', 'close_find')", "find bar closed")
    await walk.run("toggle_contents", "contents")
    await walk.run("toggle_contents", "contents closed")


async def walk_calculators(walk: Walk, app: GcacwApp) -> None:
    for pane_type in CALC_PANES:
        name = pane_type.NAME
        await walk.run(f"show_calc({name!r})", f"calculator {name}", pause=0.2)
        pane = app.query_one(f"#pane-{name}", CalcPane)
        for field in pane.query("*"):
            if (field.id or "").startswith(f"{name}-") and (hint := field_hint(field)):
                walk.check(f"calculator {name}, hint of {field.id}", [hint])
        await walk.run("calc_form('load_example')", f"calculator {name}, example", pause=0.3)
        await walk.run("touch('calc', 'breakdown')", f"calculator {name}, breakdown")


async def walk_game(walk: Walk, app: GcacwApp) -> None:
    await walk.run("show_tab('game')", "game")
    pane = await loaded_game_pane(walk.pilot)
    await until_still(walk.pilot, pane)
    await walk.look("game, the person's decision")
    steps = ("step(1)", "undo", "overlay_zoc", "overlay_reach", "overlay_clear")
    for action in (*steps, "map_compact", "legend", "legend", "map_compact"):
        await walk.run(f"touch('game', {action!r})", f"game, {action}")
    await walk.run("touch('game', 'jump_log')", "game, the log's event")
    await walk.run("touch('game', 'step(-1)')", "game, back")
    for action in ("save", "open", "new_game"):
        await walk.dialog(f"touch('game', {action!r})", f"game dialog {action}")
    await walk.run("touch('game', 'table_dice')", "game, dice typed at the table")
    app.push_screen(DiceDialog(2, ["7.1"], "the attack", []))
    await walk.look("game dialog: the dice rolled at the table")
    app.pop_screen()


async def walk_board_and_dialogs(walk: Walk, app: GcacwApp) -> None:
    await walk.run("show_tab('board')", "board")
    board_words = ["attack", "patch", "union", "select", "feature", "attack_type", "kind"]
    for what in [*board_words, "fatigue", "leader", "rout", "new"]:
        await walk.run(f"touch('board', \"do('{what}')\")", f"board {what}")
    await walk.run("show_tab('charts')", "charts")
    for action in ("quick_reference", "choose_game", "import_book"):
        await walk.dialog(action, action)
    await app.run_action("help")  # the table of keys: not read (see above)
    await settle(walk.pilot)
    assert isinstance(app.screen, HelpScreen)
    assert i18n._("Keys (for a keyboard)") in "\n".join(screen_lines(app))
    app.pop_screen()
    app.push_screen(ConfirmScreen("?", "replace it?"))
    await walk.look("a yes/no question")
    app.pop_screen()
    commands = list(app.get_system_commands(app.screen))
    walk.check("palette", [f"{c.title} · {c.help}" for c in commands])
    assert len(commands) > 40


@pytest.mark.parametrize("lang", ["en", "ja"])
@run_async
async def test_no_text_on_a_touch_screen_names_a_key(
    lang: str, app_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV_VAR, "1")
    i18n.set_language(lang)
    app = GcacwApp(home=app_home)
    async with app.run_test(size=PHONE) as pilot:
        walk = Walk(app, pilot)
        await walk.look("start", pause=0.3)
        await walk_search_and_rules(walk, app)
        await walk_calculators(walk, app)
        await walk_game(walk, app)
        await walk_board_and_dialogs(walk, app)
    assert walk.seen > 1000
    assert walk.found == [], "\n".join(walk.found)


def test_the_key_words_are_found() -> None:
    named = [
        "escape = close",
        "enter: next",
        "F9 breakdown",
        "Search the rules (F2)",
        "ctrl+o",
        "^p palette",
        "Replace (y)",
        "置き換える（y）",
        "R: rule 7.4",
        "m：全体",
        "move it with ↑ ↓ first",
        "left/right or space to change",
        "tab field",
        "enter: open rule 7.4",
        "エスケープで閉じる",
        "→: the bot decides",
        "→でゲームを進める",
    ]
    assert [text for text in named if not KEY_WORDS.search(text)] == []
    plain = [
        "[6.1] enter 0102 (clear)",
        "Game: table dice",
        "next ›",
        "✕ close",
        "7.4 Retreat",
        "A=attacker",
        "→ 9.0 cited",
        "1-1",
        "a tap opens",
        "Table",
    ]
    assert [text for text in plain if KEY_WORDS.search(text)] == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_game_status_names_no_key_on_a_touch_screen(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's status lines the walk does not meet: the set-up, and a bot waiting at the
    latest event to be told to go on (▶ on the bar; → at a keyboard)."""
    monkeypatch.setenv(ENV_VAR, "1")
    i18n.set_language(lang)
    start = status_line(bot_history(0), "", False, 0, False, False, False).plain
    h = bot_history(3)
    h.go(len(h.stops) - 1)
    waiting = status_line(h, "", False, 0, False, False, False).plain
    assert "▶" in start and "▶" in waiting
    walk_lines = [*start.split("\n"), *waiting.split("\n")]
    assert [line for line in walk_lines if KEY_WORDS.search(line)] == []
    monkeypatch.delenv(ENV_VAR)
    at_a_keyboard = status_line(h, "", False, 0, False, False, False).plain
    assert KEY_WORDS.search(at_a_keyboard), at_a_keyboard


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_map_legend_names_no_key_on_a_touch_screen(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The legend is longer than a phone's panel (the walk sees its first lines): all of it,
    read here, tells the touch bar's words in place of the keys."""
    monkeypatch.setenv(ENV_VAR, "1")
    i18n.set_language(lang)
    lines = legend().plain.split("\n")
    assert [line for line in lines if KEY_WORDS.search(line)] == []
    assert any(line.startswith(i18n._("Taps")) for line in lines)
    overlays = next(line for line in lines if line.startswith(i18n._("Overlays")))
    assert i18n._("ZOC") in overlays and i18n._("reach") in overlays, overlays
    monkeypatch.delenv(ENV_VAR)
    at_a_keyboard = legend().plain
    assert KEY_WORDS.search(at_a_keyboard), at_a_keyboard
