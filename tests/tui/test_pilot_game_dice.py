"""The dice prompt of the game screen takes its count, owners and rules from the
engine's chance node (`api.chance_requests`): an initiative roll (4.2: both sides' dice)
and an assault (7.1's command die, then 7.4's combat dice), in the game the heuristic
bots play in the training scenario with seed 1."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any

from textual.widgets import Label, Static

from gcacw_ref import i18n
from gcacw_ref.cli import main
from gcacw_ref.game.play.api import Action, ChanceRequest, die_owners, load_scenario
from gcacw_ref.rules.games import Side
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.detail import roll_title, roll_words
from gcacw_ref.tui.game.dialogs import DiceDialog, GameOptions
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.pane import GamePane

from .conftest import run_async, settle

BOTS = {"union": "heuristic", "confederate": "heuristic"}
INITIATIVE = 4  # the node whose action ends the first turn's set-up: the initiative roll
ASSAULT = 77  # the node whose action is an assault with its command die and combat


def bots_until(node: int) -> tuple[History, Action]:
    """The bots' game up to node `node` (not played), and the action they choose there."""
    h = History.new(load_scenario("training"), 1, BOTS)
    while len(h.nodes) < node:
        h.go(len(h.stops) - 1)
        action, by = h.bot_choice()
        h.play(action, by=by)
    h.go(len(h.stops) - 1)
    return h, h.bot_choice()[0]


def test_the_initiative_prompt_names_both_sides() -> None:
    h, action = bots_until(INITIATIVE)
    assert action.short() == "done"
    count, rules, requests = h.dice_needed(action)
    assert (count, rules) == (2, ["4.2"])
    assert requests == (ChanceRequest("initiative", 2, None, "4.2"),)
    assert die_owners(requests[0]) == ("union", "confederate")
    assert [roll_words(r) for r in requests] == ["[4.2] initiative: Union, Confederate"]


def test_the_assault_prompt_asks_the_command_die_then_the_combat_dice() -> None:
    h, action = bots_until(ASSAULT)
    assert action.short() == "assault l-first"
    count, rules, requests = h.dice_needed(action)
    assert (count, rules) == (3, ["7.1", "7.4"])
    assert requests == (
        ChanceRequest("assault_command", 1, Side.CONFEDERATE, "7.1"),
        ChanceRequest("combat", 2, None, "7.4"),
    )
    assert [die_owners(r) for r in requests] == [("confederate",), ("attacker", "defender")]
    assert [roll_words(r) for r in requests] == [
        "[7.1] assault command: Confederate: 1 die",
        "[7.4] combat: attacker, defender",
    ]
    assert len(h.nodes) == ASSAULT


def test_the_rolls_are_named_in_japanese() -> None:
    i18n.set_language("ja")
    try:
        words = [
            roll_words(ChanceRequest("assault_command", 1, Side.CONFEDERATE, "7.1")),
            roll_words(ChanceRequest("combat", 2, None, "7.4")),
            roll_words(ChanceRequest("initiative", 2, None, "4.2")),
            roll_words(ChanceRequest("rain", 2, None, "3.0")),
        ]
        title = roll_title([ChanceRequest("initiative", 2, None, "4.2")])
    finally:
        i18n.set_language("en")
    assert title == "イニシアティブの判定（ルール4.2）"
    assert words == [
        "[7.1] 突撃の指揮のダイス：南軍：ダイス1個",
        "[7.4] 戦闘：攻撃側、防御側",
        "[4.2] イニシアティブ：北軍、南軍",
        "[3.0] 雨：卓上：ダイス2個",
    ]


async def prompt(home: Path, node: int) -> tuple[list[str], tuple[int, ...], str]:
    """The dice dialog's lines for the bots' action at `node`, played by a person with
    table dice; then the dice typed (all sixes) and the dice the node keeps."""
    h, action = bots_until(node)
    h.players = {"union": "human", "confederate": "human"}
    h.bots.clear()
    app = GcacwApp(home=home, game=GameOptions("training", 1, "human", "human"))
    async with app.run_test(size=(160, 45)) as pilot:
        for _ in range(300):
            await settle(pilot)
            if app.query(GamePane) and app.query_one(GamePane).history is not None:
                break
        pane = app.query_one(GamePane)
        pane.set_history(h)
        await pilot.press("t")
        assert pane.table_dice
        pane.decide(action)
        await settle(pilot)
        dialog: Any = app.screen
        assert isinstance(dialog, DiceDialog)
        lines = [str(label.render()).strip() for label in dialog.query(Label)]
        count = dialog.count
        dialog.query_one("#dice-input").value = " ".join(["6"] * count)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, DiceDialog)
        assert len(h.nodes) == node + 1 and h.nodes[-1].action == action
        return lines, h.nodes[-1].dice, h.last.state_hash()


@run_async
async def test_the_dice_dialog_of_an_initiative_roll(home: Path) -> None:
    lines, dice, _hash = await prompt(home, INITIATIVE)
    # the roll's own context: the phase it is rolled for, not the decision before it
    assert lines[:2] == ["Initiative roll (rule 4.2)", "turn 1 · action cycle"]
    assert lines[2:4] == [
        "Roll 2 dice at the table (rules 4.2) and type them in this order:",
        "[4.2] initiative: Union, Confederate",
    ]
    assert dice == (6, 6)


