"""What the engine and the bots remember between decisions lives with the object it
belongs to (the scenario, the game's states, the bot), never in a module dict keyed by
`id()`: a memo filled for one scenario or game is not read for another, even one built
at the same address after the first was freed (issue 23, hidden global state)."""

from __future__ import annotations

import ast
import gc
from fractions import Fraction
from pathlib import Path
from typing import Any

from tests_helpers import (  # type: ignore[import-not-found]
    make_scenario,
    porter_scenario,
    small_map,
    unit,
)

import gcacw_ref
from gcacw_ref.game.engine.core import initial_state, legal_actions, new_game, step
from gcacw_ref.game.engine.position import Position
from gcacw_ref.game.model.scenario import Counters
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots_view import View, ViewMemo

GAME = Path(gcacw_ref.__file__).parent / "game"


def _disorganized_state(counters: Counters | None = None) -> GameState:
    scen = make_scenario(
        [unit("u", "union", "0505", 6, organized=False), unit("c", "confederate", "0909", 3)],
        map_doc=small_map(),
    )
    if counters is not None:
        scen = scen.model_copy(update={"counters": counters})
    return initial_state(scen, 1)


def test_the_disorganized_value_is_the_scenarios_own() -> None:
    # 2.2: the default is half the marker (3 for a 6); a scenario's counters say otherwise
    assert Position(_disorganized_state()).combat_strength("u") == Fraction(3)
    for _ in range(3):  # scenarios freed and rebuilt, perhaps at the same addresses
        gc.collect()
        own = _disorganized_state(Counters(disorganized={"6": Fraction(5, 2)}))
        assert Position(own).combat_strength("u") == Fraction(5, 2)
        gc.collect()
        assert Position(_disorganized_state()).combat_strength("u") == Fraction(3)


def test_a_copied_scenario_starts_its_memo_afresh() -> None:
    scen = _disorganized_state().scenario
    Position(initial_state(scen, 1)).combat_strength("u")
    assert scen.disorganized_memo == {Fraction(6): Fraction(3)}
    assert scen.model_copy().disorganized_memo == {}


def test_the_unit_actions_memo_travels_with_the_game() -> None:
    scen = _disorganized_state().scenario
    state = new_game(scen, 1)
    first = legal_actions(state)
    after, _ = step(state, first[0])
    # the next state shares its predecessor's memo; a new game has its own
    assert after._unit_actions is state._unit_actions
    assert new_game(scen, 1)._unit_actions is not state._unit_actions
    assert legal_actions(new_game(scen, 1)) == first


def _assaults(state: GameState) -> list[str]:
    return [a.leader or "" for a in legal_actions(state) if a.type == "assault"]


def test_the_assault_memo_sees_a_unit_move_away_and_back(drive: Any) -> None:
    # 5.3: Porter's stack in 0505 next to the Confederate unit in 0605 may assault
    d = drive(porter_scenario())
    d.do("done", dice=[6, 1])
    d.do("take")
    state = d.state
    assert _assaults(state) == ["porter"]
    reb = state.units["reb"]
    gone = state.model_copy(
        update={"units": {**state.units, "reb": reb.model_copy(update={"hex": "0909"})}}
    )
    assert gone._assaults is state._assaults  # one memo along the game, even so
    assert _assaults(gone) == []
    back = gone.model_copy(update={"units": {**gone.units, "reb": reb.model_copy()}})
    assert _assaults(back) == ["porter"]
    rain = state.model_copy(update={"rain": (state.turn,)})
    assert _assaults(rain) == _assaults(state.model_copy())


def test_a_bots_memo_is_emptied_for_another_scenario() -> None:
    memo = ViewMemo()
    state = _disorganized_state()
    view = View(state, memo)
    assert view.goal_distance("0505") == 6  # to the enemy at 0909
    assert memo.near and memo.scenario is state.scenario
    View(_disorganized_state(), memo)
    assert memo.near == {} and memo.gains == {}


def test_no_code_in_the_game_package_calls_id() -> None:
    calls = [
        f"{path.relative_to(GAME)}:{node.lineno}"
        for path in sorted(GAME.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "id"
    ]
    assert calls == []
