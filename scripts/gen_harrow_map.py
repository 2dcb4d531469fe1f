"""Generate `gcacw_ref/game/maps/harrow.toml`, the map of the Harrow Valley campaign.

Our own invented map (no published map): run `python3 scripts/gen_harrow_map.py` after
changing the layout below and commit the TOML it writes; `--check` exits 1 when the
committed map differs from what the script writes (a test runs it). Every feature is placed by the
tables in this file; the output is stable (sorted hexes, hexsides in drawing order).
"""

from __future__ import annotations

import sys
from pathlib import Path

COLS, ROWS = 32, 26
OUT = Path(__file__).resolve().parent.parent / "gcacw_ref" / "game" / "maps" / "harrow.toml"


def name(c: int, r: int) -> str:
    return f"{c:02d}{r:02d}"


def neighbours(c: int, r: int) -> list[tuple[int, int]]:
    deltas = (
        ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
        if c % 2 == 0
        else ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
    )
    return [(c + dc, r + dr) for dc, dr in deltas if 1 <= c + dc <= COLS and 1 <= r + dr <= ROWS]


def key(a: tuple[int, int], b: tuple[int, int]) -> tuple[str, str]:
    x, y = name(*a), name(*b)
    return (x, y) if x <= y else (y, x)


terrain: dict[tuple[int, int], str] = {}
features: dict[tuple[int, int], list[str]] = {}
names: dict[tuple[int, int], str] = {}
sides: dict[tuple[str, str], list[str]] = {}


def area(kind: str, cols: range, rows: range) -> None:
    for c in cols:
        for r in rows:
            terrain[(c, r)] = kind


def add_side(a: tuple[int, int], b: tuple[int, int], *feats: str) -> None:
    assert b in neighbours(*a), (a, b)
    entry = sides.setdefault(key(a, b), [])
    for f in feats:
        if f not in entry:
            entry.append(f)


def river_between(col: int, rows: range, kind: str) -> None:
    """A river along every hexside between column `col` and column `col + 1`."""
    for r in rows:
        for n in neighbours(col, r):
            if n[0] == col + 1 and n[1] in rows:
                add_side((col, r), n, kind)


def river_across(row: int, cols: range, kind: str) -> None:
    """A river along every hexside between row `row` and row `row + 1` (a zigzag)."""
    for c in cols:
        for n in neighbours(c, row):
            if n[1] == row + 1 and n[0] in cols:
                add_side((c, row), n, kind)


def line(points: list[tuple[int, int]], feat: str) -> None:
    """A road (or railroad, trail...) through the listed hexes, straight between them."""
    for (c1, r1), (c2, r2) in zip(points, points[1:], strict=False):
        here = (c1, r1)
        while here != (c2, r2):
            step = min(
                neighbours(*here),
                key=lambda n: (_dist(n, (c2, r2)), abs(n[1] - r2), n),
            )
            add_side(here, step, feat)
            here = step


def _dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    aq, ar = a[0], a[1] - (a[0] + 1) // 2
    bq, br = b[0], b[1] - (b[0] + 1) // 2
    dq, dr = bq - aq, br - ar
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def crossing(a: tuple[int, int], b: tuple[int, int], what: str) -> None:
    add_side(a, b, what)


# --- terrain --------------------------------------------------------------------------
area("rolling", range(1, 5), range(1, 6))
area("rolling", range(13, 16), range(8, 12))
area("rough", range(28, 31), range(16, 19))
area("mountain", range(6, 10), range(20, 25))  # the Grey Knobs, a mountain road at row 23
area("mountain", range(24, 28), range(1, 4))  # the Cold Hills, a trail over them
area("swamp", range(17, 21), range(21, 27))  # the Okra Bottoms, a road through row 21
terrain[(19, 24)] = "provisional_swamp"  # a hummock inside the Bottoms, no way out
area("provisional_swamp", range(23, 25), range(9, 11))
area("woods", range(7, 10), range(9, 12))
area("woods", range(2, 4), range(15, 18))
area("woods", range(13, 15), range(15, 18))
area("woods", range(18, 21), range(3, 6))
area("woods", range(18, 20), range(15, 18))
area("woods", range(23, 26), range(16, 19))
area("woods", range(29, 32), range(8, 11))
area("woods", range(11, 12), range(1, 4))
area("rough", range(1, 3), range(22, 27))
for hx in [(31, 1), (32, 1), (32, 2)]:  # Blackwater pond
    terrain[hx] = "water"

