"""Issue 30: calculator forms that start empty, one game, a fixed Tab order, and the same
answer as the command line.

Each pilot test types only the required inputs (as a player would, key by key) and checks
the pane's answer is the `--json` of `gcacw-ref calc NAME` with the same inputs as flags.
"""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input, Static

from gcacw_ref.calculators import CALCULATORS
from gcacw_ref.cli import main
from gcacw_ref.rules.charts import grids_for
from gcacw_ref.rules.io.notation import NO_CHOICE
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.charts_pane import ChartsPane, used_cells
from gcacw_ref.tui.widgets import Choice

from .conftest import clear_and_type, paste, run_async, settle, type_text

SIZE = (140, 45)
NAMES = list(CALCULATORS)


def pane(app: GcacwApp, name: str) -> CalcPane:
    return app.query_one(f"#pane-{name}", CalcPane)


def status(app: GcacwApp, name: str) -> str:
    return str(app.query_one(f"#{name}-status", Static).content)


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    """`gcacw-ref ... --json` run in this process: its parsed output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([*argv, "--json"]) == 0
    return json.loads(out.getvalue())


def pane_json(app: GcacwApp, name: str) -> Any:
    out = pane(app, name).output
    assert out is not None, status(app, name)
    return json.loads(out.model_dump_json())


async def open_pane(app: GcacwApp, pilot: Any, name: str) -> None:
    app.action_show_calc(name)
    await settle(pilot)


async def type_into(pilot: Any, app: GcacwApp, wid: str, text: str) -> None:
    app.query_one(f"#{wid}").focus()
    await pilot.pause()
    await clear_and_type(pilot, text)


async def choose(pilot: Any, app: GcacwApp, wid: str, key: str) -> None:
    """A letter on a choice jumps to the first option starting with it."""
    app.query_one(f"#{wid}").focus()
    await pilot.pause()
    await pilot.press(key)


@run_async
async def test_odds_typed_equals_cli(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f4")
        await settle(pilot)
        assert app.focused is not None and app.focused.id == "odds-attacker"
        assert pane(app, "odds").output is None  # nothing typed: nothing computed
        assert "Attacker strength" in status(app, "odds")
        await type_text(pilot, "17")
        await pilot.press("tab")
        await type_text(pilot, "9")
        await settle(pilot)
        assert pane_json(app, "odds") == cli_json(capsys, "calc", "odds", "17", "9")
        said = status(app, "odds")
        assert "Game: GTC" in said and "no defender entrenched" in said


@run_async
async def test_odds_bad_input_says_what_it_accepts(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, "odds")
        await type_into(pilot, app, "odds-defender", "9")
        await type_into(pilot, app, "odds-attacker", "abc")
        await settle(pilot)
        assert pane(app, "odds").output is None
        message = status(app, "odds")
        assert "Attacker strength" in message and "3 1/2" in message
        assert app.query_one("#odds-attacker", Input).has_class("-invalid")
        await clear_and_type(pilot, "3 1/2")
        await settle(pilot)
        assert pane(app, "odds").output.attacker_strength == Fraction(7, 2)


COMBAT_UNITS = "8 a1 t2, 6 a1 t1, 3 a1"


@run_async
async def test_combat_typed_equals_cli(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's case: 17 in three units with artillery against 9 in woods."""
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, "combat")
        await type_into(pilot, app, "combat-attackers", COMBAT_UNITS)
        await type_into(pilot, app, "combat-defenders", "9")
        await choose(pilot, app, "combat-defender_terrain", "w")
        await settle(pilot)
        flags = ["--attackers", COMBAT_UNITS, "--defenders", "9", "--terrain", "woods"]
        assert pane_json(app, "combat") == cli_json(capsys, "calc", "combat", *flags)
        said = status(app, "combat")
        for note in ("no attacking leader", "no flank bonus", "no dice", "an assault"):
            assert note in said
        # with the dice: the answer the issue computed by hand, not the example's
        await type_into(pilot, app, "combat-attacker_die", "3")
        await type_into(pilot, app, "combat-defender_die", "4")
        await settle(pilot)
        out = pane(app, "combat").output
        dice = ["--attacker-die", "3", "--defender-die", "4"]
        assert pane_json(app, "combat") == cli_json(capsys, "calc", "combat", *flags, *dice)
        assert (out.ratio.label, out.attacker_drm, out.differential) == ("1-1", 3, 2)
        assert out.attacker_result is not None and out.defender_result is not None
        assert (out.attacker_result.printed, out.defender_result.printed) == ("1Da", "1Dr")
        assert sum(Fraction(c.probability) for c in out.distribution) == 1
        # the charts light the cells this result used
        await pilot.press("f5")
        await settle(pilot)
        charts = app.query_one(ChartsPane)
        assert charts.last is not None and charts.last.attacker_column == "12-18"
        grid = next(g for g in grids_for("combat_chart") if g.key.endswith("attacker"))
        row = [r[0] for r in grid.rows].index("+2")
        assert used_cells(grid, charts.last) == {(row, grid.headers.index("12-18"))}


