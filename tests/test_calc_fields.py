"""The one parser of the calculators' fields (issue 30): what a form or a flag writes reads
back to the same input (hypothesis), and anything typed is read or refused in words."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gcacw_ref.calculators import CALCULATORS, calculator
from gcacw_ref.rules.io.fields import read_text
from gcacw_ref.rules.io.flank import MARKS as FLANK_MARKS
from gcacw_ref.rules.io.notation import format_units, neighbour, parse_hexes, parse_units
from gcacw_ref.rules.io.retreat import MARKS as RETREAT_MARKS

units = st.lists(
    st.fixed_dictionaries(
        {"strength": st.integers(1, 40).map(str)},
        optional={
            "artillery": st.integers(1, 9),
            "tactical": st.integers(1, 9),
            "demoralized": st.integers(1, 2),
            "organized": st.just(False),
            "cavalry": st.just(True),
        },
    ),
    min_size=1,
    max_size=6,
)


@given(units)
def test_unit_lists_read_back(written: list[dict[str, Any]]) -> None:
    assert parse_units(format_units(written)) == written


def _presses(marks: Any, data: st.DataObject) -> tuple[str, dict[str, Any]]:
    """Random key presses on one hex, and the cell the picture would show after them."""
    keys = data.draw(st.lists(st.sampled_from([m.key for m in marks]), max_size=5))
    cell: dict[str, Any] = {}
    for key in keys:
        mark = next(m for m in marks if m.key == key)
        now = cell.get(mark.field, mark.values[0])
        cell[mark.field] = mark.values[(mark.values.index(now) + 1) % len(mark.values)]
    return "".join(keys) or "-", neighbour(cell)


@pytest.mark.parametrize("marks", [FLANK_MARKS, RETREAT_MARKS], ids=["flank", "retreat"])
@settings(max_examples=60)
@given(data=st.data())
def test_hexes_read_as_the_picture_toggles(marks: Any, data: st.DataObject) -> None:
    drawn = [_presses(marks, data) for _ in range(6)]
    assert parse_hexes(", ".join(t for t, _c in drawn), marks) == [c for _t, c in drawn]


@settings(max_examples=150)
@given(st.sampled_from(list(CALCULATORS)), st.data(), st.text(max_size=12))
def test_any_text_is_read_or_refused_in_words(name: str, data: st.DataObject, text: str) -> None:
    spec = data.draw(st.sampled_from(calculator(name).form.specs))
    try:
        read_text(spec, text)
    except ValueError as exc:
        assert str(exc) and "\n" not in str(exc)