places = {
    (4, 7): ("city", ["station"], "Brandon", "ブランドン"),
    (8, 13): ("clear", ["village", "station"], "Kettle", "ケトル"),
    (16, 13): ("city", ["station"], "Cassel", "カッセル"),
    (26, 13): ("clear", ["village", "station"], "Lisle", "ライル"),
    (30, 13): ("city", ["station", "earthworks"], "Harrowgate", "ハロウゲート"),
    (26, 7): ("clear", ["village"], "Orme", "オーム"),
    (16, 19): ("clear", ["village"], "Pardee", "パーディ"),
    (16, 4): ("clear", ["village"], "Quarry", "クォーリー"),
    (4, 19): ("clear", ["village"], "Fenwick", "フェンウィック"),
    (26, 21): ("clear", ["village"], "Nye", "ナイ"),
    (12, 22): ("clear", ["landing"], "Tamsin Landing", "タムシン船着場"),
}
names_ja: dict[tuple[int, int], str] = {}
for hx, (kind, feats, label, label_ja) in places.items():
    terrain[hx] = kind
    features[hx] = feats
    names[hx] = label
    names_ja[hx] = label_ja

# --- rivers and creeks ------------------------------------------------------------------
river_between(11, range(1, ROWS + 1), "major_river")  # the Tamsin
river_between(21, range(1, ROWS + 1), "minor_river")  # Wren Run
river_across(16, range(1, 12), "minor_river")  # Lamb's Fork, into the Tamsin
river_between(5, range(1, 13), "creek")  # Pell Creek
river_between(27, range(14, ROWS + 1), "creek")  # Sorrel Creek
add_side((11, 17), (10, 17), "minor_river")  # the Fork's last bend: 1117 opens only south

# --- railroad, pike, roads, trails ------------------------------------------------------
line([(1, 13), (32, 13)], "railroad")
line([(1, 7), (32, 7)], "pike")  # the Brandon Pike
line([(4, 1), (4, 26)], "road")
line([(16, 1), (16, 21)], "road")
line([(26, 4), (26, 26)], "road")
line([(30, 7), (30, 26)], "road")
line([(4, 19), (16, 19)], "road")  # Fenwick - Tamsin ferry - Pardee
line([(4, 23), (16, 23)], "road")  # over the Grey Knobs to the lower ford
line([(16, 4), (26, 4)], "road")  # Quarry - Wren ford
line([(16, 17), (26, 17)], "road")
line([(16, 21), (26, 21)], "road")  # along the north edge of the Okra Bottoms
line([(22, 1), (26, 4)], "trail")
line([(27, 4), (31, 5)], "trail")

# --- crossings (where the routes meet the rivers) ---------------------------------------
crossing((11, 7), (12, 7), "bridge")  # pike bridge over the Tamsin
crossing((11, 13), (12, 13), "bridge")  # railroad bridge over the Tamsin
crossing((11, 19), (12, 19), "ferry")
crossing((11, 23), (12, 23), "ford")
crossing((21, 7), (22, 7), "bridge")  # pike bridge over Wren Run
crossing((21, 13), (22, 13), "bridge")  # railroad bridge over Wren Run
crossing((21, 4), (22, 4), "ford")
crossing((21, 17), (22, 17), "ford")
crossing((21, 21), (22, 21), "ferry")
crossing((11, 3), (12, 2), "ford")  # the upper Tamsin ford, no road
crossing((21, 10), (22, 10), "ford")  # a cattle ford on Wren Run
crossing((4, 16), (4, 17), "bridge")  # Lamb's Fork: the Fenwick road bridge
crossing((8, 16), (8, 17), "ford")


def render() -> str:
    out = [
        "# Harrow Valley: our own campaign-size map (not a published map), generated by",
        "# scripts/gen_harrow_map.py. The Tamsin (a major river) and Wren Run (a minor one)",
        "# cut the valley north to south, Lamb's Fork (minor) joins the Tamsin from the",
        "# west; the Brandon Pike and the railroad cross both rivers.",
        "[map]",
        'id = "harrow"',
        'name = "Harrow Valley"',
        'name_ja = "ハロウ渓谷"',
        f"columns = {COLS}",
        f"rows = {ROWS}",
        'default_terrain = "clear"',
        "",
        "[hexes]",
    ]
    for hx in sorted(set(terrain) | set(features), key=lambda h: name(*h)):
        parts = [f'terrain = "{terrain.get(hx, "clear")}"']
        if features.get(hx):
            parts.append("features = [" + ", ".join(f'"{f}"' for f in features[hx]) + "]")
        if hx in names:
            parts.append(f'name = "{names[hx]}"')
            parts.append(f'name_ja = "{names_ja[hx]}"')
        out.append(f'"{name(*hx)}" = {{ {", ".join(parts)} }}')
    out.append("")
    for (a, b), feats in sorted(sides.items()):
        out += ["[[hexsides]]", f'between = ["{a}", "{b}"]']
        out.append("features = [" + ", ".join(f'"{f}"' for f in feats) + "]")
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:  # the committed map is what this script writes
        same = OUT.read_text(encoding="utf-8") == render()
        sys.stdout.write("up to date\n" if same else f"{OUT} differs: run this script\n")
        sys.exit(0 if same else 1)
    OUT.write_text(render(), encoding="utf-8")
    sys.stdout.write(f"wrote {OUT} ({len(terrain)} hexes listed, {len(sides)} hexsides)\n")
