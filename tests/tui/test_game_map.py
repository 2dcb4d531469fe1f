"""The map widget's arithmetic and labels, worked by hand."""

from __future__ import annotations

from fractions import Fraction

from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.tui.game import overlays
from gcacw_ref.tui.game.mapview import CELL_W, MapView, stack_label, strength_text


def test_cells_and_hexes_agree() -> None:
    view = MapView()
    state = initial_state(load_scenario("training"), 1)
    view.set_map(overlays.hexmap_of(state), {})
    # odd columns start at the top line, even columns one line lower (flat-topped hexes)
    assert view.cell_region("0101").y == 0 and view.cell_region("0201").y == 1
    assert view.cell_region("0305").x == 2 * CELL_W and view.cell_region("0305").y == 8
    for h in ("0101", "0201", "0305", "1410", "0710"):
        r = view.cell_region(h)
        assert view.hex_at(r.x, r.y) == h and view.hex_at(r.x + CELL_W - 1, r.y + 1) == h
    assert view.hex_at(CELL_W, 0) is None  # above the first hex of an even column
    assert view.hex_at(14 * CELL_W, 3) is None  # right of the map


def test_stack_labels() -> None:
    state = initial_state(load_scenario("training"), 1)
    unit = next(iter(state.units.values()))
    tired = unit.model_copy(
        update={"strength": Fraction(7, 2), "fatigue": 2, "organized": False, "kind": "infantry"}
    )
    # the label fits the hex: marks only as room allows, most telling first
    assert stack_label([tired], leader=True) == "*I3.5d"
    assert stack_label([tired], leader=False) == "I3.5d"
    dug = unit.model_copy(update={"strength": 5, "fatigue": 0, "entrenchment": "abatis"})
    assert stack_label([dug, dug], leader=False) == "2:10a"  # a stack as a count
    crowd = [dug.model_copy(update={"strength": 9, "demoralized": 1})] * 12
    assert stack_label(crowd, leader=True) == "12:108"  # the strength whole, the star dropped
    assert stack_label(crowd[:2], leader=True) == "*2:18x"
    # a blank column always parts a label from the next hex's id
    assert all(len(stack_label(crowd[:n], True)) < CELL_W for n in range(1, 13))
    assert strength_text(Fraction(1, 2)) == "0.5"