@run_async
async def test_artillery_typed_equals_cli(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, "artillery")
        assert app.focused is not None and app.focused.id == "artillery-attacker_artillery"
        await type_text(pilot, "8")
        await pilot.press("tab")
        await type_text(pilot, "2")
        await settle(pilot)
        assert pane(app, "artillery").output is None  # the terrain is still to be chosen
        await pilot.press("tab", "c")
        await settle(pilot)
        expected = cli_json(capsys, "calc", "artillery", "8", "2", "--terrain", "clear")
        assert pane_json(app, "artillery") == expected
        assert (expected["difference"], expected["modifier"]) == (6, 1)  # +5 to +7, clear


@run_async
async def test_flank_typed_equals_cli(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, "flank")
        app.query_one("#flank-hexes").focus()
        await pilot.press("1", "a", "2", "a", "3", "z", "4", "i", "5", "d")
        await type_into(pilot, app, "flank-defender_strength", "9")
        await settle(pilot)
        hexes = ["--hexes", "a, a, z, i, d, -"]
        assert pane_json(app, "flank") == cli_json(capsys, "calc", "flank", "9", *hexes)
        assert pane(app, "flank").output.blocked == 4
        # a strength in hex 3 below a quarter of the defender's unblocks it
        app.query_one("#flank-hexes").focus()
        await pilot.press("3")
        await type_into(pilot, app, "flank-hex-strength", "2")
        await settle(pilot)
        again = cli_json(capsys, "calc", "flank", "9", "--hexes", "a, a, z s2, i, d, -")
        assert pane_json(app, "flank") == again
        assert again["blocked"] == 3  # 2 * 4 < 9: the ZOC does not count (7.4)
        # c on the picture carries the modifier into the combat calculator
        app.query_one("#flank-hexes").focus()
        await pilot.press("c")
        await settle(pilot)
        value = app.query_one("#combat-flank_bonus", Input).value
        assert value == str(again["final_bonus"])


@run_async
async def test_march_typed_equals_cli(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = GcacwApp(home=home, player_game="RTG")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, "march")
        await choose(pilot, app, "march-side", "u")
        await type_into(pilot, app, "march-strength", "6")
        await type_into(pilot, app, "march-fatigue_before", "2")
        await choose(pilot, app, "march-exhausted", "y")
        await settle(pilot)
        flags = ["--side", "union", "--strength", "6", "--fatigue-before", "2", "--exhausted"]
        cli = cli_json(capsys, "--game", "RTG", "calc", "march", *flags)
        assert pane_json(app, "march") == cli
        assert cli["extended"] is True
        await type_into(pilot, app, "march-die", "6")
        await settle(pilot)
        cli = cli_json(capsys, "calc", "march", *flags, "--die", "6", "--game", "RTG")
        assert pane_json(app, "march") == cli
        # hand-worked: die 6 + modifier 2 = 8, organized column, "8 or more" row: D
        assert (cli["drm"], cli["result"]) == (2, "D")


@run_async
async def test_retreat_typed_equals_cli(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, "retreat")
        app.query_one("#retreat-hexes").focus()
        await pilot.press("1", "a", "r")
        await choose(pilot, app, "retreat-kind", "r")
        await type_into(pilot, app, "retreat-hex_number", "1")
        await settle(pilot)
        flags = ["retreat", "--hex-number", "1", "--hexes", "ar, -, -, -, -, -"]
        cli = cli_json(capsys, "calc", "retreat", *flags)
        assert pane_json(app, "retreat") == cli
        assert cli["table"] == 1 and cli["must_choose"] == [0]
        app.query_one("#retreat-hexes").focus()
        await pilot.press("1", "enter")  # into hex 1: the next hex of the retreat
        await settle(pilot)
        assert app.query_one("#retreat-hex_number", Input).value == "2"
        assert pane(app, "retreat").output.must_choose == [0, 1, 2, 3, 4, 5]


