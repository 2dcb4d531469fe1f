"""Every word the rules core passes as a step argument has a catalog entry, so it is shown
in Japanese: terrain, hexsides, entrenchment levels and the retreat tables' rows."""

from __future__ import annotations

from gcacw_ref import i18n
from gcacw_ref.rules.retreat import retreat_tables
from gcacw_ref.rules.terrain import HexsideFeature, Terrain


def _translated(word: str) -> bool:
    try:
        i18n.set_language("ja")
        return i18n._(word) != word
    finally:
        i18n.set_language("en")


def test_terrain_and_hexsides_have_japanese() -> None:
    missing = [w for w in [*(t.value for t in Terrain), *(f.value for f in HexsideFeature)]]
    assert [w for w in missing if not _translated(w)] == []


def test_retreat_rows_have_japanese() -> None:
    t = retreat_tables()
    labels = {row.label for row in [*t.table1, *t.table2]}
    assert sorted(w for w in labels if not _translated(w)) == []


def test_step_label_without_fields_is_translated_when_it_has_args() -> None:
    from gcacw_ref.rules.explain import Step

    step = Step(
        rule="7.1",
        label="Dice",
        value="attacker {attacker_die}, defender {defender_die}",
        args={"attacker_die": 5, "defender_die": 2},
    )
    assert step.label == "Dice" and step.value == "attacker 5, defender 2"
    try:
        i18n.set_language("ja")
        assert step.text() == "ダイス"
        assert step.shown_value() == "攻撃側 5、防御側 2"
    finally:
        i18n.set_language("en")
