"""Leader activation (5.2): pick units in command range, roll the leader's allowance,
optionally move the leader to a chosen unit, then each unit marches in turn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.game.engine.choices import activation_candidates, may_entrench
from gcacw_ref.game.engine.leaders import may_join, move_leader
from gcacw_ref.game.engine.march import begin_march, roll_allowance
from gcacw_ref.game.engine.misc import entrench_action
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import AccompanyFrame, ActivationFrame, CycleFrame

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Leader


def leader_kind(w: Work, ld: Leader) -> str:
    if not ld.cavalry:
        return "infantry_leader"
    formations = {f.id: f.kind for f in w.scen.formations}
    corps = any(formations.get(c) == "cavalry_corps" for c in ld.commands)
    return "cavalry_corps_leader" if corps else "cavalry_division_leader"


def offer_accompany(w: Work, ld: Leader, origin: str, uid: str) -> None:
    """6.3: army and wing leaders stacked with the activated (non-cavalry) leader may be
    moved with it, onto the same unit."""
    if ld.cavalry:
        return
    for other in w.leaders.values():
        if (
            other.side == ld.side
            and other.rank in ("army", "wing")
            and other.unit is not None
            and w.leader_hex(other.id) == origin
            and may_join(w, other, uid)
        ):
            w.push(AccompanyFrame(side=ld.side, leader=other.id, unit=uid))


def accompany_options(w: Work, frame: AccompanyFrame) -> list[Action]:
    return [Action(type="done"), Action(type="transfer", leader=frame.leader, unit=frame.unit)]


def accompany_decide(w: Work, frame: AccompanyFrame, action: Action) -> None:
    w.pop()
    if action.type == "transfer":
        assert action.leader and action.unit
        move_leader(w, action.leader, action.unit, "6.3")


decision(AccompanyFrame, accompany_options, accompany_decide)


def begin_activation(w: Work, lid: str) -> None:
    ld = w.leaders[lid]
    w.push(
        ActivationFrame(
            side=ld.side,
            leader=lid,
            phase="select",
            selected=(),
            candidates=tuple(activation_candidates(w, ld)),
            mp=0,
            done=(),
        )
    )


def activation_limit(w: Work) -> int | None:
    """5.2 (OTR): how many units the activated leader may take this action phase."""
    cycle = w.find(CycleFrame)
    return cycle.limit if cycle is not None else None


def act_options(w: Work, frame: ActivationFrame) -> list[Action]:
    """5.2: choose the units, move the leader to one of them, then march each in turn."""
    lid = frame.leader
    if frame.phase == "select":
        limit = activation_limit(w)
        out = []
        for u in frame.candidates:
            if u in frame.selected:
                continue
            out.append(Action(type="select", leader=lid, unit=u, option="march"))
            if may_entrench(w, w.unit(u)):  # 5.2 step 2 (1864, or 1863 optional)
                out.append(Action(type="select", leader=lid, unit=u, option="entrench"))
        if frame.selected:
            if limit is not None and len(frame.selected) >= limit:
                return [Action(type="done")]
            out.insert(0, Action(type="done"))
        return out
    if frame.phase == "transfer":
        ld = w.leaders[lid]
        out = [Action(type="done")]
        for u in frame.selected:
            if u != ld.unit and w.commands(ld, w.unit(u)) and w.unit(u).hex is not None:
                out.append(Action(type="transfer", leader=lid, unit=u))
        return out
    left = [u for u in frame.selected if u not in frame.done and w.unit(u).hex is not None]
    ent = frame.entrench
    acts = [Action(type="entrench" if u in ent else "march", unit=u) for u in left]
    return acts or [Action(type="done")]


def act_decide(w: Work, frame: ActivationFrame, action: Action) -> None:
    """5.2 steps 1-7, one decision at a time."""
    ld = w.leaders[frame.leader]
    if frame.phase == "select":
        if action.type == "select":
            assert action.unit
            frame.selected = (*frame.selected, action.unit)
            if action.option == "entrench":
                frame.entrench = (*frame.entrench, action.unit)
            if len(frame.selected) < len(frame.candidates):
                return
        frame.mp = roll_allowance(w, ld.side, leader_kind(w, ld))
        frame.phase = "transfer"
        w.emit(
            ev.ActivationEvent(
                turn=w.turn, rule="5.2", leader=ld.id, units=list(frame.selected), mp=frame.mp
            )
        )
        return
    if frame.phase == "transfer":
        frame.phase = "march"
        if action.type == "transfer":
            assert action.unit
            origin = w.leader_hex_on_map(ld.id)
            move_leader(w, ld.id, action.unit, "5.2")
            offer_accompany(w, ld, origin, action.unit)
        return
    if action.type == "done":
        w.pop()
        return
    assert action.unit
    frame.done = (*frame.done, action.unit)
    if action.type == "entrench":
        entrench_action(w, action.unit)  # 5.5: fatigue by year, then the next marker
        return
    first = not [u for u in frame.done[:-1] if u not in frame.entrench]
    cav_div = leader_kind(w, ld) == "cavalry_division_leader"
    begin_march(w, action.unit, leader_mp=frame.mp, may_attack=first or not cav_div)


decision(ActivationFrame, act_options, act_decide)
