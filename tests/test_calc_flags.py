"""`calc NAME` with flags (issue 30): the same `--json` as `--input` for the same case,
`--help` naming every option with its meaning and rule, bad flags in one line (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.calculators import CALCULATORS, calculator
from gcacw_ref.cli import main

Capsys = pytest.CaptureFixture[str]

UNITS = "8 a1 t2, 6 a1 t1, 3 a1"
CASES: list[tuple[str, list[str], dict[str, Any]]] = [
    ("odds", ["17", "9"], {"attacker": 17, "defender": 9}),
    (
        "odds",
        ["17", "9", "--defender-before", "6", "--entrenched", "all", "--game", "OTR"],
        {
            "attacker": 17,
            "defender": 9,
            "defender_column_strength": 6,
            "entrenched": "all",
            "game": "OTR",
        },
    ),
    (
        "combat",
        ["--attackers", UNITS, "--defenders", "9", "--terrain", "woods"],
        {
            "action": "assault",
            "attackers": [
                {"strength": 8, "artillery": 1, "tactical": 2},
                {"strength": 6, "artillery": 1, "tactical": 1},
                {"strength": 3, "artillery": 1},
            ],
            "defenders": [{"strength": 9}],
            "defender_terrain": "woods",
        },
    ),
    (
        "combat",
        ["--action", "march", "--attack-type", "hasty", "--attackers", "17 a2 t2"]
        + ["--attacker-leader", "4", "--defenders", "9 a2 t2", "--defender-leader", "3"]
        + ["--terrain", "rolling", "--flank", "2", "--attacker-die", "5", "--defender-die", "2"]
        + ["--game", "OTR", "--entrenchment", "breastworks"],
        {
            "game": "OTR",
            "action": "march",
            "attack_type": "hasty",
            "attackers": [{"strength": 17, "artillery": 2, "tactical": 2}],
            "attacker_leader_tactical": 4,
            "defenders": [
                {"strength": 9, "artillery": 2, "tactical": 2, "entrenchment": "breastworks"}
            ],
            "defender_leader_tactical": 3,
            "defender_terrain": "rolling",
            "flank_bonus": 2,
            "dice": {"attacker": 5, "defender": 2},
        },
    ),
    (
        "artillery",
        ["5", "2", "--terrain", "woods", "--rain", "--die", "3"],
        {
            "attacker_artillery": 5,
            "defender_artillery": 2,
            "defender_terrain": "woods",
            "rain": True,
            "die": 3,
        },
    ),
    (
        "flank",
        ["9", "--hexes", "a, a s3, zz, i, d, -", "--flanks-refused"],
        {
            "defender_strength": 9,
            "flanks_refused": True,
            "neighbors": [
                {"attacker_unit": True},
                {"attacker_unit": True, "strength": 3},
                {"attacker_zoc": "limited"},
                {"impassable": True},
                {"defender_unit": True},
                {},
            ],
        },
    ),
    (
        "march",
        ["--side", "union", "--strength", "6", "--fatigue-before", "2", "--exhausted"]
        + ["--die", "6", "--no-organized", "--game", "RTG"],
        {
            "game": "RTG",
            "side": "union",
            "strength": 6,
            "fatigue_before": 2,
            "exhausted": True,
            "organized": False,
            "die": 6,
        },
    ),
    (
        "retreat",
        ["rout", "--hex-number", "2", "--in-enemy-zoc", "--hexes", "ar, x, u z, -, f, c"],
        {
            "kind": "rout",
            "hex_number": 2,
            "in_enemy_zoc": True,
            "neighbors": [
                {"farther": True, "road": True},
                {"prohibited": True},
                {"enemy_units": True, "enemy_zoc": True},
                {},
                {"friendly_units": True},
                {"closer": True},
            ],
        },
    ),
    (
        "move",
        ["--map", "example", "--side", "union", "--kind", "infantry", "--strength", "6"]
        + ["--path", "0101 0102 0201", "--mp", "8", "--enemy", "0203"],
        {
            "map": "example",
            "unit": {"side": "union", "kind": "infantry", "strength": 6},
            "path": ["0101", "0102", "0201"],
            "movement_allowance": 8,
            "enemy_units": [{"hex": "0203"}],
        },
    ),
]


def _out(capsys: Capsys, argv: list[str]) -> str:
    code = main(argv)
    out, err = capsys.readouterr()
    assert code == 0, err
    return out


@pytest.mark.parametrize(("name", "flags", "data"), CASES)
def test_flags_give_the_same_json_as_input(
    home: Path, capsys: Capsys, tmp_path: Path, name: str, flags: list[str], data: dict[str, Any]
) -> None:
    source = tmp_path / "input.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    by_flags = _out(capsys, ["calc", name, *flags, "--json"])
    # the JSON names its game itself when it has one; else the same default applies
    by_input = _out(capsys, ["calc", name, "--input", str(source), "--json"])
    assert json.loads(by_flags) == json.loads(by_input)
    assert by_flags == by_input


def test_the_game_setting_and_option_fill_a_json_without_game(
    home: Path, capsys: Capsys, tmp_path: Path
) -> None:
    source = tmp_path / "odds.json"
    source.write_text('{"attacker": 17, "defender": 9}', encoding="utf-8")
    plain = json.loads(_out(capsys, ["calc", "odds", "-i", str(source), "--json"]))
    assert plain["steps"][0]["args"]["game"] == "GTC"
    otr = json.loads(_out(capsys, ["calc", "odds", "-i", str(source), "--json", "--game", "OTR"]))
    assert otr["steps"][0]["args"]["game"] == "OTR"
    (home / "settings.json").write_text('{"language": null, "game": "SJW"}', encoding="utf-8")
    saved = json.loads(_out(capsys, ["calc", "odds", "17", "9", "--json"]))
    assert saved["steps"][0]["args"]["game"] == "SJW"


def test_text_result_names_the_game_and_the_defaults(home: Path, capsys: Capsys) -> None:
    out = _out(capsys, ["calc", "combat", "--attackers", UNITS, "--defenders", "9"])
    assert "\nGame: GTC\n" in out
    last = out.rstrip("\n").splitlines()[-1]
    assert last.startswith("Left at the rule default: an assault (not a march attack), ")
    for note in ("no attacking leader", "no flank bonus", "no dice: every outcome"):
        assert note in last


@pytest.mark.parametrize("name", list(CALCULATORS))
def test_help_lists_every_field_with_its_meaning_and_rule(
    home: Path, capsys: Capsys, name: str
) -> None:
    assert main(["calc", name, "--help"]) == 0
    text = capsys.readouterr().out
    form = calculator(name).form
    for spec in form.specs:
        shown = spec.key.upper() if spec.key in form.positional else spec.option
        assert shown in text, (name, shown)
        assert spec.help and "(" in spec.help, (name, spec.key)  # a meaning and its rule
    for option in ("--input", "--json", "--schema"):
        assert option in text


BAD = [
    (["calc", "odds", "17"], "gcacw-ref: calc odds: give DEFENDER (or --input FILE; see --help)"),
    (["calc", "odds", "17", "x"], "gcacw-ref: DEFENDER: a strength such as 17, 3 1/2, 3.5 or 1/2"),
    (["calc", "odds", "17", "9", "--bogus"], "gcacw-ref: unrecognized arguments: --bogus"),
    (["calc", "combat", "--attackers", "17 q2", "--defenders", "9"], "--attackers: unit 1"),
    (["calc", "combat", "--attackers", "17", "--defenders", "9", "--terrain", "moon"], "moon"),
    (["calc", "artillery", "5", "2", "--terrain", "clear", "--die", "7"], "--die: a whole"),
    (["calc", "flank", "9", "--hexes", "a, a"], "--hexes: give six hexes"),
    (["calc", "flank", "9", "--hexes", "q, -, -, -, -, -"], "unknown mark 'q'"),
    (["calc", "odds", "17", "9", "-i", "-"], "not both"),
    (["--game", "XYZ", "calc", "odds", "17", "9"], "--game: 'XYZ' is not a game"),
    (["calc", "odds", "17", "9", "--game"], "--game needs a value"),
    (["play", "--scenario", "training", "--seed", "x"], "--seed"),
]


@pytest.mark.parametrize(("argv", "said"), BAD)
def test_bad_flags_exit_2_with_one_line(
    home: Path, capsys: Capsys, argv: list[str], said: str
) -> None:
    try:
        code = main(argv)
    except SystemExit as exc:  # pragma: no cover - main never lets one escape
        code = int(exc.code or 0)
    _out_text, err = capsys.readouterr()
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("gcacw-ref: "), err
    assert said in err and "Traceback" not in err
