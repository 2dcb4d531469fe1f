"""Benchmark section: the reachable set of a 13-MP cavalry unit on a generated 40x30 map.

The map is generated from a fixed seed (every terrain, roads, pikes, a railroad, trails,
creeks and two rivers with crossings) with a few enemy units exerting ZOC. Times are
for `reach.reachable` on a prepared `MoveView`: `reachable_median_ms` / `_p95_ms` with
the map's per-unit step-cost table cleared before every run (every step priced again,
as after a change of weather), `reachable_cached_median_ms` with that table warm, and
`reachable_cold_ms` for the first call with every cache empty (tables already loaded).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from fractions import Fraction
from typing import Any

from gcacw_ref.game.model.geometry import hex_name, neighbor_coords
from gcacw_ref.game.model.hexmap import HexMap, parse_map
from gcacw_ref.game.model.pathing import MoveView, MovingUnit
from gcacw_ref.game.model.reach import reachable
from gcacw_ref.i18n import _
from gcacw_ref.rules.movement import step_cost
from gcacw_ref.rules.terrain import UnitKind, friendly_occupied_table, terrain_chart

COLUMNS, ROWS = 40, 30
RUNS = 60


def generated_map(columns: int = COLUMNS, rows: int = ROWS, seed: int = 1) -> HexMap:
    """A random but valid map of the given size (fixed seed: the same map every time)."""
    return parse_map(generated_document(columns, rows, seed), "bench map")


def generated_document(columns: int = COLUMNS, rows: int = ROWS, seed: int = 1) -> dict[str, Any]:
    """`generated_map`'s document (the board benchmark puts it inline in a board)."""
    rng = random.Random(seed)
    weights = {
        "clear": 40,
        "rolling": 20,
        "woods": 20,
        "rough": 6,
        "provisional_swamp": 4,
        "city": 2,
        "swamp": 3,
        "mountain": 3,
        "water": 2,
    }
    names, w = list(weights), list(weights.values())
    hexes: dict[str, dict[str, Any]] = {}
    for c in range(1, columns + 1):
        for r in range(1, rows + 1):
            t = rng.choices(names, w)[0]
            if t != "clear":
                hexes[hex_name((c, r))] = {"terrain": t}
    sides: dict[tuple[str, str], set[str]] = {}

    def add(a: tuple[int, int], b: tuple[int, int], feature: str) -> None:
        ha, hb = hex_name(a), hex_name(b)
        key = (ha, hb) if ha <= hb else (hb, ha)
        sides.setdefault(key, set()).add(feature)

    # roads and pikes along rows, a railroad down a column, random trails and creeks
    for r, feature in ((5, "road"), (15, "pike"), (25, "road")):
        for c in range(1, columns):
            add((c, r), (c + 1, r), feature)
    for r in range(1, rows):
        add((20, r), (20, r + 1), "railroad")
    for c in range(1, columns + 1):
        for r in range(1, rows + 1):
            for n in neighbor_coords((c, r)):
                if not (1 <= n[0] <= columns and 1 <= n[1] <= rows) or n < (c, r):
                    continue
                roll = rng.random()
                if roll < 0.03:
                    add((c, r), n, "trail")
                elif roll < 0.08:
                    add((c, r), n, "creek")
    # a minor river down between columns 10 and 11, a major one between 30 and 31
    for col, river, crossing in ((10, "minor_river", "ford"), (30, "major_river", "bridge")):
        for r in range(1, rows + 1):
            for n in neighbor_coords((col, r)):
                if n[0] == col + 1 and 1 <= n[1] <= rows:
                    add((col, r), n, river)
                    if r % 6 == 0:
                        add((col, r), n, crossing)
    doc = {
        "map": {"id": "bench", "columns": columns, "rows": rows, "default_terrain": "clear"},
        "hexes": hexes,
        "hexsides": [{"between": list(k), "features": sorted(v)} for k, v in sides.items()],
    }
    return doc


def _timed(fn: Callable[[], object], runs: int) -> list[float]:
    times = []
    for _run in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000)
    return sorted(times)


def _p95(times: list[float]) -> float:
    return times[min(len(times) - 1, int(round(0.95 * (len(times) - 1))))]


def run() -> dict[str, Any]:
    hexmap = generated_map()
    enemy = [h for h in ("0508", "3522", "1226", "2804") if hexmap.terrain(h) != "water"]
    board = MoveView.build(hexmap, enemy_hexes=enemy)
    unit = MovingUnit(UnitKind.CAVALRY, Fraction(3))
    start, ma = "2015", Fraction(13)
    terrain_chart(), friendly_occupied_table()  # table loading is not part of the timing
    step_cost.cache_clear()
    hexmap.memo.clear()
    t0 = time.perf_counter()
    size = len(reachable(board, unit, start, ma))
    cold = (time.perf_counter() - t0) * 1000

    def fresh() -> None:
        hexmap.memo.clear()  # no per-map step-cost table: price every step again
        reachable(board, unit, start, ma)

    main = _timed(fresh, RUNS)
    cached = _timed(lambda: reachable(board, unit, start, ma), RUNS)
    return {
        "move": {
            "reachable_median_ms": round(statistics.median(main), 3),
            "reachable_p95_ms": round(_p95(main), 3),
            "reachable_cached_median_ms": round(statistics.median(cached), 3),
            "reachable_cold_ms": round(cold, 3),
            "reachable_hexes": size,
            "map": f"{COLUMNS}x{ROWS}",
            "movement_allowance": 13,
        }
    }


def render(result: dict[str, Any]) -> str:
    m = result.get("move")
    if not m:
        return ""
    return _(
        "move: reachable set, cavalry 13 MP on a {map} map ({hexes} hexes): median {median} ms, "
        "p95 {p95} ms; with the map's step-cost table warm {warm} ms; first call with every "
        "cache empty {cold} ms"
    ).format(
        map=m["map"],
        hexes=m["reachable_hexes"],
        median=m["reachable_median_ms"],
        p95=m["reachable_p95_ms"],
        warm=m["reachable_cached_median_ms"],
        cold=m["reachable_cold_ms"],
    )
