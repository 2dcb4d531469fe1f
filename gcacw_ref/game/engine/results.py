"""Applying combat results (7.5, 7.6, 11.0): letters to every unit, strength losses the
owner allocates point by point (`loss` frame), retreats and routs, advance after combat
(`advance` frame). Defender results are applied before the attacker's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.game.engine import cavalry
from gcacw_ref.game.engine.bridges import enemy_pontoons_fall, note_control, sweep_refused
from gcacw_ref.game.engine.common import hex_of
from gcacw_ref.game.engine.leaders import offer_split
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.retreat import push_retreat
from gcacw_ref.game.engine.units import lose
from gcacw_ref.game.engine.zocview import zoc_kind
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import (
    AdvanceFrame,
    LossFrame,
    MarchFrame,
    OptionalRetreatFrame,
    RetreatKind,
)
from gcacw_ref.rules.demoralization import demoralization_after
from gcacw_ref.rules.march import raise_fatigue

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.rules.combat_chart import ChartResult
    from gcacw_ref.rules.games import Side


def letters(w: Work, uid: str, result: ChartResult, rule: str = "7.5") -> None:
    """The letter effects on one unit: D, F, f (fatigue, disorder), R/R* demoralization."""
    unit = w.unit(uid)
    if unit.hex is None:
        return
    changes: dict[str, bool | int] = {}
    fatigue = unit.fatigue
    for letter in result.letters:
        if letter.disorganize:
            changes["organized"] = False
        fatigue = raise_fatigue(fatigue, letter.fatigue)
    changes["fatigue"] = fatigue
    extra = 0
    for code in ("R", "R*"):
        if result.has(code):
            level, extra = demoralization_after(unit.demoralized, code)
            changes["demoralized"] = level
    w.upd(uid, **changes)
    if extra:
        lose(w, uid, extra, "11.0")


def allocate(
    w: Work, side: Side, units: list[str], points: int, disorganize: bool, rule: str
) -> None:
    alive = [u for u in units if w.unit(u).hex is not None]
    if points <= 0 or not alive:
        return
    if len(alive) == 1:
        lose(w, alive[0], points, rule, disorganize)
        return
    w.push(
        LossFrame(side=side, units=tuple(alive), points=points, disorganize=disorganize, rule=rule)
    )


def loss_options(w: Work, frame: LossFrame) -> list[Action]:
    return [Action(type="loss", unit=u) for u in frame.units if w.unit(u).hex is not None]


def loss_decide(w: Work, frame: LossFrame, action: Action) -> None:
    """7.5: the owner takes one point of the loss from the unit of its choice."""
    assert action.unit
    lose(w, action.unit, 1, frame.rule, frame.disorganize)
    w.emit(ev.LossEvent(turn=w.turn, rule=frame.rule, unit=action.unit))
    frame.points -= 1
    if frame.points <= 0 or not loss_options(w, frame):
        w.pop()


decision(LossFrame, loss_options, loss_decide)


def apply_results(
    w: Work,
    attackers: list[str],
    defenders: list[str],
    target: str,
    att: ChartResult,
    dfn: ChartResult,
    active: str,
    march: MarchFrame | None,
) -> None:
    """7.5: defender first, then attacker; retreats and advance go on the stack."""
    side = w.unit(attackers[0]).side
    dside = w.unit(defenders[0]).side
    # what runs last is pushed first: advance, attacker losses, defender retreat, defender losses
    if att.has("a"):
        w.push(
            AdvanceFrame(side=side, units=tuple(attackers), target=target, march=march is not None)
        )
    for uid in attackers:
        letters(w, uid, att)
    if march is not None and att.ends_march:
        march.ended = True
    allocate(w, side, attackers, att.loss, att.disorganizes, "7.5")
    for uid in defenders:
        letters(w, uid, dfn)
    if dfn.has("r") or dfn.has("R") or dfn.has("R*"):
        kind: RetreatKind = "retreat" if dfn.has("r") else "rout"
        push_retreat(w, defenders, kind, active_uid=active)
    else:
        w.push(
            OptionalRetreatFrame(
                side=dside, units=tuple(defenders), active=active, no_effect=dfn.printed == "-"
            )
        )
    allocate(w, dside, defenders, dfn.loss, dfn.disorganizes, "7.5")


def optional_options(w: Work, frame: OptionalRetreatFrame) -> list[Action]:
    """7.6 defender's optional retreat: any defending unit may retreat 1-4 hexes."""
    units = [u for u in frame.units if w.unit(u).hex is not None]
    return [Action(type="done")] + [Action(type="retreat", unit=u) for u in units]


def optional_decide(w: Work, frame: OptionalRetreatFrame, action: Action) -> None:
    """7.6: the chosen unit retreats (fatigue +1 after a "-" result)."""
    if action.type == "done":
        w.pop()
        return
    assert action.unit
    frame.units = tuple(u for u in frame.units if u != action.unit)
    unit = w.unit(action.unit)
    if frame.no_effect:
        w.upd(action.unit, fatigue=raise_fatigue(unit.fatigue, 1))  # 7.6: after a "-" result
    push_retreat(w, [action.unit], "optional", active_uid=frame.active)


decision(OptionalRetreatFrame, optional_options, optional_decide)


def advance_options(w: Work, frame: AdvanceFrame) -> list[Action]:
    target = frame.target
    if w.enemy_at(target, frame.side) or not any(w.unit(u).hex for u in frame.units):
        return [Action(type="done")]
    return [Action(type="done")] + [
        Action(type="advance", unit=u, hex=target) for u in frame.units if w.unit(u).hex is not None
    ]


def advance_decide(w: Work, frame: AdvanceFrame, action: Action) -> None:
    """7.6: one unit advances into the hex the defender left."""
    if action.type == "done":
        w.pop()
        return
    assert action.unit
    unit = w.unit(action.unit)
    frm = hex_of(unit)
    target = frame.target
    w.upd(action.unit, hex=target, entrenchment="none")
    frame.units = tuple(u for u in frame.units if u != action.unit)
    if frame.limit is not None:
        frame.limit -= 1
        if frame.limit <= 0:
            frame.units = ()  # 7.7 step 6: the assault value's units have advanced
    w.emit(ev.AdvanceEvent(turn=w.turn, rule="7.6", unit=action.unit, frm=frm, to=target))

    note_control(w, target, unit.side)
    sweep_refused(w)
    enemy_pontoons_fall(w, w.unit(action.unit))
    offer_split(w, frm, action.unit)
    cavalry.offer(w, action.unit, advance=True)
    march = w.find(MarchFrame)
    if march is not None and march.unit == action.unit:
        march.path = (*march.path, target)
        march.advanced = True  # 7.8: no refused flank after an advance
        if zoc_kind(w, target, unit.side) == "normal":
            march.stop = True
    if not frame.units:
        w.pop()


decision(AdvanceFrame, advance_options, advance_decide)
