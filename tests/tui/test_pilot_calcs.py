"""Pilot tests: every calculator driven from the keyboard; the numbers shown are the
calculator module's `run()` result on the same input, and match hand-worked values."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from textual.widgets import Input, Static

from gcacw_ref.calculators import calculator
from gcacw_ref.rules.charts import grids_for
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.charts_pane import ChartsPane, used_cells

from .conftest import clear_and_type, paste, run_async, settle

SIZE = (140, 45)


def pane(app: GcacwApp, name: str) -> CalcPane:
    return app.query_one(f"#pane-{name}", CalcPane)


def shown(app: GcacwApp, name: str) -> str:
    return str(app.query_one(f"#{name}-summary", Static).content)


def status(app: GcacwApp, name: str) -> str:
    return str(app.query_one(f"#{name}-status", Static).content)


def run(name: str, data: dict[str, Any]) -> Any:
    module = calculator(name)
    return module.run(module.Input.model_validate(data))


async def open_calc(pilot: Any, presses: int) -> None:
    """F4 opens the calculators; each further F4 moves to the next one."""
    await pilot.press(*["f4"] * presses)
    await settle(pilot)


@run_async
async def test_odds_from_keyboard(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_calc(pilot, 1)
        assert app.focused is not None and app.focused.id == "odds-attacker"
        await clear_and_type(pilot, "30")
        await pilot.press("tab")
        await clear_and_type(pilot, "9")
        await settle(pilot)
        out = pane(app, "odds").output
        expected = run("odds", {"attacker": 30, "defender": 9})
        assert out == expected
        # hand-worked: 30 against 9 is 3.33 to 1, rounded down to 3-1, which gives +2
        assert (out.ratio, out.drm) == ("3-1", 2)
        assert (out.attacker_column, out.defender_column) == ("27-37", "7-11")
        text = shown(app, "odds")
        assert "Ratio 3-1" in text and "Die modifier +2" in text
        steps = app.query_one("#odds-steps")
        assert steps.option_count == len(out.steps)


@run_async
async def test_odds_bad_input_says_what_it_accepts(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_calc(pilot, 1)
        await clear_and_type(pilot, "abc")
        await settle(pilot)
        assert pane(app, "odds").output is None
        message = status(app, "odds")
        assert "Attacker strength" in message and "3 1/2" in message
        assert app.query_one("#odds-attacker", Input).has_class("-invalid")
        await clear_and_type(pilot, "3 1/2")
        await settle(pilot)
        assert pane(app, "odds").output.attacker_strength == "3 1/2"


@run_async
async def test_combat_example_and_distribution(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_calc(pilot, 2)
        out = pane(app, "combat").output
        expected = run(
            "combat",
            {
                "game": "OTR",
                "action": "march",
                "attack_type": "hasty",
                "attackers": [{"strength": 17, "artillery": 2, "tactical": 2}],
                "attacker_leader_tactical": 4,
                "defenders": [{"strength": 9, "artillery": 2, "tactical": 2}],
                "defender_leader_tactical": 3,
                "defender_terrain": "rolling",
                "hexside": "none",
                "flank_bonus": 2,
                "rain": False,
                "dice": {"attacker": 5, "defender": 2},
            },
        )
        assert out == expected
        # hand-worked: ratio 1-1 (0), tactical 4-3 (+1), artillery 2-2 in rolling (-1),
        # hasty (-1), flank (+2): attacker +1; 5+1 against 2+0 is +4 -> 1fa / 1DR
        assert (out.ratio, out.attacker_drm, out.defender_drm) == ("1-1", 1, 0)
        assert (out.differential, out.attacker_result, out.defender_result) == (4, "1fa", "1DR")
        assert sum(Fraction(c.probability) for c in out.distribution) == 1
        assert "attacker 1fa · defender 1DR" in shown(app, "combat")
        # change the attacker's die from the keyboard
        app.query_one("#combat-attacker_die").focus()
        await clear_and_type(pilot, "1")
        await settle(pilot)
        assert pane(app, "combat").output.differential == 0
        # the charts light the cells this result used
        await pilot.press("f5")
        await settle(pilot)
        charts = app.query_one(ChartsPane)
        assert charts.last is not None and charts.last[0] == "combat"
        grid = next(g for g in grids_for("combat_chart") if g.key.endswith("attacker"))
        cells = used_cells(grid, *charts.last)
        row = [r[0] for r in grid.rows].index("0")
        assert cells == {(row, grid.headers.index("12-18"))}


@run_async
async def test_combat_bad_units_named(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_calc(pilot, 2)
        app.query_one("#combat-attackers").focus()
        await clear_and_type(pilot, "17 q2")
        await settle(pilot)
        assert pane(app, "combat").output is None
        assert status(app, "combat").startswith("⚠ Attackers: unit 1: cannot read 'q2'")


@run_async
async def test_artillery_from_keyboard(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_calc(pilot, 3)
        assert app.focused is not None and app.focused.id == "artillery-attacker_artillery"
        out = pane(app, "artillery").output
        assert (out.difference, out.modifier) == (3, 0)  # +2 to +4 in clear: NE
        await clear_and_type(pilot, "8")
        await settle(pilot)
        out = pane(app, "artillery").output
        assert out == run(
            "artillery",
            {"attacker_artillery": 8, "defender_artillery": 2, "defender_terrain": "clear"},
        )
        assert (out.difference, out.modifier) == (6, 1)  # +5 to +7 in clear: +1
        assert "Modifier +1" in shown(app, "artillery")


@run_async
async def test_flank_hex_picture_from_keyboard(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_calc("flank")
        await settle(pilot)
        app.query_one("#flank-hexes").focus()
        await pilot.press("1", "a", "2", "a", "3", "z", "4", "i", "5", "d")
        await settle(pilot)
        out = pane(app, "flank").output
        neighbors: list[dict[str, Any]] = [
            {"attacker_unit": True},
            {"attacker_unit": True},
            {"attacker_zoc": "normal"},
            {"impassable": True},
            {"defender_unit": True},
            {},
        ]
        expected = run(
            "flank",
            {
                "neighbors": neighbors,
                "defender_strength": 9,
                "game": "GTC",
                "attacker_side": "union",
            },
        )
        assert out == expected
        assert out.blocked == 4
        # a strength in hex 3 below a quarter of the defender's unblocks it
        app.query_one("#flank-hexes").focus()
        await pilot.press("3")
        app.query_one("#flank-hex-strength").focus()
        await clear_and_type(pilot, "2")
        await settle(pilot)
        neighbors[2]["strength"] = "2"
        again = run(
            "flank",
            {
                "neighbors": neighbors,
                "defender_strength": 9,
                "game": "GTC",
                "attacker_side": "union",
            },
        )
        assert pane(app, "flank").output == again
        assert again.blocked == 3  # 2 * 4 < 9: the ZOC does not count (7.4)
        # c on the picture carries the modifier into the combat calculator
        app.query_one("#flank-hexes").focus()
        await pilot.press("c")
        await settle(pilot)
        combat = pane(app, "combat")
        assert app.query_one("#combat-flank_bonus", Input).value == str(again.final_bonus)
        assert combat.output is not None


@run_async
async def test_march_extended_and_die(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_calc("march")
        await settle(pilot)
        base = {
            "game": "RTG",
            "side": "union",
            "strength": 6,
            "fatigue_before": 2,
            "exhausted": True,
        }
        out = pane(app, "march").output
        assert out == run("march", base)
        assert out.extended is True
        app.query_one("#march-die").focus()
        await clear_and_type(pilot, "6")
        await settle(pilot)
        out = pane(app, "march").output
        assert out == run("march", {**base, "die": 6})
        # hand-worked: die 6 + modifier 2 = 8, organized column, "8 or more" row: D
        assert out.drm == 2 and out.result == "D"
        assert "Result D" in shown(app, "march")


@run_async
async def test_retreat_picture_steps_along_the_retreat(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_calc("move")
        await settle(pilot)
        await pilot.press("f4")  # F4 on the last calculator wraps round to the first
        await settle(pilot)
        assert app.focused is not None and app.focused.id == "odds-attacker"
        app.action_show_calc("retreat")
        await settle(pilot)
        app.query_one("#retreat-hexes").focus()
        await pilot.press("1", "a", "r")
        await settle(pilot)
        out = pane(app, "retreat").output
        neighbors = [{"farther": True, "road": True}] + [{} for _ in range(5)]
        full = [
            {
                "prohibited": False,
                "active_enemy": False,
                "enemy_units": False,
                "enemy_zoc": False,
                "road": False,
                "friendly_units": False,
                "farther": False,
                **n,
            }
            for n in neighbors
        ]
        expected = run("retreat", {"kind": "retreat", "hex_number": 1, "neighbors": full})
        assert out == expected
        assert out.table == 1 and out.must_choose == [0]
        assert out.options[0].priority == 1
        await pilot.press("1", "enter")
        await settle(pilot)
        assert app.query_one("#retreat-hex_number", Input).value == "2"
        assert pane(app, "retreat").output.must_choose == [0, 1, 2, 3, 4, 5]


@run_async
async def test_step_line_opens_its_rule(app_home: Path) -> None:
    app = GcacwApp(home=app_home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await open_calc(pilot, 1)
        steps = app.query_one("#odds-steps")
        steps.focus()
        steps.highlighted = 2  # type: ignore[attr-defined]
        rule = pane(app, "odds").output.steps[2].rule
        await pilot.press("enter")
        await settle(pilot)
        from gcacw_ref.tui.browser import RulesPane

        assert app.query_one(RulesPane).view.section == rule


@run_async
async def test_fast_key_repeats_settle_on_the_last_screen(home: Path) -> None:
    """Screen switches queued faster than they complete must not fight over the focus."""
    from textual import events
    from textual.widgets import TabbedContent

    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for key in ["f4"] * 9 + ["f5", "f4", "f3", "f4", "f2", "f4"]:
            app.post_message(events.Key(key, None))
        await settle(pilot, pause=0.5)
        first = (
            app.query_one("#tabs", TabbedContent).active,
            app.query_one("#calc-tabs", TabbedContent).active,
        )
        await settle(pilot, pause=0.5)
        second = (
            app.query_one("#tabs", TabbedContent).active,
            app.query_one("#calc-tabs", TabbedContent).active,
        )
        assert first == second
        assert first[0] == "calc"


@run_async
async def test_move_path_on_the_example_map(home: Path) -> None:
    app = GcacwApp(home=home)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.action_show_calc("move")
        await settle(pilot)
        out = pane(app, "move").output
        base = {
            "map": "example",
            "unit": {"side": "union", "kind": "infantry", "strength": 6},
            "path": ["0101", "0102", "0201"],
            "movement_allowance": 8,
        }
        assert out == run("move", base)
        # hand-worked: two clear hexes at 3 MP each
        assert out.legal and out.cost == 6
        app.query_one("#move-path").focus()
        await paste(pilot, "0101 0102 0103")
        await settle(pilot)
        out = pane(app, "move").output
        assert out == run("move", {**base, "path": ["0101", "0102", "0103"]})
        app.query_one("#move-path").focus()
        await paste(pilot, "01x1")
        await settle(pilot)
        assert pane(app, "move").output is None
        assert "hex numbers like 0101" in status(app, "move")
