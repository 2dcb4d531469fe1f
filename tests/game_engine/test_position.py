"""The read-only position view (`engine.position.Position`): river hexsides crossed as the
rules core crosses them (10.0-10.3, 12.0), strengths and command as the engine reads them,
and the bots reading the same view."""

from __future__ import annotations

from fractions import Fraction

import pytest
from tests_helpers import make_scenario, small_map, unit  # type: ignore[import-not-found]

from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.engine.position import Position
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots_view import View
from gcacw_ref.rules.games import Side

SIDE = ("0505", "0605")


def _state(
    river: list[str],
    destroyed: tuple[tuple[str, str], ...] = (),
    bridges: tuple[tuple[str, str, str], ...] = (),
    rain: bool = False,
    organized: bool = True,
) -> GameState:
    scen = make_scenario(
        [
            unit("u", "union", "0505", 6, organized=organized),
            unit("c", "confederate", "0909", 3),
        ],
        map_doc=small_map(hexsides=[{"between": list(SIDE), "features": river}]),
        weather={"1": "rain"} if rain else None,
    )
    state = initial_state(scen, 1)
    update: dict[str, object] = {"destroyed": destroyed, "bridges": bridges}
    if rain:
        update["rain"] = (1,)
    return state.model_copy(update=update)


@pytest.mark.parametrize(
    ("river", "destroyed", "rain", "expected"),
    [
        (["minor_river", "bridge"], False, False, True),
        # 10.2: a destroyed bridge on a minor river counts as a ford: crossable when dry...
        (["minor_river", "bridge"], True, False, True),
        # ...but not on a rain turn (12.0)
        (["minor_river", "bridge"], True, True, False),
        # on a major river a destroyed bridge leaves nothing to cross by
        (["major_river", "bridge"], True, False, False),
        (["minor_river", "ford"], False, False, True),
        (["minor_river", "ford"], False, True, False),
        (["minor_river"], False, False, False),
        (["creek"], False, True, True),  # no river: nothing to cross
    ],
)
def test_crossable_is_the_rules_cores_river_crossing(
    river: list[str], destroyed: bool, rain: bool, expected: bool
) -> None:
    state = _state(river, destroyed=(SIDE,) if destroyed else (), rain=rain)
    assert Position(state).crossable(*SIDE, Side.UNION) is expected
    assert Position(state).crossable(SIDE[1], SIDE[0], Side.CONFEDERATE) is expected


def test_own_pontoon_bridge_crosses_and_the_enemys_blocks() -> None:
    state = _state(["major_river"], bridges=(("0505", "0605", "union"),))
    assert Position(state).crossable(*SIDE, Side.UNION)
    assert not Position(state).crossable(*SIDE, Side.CONFEDERATE)


def test_the_bots_read_crossings_and_strength_from_the_view() -> None:
    state = _state(["minor_river", "bridge"], destroyed=(SIDE,), organized=False)
    view = View(state)
    assert view.side == "union"
    assert view.crossable(*SIDE)  # the old bot map said no: a destroyed bridge, dry weather
    # 2.2 / 7.2: the disorganized side of a 6 marker, from the scenario's counters
    assert view.strength(state.units["u"]) == Position(state).combat_strength("u") == Fraction(3)
