"""Flank attacks on the live position (7.4): the defender's six neighbours as the flank
rules see them, and the column shift they give.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from gcacw_ref.game.engine import bridges
from gcacw_ref.game.engine.combat_input import defending_units
from gcacw_ref.game.engine.common import combat_strength
from gcacw_ref.game.engine.zocview import zoc_of_hex
from gcacw_ref.rules.combat_strength import defending_side
from gcacw_ref.rules.demoralization import counts_for_flank
from gcacw_ref.rules.entrenchment import entrenchment_era
from gcacw_ref.rules.flank import FlankHex, flank_bonus
from gcacw_ref.rules.terrain import HexsideFeature as F
from gcacw_ref.rules.terrain import closed_terrain
from gcacw_ref.rules.zoc import crossings_left

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Unit
    from gcacw_ref.rules.games import Game, Side


def flank_defender_strength(w: Work, defenders: list[Unit], target: str) -> Fraction:
    """7.4 one-quarter test: the defender's strength with entrenchment (and earthworks),
    as the rules core totals it for combat (register flank-quarter-entrenchment)."""
    side = defending_side(
        defending_units(w, defenders, target),
        era=entrenchment_era(w.game.value, w.year),
        confederate=defenders[0].side.value == "confederate",
        leader_tactical=None,
    )
    return side.total


def river_blocks(w: Work, n: str, target: str, side: Side) -> bool:
    """7.4 step 1d: a river without a usable crossing between the two hexes (a ford, or a
    destroyed minor-river crossing, is unusable in rain or under the river marker; in
    rain a creek without road, pike, trail or railroad blocks too, unless beside a city).
    A pontoon bridge joins the two hexes whichever side laid it (10.1 calls it a bridge;
    1d names no owner): register flank-pontoon-either-side."""
    b = w.board
    if bridges.pontoon(w, n, target) is not None:
        return False
    feats = bridges.effective_hexside(w, n, target, side)
    if feats is None:
        return True
    if feats & {F.MINOR_RIVER, F.MAJOR_RIVER}:
        major = F.MAJOR_RIVER in feats
        fordable = not w.rain() and not w.river_marker_stands(major)
        left = crossings_left(feats, bridges.broken(w, n, target, side))
        if left & {F.BRIDGE, F.DAM, F.FERRY}:
            return False
        return not (F.FORD in left and fordable)
    if w.rain() and F.CREEK in feats and not b.road_link(n, target):
        return "city" not in (b.terrain(n), b.terrain(target))
    return False


def flank_hex(w: Work, n: str, target: str, side: Side, active: set[str]) -> FlankHex:
    """One neighbour of the defender as 7.4 step 1 and 3 see it."""
    b = w.board
    counts = [u for u in w.friends_at(n, side) if counts_for_flank(u.demoralized, u.id in active)]
    theirs = [u for u in w.enemy_at(n, side) if u.demoralized == 0]
    zoc: str | None = None
    near = []
    for h in b.neighbors(n):
        units = [
            u for u in w.friends_at(h, side) if counts_for_flank(u.demoralized, u.id in active)
        ]
        if not units:
            continue
        kind = zoc_of_hex(w, h).get(n)
        if kind is not None:
            zoc = "normal" if zoc == "normal" or str(kind) == "normal" else "limited"
            near.extend(units)
    # 7.4 one-quarter test: the units in the hex and those exerting ZOC into it, together
    strength = sum((combat_strength(w, u) for u in counts + near), Fraction(0))
    if counts:
        zoc = None  # the hex is blocked by the units in it (step 1a)
    rain = w.rain()
    impassable = (
        closed_terrain(b.terrain(n), rain) or closed_terrain(b.terrain(target), rain)
    ) and not b.road_link(n, target)
    woods = False
    if not w.at(n):
        adjacent = [h for h in b.neighbors(n) if w.friends_at(h, side)]
        woods = bool(adjacent) and all(
            b.is_woods_hexside(h, n) and not b.road_link(h, n) for h in adjacent
        )
    return FlankHex(
        attacker_unit=bool(counts),
        attacker_zoc=zoc,
        strength=strength if (counts or zoc) else None,
        impassable=impassable,
        river=river_blocks(w, n, target, side),
        defender_unit=bool(theirs),
        woods_no_road=woods,
        # 7.4 step 3b: units counting for neither side (demoralized) keep the hex non-empty
        other_units=bool(w.at(n)) and not counts and not theirs,
    )


@dataclass(frozen=True)
class FlankCase:
    """The flank rules' whole input for one attack (7.4): the defender's six neighbours (in
    `DIRECTIONS` order, off-map ones padded) and the conditions `flank_bonus` reads."""

    hexes: list[FlankHex]
    defender_strength: Fraction
    flanks_refused: bool
    earthworks: bool
    attacker_cavalry: bool
    defender_mostly_cavalry: bool
    game: Game
    attacker_side: Side


def flank_case(w: Work, attackers: list[str], target: str, side: Side, refused: bool) -> FlankCase:
    """7.4 flank attack: the six neighbours of the defender as the flank rules see them."""
    defenders = w.enemy_at(target, side)
    dstr = sum((combat_strength(w, d) for d in defenders), Fraction(0))
    quarter = flank_defender_strength(w, defenders, target)
    active = set(attackers)
    hexes = [flank_hex(w, n, target, side, active) for n in w.board.neighbors(target)]
    hexes += [FlankHex(off_map=True)] * (6 - len(hexes))
    first = w.unit(attackers[0])
    return FlankCase(
        hexes,
        quarter,
        flanks_refused=refused,
        earthworks="earthworks" in w.board.hex_features(target)
        and defenders[0].side.value == "confederate",
        attacker_cavalry=first.kind == "cavalry",
        defender_mostly_cavalry=sum(
            (combat_strength(w, d) for d in defenders if d.kind == "cavalry"), Fraction(0)
        )
        * 2
        > dstr,
        game=w.game,
        attacker_side=side,
    )


def flank_for(w: Work, attackers: list[str], target: str, side: Side, refused: bool) -> int:
    """7.4 flank attack: the column shift the defender's six neighbours give."""
    case = flank_case(w, attackers, target, side, refused)
    res = flank_bonus(
        case.hexes,
        case.defender_strength,
        flanks_refused=case.flanks_refused,
        earthworks=case.earthworks,
        attacker_cavalry=case.attacker_cavalry,
        defender_mostly_cavalry=case.defender_mostly_cavalry,
        game=case.game,
        attacker_side=case.attacker_side,
    )
    return int(res.final_bonus)
