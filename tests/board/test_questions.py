"""The board's questions: hand-worked cases, and `calc NAME --input` on the derived input
answering exactly as the board did (issue 39)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gcacw_ref.board import Situation, parse_board, situation
from gcacw_ref.board.answer import run_calc
from gcacw_ref.board.attack import ATTACK_TYPES, ask_attack
from gcacw_ref.board.command import ask_command
from gcacw_ref.board.move import ask_move
from gcacw_ref.board.retreat import ask_retreat
from gcacw_ref.cli import main

# A 5 x 4 patch of open ground: a road along row 2 from 0102 to 0502, woods at 0303.
OPEN = """
[board]
active_unit = "0201"

[map]
columns = 5
rows = 4

[hexes]
"0303" = { terrain = "woods" }

[[hexsides]]
between = ["0102", "0202"]
features = ["road"]

[[hexsides]]
between = ["0202", "0302"]
features = ["road"]

[[units]]
hex = "0102"
side = "union"
strength = 6
tactical = 2
artillery = 1

[[units]]
hex = "0201"
side = "union"
strength = 4
tactical = 1

[[units]]
hex = "0302"
side = "confederate"
strength = 5
tactical = 2
artillery = 1

[[leaders]]
id = "lee"
hex = "0302"
command = 3
tactical = 2
"""


def _sit(text: str = OPEN) -> Situation:
    return situation(parse_board(text))


def test_move_hand_worked() -> None:
    # 0102 -> 0202 along the road; 0202 is next to the enemy at 0302 (its ZOC): a stop
    answer = ask_move(_sit(), "0102", mp=6)
    reach = {e["hex"]: e for e in answer.board["reach"]}
    assert reach["0202"]["zoc"] == "normal"
    assert "0302" not in reach  # the enemy's own hex (6.2)
    out = answer.to_json()
    assert out["reachable"]["0102"] == "0"
    assert {h: e["mp"] for h, e in reach.items()} == {
        h: c for h, c in out["reachable"].items() if h != "0102"
    }
    assert reach["0202"]["path"] == ["0102", "0202"]


def test_move_to_an_enemy_hex_is_refused() -> None:
    answer = ask_move(_sit(), "0102", to="0302", mp=6)
    assert answer.board["to"] == {"hex": "0302", "reached": False}
    assert answer.board["refusals"][0]["rule"] == "6.2"
    assert "enemy" in answer.board["refusals"][0]["reason"]
    near = ask_move(_sit(), "0201", to="0302", mp=6)  # next to it: the calculator says no
    assert near.to_json()["legal"] is False


def test_attack_reads_the_board() -> None:
    answer = ask_attack(_sit(), "0302", ["0201"], "normal")
    data = answer.input
    assert data["attackers"][0]["strength"] == "4"
    assert data["defenders"][0]["strength"] == "5"
    assert data["defender_leader_tactical"] == 2
    assert data.get("flank_bonus", 0) == answer.board["flank"]["final_bonus"]


def test_attack_not_adjacent_is_refused() -> None:
    answer = ask_attack(_sit(), "0302", ["0102"], "normal")
    assert answer.output is None
    assert answer.board["refusals"][0]["rule"] == "7.1"
    assert "0102" in answer.board["refusals"][0]["reason"]


def test_attack_by_two_units_is_an_assault_of_one_stack() -> None:
    march = ask_attack(_sit(), "0302", ["0201", "0102"], "normal")
    assert march.output is None and march.board["refusals"][0]["rule"] == "7.1"
    text = OPEN.replace('hex = "0102"', 'hex = "0201"').replace('active_unit = "0201"', "")
    both = ask_attack(_sit(text), "0302", ["0201a", "0201b"], "assault")
    assert both.output is not None
    assert [a["strength"] for a in both.input["attackers"]] == ["6", "4"]


def test_a_grand_assault_takes_units_of_several_hexes() -> None:
    # 0201 (4) and 0202 (6, moved up from 0102) are both next to the enemy at 0302
    text = OPEN.replace('hex = "0102"', 'hex = "0202"')
    plain = ask_attack(_sit(text), "0302", ["0201", "0202"], "assault")
    assert plain.output is None
    assert "grand assault" in plain.board["refusals"][0]["reason"]
    grand = ask_attack(_sit(text), "0302", ["0201", "0202"], "grand_assault")
    assert grand.output is not None, grand.board["refusals"]
    data = grand.input
    assert data["action"] == "assault" and data["grand_assault"] is True
    assert [(a["strength"], a["hex"]) for a in data["attackers"]] == [("4", "0201"), ("6", "0202")]
    assert any(line.startswith("[7.1] a grand assault from 2 hexes") for line in grand.lines)
    # the calculator's own answer on the same input: the grand assault's extra loss is in it
    assert (
        grand.to_json()["grand_assault_extra_loss"]
        == run_calc("combat", data).model_dump(mode="json")["grand_assault_extra_loss"]
    )


def test_a_grand_assault_refuses_who_may_not_join() -> None:
    # a demoralized unit of another hex may not join (11.0); fatigue 4 takes no action (6.5)
    text = OPEN.replace('hex = "0102"', 'hex = "0202"').replace(
        'tactical = 2\nartillery = 1\n\n[[units]]\nhex = "0201"',
        'tactical = 2\nartillery = 1\ndemoralized = 1\n\n[[units]]\nhex = "0201"',
        1,
    )
    assert "demoralized = 1" in text
    answer = ask_attack(_sit(text), "0302", ["0201", "0202"], "grand_assault")
    assert answer.output is None
    assert [(r["hex"], r["rule"]) for r in answer.board["refusals"]] == [("0202", "11.0")]
    first = ask_attack(_sit(text), "0302", ["0202", "0201"], "grand_assault")
    assert first.output is not None  # the assault's own hex may be demoralized (not joining)
    tired = OPEN.replace('hex = "0102"', 'hex = "0202"').replace(
        "strength = 4\ntactical = 1", "strength = 4\ntactical = 1\nfatigue = 4"
    )
    assert "fatigue = 4" in tired
    answer = ask_attack(_sit(tired), "0302", ["0202", "0201"], "grand_assault")
    assert [(r["hex"], r["rule"]) for r in answer.board["refusals"]] == [("0201", "6.5")]


def test_the_cli_offers_every_attack_type(capsys: pytest.CaptureFixture[str]) -> None:
    """The parser spells the types out (the board is imported only when asked): the same."""
    argv = ["board", "attack", "x.toml", "--on", "0101", "--by", "a", "--type", "bogus"]
    assert main(argv) == 2
    offered = ", ".join(f"'{t}'" for t in ATTACK_TYPES)
    assert f"(choose from {offered})" in capsys.readouterr().err


def test_an_artillery_unit_on_a_march_is_refused_by_its_rule() -> None:
    text = OPEN.replace(
        "strength = 4\ntactical = 1", 'strength = 4\ntactical = 1\nkind = "artillery"'
    )
    answer = ask_attack(_sit(text), "0302", ["0201"], "hasty")
    assert answer.output is None
    (refusal,) = answer.board["refusals"]
    assert refusal["rule"] == "7.1" and "(rule" not in refusal["reason"]
    assert refusal["reason"].endswith("an artillery unit on a march cannot attack")
    assert ask_attack(_sit(text), "0302", ["0201"], "assault").output is not None


def test_retreat_lists_first_hexes_and_paths() -> None:
    answer = ask_retreat(_sit(), "0302", "Dr")
    first = {f["hex"] for f in answer.board["first_hexes"]}
    refused = {r["hex"] for r in answer.board["refusals"]}
    assert first | refused == set(_sit().map.neighbors("0302"))
    assert answer.board["paths"]
    for p in answer.board["paths"]:
        assert p["hexes"][0] in first


def test_command_of_an_army_leader() -> None:
    answer = ask_command(_sit(), "lee")
    rows = answer.to_json()["units"]
    assert [(r["unit"], r["in_command"]) for r in rows] == [("0302", True)]


@pytest.mark.parametrize(
    ("argv", "calc"),
    [
        (["move", "B", "0102", "--mp", "6"], "move"),
        (["move", "B", "0102", "--to", "0402"], "move"),
        (["attack", "B", "--on", "0302", "--by", "0201", "--type", "hasty"], "combat"),
        (["attack", "B", "--on", "0302", "--by", "0201", "--type", "column"], "combat"),
        (["attack", "B", "--on", "0302", "--by", "0201", "--dice", "5", "2"], "combat"),
        (["attack", "G", "--on", "0302", "--by", "0201,0202", "--type", "grand_assault"], "combat"),
        (["retreat", "B", "0302", "--result", "1DR"], "retreat"),
    ],
)
def test_json_is_the_calculators_on_the_derived_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], calc: str
) -> None:
    board = tmp_path / "b.toml"
    board.write_text(OPEN, encoding="utf-8")
    grand = tmp_path / "g.toml"  # 0102's unit moved up to 0202, next to 0302 too
    grand.write_text(OPEN.replace('hex = "0102"', 'hex = "0202"'), encoding="utf-8")
    argv = [{"B": str(board), "G": str(grand)}.get(a, a) for a in argv]
    assert main(["board", *argv, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    given = tmp_path / "in.json"
    given.write_text(json.dumps(answer.pop("input")), encoding="utf-8")
    answer.pop("board")
    assert main(["calc", calc, "--input", str(given), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == answer


def test_show_and_svg(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "b.toml"
    text = OPEN.replace('hex = "0201"', 'hex = "0201"\nname = "<b>&x</b>\\u001b"')
    board.write_text(text, "utf-8")
    svg = tmp_path / "b.svg"
    assert main(["board", "move", str(board), "0102", "--to", "0401", "--svg", str(svg)]) == 0
    text = svg.read_text(encoding="utf-8")
    assert text.count('<polygon id="hex-') == 20
    assert 'class="road"' in text and 'class="path"' in text
    assert "<b>" not in text and "&lt;b&gt;&amp;x&lt;/b&gt;" in text
    assert main(["board", "show", str(board)]) == 0
    assert "0302" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["move", "B", "0405"], "0405"),
        (["move", "B", "0102", "--to", "0909"], "0909"),
        (["attack", "B", "--on", "0302", "--by", "zz"], "zz"),
        (["retreat", "B", "0302", "--result", "A1"], "A1"),
        (["command", "B", "nobody"], "nobody"),
        (["move", "B", "0102", "--svg", "/proc/x/y.svg"], "y.svg"),
    ],
)
def test_bad_question_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    board = tmp_path / "b.toml"
    board.write_text(OPEN, encoding="utf-8")
    grand = tmp_path / "g.toml"  # 0102's unit moved up to 0202, next to 0302 too
    grand.write_text(OPEN.replace('hex = "0102"', 'hex = "0202"'), encoding="utf-8")
    argv = [{"B": str(board), "G": str(grand)}.get(a, a) for a in argv]
    assert main(["board", *argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err
    assert board.read_text(encoding="utf-8") == OPEN
