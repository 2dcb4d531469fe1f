"""Every combat-area table checked against the figures in the seeds (charts 003, rules 000)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from gcacw_ref.rules.combat_tables import (
    artillery_table,
    attack_types,
    combat_chart,
    die_modifiers,
    entrenchment_table,
    games_table,
    ratio_table,
    strength_caps,
)


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _cells(line: str) -> list[str]:
    return [c.strip() for c in line.split("\t")]


def test_combat_chart_matches_seed(seeds: dict[str, Path]) -> None:
    rows = [
        _cells(line)
        for line in _lines(seeds["charts"])
        if len(line.split("\t")) == 20 and re.match(r"^(≤-8|≥\+10|[+-]?\d+)\t", line)
    ]
    assert len(rows) == 19
    chart = combat_chart()
    for seed_row, row in zip(rows, chart.row, strict=True):
        assert seed_row[0] == row.label
        assert seed_row[1:9] == row.defender
        assert seed_row[10:20] == row.attacker
    header = next(
        _cells(line) for line in _lines(seeds["charts"]) if line.startswith("\t1/2-3\t4-6")
    )
    labels = [c for c in header if c]
    assert labels[:8] == [c.label for c in chart.defender_column]
    assert labels[8:] == [c.label for c in chart.attacker_column]


def test_combat_chart_erratum_cell() -> None:
    row = combat_chart().row[4]  # differential -4
    assert row.differential == -4
    assert row.attacker[-1] == "10D"


def test_ratio_table_matches_seed(seeds: dict[str, Path]) -> None:
    found: list[tuple[str, int]] = []
    for line in _lines(seeds["charts"]):
        cells = _cells(line)
        m = re.match(r"^(≤)?\s*(\d+)-(\d+)\s*(≤)?$", cells[0]) if cells else None
        if m and len(cells) > 1 and re.match(r"^-?\d+$", cells[1]):
            found.append((f"{m.group(2)}-{m.group(3)}", int(cells[1])))
    assert len(found) == 26
    table = [(r.ratio, r.drm) for r in ratio_table().row]
    assert found == table
    assert table[0] == ("1-13", -12) and table[-1] == ("14-1", 13)


def test_attack_types_match_seed(seeds: dict[str, Path]) -> None:
    names = {"行軍隊形": "column", "緊急": "hasty", "通常": "normal", "準備": "prepared"}
    seen = 0
    for line in _lines(seeds["charts"]):
        cells = _cells(line)
        if cells[0] in names and len(cells) == 4:
            kind = attack_types().get(names[cells[0]])
            assert cells[1].rstrip("*") == str(kind.infantry_mp)
            assert cells[2].rstrip("*") == str(kind.cavalry_mp)
            drm = 0 if cells[3] == "なし" else int(cells[3])
            assert drm == kind.drm
            assert kind.needs_movement_allowance == cells[1].endswith("*")
            seen += 1
    assert seen == 4


ART_CHART_ROWS = {
    "平地": "clear",
    "丘陵": "rolling",
    "不整地@": "rough",
    "森/市街地/山": "woods_city_mountain",
    "湿地\\$": "swamp",
}
ART_RULES_ROWS = {
    "平地": "clear",
    "丘陵": "rolling",
    "不整地・森/市街地/山": "rough",
    "沼地 §": "swamp",
}


def _art_rows(path: Path, names: dict[str, str]) -> dict[str, list[str]]:
    out = {}
    for line in _lines(path):
        cells = _cells(line)
        if cells[0] in names and len(cells) == 6:
            out[names[cells[0]]] = cells[1:]
    return out


def test_artillery_table_matches_both_seeds(seeds: dict[str, Path]) -> None:
    rows = {r.key: r for r in artillery_table().row}
    chart = _art_rows(seeds["charts"], ART_CHART_ROWS)
    assert set(chart) == set(rows)
    for key, cells in chart.items():
        assert rows[key].chart == cells, key
    text = _art_rows(seeds["gcacw"], ART_RULES_ROWS)
    assert set(text) == {"clear", "rolling", "rough", "swamp"}
    for key, cells in text.items():
        assert rows[key].rules_text == cells, key
    # woods/city/mountain: 7.4's note and the chart both give no modifier
    assert rows["woods_city_mountain"].rules_text == ["NE"] * 5


def test_artillery_bands_match_seed(seeds: dict[str, Path]) -> None:
    line = next(_cells(x) for x in _lines(seeds["charts"]) if x.startswith("防御側の地形\t-4"))
    assert line[1:] == ["-4以下", "-3から+1", "+2から+4", "+5から+7", "+8以上"]
    bands = [(b.low, b.high) for b in artillery_table().band]
    assert bands == [(None, -4), (-3, 1), (2, 4), (5, 7), (8, None)]


ENTRENCH_NAMES = {
    "なし": "none",
    "鹿砦": "abatis",
    "胸壁構築中": "breastworks_building",
    "胸壁完成": "breastworks",
    "要塞構築中": "fort_building",
    "要塞構築中-1": "fort_building_1",
    "要塞構築中-2": "fort_building_2",
    "要塞完成": "fort",
    "N/A": "N/A",
}


def test_entrenchment_table_matches_seed(seeds: dict[str, Path]) -> None:
    table = entrenchment_table()
    rows: dict[str, list[str]] = {}
    for line in _lines(seeds["charts"]):
        cells = [c for c in _cells(line)]
        name = re.sub(r"\s*\(.*\)$", "", cells[0])
        key = {"胸壁 - 完成": "breastworks"}.get(name, ENTRENCH_NAMES.get(name))
        if key and len(cells) >= 6 and cells[0] != "":
            rows[key] = cells[1:]
    assert set(rows) == {
        "none",
        "abatis",
        "breastworks_building",
        "breastworks",
        "fort_building",
        "fort_building_1",
        "fort_building_2",
    }
    none_cells = [ENTRENCH_NAMES[c] for c in rows.pop("none") if c]
    assert none_cells == table.chart_none.chart
    for key, cells in rows.items():
        level = table.get(key)
        assert level.chart_multiplier is not None
        assert cells[0].split(" ")[0] == level.chart_multiplier.split(" ")[0]
        assert ("1864" in cells[0]) == ("1864" in level.chart_multiplier)
        assert [ENTRENCH_NAMES[c] for c in cells[1:6]] == level.chart, key
    assert table.get("fort").multiplier == 3  # footnote: a completed fort triples


def test_entrenchment_multipliers_match_chart() -> None:
    table = entrenchment_table()
    for level in table.level:
        if level.chart_multiplier is None:
            continue
        printed = Fraction(level.chart_multiplier.split(" ")[0])
        value = level.multiplier_from_1864 or level.multiplier
        assert printed == value, level.key


def test_die_modifier_lists_match_seed(seeds: dict[str, Path]) -> None:
    text = seeds["charts"].read_text(encoding="utf-8")
    defender = re.findall(r"<p>([+\-/\d]+): ", text.split("攻撃側のダイス修正")[0])
    assert defender == ["+2", "+2", "+1", "+1/+2", "-1", "-1"]
    assert [m.printed for m in die_modifiers().defender] == defender
    attacker_part = text.split("攻撃側のダイス修正 (7.4を参照)</p>")[1].split("行軍アクション")[0]
    printed = re.findall(r"<p>(.+?): ", attacker_part)
    expected = ["+1から+4", "-3から+2", "+1または+2", "+1", "+1", "+/-", "+/-", "-1", "-1", "-1"]
    assert printed == expected
    ours = [m.printed for m in die_modifiers().attacker]
    translated = {"+1から+4": "+1 to +4", "-3から+2": "-3 to +2", "+1または+2": "+1 or +2"}
    assert ours == [translated.get(p, p) for p in printed]
    types = re.findall(r"<p>([+\-]\d): (準備|緊急|行軍隊形)攻撃</p>", text)
    assert [(int(v), k) for v, k in types] == [(1, "準備"), (-1, "緊急"), (-3, "行軍隊形")]
    assert [m.low for m in die_modifiers().attack_type] == [1, -1, -3]


def test_strength_caps_match_rules(seeds: dict[str, Path]) -> None:
    lines = _lines(seeds["gcacw"])
    start = next(i for i, x in enumerate(lines) if x.startswith("状況\tOTR"))
    rows = [_cells(x) for x in lines[start + 1 : start + 12] if "\t" in x]
    figures = [(int(r[-2]), int(r[-1])) for r in rows[:4]]
    caps = strength_caps()
    otr, other = caps.for_game("OTR"), caps.for_game("GTC")
    assert figures == [
        (otr.attack, other.attack),
        (otr.defense, other.defense),
        (otr.defense_half_entrenched, other.defense_half_entrenched),
        (otr.defense_all_entrenched, other.defense_all_entrenched),
    ]
    assert figures == [(70, 80), (60, 70), (100, 120), (130, 160)]
    maxima = {}
    top = next(i for i, x in enumerate(lines) if x.startswith("ゲーム名\t最大兵力"))
    for x in lines[top + 1 : top + 5]:
        name, value = _cells(x)
        maxima["other" if name == "それ以外" else name] = int(value)
    assert maxima == caps.max_strength


def test_games_match_rules(seeds: dict[str, Path]) -> None:
    text = seeds["gcacw"].read_text(encoding="utf-8")
    found = re.findall(r"^- (.+?) ?\((SJW|HCR|RTG|SIV|SLB|OTR|GTC)\)$", text, flags=re.M)
    games = games_table().game
    assert [code for _, code in found] == [g.code for g in games]
    for (name, _), game in zip(found, games, strict=True):
        assert name.lower() == game.name.lower()
    years = {"1862": ["SJW", "HCR", "SIV", "OTR"], "1863": ["SLB", "RTG"], "1864": ["GTC"]}
    for year, codes in years.items():
        for code in codes:
            assert games_table().get(code).entrenchment_year == int(year)


@pytest.mark.parametrize("name", ["combat_chart", "ratio", "artillery", "entrenchment"])
def test_tables_cite_their_source(name: str) -> None:
    from gcacw_ref.paths import tables_dir

    text = (tables_dir() / f"{name}.toml").read_text(encoding="utf-8")
    assert "003_56b5f71750bd5483.txt" in text
