"""Audit: hand-worked flank cases (7.4 steps 1-4, 7.8, 9.0), each worked in a comment.

Notation: a list of the six neighbours of the defending hex; "b" = blocked hexes,
"base" = step-2 bonus, "red" = step-3 reductions (at most 3).
"""

from __future__ import annotations

from fractions import Fraction

from gcacw_ref.rules.flank import FlankHex, flank_bonus
from gcacw_ref.rules.games import Game, Side

F = Fraction
ZOC = FlankHex(attacker_zoc="normal")
UNIT = FlankHex(attacker_unit=True)
OPEN = FlankHex()
LIMITED = FlankHex(attacker_zoc="limited")
DEF_IN_ZOC = FlankHex(attacker_zoc="normal", defender_unit=True)
RIVER = FlankHex(river=True)
EDGE = FlankHex(off_map=True)
SWAMP = FlankHex(impassable=True)


def final(hexes: list[FlankHex], defender: int | Fraction = 9, **kw: object) -> int:
    return flank_bonus(hexes, F(defender), **kw).final_bonus  # type: ignore[arg-type]


def test_river_at_the_back() -> None:
    # 7.4 1d + 3d: river hex blocked, so b=6, base +4; the river hex takes 1 off -> +3.
    r = flank_bonus([RIVER, UNIT, ZOC, ZOC, ZOC, ZOC], F(9))
    assert (r.blocked, r.base_bonus, r.reduction, r.final_bonus) == (6, 4, 1, 3)


def test_map_edge_two_hexes() -> None:
    # 7.4 1e + 3e: two imaginary off-map hexes, four attacker hexes: b=6, +4, red 2 -> +2.
    assert final([EDGE, EDGE, UNIT, ZOC, ZOC, ZOC]) == 2


def test_terrain_and_five_blocked() -> None:
    # 1c: swamp hex blocked; one hex open: b=5, base +2; red 1 (3c) -> +1.
    assert final([SWAMP, UNIT, ZOC, ZOC, ZOC, OPEN]) == 1
    # add a defending unit in one ZOC hex (3a): red 2 -> 0 (never below 0).
    assert final([SWAMP, UNIT, DEF_IN_ZOC, ZOC, ZOC, OPEN]) == 0


def test_reduction_cap_with_terrain() -> None:
    # corner hex: three off-map (3e), two defender units in ZOC (3a), one attacker.
    # b=6, base +4, five reductions capped at 3 (7.4 limit) -> +1.
    r = flank_bonus([EDGE, EDGE, EDGE, DEF_IN_ZOC, DEF_IN_ZOC, UNIT], F(9))
    assert (r.base_bonus, r.reduction, r.final_bonus) == (4, 3, 1)


def test_each_hex_reduces_once() -> None:
    # one hex that is swamp, across a river and holds a defending unit: one reduction
    # (7.4 step-3 note). b=6, +4, red 1 -> +3.
    both = FlankHex(impassable=True, river=True, defender_unit=True, attacker_zoc="normal")
    assert final([both, UNIT, ZOC, ZOC, ZOC, ZOC]) == 3


def test_quarter_rule_exact_boundary_with_entrenchment() -> None:
    # defender 9 in breastworks (x2) = 18 for the quarter test (7.4, register
    # flank-quarter-entrenchment). 4 1/2 x 4 = 18: not under a quarter -> blocked.
    at_quarter = FlankHex(attacker_zoc="normal", strength=F(9, 2))
    assert final([at_quarter, UNIT, ZOC, ZOC, ZOC, ZOC], 18) == 4
    # 4 x 4 = 16 < 18: that hex is not blocked; b=5 -> +2.
    under = FlankHex(attacker_zoc="normal", strength=F(4))
    assert final([under, UNIT, ZOC, ZOC, ZOC, ZOC], 18) == 2
    # ...but terrain in the same hex still blocks it (1d) and then reduces (3d): +4-1.
    under_river = FlankHex(attacker_zoc="normal", strength=F(4), river=True)
    assert final([under_river, UNIT, ZOC, ZOC, ZOC, ZOC], 18) == 3


