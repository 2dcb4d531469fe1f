"""The compact map's narrow hexes (2 and 1 characters), worked by hand: the width chosen
for a pane, the labels, the cells, the column numbers, and hit-testing at every width."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.segment import Segment
from textual.geometry import Region, Size

from gcacw_ref.bench.game_screen import _render_compact
from gcacw_ref.game.engine.core import initial_state
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.api import Unit
from gcacw_ref.tui.game import overlays
from gcacw_ref.tui.game.compact import (
    GUTTER,
    WIDTHS,
    compact_cell,
    compact_hex_at,
    compact_label,
    compact_region,
    compact_size,
    fit_figure,
    fit_width,
    header_lines,
    header_strips,
    snap,
)
from gcacw_ref.tui.game.mapstyle import CURSOR_BG, CURSOR_STYLE, SIDE_FG, StaticCell
from gcacw_ref.tui.game.mapview import MapView

ROAD = ("-", "#c0a060")
RIVER = ("~", "#60a0ff")
VP = ("*", "#ffff00")
NONE = (" ", None)
TERRAIN = "#3a5a2a"


def a_unit(kind: str = "infantry", strength: Fraction | int = 14) -> Unit:
    state = initial_state(load_scenario("training"), 1)
    unit = next(iter(state.units.values()))
    return unit.model_copy(update={"kind": kind, "strength": strength})


def key(h: str, text: str = "", *, stack: bool = False, cursor: bool = False) -> tuple[object, ...]:
    side = "union" if text else ""
    return (h, text, stack, side, False, None, False, False, cursor, None)


def texts(segs: list[Segment]) -> str:
    return "".join(s.text for s in segs)


def test_the_width_chosen_for_a_pane() -> None:
    # harrow, 32x26: 99 cells at 3 a hex, 67 at 2, 35 at 1 (the row numbers' 3 included)
    assert fit_width(32, 26, 100, 39) == 3  # a 160x45 terminal's map pane
    assert fit_width(32, 26, 99, 27) == 3  # exactly: no scrollbar needed
    assert fit_width(32, 26, 99, 26) == 2  # one row short: a scrollbar takes a column
    assert fit_width(32, 26, 68, 34) == 2  # a 120x40 terminal
    assert fit_width(32, 26, 67, 28) == 2  # two header lines and 26 rows fit 28
    assert fit_width(32, 26, 67, 27) == 1  # but not 27: the scrollbar leaves 66
    assert fit_width(32, 26, 45, 17) == 1  # a phone's 45 columns
    assert fit_width(32, 26, 35, 40) == 1
    assert fit_width(32, 26, 20, 40) == 1  # nothing fits: the narrowest, and a scrollbar
    assert fit_width(14, 10, 45, 11) == 3  # the training map, 14 columns
    assert fit_width(14, 10, 44, 10) == 2
    assert fit_width(32, 26, 66, 20, scrollbar=0) == 1
    assert fit_width(32, 26, 67, 20, scrollbar=0) == 2


def test_narrow_labels() -> None:
    one = a_unit("infantry", 14)
    seven = a_unit("cavalry", 7)
    half = a_unit("artillery", Fraction(7, 2))
    assert compact_label([one], 2) == ("I+", False)  # 10 or more: +
    assert compact_label([seven], 2) == ("C7", False)
    assert compact_label([half], 2) == ("A3", False)  # the half dropped
    assert compact_label([seven, half], 2) == ("2+", True)  # 10 1/2
    assert compact_label([half, half], 2) == ("27", True)
    assert compact_label([seven] * 12, 2) == ("++", True)
    assert compact_label([one], 1) == ("I", False)
    assert compact_label([half], 1) == ("A", False)
    assert compact_label([seven, one], 1) == ("2", True)
    assert compact_label([seven] * 10, 1) == ("+", True)
    assert compact_label([one], 3) == ("I14", False)  # the widest as before


def test_narrow_cells() -> None:
    marks: StaticCell = (TERRAIN, ROAD, RIVER, VP)
    # an empty hex: the feature, then the road, then the river, as room allows
    assert texts(compact_cell("0101", marks, key("0101"), 3)) == "-~*"
    assert texts(compact_cell("0101", marks, key("0101"), 2)) == "*-"
    assert texts(compact_cell("0101", marks, key("0101"), 1)) == "*"
    river_only: StaticCell = (TERRAIN, NONE, RIVER, NONE)
    assert texts(compact_cell("0101", river_only, key("0101"), 2)) == "~ "
    assert texts(compact_cell("0101", river_only, key("0101"), 1)) == "~"
    bare: StaticCell = (TERRAIN, NONE, NONE, NONE)
    assert texts(compact_cell("0101", bare, key("0101"), 1)) == " "
    # the marks keep their colours, the blank the terrain's
    segs = compact_cell("0101", marks, key("0101"), 2)
    assert [s.style.color.name for s in segs if s.style and s.style.color] == [VP[1], ROAD[1]]
    assert all(s.style and s.style.bgcolor and s.style.bgcolor.name == TERRAIN for s in segs)
    # the cursor over an empty hex
    segs = compact_cell("0101", marks, key("0101", cursor=True), 1)
    assert segs == [Segment("*", CURSOR_STYLE)]
    # units: the side's colour, the stack's count on it
    segs = compact_cell("0101", marks, key("0101", "2+", stack=True), 2)
    assert texts(segs) == "2+"
    assert segs[0].style is not None and segs[0].style.reverse
    assert segs[0].style.color is not None and segs[0].style.color.name == SIDE_FG["union"]
    # a lone unit's kind too in a narrow hex (units side by side stand apart: C3C3), not
    # at 3 characters, where the kind leads a wider label
    for text, w in (("C3", 2), ("C", 1), ("C 3", 3)):
        segs = compact_cell("0101", marks, key("0101", text), w)
        assert texts(segs) == text
        assert segs[0].style is not None and segs[0].style.reverse is (w < 3), (text, w)
        assert all(not s.style or not s.style.reverse for s in segs[1:])
    segs = compact_cell("0101", marks, key("0101", "I", cursor=True), 1)
    assert texts(segs) == "I" and len(segs) == 1
    assert segs[0].style is not None and segs[0].style.bgcolor is not None
    assert segs[0].style.bgcolor.name == CURSOR_BG
    # an overlay's figure: the MP to reach, cut with + when it is longer
    assert [fit_figure(f, 2) for f in ("3MP", "12MP", "125MP")] == ["3 ", "12", "1+"]
    assert [fit_figure(f, 1) for f in ("3MP", "12MP")] == ["3", "+"]
    assert fit_figure("12MP", 3) == " 12"  # as before: centred
    figure = (*key("0101")[:-1], "12MP")
    assert texts(compact_cell("0101", marks, figure, 1)) == "+"


def test_column_numbers_at_each_width() -> None:
    wide = header_strips(12, 0, 3)
    assert [s.text for s in wide] == ["01 02 03 04 05 06 07 08 09 10 11 12 "]
    two = header_strips(12, 11, 2)
    assert [s.text for s in two] == ["0 0 0 0 0 0 0 0 0 1 1 1 ", "1 2 3 4 5 6 7 8 9 0 1 2 "]
    one = header_strips(32, 32, 1)
    assert [s.text for s in one] == [
        "00000000011111111112222222222333",
        "12345678901234567890123456789012",
    ]
    # the cursor's column lit on both lines, and nothing else
    for strip in one:
        lit = [i for i, seg in enumerate(strip) if seg.style == CURSOR_STYLE]
        assert lit == [31]
    lit_two = [seg.text for seg in two[1] if seg.style == CURSOR_STYLE]
    assert lit_two == ["1 "]
    assert [header_lines(w) for w in WIDTHS] == [1, 2, 2]
    assert compact_size(32, 26, 1) == Size(35, 28)
    assert compact_size(32, 26, 2) == Size(67, 28)
    assert compact_size(32, 26, 3) == Size(99, 27)


def test_regions_and_snap_at_narrow_widths() -> None:
    assert compact_region("0101", 1) == Region(GUTTER, 2, 1, 1)
    assert compact_region("3226", 1) == Region(GUTTER + 31, 27, 1, 1)
    assert compact_region("0305", 2) == Region(GUTTER + 4, 6, 2, 1)
    assert compact_hex_at(GUTTER + 4, 1, 1) is None  # the ones line of the numbers
    assert compact_hex_at(GUTTER - 1, 5, 2) is None  # the row numbers
    assert compact_hex_at(GUTTER + 5, 6, 2) == "0305"
    assert [snap(x, 2) for x in (0, 1, 2, 3, 4)] == [0, 0, 2, 2, 4]
    assert [snap(x, 1) for x in (0, 1, 7)] == [0, 1, 7]


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 99), st.integers(1, 99), st.sampled_from(WIDTHS))
def test_every_hex_maps_to_a_region_and_back(col: int, row: int, w: int) -> None:
    h = f"{col:02d}{row:02d}"
    region = compact_region(h, w)
    assert region.width == w and region.height == 1
    assert region.x >= GUTTER and region.y >= header_lines(w)
    for dx in range(w):
        assert compact_hex_at(region.x + dx, region.y, w) == h
    # the cell just left belongs to the column before (or to the row numbers)
    left = compact_hex_at(region.x - 1, region.y, w)
    assert left == (f"{col - 1:02d}{row:02d}" if col > 1 else None)
    assert snap(region.x + w - 1 - GUTTER, w) == region.x - GUTTER


def test_a_view_with_no_size_yet_keeps_three_characters() -> None:
    view = MapView()
    state = initial_state(load_scenario("training"), 1)
    view.set_map(overlays.hexmap_of(state), {})
    view.set_compact(True)
    assert view.hex_w == 3 and view.cell_region("0305") == Region(GUTTER + 6, 5, 3, 1)


def test_the_bench_says_each_width() -> None:
    frames = {
        "1": {"median": 2.682, "p95": 3.4, "max": 27.887, "size": "45x40"},
        "3": {"median": 3.846, "p95": 4.5, "max": 34.251, "size": "160x45"},
    }
    assert _render_compact(frames) == (
        "; the compact map, one frame from nothing: width 3 (160x45) 3.85 ms median, "
        "34.25 ms max, width 1 (45x40) 2.68 ms median, 27.89 ms max"
    )
    assert _render_compact({}) == ""
