"""The recovery phase (8.0) in its order: step 1 building (a decision per side), then
steps 3-6 for every unit through `rules.recovery.recover`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.game.engine.bridging import bridge_options, build_bridge
from gcacw_ref.game.engine.misc import can_entrench, entrench
from gcacw_ref.game.engine.registry import auto, decision
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import BuildFrame, RecoveryFrame
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.recovery import UnitCondition, may_build_in_recovery, recover

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work


@auto(RecoveryFrame)
def run_recovery(w: Work, frame: RecoveryFrame) -> None:
    """8.0: step 1 for the Union, then the Confederates, then steps 3-6."""
    step = frame.step
    frame.step = step + 1
    if step == 0:
        w.push(BuildFrame(side=Side.UNION, built=()))
    elif step == 1:
        w.push(BuildFrame(side=Side.CONFEDERATE, built=()))
    else:
        w.pop()
        recover_all(w)


def build_options(w: Work, frame: BuildFrame) -> list[Action]:
    """8.0 step 1: entrenchment (9.0), pontoon bridges (10.1), repairs (10.3); not in rain."""
    out = [Action(type="done")]
    if w.rain():
        return out

    for u in w.alive(frame.side):
        if u.id in frame.built or not may_build_in_recovery(u.fatigue, w.rain()):
            continue
        if can_entrench(w, u.id, "recovery"):
            out.append(Action(type="build", unit=u.id, option="entrench"))
        out.extend(bridge_options(w, u, frame))
    return out


def build_decide(w: Work, frame: BuildFrame, action: Action) -> None:
    if action.type == "done":
        w.pop()
        return
    assert action.unit
    frame.built = (*frame.built, action.unit)
    if action.option == "entrench":
        entrench(w, action.unit, "recovery", "9.0")
    else:
        build_bridge(w, action, frame)


decision(BuildFrame, build_options, build_decide)


def recover_all(w: Work) -> None:
    changed = 0
    for u in w.alive():
        res = recover(
            UnitCondition(
                fatigue=u.fatigue,
                organized=u.organized,
                exhausted=u.exhausted,
                demoralized=u.demoralized,
            ),
            w.game,
            u.side,
            rain=w.rain(),
        )
        c = res.unit
        if (c.fatigue, c.organized, c.exhausted, c.demoralized) != (
            u.fatigue,
            u.organized,
            u.exhausted,
            u.demoralized,
        ):
            changed += 1
        w.upd(
            u.id,
            fatigue=c.fatigue,
            organized=c.organized,
            exhausted=c.exhausted,
            demoralized=c.demoralized,
        )
    w.destroy_tried = ()
    w.emit(ev.RecoveryEvent(turn=w.turn, rule="8.0", units_changed=changed))
