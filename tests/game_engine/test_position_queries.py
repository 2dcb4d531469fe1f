"""The position view's typed queries the bots ask instead of deriving rules (issue 45):
bridge work by the game's figures (8.0, 10.1, 10.3: SIV asks 3 to build and 2 to repair),
the chances of a pontoon bridge or a repair from the engine's own modifiers, 6.2's
disorder, and 12.0's river marker, each worked by hand."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from tests_helpers import make_scenario, small_map, unit  # type: ignore[import-not-found]

from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.engine.position import Position, march_is_extended
from gcacw_ref.game.engine.work import Work
from gcacw_ref.game.model.state import GameState
from gcacw_ref.rules.games import Side

SIDE = ("0505", "0605")


def _state(
    units: list[dict[str, Any]],
    hexsides: list[dict[str, Any]] | None = None,
    game: str = "GTC",
    **update: object,
) -> GameState:
    scen = make_scenario(units, game=game, map_doc=small_map(hexsides=hexsides or []))
    return initial_state(scen, 1).model_copy(update=update)


@pytest.mark.parametrize(
    ("game", "strength", "kind", "fatigue", "bridge", "repair"),
    [
        ("GTC", 5, "infantry", 0, True, True),
        ("GTC", 4, "infantry", 0, False, False),
        ("GTC", 6, "infantry", 1, False, False),  # 8.0 step 1: fatigue 0 only
        ("GTC", 6, "cavalry", 0, False, False),  # 10.1, 10.3: infantry only
        ("SIV", 3, "infantry", 0, True, True),  # SIV: 3 to build...
        ("SIV", 2, "infantry", 0, False, True),  # ...and 2 to repair
        ("SIV", 1, "infantry", 0, False, False),
    ],
)
def test_may_build_reads_the_games_figures(
    game: str, strength: int, kind: str, fatigue: int, bridge: bool, repair: bool
) -> None:
    u = unit("u", "union", "0505", strength, kind=kind, fatigue=fatigue)
    state = _state([u, unit("c", "confederate", "0909", 3)], game=game)
    position = Position(state)
    assert position.may_build("u", "bridge") is bridge
    assert position.may_build("u", "repair") is repair


def _river(features: list[str], roads: bool = False, **update: object) -> Position:
    sides = [{"between": list(SIDE), "features": features}]
    if roads:  # a road on another hexside of each bank
        sides += [
            {"between": ["0505", "0504"], "features": ["road"]},
            {"between": ["0605", "0604"], "features": ["road"]},
        ]
    units = [unit("u", "union", "0505", 6), unit("c", "confederate", "0909", 3)]
    return Position(_state(units, sides, **update))


def test_pontoon_chance_is_the_engines_modifier_on_one_die() -> None:
    # no road or trail on either bank: +3, laid on 1-2
    assert _river(["minor_river"]).pontoon_chance(*SIDE) == Fraction(1, 3)
    # roads on both banks and no crossing: +1, laid on 1-4
    assert _river(["minor_river"], roads=True).pontoon_chance(*SIDE) == Fraction(2, 3)
    # a ford there: no +1, laid on 1-5
    assert _river(["minor_river", "ford"], roads=True).pontoon_chance(*SIDE) == Fraction(5, 6)
    # a major river (+2) under its marker (12.0, +1) without roads (+3): never
    marked = _river(["major_river"], major_unfordable_until=1)
    assert marked.pontoon_chance(*SIDE) == 0


def test_repair_chance_is_the_engines_modifier_on_one_die() -> None:
    gone = {"destroyed": (SIDE,)}
    assert _river(["minor_river", "bridge"], **gone).repair_chance(*SIDE) == Fraction(1, 2)
    assert _river(["minor_river", "ferry"], **gone).repair_chance(*SIDE) == Fraction(5, 6)
    assert _river(["major_river", "bridge"], **gone).repair_chance(*SIDE) == Fraction(1, 6)
    marked = _river(["major_river", "bridge"], major_unfordable_until=1, **gone)
    assert marked.repair_chance(*SIDE) == 0
    assert marked.destroyed(*SIDE) and not _river(["minor_river", "bridge"]).destroyed(*SIDE)


@pytest.mark.parametrize(
    ("features", "enemy_at", "expected"),
    [
        ([], "0506", True),  # 0505 and 0605 both beside 0506: ZOC to ZOC, no road
        (["road"], "0506", False),  # a road across the hexside
        (["trail"], "0506", False),
        ([], "0909", False),  # no enemy ZOC at all
    ],
)
def test_disorganizes_is_6_2s_zoc_to_zoc_off_the_roads(
    features: list[str], enemy_at: str, expected: bool
) -> None:
    sides = [{"between": list(SIDE), "features": features}] if features else []
    units = [unit("u", "union", "0505", 6), unit("c", "confederate", enemy_at, 6)]
    position = Position(_state(units, sides))
    board = position.move_view(Side.UNION)
    assert position.disorganizes("u", "0605", board) is expected


@pytest.mark.parametrize(("turn", "until", "stands"), [(1, 0, False), (1, 1, True), (3, 2, False)])
def test_the_river_marker_stands_through_its_turn(turn: int, until: int, stands: bool) -> None:
    units = [unit("u", "union", "0505", 6), unit("c", "confederate", "0909", 3)]
    state = _state(units, turn=turn, major_unfordable_until=until)
    assert Work(state).river_marker_stands(major=True) is stands
    assert Work(state).river_marker_stands(major=False) is False


def test_march_is_extended_on_either_side_of_the_counter() -> None:
    units = [
        unit("a", "union", "0505", 6, fatigue=1),
        unit("b", "union", "0506", 6, fatigue=2),
        unit("x", "union", "0507", 6, fatigue=1, exhausted=True),
        unit("c", "confederate", "0909", 3),
    ]
    state = _state(units)
    extended = {uid: march_is_extended(state.units[uid]) for uid in ("a", "b", "x")}
    assert extended == {"a": False, "b": True, "x": True}
