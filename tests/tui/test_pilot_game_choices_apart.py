"""No two choices of a list read the same on screen (issue 42: "Garrick (…y) → Birch
(2/I)" twice at 160 columns, several identical on a phone): every choice list of a
harrow game (either side's, the bots playing), drawn at the choices box's own width at
80x24 and 160x45, in English and Japanese. The quick tier walks the first turn; the
whole game is the end-to-end tier's (`test_every_choice_list_of_a_whole_game`)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.widgets import OptionList

from gcacw_ref import i18n
from gcacw_ref.game.play.api import load_scenario
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game import pane as pane_module
from gcacw_ref.tui.game.choiceline import ChoiceLine
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.view import choice_options

from .conftest import loaded_game_pane, run_async, settle

SIZES = ((80, 24), (160, 45))
BOTS = {"union": "heuristic", "confederate": "heuristic"}


def box_width(home: Path, size: tuple[int, int], lang: str) -> int:
    """The width the choices box gives a choice at `size`, read off the screen, where a
    choice line is checked to be drawn as `ChoiceLine.rows` draws it."""
    widths: list[int] = []

    @run_async
    async def body() -> None:
        app = GcacwApp(home=home, game=GameOptions("harrow", 1, "human", "heuristic"))
        async with app.run_test(size=size) as pilot:
            pane = await loaded_game_pane(pilot)
            for _ in range(3000):
                if pane.autoplay is None and not pane.busy:
                    break
                await settle(pilot, pause=0.002)
            box = pane.query_one("#game-choices", OptionList)
            width = box.scrollable_content_region.width
            option = box.get_option_at_index(box.highlighted or 0)
            assert isinstance(option.prompt, ChoiceLine)
            rows = option.prompt.rows(app.console, width)
            y = box.highlighted or 0  # the first choice's rows, at the top of the box
            drawn = [box.render_line(y + i).text.rstrip(" │▂▇▅▆▄▃▁█") for i in range(len(rows))]
            assert drawn == [r.plain.rstrip() for r in rows]
            widths.append(width)

    i18n.set_language(lang)
    try:
        pane_module.SPEEDS = (0.001,) * 6
        body()
    finally:
        pane_module.SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1, 0.05)
        i18n.set_language("en")
    return widths[0]


def drawn(option_prompt: object, width: int) -> str:
    console = Console(width=width, color_system=None, file=io.StringIO(), legacy_windows=False)
    with console.capture() as out:
        console.print(option_prompt)
    return out.get()


def walk(turns: int, widths: dict[str, list[int]]) -> int:
    """Every choice list of the bots' harrow game up to the end of turn `turns`, drawn at
    each width in each language; two choices drawn alike fail. The lists seen."""
    h = History.new(load_scenario("harrow"), 1, BOTS)
    seen = 0
    while not h.last.over and h.last.turn <= turns:
        h.go(len(h.stops) - 1)
        legal = h.legal()
        if len(legal) > 1:
            seen += 1
            for lang, sizes in widths.items():
                i18n.set_language(lang)
                try:
                    prompts = [o.prompt for o in choice_options(h, legal) if o and not o.disabled]
                finally:
                    i18n.set_language("en")
                for width in sizes:
                    shown = [drawn(p, width) for p in prompts]
                    alike = {s for s in shown if shown.count(s) > 1}
                    assert not alike, (h.last.turn, lang, width, sorted(alike)[:2])
                    assert not any("…" in s for s in shown)
        action, by = h.bot_choice()
        h.play(action, by=by)
    return seen


@pytest.fixture(scope="module")
def widths(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[int]]:
    home = tmp_path_factory.mktemp("choices-home")
    return {lang: [box_width(home, size, lang) for size in SIZES] for lang in ("en", "ja")}


def test_every_choice_list_of_harrows_first_turn_reads_apart(
    widths: dict[str, list[int]],
) -> None:
    assert walk(1, widths) > 100
