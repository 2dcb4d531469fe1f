"""Every manoeuvre table checked against the figures printed in the charts seed (003)."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from gcacw_ref.rules.cavalry_retreat import cavalry_retreat_table
from gcacw_ref.rules.forced_march import forced_march_table
from gcacw_ref.rules.march import extended_march_table
from gcacw_ref.rules.movement_allowance import movement_allowance_table
from gcacw_ref.rules.rain import rain_numbers_table
from gcacw_ref.rules.retreat import retreat_tables


def _text(path: Path) -> str:
    return unicodedata.normalize("NFKC", path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def charts(seeds: dict[str, Path]) -> str:
    return _text(seeds["charts"])


@pytest.fixture(scope="module")
def rulebook(seeds: dict[str, Path]) -> str:
    return _text(seeds["gcacw"])


def test_extended_march_rows(charts: str) -> None:
    block = charts[charts.index("延長行軍表") : charts.index("退却表")]
    found = re.findall(r"\t(≤5|6|7|≥8)\t(NE|D)\t(NE|\d)\s*$", block, re.M)
    assert found == [("≤5", "NE", "NE"), ("6", "D", "1"), ("7", "D", "1"), ("≥8", "D", "2")]
    rows = extended_march_table().row
    printed = {"≤5": 5, "6": 6, "7": 7, "≥8": 8}
    for label, org, dis in found:
        die = printed[label]
        (row,) = [r for r in rows if r.low <= die <= r.high]
        assert (row.organized, row.disorganized_le5) == (org, dis)
    assert rows[0].high == 5 and rows[-1].low == 8
    assert "兵力 ≤ 5" in charts  # the only disorganized column printed


def test_extended_march_modifiers(charts: str) -> None:
    block = charts[charts.index("修正 (累積する)") :]
    block = block[: block.index("NE: 効果なし")]
    printed = re.findall(r"([+-]\d): (.+)", block)
    assert len(printed) == 4
    values = [int(v) for v, _ in printed]
    by_id = {m.id: m for m in extended_march_table().modifier}
    assert values == [
        by_id["union"].value,
        by_id["fresh_3_to_4"].value,
        by_id["exhausted_2_to_3"].value,
        by_id["exhausted_3_to_4"].value,
    ]
    assert "騎兵を除く" in printed[0][1]  # the chart's wording behind the register entry
    assert "3から4" in printed[1][1] and "2から3" in printed[2][1] and "3から4" in printed[3][1]
    assert [m.id for m in extended_march_table().modifier if m.in_chart] == [
        "union",
        "fresh_3_to_4",
        "exhausted_2_to_3",
        "exhausted_3_to_4",
    ]


def test_forced_march(charts: str) -> None:
    t = forced_march_table()
    assert f"歩兵の最低のMPボーナスは{t.infantry.minimum_bonus}" in charts
    assert f"騎兵の最低のMPボーナスは{t.cavalry.minimum_bonus}" in charts
    assert "その合計から1を引く" in charts
    assert "修正前6(歩兵の場合)" in charts
    assert "8以上(騎兵の場合)" in charts
    assert "7以下(騎兵の場合)" in charts
    inf = {(b.low, b.high): b.loss for b in t.infantry.loss}
    cav = {(b.low, b.high): b.loss for b in t.cavalry.loss}
    assert inf == {(1, 1): 0, (2, 5): 1, (6, 6): 2}
    assert cav == {(2, 7): 0, (8, 12): 1}
    assert (t.infantry.dice, t.cavalry.dice, t.cavalry.subtract) == (1, 2, 1)


def test_movement_allowance(charts: str) -> None:
    names = {
        "歩兵ユニット": "infantry",
        "騎兵ユニット": "cavalry",
        "歩兵司令官": "infantry_leader",
        "騎兵師団司令官": "cavalry_division_leader",
        "騎兵軍団司令官": "cavalry_corps_leader",
    }
    printed: dict[tuple[str, str], tuple[int, int]] = {}
    for line in charts.splitlines():
        side = (
            "union"
            if line.startswith("北軍")
            else "confederate"
            if line.startswith("南軍")
            else None
        )
        if side is None:
            continue
        for name, dice, add in re.findall(
            r"(歩兵ユニット|騎兵ユニット|歩兵司令官|騎兵師団司令官|騎兵軍団司令官)"
            r" (\d)D(?:\+(\d))?",
            line,
        ):
            printed[(side, names[name])] = (int(dice), int(add or 0))
    assert len(printed) == 10
    table = {(e.side.value, e.kind): (e.dice, e.add) for e in movement_allowance_table().entry}
    assert table == printed
    assert all(e.in_chart for e in movement_allowance_table().entry)


def test_movement_allowance_exceptions_from_rulebook(rulebook: str) -> None:
    assert "(その結果に1は足さない)" in rulebook
    assert "SIV と OTR において北軍" in rulebook
    assert "OTR においてはその結果に 1 を足す" in rulebook
    exc = {
        (e.side.value, e.kind): [(sorted(x.games), x.add, x.minimum) for x in e.exceptions]
        for e in movement_allowance_table().entry
        if e.exceptions
    }
    assert exc == {
        ("confederate", "infantry"): [(["OTR"], 0, 2)],
        ("union", "infantry_leader"): [(["OTR", "SIV"], 0, 2)],
        ("confederate", "infantry_leader"): [(["OTR"], 1, None)],
    }


def _retreat_rows(charts: str) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    block = charts[charts.index("優先順位 ナンバー\t兵力損失*") :]
    block = block[: block.index("退却表1及び2の適用に関するノート")]
    t1: list[tuple[int, str]] = []
    t2: list[tuple[int, str]] = []
    for line in block.splitlines()[1:]:
        cells = [c.strip() for c in line.split("\t")]
        if len(cells) >= 2 and cells[0].isdigit():
            t1.append((int(cells[0]), cells[1]))
            if len(cells) >= 4 and cells[2].isdigit():
                t2.append((int(cells[2]), cells[3]))
    return t1, t2


def test_retreat_tables(charts: str) -> None:
    t1, t2 = _retreat_rows(charts)
    assert t1 == [(1, "0"), (2, "0"), (3, "0/1†"), (4, "0/1"), (4, "1/2"), (5, "3")]
    assert t2 == [(1, "0"), (2, "0/1"), (3, "3")]
    ours = retreat_tables()
    assert [(r.priority, r.loss + (r.chart_mark or "")) for r in ours.table1] == t1
    assert [(r.priority, r.loss + (r.chart_mark or "")) for r in ours.table2] == t2
    # the chart's notes: dagger = cavalry exception, double dagger = road only, dot = road/friendly
    notes = charts[charts.index("退却表1及び2の適用に関するノート") :]
    assert re.search(r"^† 例外: 敵軍が存在する", notes, re.M)
    assert re.search(r"^‡ 道路、舗装道路", notes, re.M)
    assert re.search(r"^• 道路、舗装道路.*友軍", notes, re.M)
    marks = {f.mark for f in ours.footnote}
    assert marks == {"*", "†", "‡", "•"}


def test_retreat_marks_in_rulebook_copy(rulebook: str) -> None:
    tail = rulebook[rulebook.rindex("退 却 表") :]
    losses = re.findall(r"^\| (\d) \| ([0-9/]+)(\S?) \|", tail, re.M)
    if not losses:  # the copy is a tab table in this seed
        losses = re.findall(r"^(\d)\t([0-9/]+)(†|・)?\t", tail, re.M)
    assert ("3", "0/1", "†") in losses
    assert ("4", "0/1", "・") in losses and ("4", "1/2", "・") in losses
    assert ("5", "3", "") in losses
    assert re.search(r"\t2\t0/1・\t", tail) and re.search(r"\t3\t3\t", tail)  # table 2
    ours = retreat_tables()
    assert [r.rules_mark for r in ours.table1] == [None, None, "†", "•", "•", None]
    assert [r.slash for r in ours.table1] == [
        None,
        None,
        "road",
        "road_or_friendly",
        "road_or_friendly",
        None,
    ]


def test_cavalry_retreat_modifiers(charts: str) -> None:
    block = charts[charts.index("騎兵退却のダイス修正") : charts.index("移動の要約")]
    printed = re.findall(r"^([+-]\d)\t(\S+?)[:(]", block, re.M)
    names = {
        "山": "mountain",
        "非常に大きな部隊": "very_large",
        "大きな部隊": "large",
        "戦意低下": "demoralized",
        "疲労": "fatigue",
        "弾薬": "ammunition",
        "小さな部隊": "small",
        "非常に小さな部隊": "very_small",
    }
    table = {m.id: m for m in cavalry_retreat_table().modifier}
    seen = []
    for value, name in printed:
        mid = names[name]
        seen.append(mid)
        m = table[mid]
        if mid == "large":
            assert m.confederate is not None
            assert int(value) in (m.confederate.sjw_hcr, m.confederate.otr_siv)
        else:
            assert int(value) == m.value
    assert "river" not in seen and not table["river"].in_chart
    assert {k for k, m in table.items() if m.in_chart} == set(seen)
    assert "+1に削減" in block and table["mountain"].reduced_value == 1
    vl, sm, vs = table["very_large"], table["small"], table["very_small"]
    assert vl.confederate and (vl.confederate.sjw_hcr, vl.confederate.otr_siv) == (3, 4)
    assert "HCRにおいては+3に" in block
    assert sm.confederate and (sm.confederate.sjw_hcr, sm.confederate.otr_siv) == (-1, 0)
    assert "SJW及びHCRにおいては-1" in block and "この修正を無視" in block
    assert vs.confederate and (vs.confederate.sjw_hcr, vs.confederate.otr_siv) == (-3, -2)
    assert "HCRにおいては-3に" in block


def test_cavalry_river_modifier_in_rulebook(rulebook: str) -> None:
    assert re.search(r"\+2: 河川 \(すべてのゲーム\)", rulebook)


def _rain(text: str, title: str) -> dict[str, list[int | None]]:
    block = text[text.index(title) :]
    rows = re.findall(r"^雨 ?\(現在(?:\+(\d))?\)\t(\S+)\t(\S+)\t(\S+)", block, re.M)[:4]
    cols: dict[str, list[int | None]] = {"OTR": [], "SIV": [], "other": []}
    for _, otr, siv, other in rows:
        for key, cell in zip(("OTR", "SIV", "other"), (otr, siv, other), strict=True):
            cols[key].append(None if cell == "n/a" else int(cell))
    return cols


@pytest.mark.parametrize(
    "river,title", [("minor", "小河川雨ナンバー表"), ("major", "大河川雨ナンバー表")]
)
def test_rain_numbers(charts: str, rulebook: str, river: str, title: str) -> None:
    row = getattr(rain_numbers_table(), river)
    ours = {"OTR": row.OTR, "SIV": row.SIV, "other": row.other}
    assert _rain(charts, title) == ours
    assert _rain(rulebook, title) == ours