@run_async
async def test_the_dice_dialog_of_an_assault(home: Path) -> None:
    lines, dice, _hash = await prompt(home, ASSAULT)
    assert lines[0] == "Assault command roll (rule 7.1) · combat roll (rule 7.4)"
    assert lines[1] == "for: Assault · Dunmore (First Corps)"
    assert lines[2:5] == [
        "Roll 3 dice at the table (rules 7.1, 7.4) and type them in this order:",
        "[7.1] assault command: Confederate: 1 die",
        "[7.4] combat: Confederate die (attacker), Union die (defender)",
    ]
    assert dice == (6, 6, 6)


@run_async
async def test_the_dice_dialog_wraps_its_lines_at_80_columns(home: Path) -> None:
    """Every line of the dialog is read whole: long ones wrap, none is cut at its edge."""
    what = "Attack · normal attack · Abernethy (1/I) · on 1107 Kettle (Whitcomb's Division)"
    rolls = ["[7.1] assault command: Confederate: 1 die", "[7.4] combat: attacker, defender"]
    app = GcacwApp(home=home)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title = "Assault command roll (rule 7.1) · combat roll (rule 7.4)"
        app.push_screen(DiceDialog(3, ["7.1", "7.4"], what, rolls, title))
        await settle(pilot)
        labels = list(app.screen.query(Label))
        texts = [str(label.render()) for label in labels]
        assert texts[0] == title and what in texts[1]
        for label, text in zip(labels, texts, strict=True):
            assert label.size.width * label.size.height >= len(text.strip()), text
            assert label.region.right <= app.screen.query_one("#dialog").region.right


@run_async
async def test_the_assault_dialog_shows_calc_combat_before_the_dice(
    home: Path, tmp_path: Path, capsys: Any
) -> None:
    """The odds, every modifier and the chances are on show before a die is typed, and
    they are `calc combat`'s for the same attack: the engine's input of it, whose units
    are the assaulting division (strength 9, artillery 2, tactical 2, under a leader of
    tactical 3) and the Union's Reserve Artillery (strength 2, artillery 4)."""
    h, action = bots_until(ASSAULT)
    (attack,) = h.attack_inputs(action)
    assert [(str(u.name), u.strength, u.artillery) for u in attack.attackers] == [
        ("Tate's Division", Fraction(9), 2)
    ]
    assert [(str(u.name), u.strength, u.artillery) for u in attack.defenders] == [
        ("Reserve Artillery", Fraction(2), 4)
    ]
    assert (attack.attacker_leader_tactical, attack.attacker_side) == (3, "confederate")
    path = tmp_path / "attack.json"
    path.write_text(attack.model_dump_json(), encoding="utf-8")
    capsys.readouterr()
    assert main(["calc", "combat", "--input", str(path)]) == 0
    calc = capsys.readouterr().out.strip()
    assert calc.startswith("Odds 4-1   attacker modifier +5   defender modifier 0")
    assert "[7.4] Assault: +1" in calc and "  a         3DR*           1/36   2.8%  ≥+10" in calc
    h.players = {"union": "human", "confederate": "human"}
    h.bots.clear()
    app = GcacwApp(home=home, game=GameOptions("training", 1, "human", "human"))
    async with app.run_test(size=(160, 45)) as pilot:
        for _ in range(300):
            await settle(pilot)
            if app.query(GamePane) and app.query_one(GamePane).history is not None:
                break
        pane = app.query_one(GamePane)
        pane.set_history(h)
        await pilot.press("t")
        pane.decide(action)
        await settle(pilot)
        dialog: Any = app.screen
        assert isinstance(dialog, DiceDialog)
        assert dialog.query_one("#dice-input").value == ""  # no die typed yet
        shown = str(dialog.query_one("#dice-odds-text", Static).render())
        lines = [line.rstrip() for line in shown.strip().splitlines()]
        # the same lines, the CLI's footnote (the game, the fields left at a default) aside,
        # the odds and the die modifiers first, then the chances, then the strengths
        assert sorted(lines) == sorted(line.rstrip() for line in calc.splitlines()[:30])
        assert lines[:2] == calc.splitlines()[:2]
        assert lines[2:8] == [
            "[7.4] Ratio 9 to 2, rounded in the defender's favour: 4-1",
            "[7.4] Strength ratio modifier: +3",
            "[7.4] Tactical modifier 3 - 0: +3",
            "[7.4] Artillery difference 2 - 4: -2",
            "[7.4] Table row 'clear', column '-3 to +1': -2",
            "[7.4] Artillery modifier: -2",
        ]
        assert lines[8:11] == [
            "[7.4] Assault: +1",
            "[7.4] Attacker's total die modifier: +5",
            "[7.4] Defender's total die modifier: 0",
        ]
        assert lines[12] == "Chances over 36 dice outcomes:"