def test_limited_zoc_reductions() -> None:
    # limited ZOC blocks (1b) and, in an empty hex, reduces (3b): b=6, red 2 -> +2.
    assert final([LIMITED, LIMITED, UNIT, ZOC, ZOC, ZOC]) == 2
    # four limited hexes: red 4, capped 3 -> +1.
    assert final([LIMITED] * 4 + [UNIT, ZOC]) == 1


def test_slb_exception_keeps_other_reductions() -> None:
    hexes = [LIMITED, RIVER, UNIT, ZOC, ZOC, DEF_IN_ZOC]
    # SLB, Confederate attacking: 3b ignored; river (3d) and defender (3a) reduce: 4-2=+2.
    assert final(hexes, game=Game.SLB, attacker_side=Side.CONFEDERATE) == 2
    # SLB, Union attacking: 3b applies too: red 3 -> +1.
    assert final(hexes, game=Game.SLB, attacker_side=Side.UNION) == 1
    # a limited-ZOC hex that is also across a river still reduces for SLB Confederates.
    lim_river = FlankHex(attacker_zoc="limited", river=True)
    assert final([lim_river, UNIT, ZOC, ZOC, ZOC, ZOC], game=Game.SLB,
                 attacker_side=Side.CONFEDERATE) == 3  # fmt: skip


def test_refused_flank_every_value() -> None:
    # 7.8: +4 -> +2; +3 and +2 -> +1; +1 stays +1; a non-flank attack gains +1.
    four = [UNIT, ZOC, ZOC, ZOC, ZOC, ZOC]
    three = [UNIT, ZOC, ZOC, ZOC, ZOC, DEF_IN_ZOC]
    two = [UNIT, ZOC, ZOC, ZOC, ZOC, OPEN]
    one = [UNIT, ZOC, ZOC, ZOC, DEF_IN_ZOC, OPEN]
    none = [UNIT, OPEN, OPEN, OPEN, OPEN, OPEN]
    got = [final(h, flanks_refused=True) for h in (four, three, two, one, none)]
    assert got == [2, 1, 1, 1, 1]


def test_cavalry_against_cavalry_both_ways() -> None:
    four = [UNIT, ZOC, ZOC, ZOC, ZOC, ZOC]
    one = [UNIT, ZOC, ZOC, ZOC, DEF_IN_ZOC, OPEN]
    none = [UNIT, OPEN, OPEN, OPEN, OPEN, OPEN]
    cav = {"attacker_cavalry": True, "defender_mostly_cavalry": True}
    # 7.4 cavalry: +4 -> +2, +1 -> 0, and no +1 for a non-flank attack.
    assert [final(h, **cav) for h in (four, one, none)] == [2, 0, 0]
    # only one of the two conditions: no change.
    assert final(four, attacker_cavalry=True) == 4
    assert final(four, defender_mostly_cavalry=True) == 4
    # with a refused-flank marker the 7.8 rule replaces the cavalry rule: +1 stays, 0 -> +1.
    assert [final(h, flanks_refused=True, **cav) for h in (four, one, none)] == [2, 1, 1]


def test_earthworks_union_attack() -> None:
    # 9.0: Union attack on Confederates in earthworks: +4 -> +2, +1 -> 0, no +1 otherwise.
    four = [UNIT, ZOC, ZOC, ZOC, ZOC, ZOC]
    one = [UNIT, ZOC, ZOC, ZOC, DEF_IN_ZOC, OPEN]
    none = [UNIT, OPEN, OPEN, OPEN, OPEN, OPEN]
    u = {"earthworks": True, "attacker_side": Side.UNION}
    assert [final(h, **u) for h in (four, one, none)] == [2, 0, 0]
    # a Confederate attacker gets nothing from (or against) earthworks.
    assert final(four, earthworks=True, attacker_side=Side.CONFEDERATE) == 4


def test_demoralized_units_make_a_hex_not_empty() -> None:
    # 7.4 3b reduces only for a hex with no units at all. A limited-ZOC hex holding only
    # demoralized units (which count for neither side, 11.0) is blocked (1b) but not
    # reduced: b=6, +4, no reduction -> +4. Without those units: -1 -> +3.
    lim_demoralized = FlankHex(attacker_zoc="limited", other_units=True)
    assert final([lim_demoralized, UNIT, ZOC, ZOC, ZOC, ZOC]) == 4
    assert final([LIMITED, UNIT, ZOC, ZOC, ZOC, ZOC]) == 3
