"""Chance as an explicit node: every die of the engine is the chance player's answer to a
typed `ChanceRequest` (typed dice first, then the seeded generator), and `chance_outcomes`
enumerates through the same player."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.game.engine.chance import ChancePlayer
from gcacw_ref.game.model.chance import ChanceRequest
from gcacw_ref.game.model.state import Rng
from gcacw_ref.game.play import api
from gcacw_ref.game.play.replay import Game, play_action, play_bots, start_game
from gcacw_ref.rules.games import Side

COMBAT = ChanceRequest("combat", 2, None, "7.4")


def test_typed_dice_come_first_then_the_seeded_generator() -> None:
    player = ChancePlayer(Rng(seed=7), [6, 1])
    assert player.resolve(COMBAT) == (6, 1)
    assert player.seeded == 0 and player.rng.counter == 0 and player.rng.typed != 0
    die = player.resolve(ChanceRequest("rain", 1, None, "3.0"))
    assert die == (ChancePlayer(Rng(seed=7)).die(),)  # the generator's first draw
    assert player.seeded == 1 and player.rng.counter == 1
    assert [r.roll for r in player.requests] == ["combat", "rain"]


def test_a_typed_die_outside_one_to_six_is_refused() -> None:
    with pytest.raises(ValueError, match="injected die 7 is not 1-6"):
        ChancePlayer(Rng(seed=1), [7]).resolve(COMBAT)


@given(
    typed=st.lists(st.integers(1, 6), max_size=6),
    sizes=st.lists(st.integers(1, 3), min_size=1, max_size=4),
    seed=st.integers(0, 2**32),
)
def test_the_dice_are_the_typed_ones_in_order_then_seeded(
    typed: list[int], sizes: list[int], seed: int
) -> None:
    player = ChancePlayer(Rng(seed=seed), typed)
    rolled = [d for n in sizes for d in player.resolve(ChanceRequest("combat", n, None, "7.4"))]
    wanted = sum(sizes)
    assert rolled[: len(typed)] == typed[:wanted]
    assert all(1 <= d <= 6 for d in rolled) and len(rolled) == wanted
    assert player.seeded == max(0, wanted - len(typed)) == player.rng.counter
    assert player.typed == typed[wanted:]


@pytest.fixture(scope="module")
def bot_game() -> Game:
    # a training game with assaults that pass and fail their command roll (seed chosen
    # for that; the test finds the assaults itself, so a change of the bots' choices that
    # keeps some assaults keeps it meaningful)
    return play_bots(api.load_scenario("training"), 3, "heuristic", "random")


def test_the_requests_of_an_assault_name_each_roll(bot_game: Game) -> None:
    """7.1: an assault rolls one die for the command; a pass goes on to the combat's two
    dice (7.4), a failure ends the activation and the next initiative is rolled (4.2)."""
    game = start_game(bot_game.scenario, bot_game.seed)
    seen: set[tuple[ChanceRequest, ...]] = set()
    for action in bot_game.actions:
        if action.short().startswith("assault"):
            requests = api.chance_requests(game.state, action)
            if requests:
                side = requests[0].side
                assert side in (Side.UNION, Side.CONFEDERATE)
                assert requests[0] == ChanceRequest("assault_command", 1, side, "7.1")
                assert requests[1:] in (
                    (ChanceRequest("combat", 2, None, "7.4"),),
                    (ChanceRequest("initiative", 2, None, "4.2"),),
                )
                seen.add(requests[1:])
                after, _ = api.step(game.state, action)
                assert after.rng.counter - game.state.rng.counter == 3
        play_action(game, action)
    assert seen == {
        (ChanceRequest("combat", 2, None, "7.4"),),
        (ChanceRequest("initiative", 2, None, "4.2"),),
    }


def test_chance_outcomes_enumerate_through_the_requests(bot_game: Game) -> None:
    game = start_game(bot_game.scenario, bot_game.seed)
    initiative = (ChanceRequest("initiative", 2, None, "4.2"),)
    for action in bot_game.actions:  # the first action followed by an initiative roll
        if api.chance_requests(game.state, action) == initiative:
            break
        play_action(game, action)
    outs = api.chance_outcomes(game.state, action)
    assert len(outs) == 36 and all(o.exhaustive for o in outs)
    assert {o.requests for o in outs} == {(ChanceRequest("initiative", 2, None, "4.2"),)}
    assert sum(o.probability for o in outs) == 1
