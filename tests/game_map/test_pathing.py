"""Paths and reachable sets: ZOC, enemy units, the minimum move (6.2), and properties."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.errors import InputError
from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.pathing import MoveView, MovingUnit, evaluate_path
from gcacw_ref.game.model.reach import reachable
from gcacw_ref.rules.movement import Weather
from gcacw_ref.rules.terrain import UnitKind as K

from .conftest import small_map

INF = MovingUnit(K.INFANTRY, Fr(6))
CAV = MovingUnit(K.CAVALRY, Fr(3))
# enemy at 0303: normal ZOC in 0302 0402 0403 0304 0203 0202
ENEMY = ["0303"]


def board(m: HexMap | None = None, enemy: list[str] = ENEMY, **kw: object) -> MoveView:
    return MoveView.build(m or small_map(), enemy_hexes=enemy, **kw)  # type: ignore[arg-type]


def test_plain_path_costs_and_steps() -> None:
    r = evaluate_path(board(enemy=[]), INF, ["0101", "0201", "0301"], Fr(6))
    assert r.legal and r.cost == 6 and r.stops_at is None and r.reason is None
    assert [e.mp for e in r.entries] == [3, 3]
    assert [s.rule for s in r.steps] == ["6.1", "6.1"]


def test_entering_enemy_zoc_stops() -> None:
    r = evaluate_path(board(), INF, ["0101", "0201", "0202"], Fr(9))
    assert r.legal and r.cost == 6 and r.stops_at == "0202"
    r = evaluate_path(board(), INF, ["0101", "0201", "0202", "0102"], Fr(12))
    assert not r.legal and r.cost is None and r.stops_at == "0202"
    assert r.reason == "the unit must stop at 0202 (entering enemy ZOC)"


def test_friendly_unit_in_zoc_does_not_help_movement() -> None:
    b = board(friendly_strength={"0202": Fr(1)})
    assert evaluate_path(b, INF, ["0101", "0201", "0202"], Fr(9)).stops_at == "0202"


def test_leaving_zoc_first_move_costs_one_more() -> None:
    r = evaluate_path(board(), INF, ["0202", "0201", "0101"], Fr(8))
    assert r.legal and [e.mp for e in r.entries] == [4, 3] and r.cost == 7
    assert r.entries[0].rule == "6.2"
    # not the first action of the march: it cannot leave
    r = evaluate_path(board(), INF, ["0202", "0201"], Fr(8), first_action=False)
    assert not r.legal and "first move" in (r.reason or "")


def test_zoc_to_zoc_costs_everything_and_disorganizes() -> None:
    r = evaluate_path(board(), INF, ["0202", "0203"], Fr(5))
    assert r.legal and r.cost == 5 and r.stops_at == "0203" and r.disorganized
    # joined by a trail: no disorganization (register "zoc-to-zoc-trail")
    m = small_map(hexsides=[("0202", "0203", ["trail"])])
    r = evaluate_path(board(m), INF, ["0202", "0203"], Fr(5))
    assert r.legal and r.cost == 5 and not r.disorganized
    # the march ends there
    r = evaluate_path(board(), INF, ["0202", "0203", "0204"], Fr(9))
    assert not r.legal and r.stops_at == "0203"
    # without an allowance the cost has no number
    r = evaluate_path(board(), INF, ["0202", "0203"])
    assert r.legal and r.cost is None and r.entries[0].mp is None


def test_zoc_to_zoc_still_obeys_terrain() -> None:
    m = small_map({"0203": "swamp"})
    r = evaluate_path(board(m, enemy=["0303", "0104"]), INF, ["0202", "0203"], Fr(6))
    assert not r.legal and "swamp" in (r.reason or "")


def test_limited_zoc_is_ignored() -> None:
    m = small_map({"0303": "woods"})  # every ZOC out of 0303 is limited
    r = evaluate_path(board(m), INF, ["0101", "0201", "0202", "0102"], Fr(12))
    assert r.legal and r.cost == 9 and r.stops_at is None
    # and leaving it costs nothing extra
    r = evaluate_path(board(m), INF, ["0202", "0201"], Fr(12))
    assert r.cost == 3


def test_zoc_not_across_a_river_so_no_stop() -> None:
    m = small_map(hexsides=[("0303", "0202", ["minor_river"]), ("0202", "0201", ["road"])])
    r = evaluate_path(board(m), INF, ["0101", "0201", "0202", "0102"], Fr(12))
    assert r.legal and r.stops_at is None and r.cost == 3 + 1 + 3


def test_enemy_occupied_hex_cannot_be_entered() -> None:
    r = evaluate_path(board(), CAV, ["0202", "0303"], Fr(12))
    assert not r.legal and r.reason == "0303 holds an enemy unit"
    with pytest.raises(InputError, match="path\\[0\\]"):
        evaluate_path(board(), CAV, ["0303", "0202"], Fr(12))


def test_one_hex_minimum_move() -> None:
    m = small_map({"0201": "woods", "0102": "mountain"})
    r = evaluate_path(board(m, enemy=[]), INF, ["0101", "0201"], Fr(2))
    assert r.legal and r.cost == 2 and r.stops_at == "0201"
    assert "minimum move" in r.entries[0].label
    assert not evaluate_path(board(m, enemy=[]), INF, ["0101", "0201"], Fr(2), attacked=True).legal
    assert not evaluate_path(board(m, enemy=[]), INF, ["0101", "0102"], Fr(2)).legal  # mountain
    r = evaluate_path(board(m, enemy=[]), INF, ["0101", "0201", "0301"], Fr(2))
    assert not r.legal
    # leaving ZOC with too few MP is also a minimum move
    r = evaluate_path(board(), INF, ["0202", "0201"], Fr(3))
    assert r.legal and r.cost == 3


def test_not_enough_mp_after_the_first_hex() -> None:
    r = evaluate_path(board(enemy=[]), INF, ["0101", "0102", "0103"], Fr(5))
    assert not r.legal and r.reason == "0103 needs 3 MP, only 2 left"


def test_ferry_minimum_move_spends_all() -> None:
    m = small_map(hexsides=[("0101", "0102", ["major_river", "ferry", "road"])])
    r = evaluate_path(board(m, enemy=[]), INF, ["0101", "0102"], Fr(2))  # needs 1 + 2
    assert r.legal and r.cost == 2


def test_path_jumps_and_off_map_are_input_errors() -> None:
    with pytest.raises(InputError, match="path\\[1\\]: 0103 is not adjacent to 0101"):
        evaluate_path(board(), INF, ["0101", "0103"])
    with pytest.raises(InputError, match="path\\[1\\]: hex 0107 is off map"):
        evaluate_path(board(), INF, ["0106", "0107"])
    with pytest.raises(InputError, match="path"):
        evaluate_path(board(), INF, [])


def test_reachable_on_open_ground() -> None:
    r = reachable(board(small_map(columns=9, rows=9), enemy=[]), INF, "0505", Fr(6))
    from gcacw_ref.game.model.geometry import distance

    assert r == {h: Fr(3 * distance("0505", h)) for h in r}
    assert len(r) == 1 + 6 + 12


def test_reachable_stops_in_zoc_and_handles_leaving() -> None:
    b = board()
    r = reachable(b, INF, "0101", Fr(9))
    assert r["0202"] == 6 and "0102" in r
    assert r["0203"] == 9  # 0101 -> 0102 -> 0103 -> 0203
    assert "0304" not in r  # 12 MP away round the ZOC
    r = reachable(b, INF, "0202", Fr(6))
    # leaving ZOC: +1 to 0201, 0102, 0103; ZOC to ZOC (0302, 0203): all 6 MP; 0101 would be 7
    assert r == {"0202": 0, "0201": 4, "0102": 4, "0103": 4, "0302": 6, "0203": 6}
    assert "0303" not in r


def test_reachable_rain_and_roads(example: HexMap) -> None:
    b = MoveView.build(example, weather=Weather(rain=True))
    r = reachable(b, CAV, "0504", Fr(4))
    assert r["0404"] == Fr(3, 2) and r["0304"] == 3  # pike in rain
    assert r["0503"] == 2 and r["0502"] == 4  # railroad in rain
    assert "0806" not in r  # ferry across the major river needs 2 + 1 more


# ---- properties -------------------------------------------------------------


def _walk(m: HexMap, start: str, moves: list[int]) -> list[str]:
    path = [start]
    for k in moves:
        ns = m.neighbors(path[-1])
        path.append(ns[k % len(ns)])
    return path


hexes = st.sampled_from([f"{c:02d}{r:02d}" for c in range(1, 11) for r in range(1, 9)])


@settings(max_examples=150, deadline=None)
@given(
    hexes,
    st.lists(st.integers(0, 5), min_size=1, max_size=8),
    st.lists(hexes, max_size=3),
    st.booleans(),
    st.integers(1, 16),
    st.dictionaries(hexes, st.sampled_from([Fr(5, 2), Fr(3), Fr(12)]), max_size=4),
)
def test_path_cost_is_sum_of_steps_and_never_beats_dijkstra(
    example: HexMap,
    start: str,
    moves: list[int],
    enemy: list[str],
    rain: bool,
    ma: int,
    friendly: dict[str, Fr],
) -> None:
    path = _walk(example, start, moves)
    enemy = [h for h in enemy if h != start and h not in friendly]
    b = MoveView.build(
        example, weather=Weather(rain=rain), enemy_hexes=enemy, friendly_strength=friendly
    )
    r = evaluate_path(b, INF, path, Fr(ma))
    if not r.legal:
        return
    assert r.cost == sum((e.mp for e in r.entries), Fr(0))
    assert r.cost is not None and r.cost <= ma
    reach = reachable(b, INF, start, Fr(ma))
    assert path[-1] in reach and reach[path[-1]] <= r.cost


@settings(max_examples=100, deadline=None)
@given(hexes, st.lists(hexes, max_size=3), st.booleans(), st.integers(0, 12), st.integers(0, 6))
def test_reachable_set_only_grows_with_more_mp(
    example: HexMap, start: str, enemy: list[str], rain: bool, ma: int, more: int
) -> None:
    enemy = [h for h in enemy if h != start]
    b = MoveView.build(example, weather=Weather(rain=rain), enemy_hexes=enemy)
    small = reachable(b, CAV, start, Fr(ma))
    big = reachable(b, CAV, start, Fr(ma + more))
    assert set(small) <= set(big)
    assert all(c <= ma for c in small.values())


def test_move_step_for_a_step_by_step_engine() -> None:
    from gcacw_ref.game.model.pathing import move_step

    b = board()
    v = move_step(b, INF, "0201", "0202", mp_left=Fr(6))
    assert v.legal and v.mp == 3 and v.must_stop and not v.ends_march
    v = move_step(b, INF, "0202", "0203", mp_left=Fr(5))
    assert v.legal and v.mp == 5 and v.ends_march and v.disorganizes
    v = move_step(b, INF, "0202", "0201", mp_left=Fr(5), first_action=False)
    assert not v.legal and v.rule == "6.2"
    v = move_step(b, INF, "0101", "0201", mp_left=Fr(2), moved=True)
    assert not v.legal and v.reason == "0201 needs 3 MP, only 2 left"
    v = move_step(b, INF, "0101", "0201", mp_left=Fr(2))
    assert v.legal and v.mp == 2 and v.ends_march
    v = move_step(b, INF, "0101", "0201", mp_left=None)
    assert v.legal and v.mp == 3
    assert not move_step(b, INF, "0202", "0303", mp_left=None).legal


@pytest.mark.parametrize(
    ("start", "enemy", "rain", "ma"),
    [
        ("0504", [], False, 5),
        ("0504", ["0405"], True, 5),
        ("0202", ["0103"], False, 4),
        ("0706", ["0907"], False, 6),
        ("0103", ["0203"], False, 6),  # starts in enemy ZOC
        ("0206", [], True, 7),
    ],
)
def test_reachable_matches_brute_force(
    example: HexMap, start: str, enemy: list[str], rain: bool, ma: int
) -> None:
    """Every walk priced by move_step, searched exhaustively, gives the same best costs."""
    from gcacw_ref.game.model.pathing import move_step

    b = MoveView.build(example, weather=Weather(rain=rain), enemy_hexes=enemy)
    best: dict[str, Fr] = {start: Fr(0)}

    def walk(h: str, spent: Fr, moved: bool, stopped: bool) -> None:
        if stopped:
            return
        for n in example.neighbors(h):
            v = move_step(b, CAV, h, n, mp_left=ma - spent, moved=moved, first_action=not moved)
            if not v.legal or v.mp is None:
                continue
            total = spent + v.mp
            if n not in best or total < best[n]:
                best[n] = total
            if total <= best[n]:
                walk(n, total, True, v.must_stop or v.ends_march)

    walk(start, Fr(0), False, False)
    assert reachable(b, CAV, start, Fr(ma)) == best
