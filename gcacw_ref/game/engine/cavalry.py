"""Cavalry retreat (7.7): when it may be declared, the roll, the retreat, fatigue, disorder.

The cavalry's owner decides (`cavalry_retreat` frame, yes/no). The retreat itself is a
`retreat` frame of kind "cavalry" (4-6 hexes, no losses, enemy hex = eliminated).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from gcacw_ref.game.engine.common import combat_strength, hex_of, other
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.retreat import push_retreat
from gcacw_ref.game.engine.units import lose
from gcacw_ref.game.engine.zocview import zoc_map
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import AttackGoFrame, CavalryRetreatFrame, MarchFrame
from gcacw_ref.game.model.zoc import zoc_from_hex
from gcacw_ref.rules.cavalry_retreat import (
    CavalryHex,
    cavalry_retreat_loss,
    cavalry_retreat_modifiers,
    mp_reduction,
)
from gcacw_ref.rules.entrenchment import defence_multiplier, entrenchment_era
from gcacw_ref.rules.march import MAX_FATIGUE, raise_fatigue

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Unit
    from gcacw_ref.rules.games import Side


def cavalry_hexes_threatened(w: Work, active_hex: str, active_side: Side) -> list[str]:
    """Adjacent hexes of enemy cavalry whose normal ZOC covers `active_hex`."""
    out: list[str] = []
    zmap = zoc_map(w, active_side)
    if str(zmap.get(active_hex)) != "normal":
        return out

    for n in w.board.neighbors(active_hex):
        cav = [u for u in w.enemy_at(n, active_side) if u.kind == "cavalry"]
        if not cav:
            continue
        kinds = zoc_from_hex(w.board, n, rain=w.rain())
        if str(kinds.get(active_hex)) == "normal":
            out.append(n)
    return out


def offer(
    w: Work, uid: str, assault: bool = False, hexes: list[str] | None = None, advance: bool = False
) -> None:
    """7.7: let the enemy cavalry near `uid` declare a retreat (infantry/artillery march,
    assault, or an advance after combat)."""
    unit = w.unit(uid)
    if unit.hex is None or (unit.kind == "cavalry" and not (assault or advance)):
        return
    for h in hexes if hexes is not None else cavalry_hexes_threatened(w, unit.hex, unit.side):
        w.push(CavalryRetreatFrame(side=other(unit.side), hex=h, active=uid, assault=assault))


def offer_on_march_start(w: Work, uid: str) -> None:
    offer(w, uid)


def offer_on_enter_zoc(w: Work, uid: str) -> None:
    offer(w, uid)


def cavalry_size_strength(w: Work, unit: Unit) -> Fraction:
    """7.7: a cavalry unit's combat strength for the size modifiers, entrenchment included
    (9.0 multiplier, earthworks for Confederates)."""
    confederate = unit.side.value == "confederate"
    earthworks = "earthworks" in w.board.hex_features(hex_of(unit))
    era = entrenchment_era(w.game.value, w.year)
    mult = defence_multiplier(
        unit.entrenchment, era, in_earthworks=earthworks, confederate=confederate
    )
    return combat_strength(w, unit) * mult


def cav_options(w: Work, frame: CavalryRetreatFrame) -> list[Action]:
    h = frame.hex
    if not [u for u in w.at(h) if u.kind == "cavalry" and u.side == frame.side]:
        return [Action(type="cavalry_retreat", hex=h, option="no")]
    return [
        Action(type="cavalry_retreat", hex=h, option="no"),
        Action(type="cavalry_retreat", hex=h, option="yes"),
    ]


def held_attack_cost(w: Work, frame: CavalryRetreatFrame) -> int:
    """7.7 step 1: the MP paid for an attack ordered on this hex that the retreat cancels
    (only cavalry is there, so the hex will be empty and the MP come back): the cut is
    taken from what the march had before the order, not from what the order left."""
    go = w.find(AttackGoFrame)
    if go is None or go.unit != frame.active or go.target != frame.hex:
        return 0
    if any(u.kind != "cavalry" for u in w.at(frame.hex)):
        return 0
    return go.cost


def cav_decide(w: Work, frame: CavalryRetreatFrame, action: Action) -> None:
    """7.7: the cavalry retreat's die: MP taken from the enemy, the cavalry's loss, then
    the retreat itself (fatigue +1, disorganized)."""
    w.pop()
    if action.option != "yes":
        return
    h = frame.hex
    side = frame.side
    cav = [u for u in w.at(h) if u.kind == "cavalry" and u.side == side]
    active = w.unit(frame.active)
    b = w.board
    ahex = hex_of(active)
    crossing = bool(b.river(h, ahex)) or (w.rain() and "creek" in b.features(h, ahex))
    hx = CavalryHex(
        strengths=[cavalry_size_strength(w, u) for u in cav],
        printed=[combat_strength(w, u) for u in cav],
        in_mountain=b.terrain(h) == "mountain",
        active_in_mountain=b.terrain(ahex) == "mountain",
        river_crossing_between=crossing,
        all_demoralized=all(u.demoralized for u in cav),
        all_fatigue_4=all(u.fatigue == MAX_FATIGUE for u in cav),
    )
    drm, why = cavalry_retreat_modifiers(w.game, side, hx)
    die = w.roll_one("cavalry_retreat", side, "7.7")
    cut = mp_reduction(die + drm)
    loss = cavalry_retreat_loss(die)
    march = w.find(MarchFrame)
    if march is not None and not frame.assault:
        held = held_attack_cost(w, frame)
        march.mp = max(Fraction(0), march.mp + held - cut) - held
    w.emit(
        ev.CavalryRetreatEvent(
            turn=w.turn,
            rule="7.7",
            hex=h,
            units=[u.id for u in cav],
            die=die,
            drm=drm,
            mp_cut=cut,
            loss=loss,
            steps=[step.line() for step in why],
            active=active.id,
        )
    )
    for u in cav:
        if loss:
            lose(w, u.id, loss, "7.7")
    alive = [u.id for u in cav if w.unit(u.id).hex is not None]
    for uid in alive:
        cu = w.unit(uid)
        w.upd(uid, fatigue=raise_fatigue(cu.fatigue, 1), organized=False)
    if alive:
        push_retreat(
            w, alive, "cavalry", active_uid=active.id, after="cavalry_done", assault=frame.assault
        )


decision(CavalryRetreatFrame, cav_options, cav_decide)
