"""The hex index and each side's hexes that the engine hands from state to state (and
updates as units move) are always what the state's units say."""

from __future__ import annotations

from gcacw_ref.game.model.scale import scaled_scenario
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.replay import BotStep, play_bots
from gcacw_ref.rules.games import Side


def _from_units(state: GameState) -> tuple[dict[str, tuple[str, ...]], dict[Side, frozenset[str]]]:
    index: dict[str, list[str]] = {}
    for u in state.units.values():
        if u.hex is not None:
            index.setdefault(u.hex, []).append(u.id)
    sides = {
        side: frozenset(u.hex for u in state.units.values() if u.hex and u.side == side)
        for side in Side
    }
    return {h: tuple(ids) for h, ids in index.items()}, sides


def test_every_state_of_a_scaled_game_holds_its_own_index_and_side_hexes() -> None:
    scen = scaled_scenario(load_scenario("training"), 30)
    checked: list[int] = []

    def look(step: BotStep) -> None:
        state = step.after
        index, sides = _from_units(state)
        by_hex = state.units_by_hex()
        assert {h: tuple(u.id for u in us) for h, us in by_hex.items()} == index
        assert all(u is state.units[u.id] for us in by_hex.values() for u in us)
        assert {side: state.hexes_of(side) for side in Side} == sides
        checked.append(step.index)

    game = play_bots(scen, 2, "heuristic", "random", observe=look)
    assert len(checked) == len(game.actions) + 1
