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
    return play_bots(api.load_scenario("training"), 4, "heuristic", "random")


def first_rolling(bot_game: Game, roll: str) -> tuple[Game, int]:
    """The bot game replayed up to its first action that asks for `roll`, and its index."""
    game = start_game(bot_game.scenario, bot_game.seed)
    for i, action in enumerate(bot_game.actions):
        if any(r.roll == roll for r in api.chance_requests(game.state, action)):
            return game, i
        play_action(game, action)
    raise AssertionError(f"no action rolled for {roll}")


def test_the_requests_of_an_attack_name_each_roll(bot_game: Game) -> None:
    game, i = first_rolling(bot_game, "combat")
    action = bot_game.actions[i]
    assert action.type == "attack"
    requests = api.chance_requests(game.state, action)
    assert ChanceRequest("combat", 2, None, "7.4") in requests
    assert all(r.rule and r.dice >= 1 for r in requests)
    after, _ = api.step(game.state, action)  # every die asked for, and none other, is drawn
    assert after.rng.counter - game.state.rng.counter == sum(r.dice for r in requests)


def test_chance_outcomes_enumerate_through_the_requests(bot_game: Game) -> None:
    game, i = first_rolling(bot_game, "initiative")
    outs = api.chance_outcomes(game.state, bot_game.actions[i])
    initiative = ChanceRequest("initiative", 2, None, "4.2")
    assert len(outs) == 36 and all(o.exhaustive for o in outs)
    assert all(o.requests == (initiative,) for o in outs)
    assert sorted(o.dice for o in outs) == [(a, d) for a in range(1, 7) for d in range(1, 7)]
    assert sum(o.probability for o in outs) == 1
