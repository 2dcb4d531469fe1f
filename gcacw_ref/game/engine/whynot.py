""" "Why not?": the rules that keep a hex out of the pending decision's choices.

For the person deciding, pointing at a hex that is not among the choices asks why. The
answer is read from the same checks the engine builds its choices from (a march's
`move_check`, `march_stopped` and `attack_refusal`; an activation's
`activation_refusal`; an action's `march_refusal`), never from a second copy of a rule.
"""

from __future__ import annotations

from gcacw_ref.game.engine.choices import activation_refusal, march_refusal
from gcacw_ref.game.engine.combat import attack_refusal
from gcacw_ref.game.engine.march import march_stopped, move_check
from gcacw_ref.game.engine.refusal import Refusal
from gcacw_ref.game.engine.work import Work
from gcacw_ref.game.engine.zocview import command_range
from gcacw_ref.game.model.frames import ActivationFrame, ChooseFrame, MarchFrame
from gcacw_ref.game.model.state import GameState
from gcacw_ref.i18n import _
from gcacw_ref.rules.combat_modifiers import march_attack_cost
from gcacw_ref.rules.combat_tables import attack_types


def _march(w: Work, frame: MarchFrame, target: str) -> list[Refusal]:
    """Why the marching unit may not enter (or attack) `target` (6.1, 6.2, 7.1)."""
    unit = w.unit(frame.unit)
    here = unit.hex
    if here is None or target == here:
        return []
    if target not in w.board.neighbors(here):
        return [
            Refusal(
                "6.2",
                _("{hex} is not next to {at}: a march enters one adjacent hex at a time").format(
                    hex=target, at=here
                ),
            )
        ]
    out: list[Refusal] = []
    stopped = march_stopped(w, frame, unit)
    if stopped is not None:
        out.append(stopped)
    else:
        verdict = move_check(w, frame, unit, target)
        if not verdict.legal:
            out.append(Refusal(verdict.rule, verdict.reason or verdict.label))
    if w.enemy_at(target, unit.side):
        out.extend(_attack(w, frame, target))
    return out


def _attack(w: Work, frame: MarchFrame, target: str) -> list[Refusal]:
    unit = w.unit(frame.unit)
    if unit.kind == "artillery":
        return [Refusal("7.1", _("artillery does not attack on its own march"))]
    if not frame.may_attack:
        return [Refusal("6.1", _("this march may not attack any more"))]
    refusal = attack_refusal(w, [unit.id], target, "march", frame)
    if refusal is not None:
        return [refusal]
    cavalry = unit.kind == "cavalry"
    if all(march_attack_cost(t.key, cavalry, frame.mp) is None for t in attack_types().type):
        return [Refusal("6.1", _("not enough MP left for any kind of attack"))]
    return []


def _activation(w: Work, frame: ActivationFrame, target: str) -> list[Refusal]:
    """Why the units in `target` cannot join the activation (5.1, 5.2)."""
    leader = w.leaders[frame.leader]
    lh = w.leader_hex(leader.id) if leader.unit else None
    if lh is None:
        return []
    reach = command_range(w, lh, leader.side)
    out = []
    for u in w.friends_at(target, leader.side):
        if u.id in frame.candidates:
            continue
        refusal = activation_refusal(w, leader, u, reach)
        if refusal is not None:
            out.append(Refusal(refusal.rule, f"{u.name}: {refusal.reason}"))
    return out


def _choose(w: Work, frame: ChooseFrame, target: str) -> list[Refusal]:
    """Why the side's units in `target` may not march (5.1)."""
    out = []
    for u in w.friends_at(target, frame.side):
        refusal = march_refusal(w, u)
        if refusal is not None:
            out.append(Refusal(refusal.rule, f"{u.name}: {refusal.reason}"))
    return out


def why_not(state: GameState, target: str) -> list[Refusal]:
    """The rules that keep hex `target` out of the pending decision's choices (empty when
    nothing there is refused, or the decision is not about hexes)."""
    w = Work(state)
    if not w.stack or w.result is not None:
        return []
    frame = w.top()
    if isinstance(frame, MarchFrame):
        return _march(w, frame, target)
    if isinstance(frame, ActivationFrame) and frame.phase == "select":
        return _activation(w, frame, target)
    if isinstance(frame, ChooseFrame):
        return _choose(w, frame, target)
    return []
