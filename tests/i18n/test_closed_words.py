"""Entrenchment levels and attack types are declared once, in the rules core
(`combat_tables.LevelKey`, `AttackTypeKey`); the log's words, the TUI's option words and
the step words are derived from them (issue 45)."""

from __future__ import annotations

from gcacw_ref.game.model.events import ATTACK_WORDS, ENTRENCHMENT_WORDS
from gcacw_ref.rules import words
from gcacw_ref.rules.combat_tables import ATTACK_TYPES, ENTRENCHMENT_LEVELS
from gcacw_ref.tui.game.describe import LEVELS, OPTION_WORDS


def test_the_levels_and_attack_types_come_from_the_rules_core() -> None:
    assert ENTRENCHMENT_LEVELS[0] == "none" and len(ENTRENCHMENT_LEVELS) == 8
    assert tuple(ENTRENCHMENT_WORDS) == ENTRENCHMENT_LEVELS
    assert ENTRENCHMENT_WORDS["fort_building_1"] == "fort (building 1)"
    assert tuple(LEVELS) == ENTRENCHMENT_LEVELS[1:]
    assert ENTRENCHMENT_LEVELS[1:] == words.ENTRENCHMENT  # the step words: every level
    assert ATTACK_TYPES == ("column", "hasty", "normal", "prepared")
    assert tuple(ATTACK_WORDS) == (*ATTACK_TYPES, "assault")
    assert {k: OPTION_WORDS[k] for k in ATTACK_TYPES} == {
        "column": "column attack",
        "hasty": "hasty attack",
        "normal": "normal attack",
        "prepared": "prepared attack",
    }
