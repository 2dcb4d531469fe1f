"""Changing units: strength losses, elimination, disorganization; leaders left alone (7.5)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from gcacw_ref.game.engine.common import hex_of, other
from gcacw_ref.game.model import events as ev

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work


def set_strength(w: Work, uid: str, strength: Fraction, rule: str) -> None:
    """Put a new strength marker on the unit; at 0 it is eliminated (7.5)."""
    unit = w.unit(uid)
    lost = Fraction(unit.strength) - strength
    if lost > 0:
        w.add_lost(unit.side, lost)
    if strength <= 0:
        w.upd(uid, strength=Fraction(0))
        eliminate(w, uid, rule)
        return
    w.upd(uid, strength=strength)


def lose(w: Work, uid: str, points: int | Fraction, rule: str, disorganize: bool = True) -> None:
    """Lose `points` of strength; the new marker is disorganized when the rule says so."""
    unit = w.unit(uid)
    if points <= 0 or unit.hex is None:
        return
    if disorganize:
        w.upd(uid, organized=False)
    set_strength(w, uid, max(Fraction(0), Fraction(unit.strength) - points), rule)


def disorganize_or_lose(w: Work, uid: str, rule: str) -> None:
    """6.2: disorganize; a unit already disorganized loses one strength instead."""
    unit = w.unit(uid)
    if unit.organized:
        w.upd(uid, organized=False)
    else:
        lose(w, uid, 1, rule)


def eliminate(w: Work, uid: str, rule: str, surrendered: bool = False) -> None:
    """7.5: the unit leaves the map; its leaders go to the nearest unit they command,
    or are removed when none is left."""
    unit = w.unit(uid)
    where = unit.hex
    if where is None:
        return
    if Fraction(unit.strength) > 0:
        w.add_lost(unit.side, Fraction(unit.strength))
    w.upd(uid, hex=None, strength=Fraction(0), surrendered=surrendered, entrenchment="none")
    gone = ev.SurrenderEvent if surrendered else ev.EliminatedEvent
    w.emit(
        gone(
            turn=w.turn,
            rule=rule,
            unit=uid,
            hex=where,
            side=unit.side.value,
            enemy=other(unit.side).value,
        )
    )
    for ld in w.leaders_with(uid):
        relocate_leader(w, ld.id, where, rule)


def relocate_leader(w: Work, lid: str, where: str, rule: str) -> None:
    """7.5: a leader left without a unit goes to the nearest unit it commands."""
    ld = w.leaders[lid]
    mine = [u for u in w.alive(ld.side) if w.commands(ld, u)]
    if ld.rank in ("army", "wing"):
        mine = [u for u in mine if u.kind == "infantry"] or mine
    if not mine:
        w.leaders[lid] = ld.model_copy(update={"unit": None})
        w.emit(ev.LeaderEvent(turn=w.turn, rule=rule, leader=lid))
        return
    best = min(mine, key=lambda u: (w.board.distance(where, hex_of(u)), u.id))
    w.leaders[lid] = ld.model_copy(update={"unit": best.id})
    w.emit(
        ev.LeaderEvent(
            turn=w.turn, rule=rule, leader=lid, unit=best.id, hex=best.hex, displaced=True
        )
    )
