"""The API the game screen reads (`game.api`, block "for the TUI"): exact values on the
training scenario, hand-checked, and agreement with the modules the engine uses."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.pathing import MoveView, MovingUnit
from gcacw_ref.game.model.reach import reachable
from gcacw_ref.game.model.scenario import board_for
from gcacw_ref.game.model.zoc import enemy_zoc
from gcacw_ref.game.play import api
from gcacw_ref.rules.terrain import HexsideFeature, UnitKind
from gcacw_ref.rules.zoc import ZocKind


@pytest.fixture(scope="module")
def scen() -> api.Scenario:
    return api.load_scenario("training")


@pytest.fixture(scope="module")
def opening(scen: api.Scenario) -> api.GameState:
    return api.start(api.initial_state(scen, 1))[0]


def _first_march(state: api.GameState) -> api.GameState:
    """Seed 1: transfer done, initiative done, take the initiative, march Ewell one hex."""
    for _ in range(6):
        legal = api.legal_actions(state)
        picks = [a for a in legal if a.type not in ("end", "pass", "stop")] or legal
        state = api.step(state, picks[0])[0]
    return state


def test_pending_decision_at_the_opening(opening: api.GameState) -> None:
    assert api.pending_decision(opening) == api.TransferDecision(
        kind="transfer", side="union", rule="6.3"
    )


def test_pending_decision_of_a_march(opening: api.GameState) -> None:
    facts = api.pending_decision(_first_march(opening))
    assert facts == api.MarchDecision(
        kind="march",
        side="confederate",
        rule="5.1",
        unit="c-ewell",
        mp=Fr(4),
        moved=True,
        acted=True,
        hexes=("0805", "0804"),
    )


def test_pending_decision_when_over(opening: api.GameState) -> None:
    over = opening.model_copy(update={"stack": ()})
    assert api.pending_decision(over) is None


def test_disorganized_value_default_is_half(scen: api.Scenario) -> None:
    # training has no counter figures: half, rounded down to a half (2.2, register)
    assert [api.disorganized_value(scen, Fr(s)) for s in (1, 2, 5, 9)] == [
        Fr(1, 2),
        Fr(1),
        Fr(5, 2),
        Fr(9, 2),
    ]


def test_unit_combat_strength(opening: api.GameState) -> None:
    assert api.unit_combat_strength(opening, "u-1-I") == 9
    units = dict(opening.units)
    units["u-1-I"] = units["u-1-I"].model_copy(update={"organized": False})
    worse = opening.model_copy(update={"units": units})
    assert api.unit_combat_strength(worse, "u-1-I") == Fr(9, 2)


def test_zoc_of_matches_game_zoc(opening: api.GameState) -> None:
    hexes = [u.hex for u in opening.units.values() if u.hex and u.side.value == "union"]
    expected = enemy_zoc(board_for(opening.scenario), hexes)
    got = api.zoc_of(opening, "union")
    assert got == expected
    assert got["0105"] is ZocKind.NORMAL  # next to 0205 along the road


def test_command_range(opening: api.GameState) -> None:
    radius = api.command_range(opening, "l-harlan")
    assert "0305" in radius  # the leader's own hex (u-1-I)
    assert sorted(radius)[:5] == ["0103", "0104", "0105", "0106", "0107"]
    assert api.command_range(opening, "no-such-leader") == {}


def test_move_view_is_the_engines(opening: api.GameState) -> None:
    view = api.move_view(opening, "union")
    assert isinstance(view, MoveView)
    assert sorted(view.enemy_hexes) == ["0802", "0805", "0808", "1005", "1105"]
    assert view.zoc == api.zoc_of(opening, "confederate")
    friendly: dict[str, Fr] = {}
    for u in opening.units.values():
        if u.hex and u.side.value == "union" and u.kind != "cavalry":
            friendly[u.hex] = friendly.get(u.hex, Fr(0)) + api.unit_combat_strength(opening, u.id)
    built = MoveView.build(
        board_for(opening.scenario), enemy_hexes=view.enemy_hexes, friendly_strength=friendly
    )
    unit = MovingUnit(UnitKind.INFANTRY, Fr(9))
    assert reachable(view, unit, "0305", Fr(4)) == reachable(built, unit, "0305", Fr(4))


def test_one_map_object(scen: api.Scenario) -> None:
    m = board_for(scen)
    assert isinstance(m, HexMap)
    assert board_for(scen) is m
    assert m.road_link("0105", "0205") and not m.road_link("0105", "0106")
    assert m.side("0105", "0205") == frozenset({HexsideFeature.ROAD})
    assert m.features("0109", "0110") == {"major_river"}
    assert m.river("0109", "0110") == "major_river" and m.river("0105", "0205") is None
    assert m.is_edge("0101") and not m.is_edge("0505")
    assert m.distance("0101", "0104") == 3


def test_calc_move_and_the_engine_see_the_same_position(opening: api.GameState) -> None:
    """`calc move` given the position's units and the engine's own view (what the TUI's
    reach overlay uses) price the same reachable hexes (6.2): one construction path."""
    from gcacw_ref.game.play import io_move

    mover = opening.units["u-1-II"]
    assert mover.hex == "0205" and mover.kind == "infantry"
    enemy = [{"hex": u.hex} for u in opening.units.values() if u.hex and u.side.value != "union"]
    friendly = [
        {"hex": u.hex, "kind": u.kind, "strength": str(api.unit_combat_strength(opening, u.id))}
        for u in opening.units.values()
        if u.hex and u.side.value == "union" and u.id != mover.id
    ]
    inp = io_move.Input.model_validate(
        {
            "map": opening.scenario.map_document,
            "unit": {"side": "union", "kind": "infantry", "strength": "8"},
            "path": ["0205"],
            "movement_allowance": "5",
            "enemy_units": enemy,
            "friendly_units": friendly,
        }
    )
    out = io_move.run(inp)
    view = api.move_view(opening, "union")
    engine = reachable(view, MovingUnit(UnitKind.INFANTRY, Fr(8)), "0205", Fr(5))
    assert out.reachable == engine
    assert len(engine) > 10
