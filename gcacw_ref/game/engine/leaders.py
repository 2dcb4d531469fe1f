"""Leaders changing units (6.3): transfer phase targets and moving a leader."""

from __future__ import annotations

from typing import Any

from gcacw_ref.game.engine.zocview import transfer_ok
from gcacw_ref.game.state import Leader


def may_join(w: Any, ld: Leader, uid: str) -> bool:
    """2.2/6.3: a leader is with a unit it commands; army and wing leaders with infantry."""
    unit = w.unit(uid)
    if unit.hex is None or not w.commands(ld, unit):
        return False
    return not (ld.rank in ("army", "wing") and unit.kind != "infantry")


def transfer_targets(w: Any, ld: Leader) -> list[str]:
    """6.3: units the leader may be transferred to (path of 10 hexes, no enemy units)."""
    here = w.leader_hex(ld.id)
    if here is None:
        return []
    out = []
    for u in w.alive(ld.side):
        if u.id == ld.unit or not may_join(w, ld, u.id):
            continue
        if w.board.distance(here, u.hex) <= 10 and transfer_ok(w, here, u.hex, ld.side):
            out.append(u.id)
    return out


def move_leader(w: Any, lid: str, uid: str, rule: str) -> None:
    ld = w.leaders[lid]
    unit = w.unit(uid)
    w.leaders[lid] = ld.model_copy(update={"unit": uid})
    w.emit(
        "leader",
        rule,
        f"{ld.name} goes to {unit.name} at {unit.hex}",
        f"{ld.name}が{unit.hex}の{unit.name}へ移送",
        leader=lid,
        unit=uid,
        hex=unit.hex,
    )
