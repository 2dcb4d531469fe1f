"""Over random small boards, each question's answer from the board equals the
calculator's on the input derived from it (issue 39): move = `calc move`, flank =
`calc flank` on the six-hex picture and = the engine's own flank bonus, combat =
`calc combat` = the engine's verdict, retreat's first hexes = `calc retreat`'s best."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.board import Board, situation
from gcacw_ref.board.answer import run_calc
from gcacw_ref.board.attack import ask_attack
from gcacw_ref.board.move import ask_move
from gcacw_ref.board.retreat import ask_retreat

COLS, ROWS = 5, 5
HEXES = [f"{c:02d}{r:02d}" for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]
TERRAIN = st.sampled_from(["clear", "clear", "rolling", "rough", "woods", "city"])
SIDE_FEATURE = st.sampled_from([["road"], ["creek"], ["minor_river", "ford"], ["trail"]])


def _neighbours(h: str) -> list[str]:
    c, r = int(h[:2]), int(h[2:])
    deltas = (
        ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))
        if c % 2
        else ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
    )
    out = []
    for dc, dr in deltas:
        n = f"{c + dc:02d}{r + dr:02d}"
        if n in HEXES:
            out.append(n)
    return out


@st.composite
def boards(draw: st.DrawFn) -> Board:
    terrain = draw(st.dictionaries(st.sampled_from(HEXES), TERRAIN, max_size=10))
    sides = []
    for a in draw(st.lists(st.sampled_from(HEXES), max_size=6, unique=True)):
        b = draw(st.sampled_from(_neighbours(a)))
        if all({a, b} != {x, y} for x, y, _f in sides):
            sides.append((a, b, draw(SIDE_FEATURE)))
    target = draw(st.sampled_from(HEXES))
    around = _neighbours(target)
    attackers = draw(st.lists(st.sampled_from(around), min_size=1, max_size=3, unique=True))
    others = [h for h in HEXES if h != target and h not in attackers]
    extra = draw(st.lists(st.sampled_from(others), max_size=3, unique=True))
    units: list[dict[str, Any]] = [
        {
            "hex": target,
            "side": "confederate",
            "strength": draw(st.integers(1, 12)),
            "tactical": draw(st.integers(0, 3)),
            "artillery": draw(st.integers(0, 3)),
            "kind": draw(st.sampled_from(["infantry", "infantry", "cavalry"])),
            "organized": draw(st.booleans()),
        }
    ]
    for h in attackers:
        units.append(
            {
                "hex": h,
                "side": "union",
                "strength": draw(st.integers(1, 12)),
                "tactical": draw(st.integers(0, 3)),
                "artillery": draw(st.integers(0, 3)),
                "fatigue": draw(st.integers(0, 3)),
            }
        )
    for h in extra:
        units.append(
            {"hex": h, "side": draw(st.sampled_from(["union", "confederate"])), "strength": 3}
        )
    return Board.model_validate(
        {
            "board": {"rain": draw(st.booleans()), "active_unit": attackers[0]},
            "map": {"columns": COLS, "rows": ROWS},
            "hexes": {h: {"terrain": t} for h, t in terrain.items()},
            "hexsides": [{"between": [a, b], "features": f} for a, b, f in sides],
            "units": units,
        }
    )


SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(boards())
def test_move_equals_calc_move(board: Board) -> None:
    sit = situation(board)
    mover = board.units[1].hex
    answer = ask_move(sit, mover)
    out = run_calc("move", answer.input).model_dump(mode="json")
    from_board = {e["hex"]: e["mp"] for e in answer.board["reach"]}
    assert from_board == {h: c for h, c in out["reachable"].items() if h != mover}
    for e in answer.board["reach"]:  # each path the board draws costs what it says
        walk = run_calc("move", {**answer.input, "path": e["path"]}).model_dump(mode="json")
        assert walk["legal"] and walk["cost"] in (e["mp"], None)


@SETTINGS
@given(boards())
def test_attack_equals_calc_combat_and_flank(board: Board) -> None:
    sit = situation(board)
    target = board.units[0].hex
    ids = [
        u.hex
        for u in board.units[1:]
        if u.side.value == "union" and u.hex in sit.map.neighbors(target)
    ]
    answer = ask_attack(sit, target, ids[:1], "normal")
    if answer.output is None:
        assert answer.board["refusals"]
        return
    flank = run_calc("flank", answer.board["flank"]["input"]).model_dump(mode="json")
    assert flank["final_bonus"] == answer.input.get("flank_bonus", 0)
    engine = sit.position.attack_outcomes(ids[:1], target, "march", "normal")
    assert engine is not None
    assert run_calc("combat", answer.input).model_dump_json() == engine.model_dump_json()


@SETTINGS
@given(boards(), st.sampled_from(["retreat", "rout"]))
def test_retreat_first_hexes_are_calc_retreats(board: Board, kind: str) -> None:
    sit = situation(board)
    target = board.units[0].hex
    answer = ask_retreat(sit, target, kind)
    out = run_calc("retreat", answer.input).model_dump(mode="json")
    hexes = sit.map.neighbors(target)
    allowed = {hexes[i] for i, o in enumerate(out["options"][: len(hexes)]) if o["allowed"]}
    assert {f["hex"] for f in answer.board["first_hexes"]} == allowed
    if not answer.board["override"]:
        firsts = {p["hexes"][0] for p in answer.board["paths"]}
        assert firsts <= allowed
