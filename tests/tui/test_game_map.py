"""The map widget's arithmetic and labels, worked by hand."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from textual.geometry import Region, Size

from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.tui.game import overlays
from gcacw_ref.tui.game.compact import GUTTER, compact_label, snap
from gcacw_ref.tui.game.mapstyle import CELL_W, stack_label, strength_text
from gcacw_ref.tui.game.mapview import MapView


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


def test_compact_cells_and_hexes_agree() -> None:
    view = MapView()
    state = initial_state(load_scenario("training"), 1)
    view.set_map(overlays.hexmap_of(state), {})
    view.set_compact(True)
    # one line a hex after the column numbers, three characters after the row numbers
    assert view.cell_region("0101") == Region(GUTTER, 1, 3, 1)
    assert view.cell_region("0305") == Region(GUTTER + 6, 5, 3, 1)
    assert view.virtual_size == Size(GUTTER + 14 * 3, 1 + 10)
    for h in ("0101", "0201", "0305", "1410", "0710"):
        r = view.cell_region(h)
        assert view.hex_at(r.x, r.y) == h and view.hex_at(r.x + 2, r.y) == h
    assert view.hex_at(GUTTER - 1, 3) is None  # the row numbers
    assert view.hex_at(GUTTER + 4, 0) is None  # the column numbers
    assert view.hex_at(GUTTER + 14 * 3, 3) is None  # right of the map
    # a scrolled view starts at a whole hex, under its column number
    assert [snap(x) for x in (0, 1, 2, 3, 28, 29, 30)] == [0, 0, 0, 3, 27, 27, 30]
    view.set_compact(False)
    assert view.cell_region("0305").x == 2 * CELL_W


def test_compact_labels() -> None:
    state = initial_state(load_scenario("training"), 1)
    unit = next(iter(state.units.values()))
    one = unit.model_copy(update={"strength": 14, "kind": "infantry"})
    assert compact_label([one]) == ("I14", False)
    assert compact_label([one.model_copy(update={"strength": 3, "kind": "cavalry"})]) == (
        "C 3",
        False,
    )
    # a stack: the count, then the total strength
    assert compact_label([one, one.model_copy(update={"strength": 4})]) == ("218", True)
    # a strength too long for two characters takes the cell; past three, cut with a `+`
    half = one.model_copy(update={"strength": Fraction(7, 2)})
    assert compact_label([half]) == ("3.5", False)
    assert compact_label([one.model_copy(update={"strength": Fraction(25, 2)})]) == ("12+", False)
    assert compact_label([one, half]) == ("217", True)  # 17 1/2: the half dropped
    assert compact_label([one] * 8) == ("8++", True)  # 112
    assert compact_label([half] * 12) == ("+42", True)
    assert all(len(compact_label([one] * n)[0]) == 3 for n in range(1, 15))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["infantry", "cavalry", "artillery"]), st.integers(1, 60)),
        min_size=1,
        max_size=14,
    ),
    st.booleans(),
)
def test_a_compact_label_always_fills_its_hex_exactly(
    specs: list[tuple[str, int]], halve: bool
) -> None:
    state = initial_state(load_scenario("training"), 1)
    unit = next(iter(state.units.values()))
    units = [
        unit.model_copy(update={"kind": k, "strength": Fraction(s, 2) if halve else s})
        for k, s in specs
    ]
    text, stack = compact_label(units)
    assert len(text) == 3 and stack == (len(units) > 1)
    total = sum((Fraction(u.strength) for u in units), Fraction(0))
    if stack and len(units) < 10:
        assert text[0] == str(len(units))
    if total.denominator == 1 and total < 100:  # a whole strength shows exactly
        assert text.endswith(str(total).rjust(2))
