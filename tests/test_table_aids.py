"""The quick reference, the forms read from the input models, and text shown well."""

from __future__ import annotations

import json
from pathlib import Path
from typing import get_args

import pytest

from gcacw_ref.calculators import calculator
from gcacw_ref.cli import main
from gcacw_ref.reference import load_reference
from gcacw_ref.rules.combat_models import CombatInput, DefendingUnit, Hexside, TerrainKey
from gcacw_ref.rules.combat_tables import AttackTypeKey, LevelKey
from gcacw_ref.rules.io.fields import bounds_of, spec_for
from gcacw_ref.text.library import Library
from gcacw_ref.text.marks import align_tables, display_width, plain_with_spans, strip_bold
from gcacw_ref.tui.calcs.combat import CombatPane
from gcacw_ref.tui.calcs.simple import MarchPane, OddsPane

# -- quick reference --------------------------------------------------------------------


def test_every_reference_line_cites_a_rule_of_the_standard_rules(
    seeds: dict[str, Path], tmp_path: Path
) -> None:
    library = Library(home=tmp_path)
    library.import_book(seeds["gcacw"])
    ref = load_reference()
    assert [s.id for s in ref.section] == ["sequence", "actions", "combat", "retreat", "recovery"]
    for section in ref.section:
        for line in section.line:
            view = library.rule(line.rule, "gcacw")  # raises if the rule is unknown
            assert view.section == line.rule
            assert line.en.strip() and line.ja.strip() and line.en != line.ja


def test_ref_command_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "en", "ref", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc[0]["title"] == "Sequence of play (one turn)"
    assert doc[2]["lines"][1] == {
        "rule": "7.4#攻撃の種類",
        "text": "2. Choose the attack type — column, hasty, normal or prepared — and pay its MP.",
    }
    assert main(["--lang", "ja", "ref"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("プレイの手順(1ターン)\n")
    assert "5. 全ユニットの疲労を3下げる(0未満にはしない)。  [8.0]" in text


# -- one declaration per field -----------------------------------------------------------


def test_form_choices_and_bounds_come_from_the_models() -> None:
    combat = {s.key: s for s in CombatPane.specs()}
    assert combat["hexside"].options == list(get_args(Hexside))
    assert combat["defender_terrain"].options == list(get_args(TerrainKey))
    assert combat["attack_type"].options == ["-", *get_args(AttackTypeKey)]  # may be left open
    assert combat["entrenchment"].options == list(get_args(LevelKey))
    assert (combat["flank_bonus"].low, combat["flank_bonus"].high) == (0, 4)
    assert (combat["year"].low, combat["year"].high, combat["year"].optional) == (1861, 1865, True)
    assert combat["road_across_hexside"].kind == "tristate"
    # the model's example, as the form writes it: a placeholder, never the starting value
    assert (combat["attackers"].example, combat["attackers"].default) == ("17 a2 t2", None)
    march = {s.key: s for s in MarchPane.specs()}
    assert (march["fatigue_before"].low, march["fatigue_before"].high) == (0, 4)
    assert OddsPane.specs()[-1].options == ["none", "half", "all"]
    assert spec_for(DefendingUnit, "earthworks").label == "Earthworks hex"
    assert bounds_of(CombatInput.model_fields["gunboat"]) == (0, 2)


def test_schema_keeps_its_shape_and_gains_labels() -> None:
    schema = calculator("combat").Input.model_json_schema()
    assert schema["required"] == ["action", "attackers", "defenders"]
    hexside = schema["properties"]["hexside"]
    assert hexside["enum"] == list(get_args(Hexside)) and hexside["default"] == "none"
    assert hexside["label"] == "Hexside"
    assert schema["properties"]["flank_bonus"]["maximum"] == 4


def test_combat_output_names_every_modifier() -> None:
    module = calculator("combat")
    data = {
        "game": "OTR",
        "action": "march",
        "attack_type": "hasty",
        "attackers": [{"strength": 17, "artillery": 2, "tactical": 2}],
        "attacker_leader_tactical": 4,
        "defenders": [{"strength": 9, "artillery": 2, "tactical": 2}],
        "defender_leader_tactical": 3,
        "defender_terrain": "rolling",
        "hexside": "creek",
        "flank_bonus": 2,
    }
    out = module.run(module.Input.model_validate(data))
    # hand-worked: tactical 4-3 = +1, hasty -1, flank +2, ratio 1-1 = 0; creek +1 (defender)
    assert out.attacker_modifiers == {"tactical": 1, "attack_type": -1, "flank": 2}
    assert out.defender_modifiers == {"terrain": 1}
    assert sum(out.attacker_modifiers.values()) + out.artillery_drm == out.attacker_drm
    assert sum(out.defender_modifiers.values()) == out.defender_drm


# -- text shown well ---------------------------------------------------------------------


def test_emphasis_marks_never_shown_raw() -> None:
    assert strip_bold("1. **目標:** 選ぶ 2DR*") == ("1. 目標: 選ぶ 2DR*", [(3, 6)])
    assert strip_bold("- 河川**：渡れない") == ("- 河川：渡れない", [(2, 4)])  # lost opening
    assert strip_bold("- NE：** 効果なし") == ("- NE： 効果なし", [])  # a lone mark
    assert plain_with_spans("ab **cd** ef", [(10, 12)]) == ("ab cd ef", [(3, 5)], [(6, 8)])


def test_tab_tables_line_up_by_display_width() -> None:
    text = "表\nゲーム\tOTR\tその他\n攻撃\t70\t80\n後"
    lines = align_tables(text).split("\n")
    assert lines[0] == "表" and lines[-1] == "後"
    assert lines[1] == "ゲーム  OTR  その他"
    assert lines[2] == "攻撃    70   80"
    assert display_width(lines[1].split("OTR")[0]) == display_width(lines[2].split("70")[0])


def test_cli_rule_search_and_books_show_text_well(
    seeds: dict[str, Path], home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["books", "import", str(seeds["gcacw"])]) == 0
    capsys.readouterr()
    assert main(["books", "list"]) == 0
    assert capsys.readouterr().out.split("\n")[0].split() == ["id", "kind", "sections", "title"]
    assert main(["rule", "7.6"]) == 0
    text = capsys.readouterr().out
    assert "**" not in text and "- 山及び沼地：" in text
    assert main(["rule", "3.0"]) == 0
    assert "ゲーム  シナリオ  追加フェイズ" in capsys.readouterr().out
    assert main(["search", "退却の制限", "--limit", "3"]) == 0
    assert "**" not in capsys.readouterr().out


def test_replay_verify_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "game.json"
    assert main(["play", "--scenario", "training", "--seed", "3", "--save", str(save)]) == 0
    capsys.readouterr()
    assert main(["--lang", "en", "replay", str(save), "--verify"]) == 0
    last = capsys.readouterr().out.rstrip("\n").split("\n")[-1]
    assert last == f"verified: replaying {save} reproduces the saved game exactly"
