"""The app on a touch screen, in a real Chromium (Playwright), at a phone's size (412x915)
and a tablet's (1180x820), in English and in Japanese: by taps and swipes only.

- The page and every answer carry a Content-Security-Policy with `frame-ancestors 'none'`.
- A phone's rows are at least 36 px tall (a finger's target).
- A tap elsewhere than a text field leaves xterm's hidden textarea with inputmode="none"
  (no on-screen keyboard); a tap on a text field turns it to "text". A field that has the
  cursor without a tap (the search box at the start, a dialog's path field) leaves it "none".
- A swipe scrolls the result list, a rule, a calculator's form and its answer: a piece of
  text is found higher on screen after the finger moved up. The form is swiped on the phone
  only: on the tablet at the page's own font (131x39 cells) no calculator's form is longer
  than its pane (each of the seven, with its example, in both languages, was measured at
  that size), so there is nothing to scroll; the combat answer with the example is (by 38
  rows in English, 35 in Japanese), and that is swiped at both sizes.
- On the phone every calculator is a word to tap (the tab strip would hide the last ones):
  a tap on the last, Move, shows its form.
- A sideways swipe pans the game map; the game's table dice ask through a dialog with OK and
  Cancel buttons, and no hint on screen names escape; the palette lists the game's actions.
- The language chosen in one tab holds after a reload and in a new tab.
- A socket that drops comes back to the same app, where it was (the text typed is still
  there); each tab's game is autosaved to a file of its own (a new tab starts its own game).

Screenshots are kept under `test-artefacts/browser/touch-*` (see `test_browser.py`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gcacw_ref.bench.browser import WAIT_S, Screen, Served, browser_context, start_server
from gcacw_ref.i18n import catalog
from gcacw_ref.settings import Settings, save_settings
from gcacw_ref.text.library import Library
from tests.e2e.serve.test_browser import _browser, artefacts

PHONE = {"width": 412, "height": 915}
TABLET = {"width": 1180, "height": 820}
QUESTION = "移動"  # many results: the list is longer than the screen
HIT = re.compile(r"^  (\d+\.\d+(?:\.\d+)?)  ")  # a result's first line: its rule number


@pytest.fixture(scope="module")
def touch_home(seeds: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("touch-home")
    Library(home=home).import_book(seeds["gcacw"])
    return home


@pytest.fixture
def lang_server(touch_home: Path, request: pytest.FixtureRequest) -> Iterator[Served]:
    """A server whose apps read the language from settings.json (none is forced)."""
    lang = str(request.param)
    save_settings(Settings(game="GTC", language=lang), touch_home)
    shutil.rmtree(touch_home / "games" / "autosave", ignore_errors=True)  # one a tab
    env = dict(os.environ, GCACW_REF_LANG="")
    server = start_server(touch_home, "--max-sessions", "3", env=env)
    try:
        yield server
    finally:
        server.stop()


def t(lang: str, text: str) -> str:
    return catalog(lang).gettext(text) if lang == "ja" else text


def moved_up(before: list[str], after: list[str]) -> bool:
    """Whether some text, alone on its row before, is alone again on a higher row after."""
    for row, text in enumerate(before):
        if len(text.strip()) < 4 or before.count(text) != 1 or after.count(text) != 1:
            continue
        if after.index(text) < row:
            return True
    return False


def swipe_up(screen: Screen, anchor: str, after_row: int = 0, rows: int = 6) -> None:
    """A finger put on `anchor` and moved `rows` rows up; the text beside it must move up."""
    row, col = screen.find(anchor, after_row)
    first, last = max(0, col - 4), col + 14
    before = screen.columns(first, last)
    screen.swipe(row, col + 1, -rows)
    screen.settle()
    after = screen.columns(first, last)
    assert moved_up(before, after), "\n".join(["before:", *before, "after:", *after])


def inputmode(screen: Screen) -> str:
    return str(
        screen.page.evaluate(
            "document.querySelector('.xterm-helper-textarea').getAttribute('inputmode')"
        )
    )


def wait_class(screen: Screen, name: str, present: bool) -> None:
    """Wait until the page's body has (or no longer has) class `name` (no string is
    evaluated in the page: its policy forbids it)."""
    deadline = time.monotonic() + WAIT_S
    js = "(name) => document.body.classList.contains(name)"
    while bool(screen.page.evaluate(js, name)) != present:
        assert time.monotonic() < deadline, f"body class {name} never {present}"
        time.sleep(0.02)


def tap_bar(screen: Screen, lang: str, word: str) -> None:
    """Tap `word` on the touch bar (its lines start with the help word)."""
    screen.tap(word, after_row=screen.find(t(lang, "? help"))[0])


def tap_tab(screen: Screen, label: str, shown: str, after_row: int = 2) -> None:
    """Tap a tab's label until its page shows `shown`: on a heavily loaded machine (three
    test suites on two cores) a tap on a calculator's tab, made as the tab strip was drawn,
    once left the first calculator on show. A tab tapped twice is still that tab."""
    for _ in range(2):
        screen.tap(label, after_row=after_row)
        try:
            screen.wait_for(shown, timeout=10.0)
            return
        except AssertionError:
            continue
    screen.tap(label, after_row=after_row)
    screen.wait_for(shown)


def shot(screen: Screen, name: str) -> None:
    screen.page.screenshot(path=str(artefacts() / f"touch-{name}.png"))


@pytest.mark.parametrize("lang_server", ["en", "ja"], indirect=True)
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_app_by_touch_alone(lang_server: Served, size: str) -> None:
    executable = _browser()
    served = lang_server
    lang = json.loads((served.home / "settings.json").read_text(encoding="utf-8"))["language"]
    name = f"{size}-{lang}"
    with browser_context(PHONE if size == "phone" else TABLET, executable) as context:
        page = context.new_page()
        answer = page.goto(served.url)
        assert answer is not None
        policy = answer.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
        screen = Screen(page)
        screen.wait_for(t(lang, "? help"), t(lang, "≡ menu"))
        if size == "phone":
            assert screen.row_height() >= 36, screen.row_height()
        screen.settle()
        assert inputmode(screen) == "none"  # the search box has the cursor, untapped

        # no keyboard for a tap on a tab; a tap on the search box asks for one
        screen.tap(t(lang, "Rules"), after_row=1)
        screen.settle()
        assert inputmode(screen) == "none"
        screen.tap(t(lang, "Search"), after_row=1)
        placeholder = t(lang, "Search rules: 日本語 / English / a rule number (7.4)")
        screen.tap(placeholder[:6], after_row=3)
        screen.settle()
        assert inputmode(screen) == "text"
        screen.type(QUESTION)
        screen.wait_for("6.2")
        swipe_up(screen, "6.2")  # the result list
        shot(screen, f"{name}-results")

        # a rule, opened by a tap on a result still in sight
        lines = screen.text().split("\n")
        number = next(m.group(1) for line in lines if (m := HIT.match(line)))
        screen.tap(number + "  ", after_row=3)
        screen.wait_for(number + " ", t(lang, "parent"))
        screen.settle()
        assert inputmode(screen) == "none"
        row, col = screen.find(number + " ")  # the rule's title; its text below it
        cells = screen.columns(col, col + 12)
        anchor = next(c.strip()[:5] for c in cells[row + 3 :] if len(c.strip()) > 6)
        swipe_up(screen, anchor, row + 3, rows=2)
        shot(screen, f"{name}-rule")

        # a calculator: its form and its answer
        screen.tap(t(lang, "Calc"), after_row=1)
        if size == "phone":  # the last calculator, past the edge of a tab strip
            # (shown: the move form's first label)
            tap_tab(screen, " " + t(lang, "Move") + " ", t(lang, "Map file or id")[:3])
        tap_tab(screen, " " + t(lang, "Combat") + " ", "9 a2 t2")  # the form's placeholders
        screen.settle(quiet=1.0)
        tap_bar(screen, lang, t(lang, "example"))
        screen.wait_for("17 a2 t2", "1-1")  # the example's attackers, its odds
        if size == "phone":  # the form (on the tablet it fits its pane: nothing to scroll)
            swipe_up(screen, "17 a2 t2", 2, rows=2)
        swipe_up(screen, "1-1", 4, rows=2)  # the answer
        shot(screen, f"{name}-calc")

        # a socket that drops comes back to the same app, as it was
        shown = screen.settle()
        opened: list[str] = []
        page.on("websocket", lambda ws: opened.append(ws.url))
        page.evaluate("window.gcacwClient.socket.close(3001)")  # as a lost network does
        wait_class(screen, "-reconnecting", True)
        wait_class(screen, "-reconnecting", False)
        assert len(opened) == 1 and "resume=" in opened[0]
        deadline = time.monotonic() + WAIT_S
        while screen.settle() != shown and time.monotonic() < deadline:
            time.sleep(0.1)
        assert screen.settle() == shown

        # the game: a sideways swipe pans the map
        screen.tap(t(lang, "Game"), after_row=1)
        row, col = screen.find("0101", after_row=3)
        assert "0101" in screen.columns(0, col + 6)[row]
        screen.swipe(row, col + 20, 0, -20)
        screen.settle()
        assert "0101" not in screen.columns(0, col + 6)[row], screen.text()
        shot(screen, f"{name}-map")

        # the palette lists the game's actions; a dialog answers to its buttons
        tap_bar(screen, lang, t(lang, "≡ menu"))
        screen.wait_for("🔎")
        screen.settle()
        screen.type(t(lang, "Game: table dice")[:8], one_by_one=True)
        screen.wait_for(t(lang, "Game: table dice"))
        screen.page.keyboard.press("Escape")
        screen.wait_gone(t(lang, "Game: table dice"))
        tap_bar(screen, lang, t(lang, "⋯ more"))
        tap_bar(screen, lang, t(lang, "⋯ more"))
        tap_bar(screen, lang, t(lang, "save"))
        text = screen.wait_for(t(lang, "OK"), t(lang, "Cancel"))
        assert "escape" not in text and "enter" not in text
        screen.settle()
        assert inputmode(screen) == "none"  # the dialog's path field: no keyboard untapped
        shot(screen, f"{name}-dialog")
        screen.tap(t(lang, "OK"), after_row=3)
        screen.wait_for(t(lang, "Saved to {path}").split("{")[0].strip())

        # a decision, autosaved: a new tab (a new app) opens the game where it was
        tap_bar(screen, lang, t(lang, "⋯ more"))  # back to the first page of the bar
        tap_bar(screen, lang, " ▶ ")  # to the first decision
        screen.wait_gone("0/1")
        box, left = screen.find("╭", after_row=3)
        screen.tap_cell(box + 1, left + 5)  # its first choice, by a tap
        screen.wait_gone("╭")
        status = screen.settle().split("\n")[3]
        (autosave,) = (served.home / "games" / "autosave").glob("*.json")  # this tab's
        kept = json.loads(autosave.read_text(encoding="utf-8"))
        assert len(kept["actions"]) >= 1
        second = Screen(context.new_page())  # another tab: a game of its own, not the first's
        second.page.goto(served.url)
        second.wait_for(t(lang, "? help"))
        second.tap(t(lang, "Game"), after_row=1)
        second.wait_for("0101")
        assert status.strip()[:30] not in second.settle()
        assert len(list((served.home / "games" / "autosave").glob("*.json"))) == 2

        # the language switched in one tab holds after a reload and in a new tab
        other = "ja" if lang == "en" else "en"
        tap_bar(second, lang, t(lang, "日本語/EN"))
        second.wait_for(t(other, "? help"))
        second.page.reload()
        second.wait_for(t(other, "? help"), t(other, "≡ menu"))
        third = Screen(context.new_page())
        third.page.goto(served.url)
        third.wait_for(t(other, "? help"), t(other, "≡ menu"))
        shot(third, f"{name}-new-tab")
