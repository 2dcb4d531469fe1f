"""Leaders changing units (6.3): transfer phase targets and moving a leader."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.game.engine.common import hex_of
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.zocview import transfer_ok
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import LeadersSplitFrame, TransferFrame
from gcacw_ref.game.model.state import Leader
from gcacw_ref.rules.command import within_transfer_range

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work


def may_join(w: Work, ld: Leader, uid: str) -> bool:
    """2.2/6.3: a leader is with a unit it commands; army and wing leaders with infantry."""
    unit = w.unit(uid)
    if unit.hex is None or not w.commands(ld, unit):
        return False
    return not (ld.rank in ("army", "wing") and unit.kind != "infantry")


def transfer_targets(w: Work, ld: Leader) -> list[str]:
    """6.3: units the leader may be transferred to (path of 10 hexes, no enemy units)."""
    here = w.leader_hex(ld.id)
    if here is None:
        return []
    out = []
    for u in w.alive(ld.side):
        if u.id == ld.unit or not may_join(w, ld, u.id):
            continue
        near = within_transfer_range(w.board.distance(here, hex_of(u)))
        if near and transfer_ok(w, here, hex_of(u), ld.side):
            out.append(u.id)
    return out


def move_leader(w: Work, lid: str, uid: str, rule: str) -> None:
    ld = w.leaders[lid]
    unit = w.unit(uid)
    w.leaders[lid] = ld.model_copy(update={"unit": uid})
    w.emit(ev.LeaderEvent(turn=w.turn, rule=rule, leader=lid, unit=uid, hex=unit.hex))


def split_options_for(w: Work, frm: str, uid: str) -> list[Action]:
    """6.3: when `uid` has left `frm`, leaders there may go with it, and leaders with it
    may stay with another unit they command that is still in `frm`."""
    moving = w.unit(uid)
    out: list[Action] = []
    for ld in w.leaders.values():
        if ld.side != moving.side or ld.unit is None:
            continue
        if ld.unit == uid:
            for u in w.friends_at(frm, moving.side):
                if may_join(w, ld, u.id):
                    out.append(Action(type="transfer", leader=ld.id, unit=u.id))
        elif w.unit(ld.unit).hex == frm and may_join(w, ld, uid):
            out.append(Action(type="transfer", leader=ld.id, unit=uid))
    return out


def offer_split(w: Work, frm: str, uid: str) -> None:
    if split_options_for(w, frm, uid):
        w.push(LeadersSplitFrame(side=w.unit(uid).side, frm=frm, unit=uid, moved=()))


def split_options(w: Work, frame: LeadersSplitFrame) -> list[Action]:
    acts = [a for a in split_options_for(w, frame.frm, frame.unit) if a.leader not in frame.moved]
    return [Action(type="done"), *acts]


def split_decide(w: Work, frame: LeadersSplitFrame | TransferFrame, action: Action) -> None:
    """6.3: move one leader (each at most once in this decision), or be done."""
    if action.type == "done":
        w.pop()
        return
    assert action.leader and action.unit
    move_leader(w, action.leader, action.unit, "6.3")
    frame.moved = (*frame.moved, action.leader)


decision(LeadersSplitFrame, split_options, split_decide)