@run_async
async def test_move_typed_equals_cli(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, "move")
        await type_into(pilot, app, "move-map", "example")
        await choose(pilot, app, "move-side", "u")
        await choose(pilot, app, "move-kind", "i")
        await type_into(pilot, app, "move-strength", "6")
        app.query_one("#move-path").focus()
        await paste(pilot, "0101 0102 0201")
        await type_into(pilot, app, "move-movement_allowance", "8")
        await settle(pilot)
        flags = ["--map", "example", "--side", "union", "--kind", "infantry", "--strength", "6"]
        flags += ["--path", "0101 0102 0201", "--mp", "8"]
        cli = cli_json(capsys, "calc", "move", *flags)
        assert pane_json(app, "move") == cli
        assert cli["legal"] and Fraction(cli["cost"]) == 6  # hand-worked: two clear hexes at 3 MP
        app.query_one("#move-path").focus()
        await paste(pilot, "01x1")
        await settle(pilot)
        assert pane(app, "move").output is None
        assert "hex numbers like 0101" in status(app, "move")


def _start_value(widget: Any) -> str:
    return widget.value if isinstance(widget, Input | Choice) else ""


@pytest.mark.parametrize("name", NAMES)
@run_async
async def test_no_form_holds_a_value_the_player_did_not_enter(home: Path, name: str) -> None:
    """Every text field starts empty (an example is only a placeholder) and every choice at
    its rule default (or open); clearing (ctrl+l) after loading the example returns there."""
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, name)
        calc = pane(app, name)

        def state() -> dict[str, str]:
            out = {}
            for spec in calc.specs():
                widget = app.query_one(f"#{name}-{spec.key}")
                if isinstance(widget, Input):
                    assert widget.value == "", (spec.key, widget.value)
                else:
                    assert isinstance(widget, Choice)
                    start = {"bool": "yes" if spec.default else "no"}.get(spec.kind)
                    expected = start or (NO_CHOICE if spec.default is None else spec.default)
                    assert widget.value == str(expected), spec.key
                out[spec.key] = _start_value(widget)
            return out

        first = state()
        calc.action_load_example()
        await settle(pilot)
        if calc.output is not None:
            assert "example" in status(app, name)
        await pilot.press("ctrl+l")
        await settle(pilot)
        assert state() == first
        assert calc.output is None or not calc.example_loaded


@run_async
async def test_game_is_a_setting_shown_in_the_header(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "GTC" in app.sub_title
        app.set_player_game("OTR")
        await settle(pilot)
        assert "OTR" in app.sub_title
        await open_pane(app, pilot, "odds")
        await type_into(pilot, app, "odds-attacker", "17")
        await type_into(pilot, app, "odds-defender", "9")
        await settle(pilot)
        assert "Game: OTR" in status(app, "odds")
        assert pane(app, "odds").output.steps[0].args["game"] == "OTR"
    again = GcacwApp(home=home)  # kept as the setting
    assert again.player_game == "OTR"


@run_async
async def test_first_run_asks_for_the_game(home: Path) -> None:
    from gcacw_ref.tui.calcs.game_choice import GameScreen

    app = GcacwApp(home=home, ask_game=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        await pilot.press("down", "down", "enter")  # SJW, HCR, RTG
        await settle(pilot)
        assert app.player_game == "RTG"
    assert not GcacwApp(home=home, ask_game=True).ask_game  # asked once


@run_async
async def test_step_line_opens_its_rule(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_pane(app, pilot, "odds")
        calc = pane(app, "odds")
        calc.action_load_example()
        await settle(pilot)
        steps = app.query_one("#odds-steps")
        steps.focus()
        steps.highlighted = 2  # type: ignore[attr-defined]
        rule = calc.output.steps[2].rule
        await pilot.press("enter")
        await settle(pilot)
        from gcacw_ref.tui.browser import RulesPane

        assert app.query_one(RulesPane).view.section == rule


@run_async
async def test_palette_loads_the_example_into_a_form_not_yet_built(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.query_one("#calc-tabs").active = "calc-march"  # type: ignore[attr-defined]
        app.action_calc_form("load_example")
        await settle(pilot)
        calc = pane(app, "march")
        assert calc.example_loaded and calc.output is not None
        assert app.query_one("#march-strength", Input).value == "6"
        app.action_calc_form("clear_form")
        await settle(pilot)
        assert calc.output is None and app.query_one("#march-strength", Input).value == ""
