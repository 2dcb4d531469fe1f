"""The terrain tables against the charts seed, and the register's claims against both seeds."""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction
from pathlib import Path

from gcacw_ref.rules.numbers import parse_strength
from gcacw_ref.rules.register import load_register
from gcacw_ref.rules.terrain import friendly_occupied_table, terrain_chart


def _lines(path: Path) -> list[str]:
    return [unicodedata.normalize("NFKC", x) for x in path.read_text(encoding="utf-8").splitlines()]


def _cell(text: str) -> str:
    text = re.sub(r"\^\{?([^}]*)\}?", r" \1", text).split()
    words = [w for w in text if w not in "ABCDEFGHIJKL" or w in ("P", "NE")]
    value = " ".join(words).replace("可変", "variable").replace("停止", "stop").replace("全", "all")
    return value


def test_terrain_rows_match_the_chart(seeds: dict[str, Path]) -> None:
    chart = terrain_chart()
    rows = {**chart.terrain, **chart.hexside}
    by_english = {row.label.split(" (")[0].lower(): row for row in rows.values()}
    found = 0
    for line in _lines(seeds["charts"]):
        m = re.match(r"^[^\t(]+\(([A-Za-z /]+)\)\t([^\t]+)\t([^\t]+)$", line.strip())
        if not m:
            continue
        names = [n.strip().lower() for n in m.group(1).split("/")]
        normal, rain = _cell(m.group(2)), _cell(m.group(3))
        for name in names:
            key = {"bridge": "bridge", "dam": "dam"}.get(name, name)
            row = by_english.get(key)
            if row is None:
                continue
            found += 1
            for ours, theirs in ((row.normal, normal), (row.rain, rain)):
                if ours in ("P", "NE", "variable"):
                    assert theirs.startswith(ours), (name, ours, theirs)
                else:
                    assert parse_strength(ours) == parse_strength(theirs.replace(" ", " ")), name
    assert found >= 18  # every primary terrain and hexside row of the chart


def test_friendly_occupied_figures_in_the_rules(seeds: dict[str, Path]) -> None:
    text = "\n".join(_lines(seeds["gcacw"]))
    section = text[text.index("友軍存在ヘクスへの進入") :][:600]
    assert "3から11\t+1MP\t+3MP" in section and "12以上\t+2MP\t+4MP" in section
    bands = friendly_occupied_table().band
    assert [(b.open, b.close) for b in bands] == [(0, 0), (1, 3), (2, 4)]
    assert bands[1].at_least == Fraction(3) and bands[2].at_least == Fraction(12)


def test_ferry_conflict_is_real_and_registered(seeds: dict[str, Path]) -> None:
    rules = "\n".join(_lines(seeds["gcacw"]))
    charts = "\n".join(_lines(seeds["charts"]))
    assert "兵力を3で割る" in rules
    note_f = charts[charts.index("F: 雨ではないターン") :][:400]
    assert "1/2" in note_f
    entry = {e.id: e for e in load_register()}["ferry-penalty"]
    assert entry.kind == "conflict" and "6.2" in entry.rules and "/ 3" in entry.reading
    assert terrain_chart().ferry.divisor == 3


def test_trail_is_not_on_the_chart(seeds: dict[str, Path]) -> None:
    charts = "\n".join(_lines(seeds["charts"]))
    table = charts[charts.index("地形の種類") : charts.index("地形表の略称")]
    assert "Trail" not in table and "小道" not in table
    ids = {e.id for e in load_register()}
    assert {"trail-costs", "mountain-trail", "clear-rain-cost", "provisional-swamp-rain"} <= ids


def test_a_bad_chart_file_names_the_field(tmp_path: Path) -> None:
    import pytest

    from gcacw_ref.errors import DataError
    from gcacw_ref.paths import tables_dir
    from gcacw_ref.rules.tables import validate_file
    from gcacw_ref.rules.terrain import TerrainChart

    text = (tables_dir() / "terrain.toml").read_text(encoding="utf-8")
    bad = tmp_path / "terrain.toml"
    bad.write_text(text.replace('normal = "6"', 'normal = "six"', 1), encoding="utf-8")
    with pytest.raises(DataError, match="terrain.woods.normal"):
        validate_file(bad, TerrainChart)
    bad.write_text(text.replace("[terrain.water]", "[terrain.lava]", 1), encoding="utf-8")
    with pytest.raises(DataError, match="terrain"):
        validate_file(bad, TerrainChart)
