"""Reading, checking and writing boards (issue 39): defaults, round trip, mistakes."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from pydantic import ValidationError

from gcacw_ref.board import (
    BoardUnit,
    board_from_map,
    board_from_state,
    dump_board,
    inline_map,
    load,
    parse_board,
    read_board,
    save_board,
    situation,
)
from gcacw_ref.cli import main
from gcacw_ref.errors import InputError
from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.model.scenario import SCENARIO_DIR, load_scenario
from gcacw_ref.game.model.scenario_doc import UnitSetup

SHORT = """
[board]
map = "training"

[[units]]
hex = "0504"
side = "union"
strength = 6
tactical = 2

[[units]]
hex = "0605"
side = "confederate"
strength = "3 1/2"

[[leaders]]
hex = "0504"
command = 3
"""

INLINE_BAD_HEXSIDE = """
[map]
columns = 9
rows = 9

[[hexsides]]
between = ["0504", "0506"]
features = ["road"]
"""


def test_short_board_defaults() -> None:
    sit = situation(parse_board(SHORT))
    units = sit.state.units
    assert list(units) == ["0504", "0605"]
    assert units["0605"].strength == Fraction(7, 2)
    assert units["0504"].kind == "infantry" and units["0504"].fatigue == 0
    assert units["0504"].organized and units["0504"].entrenchment == "none"
    assert sit.state.turn == 1 and not sit.state.is_rain()
    leader = sit.state.leaders["L0504"]
    assert (leader.rank, leader.unit, leader.command) == ("army", "0504", 3)
    assert sit.position.combat_strength("0504") == 6
    assert sit.unit_id("0605") == "0605"


def test_unnamed_units_sharing_a_hex_get_letters() -> None:
    text = SHORT.replace('"0605"', '"0504"').replace("confederate", "union")
    sit = situation(parse_board(text))
    assert list(sit.state.units) == ["0504a", "0504b"]


@pytest.mark.parametrize("path", sorted(SCENARIO_DIR.glob("*.toml")), ids=lambda p: p.stem)
def test_every_scenario_is_a_board(path: Path) -> None:
    sit = load(path)
    scen = load_scenario(str(path))
    assert set(sit.state.units) == {u.id for u in scen.units}
    assert sit.scenario.scenario.map == scen.scenario.map


def test_round_trip() -> None:
    board = parse_board(SHORT)
    text = dump_board(board)
    assert parse_board(text) == board
    assert parse_board(dump_board(board, "json"), fmt="json") == board
    assert "strength = 6\n" in text and 'strength = "3 1/2"' in text


@pytest.mark.parametrize("scenario", ["training", "harrow"])
def test_live_position_as_a_board(scenario: str) -> None:
    scen = load_scenario(scenario)
    state = initial_state(scen, 1)
    board = board_from_state(scen, state)
    again = situation(parse_board(dump_board(board)))
    assert again.state.units == state.units
    assert again.state.leaders == state.leaders


def test_patch_of_a_builtin_map() -> None:
    board = board_from_map("training", "0503", 5, 4)
    assert board.board.map == "training"
    assert board.board.view is not None and board.board.view.columns == 5
    cut = board_from_map("training", "1208", 5, 5)  # cut at the map's edge (14 x 10)
    assert cut.board.view is not None and (cut.board.view.columns, cut.board.view.rows) == (3, 3)
    with pytest.raises(InputError):
        board_from_map("nowhere", "0101", 2, 2)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (("strength = 6", "strength = 40"), "0504"),
        (('"0605"', '"9905"'), "9905"),
        (('hex = "0605"', 'hex = "0504"'), "0504"),
        (("command = 3", "command = 3\nwith_unit = 'x9'"), "x9"),
        (('map = "training"', 'map = "nowhere"'), "nowhere"),
        (('side = "confederate"', 'side = "blue"'), "0605"),
        (("$", INLINE_BAD_HEXSIDE), "0504-0506"),
        (('hex = "0504"\ncommand = 3', 'hex = "0909"\ncommand = 3'), "0909"),
    ],
)
def test_bad_board_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], change: tuple[str, str], named: str
) -> None:
    path = tmp_path / "b.toml"
    old, new = change
    text = SHORT.replace('map = "training"', "") + new if old == "$" else SHORT.replace(old, new)
    path.write_text(text, encoding="utf-8")
    assert main(["board", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err
    assert path.read_text(encoding="utf-8") == text


def test_inline_map_answers_the_same() -> None:
    board = parse_board(SHORT)
    inline = inline_map(board)
    assert inline.board.map is None and inline.map is not None
    a, b = situation(board), situation(inline)
    assert a.map.hexsides() == b.map.hexsides()
    assert {h: a.map.terrain(h) for h in a.map.all_hexes()} == {
        h: b.map.terrain(h) for h in b.map.all_hexes()
    }
    assert parse_board(dump_board(inline)) == inline


def test_live_position_mid_game() -> None:
    scen = load_scenario("training")
    state = initial_state(scen, 1)
    units = dict(state.units)
    units["u-cav"] = units["u-cav"].model_copy(update={"hex": None})  # eliminated
    units["u-1-I"] = units["u-1-I"].model_copy(update={"fatigue": 3, "organized": False})
    state = state.model_copy(update={"units": units, "turn": 2, "rain": (2,)})
    again = situation(parse_board(dump_board(board_from_state(scen, state))))
    assert "u-cav" not in again.state.units and "l-kirby" not in again.state.leaders
    assert again.state.units["u-1-I"].fatigue == 3
    assert not again.state.units["u-1-I"].organized
    assert again.state.turn == 2 and again.state.is_rain()


def test_save_board(tmp_path: Path) -> None:
    board = parse_board(SHORT)
    for name in ("b.toml", "b.json"):
        save_board(board, tmp_path / name)
        assert read_board(tmp_path / name) == board


def test_check_ok(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.toml"
    path.write_text(SHORT, encoding="utf-8")
    assert main(["board", "check", str(path)]) == 0
    assert "2" in capsys.readouterr().out


def test_a_board_unit_is_a_scenario_unit_with_short_defaults() -> None:
    """`BoardUnit` is `UnitSetup` with id, name and kind optional: the same fields in the
    same order, the same ranges (a marker out of range is refused on the board too)."""
    assert list(BoardUnit.model_fields) == list(UnitSetup.model_fields)
    short = BoardUnit.model_validate({"hex": "0504", "side": "union", "strength": 6})
    assert (short.id, short.name, short.kind) == (None, None, "infantry")
    for field, value in (("fatigue", 5), ("tactical", 7), ("demoralized", 3)):
        with pytest.raises(ValidationError, match=field):
            BoardUnit.model_validate({"hex": "0504", "side": "union", "strength": 6, field: value})
    with pytest.raises(ValidationError, match="unit 0504: strength must be 1/2 to 21"):
        BoardUnit.model_validate({"hex": "0504", "side": "union", "strength": 22})
