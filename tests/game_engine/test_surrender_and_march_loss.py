"""Two readings issue 14 asked about: a unit flooded out of a provisional swamp with no
hex to go to surrenders (12.0), and an extended march never costs 3 strength points
(the charts' largest loss is 2; register game-extended-march-loss-three)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from tests_helpers import make_scenario, small_map, unit

from gcacw_ref.game.model.geometry import neighbors
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.march import (
    check_march,
    extended_march_table,
)
from gcacw_ref.rules.register import load_register


def test_flooded_swamp_with_no_exit_surrenders(drive: Any) -> None:
    """12.0: rain floods the provisional swamp 0505, every neighbour is a swamp: the unit
    cannot leave, so it surrenders (a surrender event, not an elimination), VP as usual."""
    hexes: dict[str, Any] = {"0505": {"terrain": "provisional_swamp"}}
    hexes.update({n: {"terrain": "swamp"} for n in neighbors("0505")})
    scen = make_scenario(
        [unit("u", "union", "0505", 6), unit("c", "confederate", "0909", 3)],
        map_doc=small_map(hexes),
        weather={"1": "rain"},
    )
    d = drive(scen)
    gone = [e for e in d.events if e.get("unit") == "u" and e["type"] != "rain"]
    assert [(e["type"], e["rule"], e["hex"]) for e in gone] == [("surrender", "12.0", "0505")]
    u = d.units()["u"]
    assert (u.hex, u.surrendered, u.strength) == (None, True, Fraction(0))
    lost = {side: Fraction(v) for side, v in d.state.lost.items()}
    assert lost == {"union": Fraction(6), "confederate": Fraction(0)}


def test_extended_march_table_loses_at_most_two() -> None:
    """The charts (003) print NE, D, 1 and 2 only; 5.1's list of results names 3 too."""
    cells = {c for row in extended_march_table().row for c in (row.organized, row.disorganized_le5)}
    assert cells == {"NE", "D", "1", "2"}


@given(
    exhausted=st.booleans(),
    fatigue=st.integers(0, 3),
    organized=st.booleans(),
    halves=st.integers(1, 60),
    die=st.integers(1, 6),
    potomac=st.booleans(),
    supply=st.booleans(),
)
def test_extended_march_loss_never_three_property(
    exhausted: bool,
    fatigue: int,
    organized: bool,
    halves: int,
    die: int,
    potomac: bool,
    supply: bool,
) -> None:
    strength = Fraction(halves, 2)
    check = check_march(
        Game.SJW, Side.UNION, False, exhausted, fatigue, organized, strength, potomac, supply, die
    )
    assert check.result != "3"
    assert all(k != "3" for k in check.distribution)


def test_register_records_the_loss_of_three_gap() -> None:
    entry = next(e for e in load_register() if e.id == "game-extended-march-loss-three")
    assert (entry.kind, entry.rules) == ("gap", ["5.1"])
    assert entry.topic_ja and entry.reading_ja
