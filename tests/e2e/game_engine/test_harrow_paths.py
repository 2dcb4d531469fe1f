"""Harrow's set-up reaches the paths issue 14 asks for in ordinary bot play: a retreat
with nowhere to go (7.6), a flooded provisional swamp left for dry ground (12.0), a swamp
with no way out (12.0); and (on the training map, with sides driven to march all out) the
cannot-act branches of 4.4 on the last turn."""

from __future__ import annotations

import pytest

from gcacw_ref.bench.soak_paths import Watcher
from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.geometry import neighbors
from gcacw_ref.game.model.scenario import Scenario, load_scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.api import legal_actions, pending_side
from gcacw_ref.game.play.bots import Bot, make_bot
from gcacw_ref.game.play.replay import play_action, play_bots, start_game


@pytest.fixture(scope="module")
def harrow() -> Scenario:
    return load_scenario("harrow")


def test_the_fork_bend_opens_only_south(harrow: Scenario) -> None:
    """1117: Lamb's Fork and the Tamsin on five sides, no crossing; the Union holds the
    sixth (1118), dug in, so a retreat from the bend has no hex to enter (7.6)."""
    state = initial_state(harrow, 1)
    land = [
        n
        for n in neighbors("1117")
        if not state.scenario.board.hexside("1117", n) & {"minor_river", "major_river"}
    ]
    assert land == ["1118"]
    assert all(
        not state.scenario.board.hexside("1117", n) & {"ford", "bridge", "ferry"}
        for n in neighbors("1117")
    )
    at = {u.id: (u.hex, u.entrenchment) for u in state.units.values()}
    assert at["c-fork"] == ("1117", "none") and at["u-V-1"] == ("1118", "abatis")


def test_heuristic_game_surrenders_in_a_retreat_and_leaves_a_flooded_swamp(
    harrow: Scenario,
) -> None:
    game = play_bots(harrow, 1, "heuristic", "heuristic")
    surrenders = [
        (e["turn"], e["unit"], e["rule"], e["hex"]) for e in game.events if e["type"] == "surrender"
    ]
    assert surrenders == [(1, "c-marsh", "12.0", "1924"), (1, "c-fork", "7.6", "1117")]
    exits = [
        (e["unit"], e["frm"], e["to"]) for e in game.events if e["type"] == "rain" and "frm" in e
    ]
    assert exits == [("c-R-1", "2409", "2408")]  # rain turn 1
    assert not any(
        e["type"] == "eliminated" and e["unit"] in ("c-marsh", "c-fork") for e in game.events
    )


def _all_out(base: Bot, last: int) -> Bot:
    """A bot that on the last turn takes the initiative and marches whatever it can
    (extended marches included), else plays as `base`: the heuristic no longer does this
    (issue 24: the losses of an extended march are victory points for the enemy), so the
    test drives the sides to where they cannot act."""

    def choose(state: GameState, legal: list[Action]) -> Action:
        if state.turn >= last:
            for kind in ("take", "march", "activate"):
                for a in legal:
                    if a.type == kind:
                        return a
            for a in legal:
                if a.type == "select" and a.option == "march":
                    return a
        return base(state, legal)

    return choose


def _cannot_act_paths(seed: int, union: str) -> tuple[list[int], list[int]]:
    scen = load_scenario("training")
    names = ("initiative_without_roll", "lone_side_passes", "neither_side_can_act")
    game = start_game(scen, seed, [union, "heuristic"])
    watcher = Watcher()
    watcher.see(game.state, None, game.events)
    last = scen.scenario.turns
    bots = {
        "union": make_bot(union, seed * 2 + 1),
        "confederate": _all_out(make_bot("heuristic", seed * 2 + 2), last),
    }
    if union == "heuristic":
        bots["union"] = _all_out(bots["union"], last)
    while not game.state.over:
        state = game.state
        side = pending_side(state)
        assert side is not None
        action = bots[side](state, legal_actions(state))
        watcher.see(state, action, play_action(game, action))
    lone = [
        e["turn"] for e in game.events if e["type"] == "initiative" and e.get("dice", 0) is None
    ]
    return [watcher.paths[k] for k in names], lone


def test_last_turn_all_out_reaches_the_cannot_act_branches() -> None:
    """4.2/4.4: sides that march until they cannot act on the last turn: the other side
    then takes the initiative without a roll, and the cycle ends when neither can act
    (both marching all out) or when the side left passes (against random)."""
    paths, lone = _cannot_act_paths(1, "heuristic")
    assert paths == [7, 0, 1]
    assert lone == [3] * 7  # all on the last turn
    paths, _lone = _cannot_act_paths(1, "random")
    assert paths == [1, 1, 0]


def test_heuristic_game_destroys_the_tamsin_crossings(harrow: Scenario) -> None:
    """10.2: the Confederates destroy the Tamsin ferry (die 3 -2) on turn 1 of seed 3, and
    the pike bridge (die 2 -1) on turn 1 of seed 1, where the Union then tries a pontoon
    bridge on turns 2 and 8 and fails both (10.1, die 5 +3 and die 3 +3). (Bots version 3;
    a repair, 10.3, is built by hand in test_rules_extra.)"""
    game = play_bots(harrow, 1, "heuristic", "heuristic")
    bridge = [
        (e["turn"], e["rule"], e["unit"], e["die"], e["drm"], e.get("ok", e.get("destroyed")))
        for e in game.events
        if e["type"] == "bridge"
    ]
    assert bridge == [
        (1, "10.2", "c-F-1", 2, -1, True),
        (2, "10.1", "u-II-4", 5, 3, False),
        (8, "10.1", "u-II-4", 3, 3, False),
    ]
    game = play_bots(harrow, 3, "heuristic", "heuristic")
    first = [
        (e["turn"], e["rule"], e["unit"], e["die"], e["drm"], e.get("ok", e.get("destroyed")))
        for e in game.events
        if e["type"] == "bridge" and e["turn"] == 1
    ]
    assert first[0] == (1, "10.2", "c-S-2", 3, -2, True)
