"""The march (5.1, 6.1, 6.2): allowance, fatigue and extended march, forced march, moving
hex by hex, attacking, refusing flanks, ending the march.

Frames: `forced_march` (5.1 step 3, yes/no), `march` (one unit's march: move, attack,
refuse, destroy, end).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Literal, cast

from gcacw_ref.game.engine import bridges, cavalry
from gcacw_ref.game.engine.combat import march_attack, march_attack_options
from gcacw_ref.game.engine.common import hex_of
from gcacw_ref.game.engine.leaders import offer_split
from gcacw_ref.game.engine.refusal import Refusal
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.units import disorganize_or_lose, set_strength
from gcacw_ref.game.engine.zocview import move_board, zoc_kind
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import ForcedMarchFrame, MarchFrame
from gcacw_ref.game.model.pathing import MoveView, MovingUnit, StepVerdict, move_step
from gcacw_ref.i18n import N_
from gcacw_ref.rules.flank import REFUSE_FLANK_MP, may_refuse_flank
from gcacw_ref.rules.forced_march import force_march
from gcacw_ref.rules.march import MAX_FATIGUE, apply_extended_march_result, check_march
from gcacw_ref.rules.movement_allowance import Kind as AllowanceKind
from gcacw_ref.rules.movement_allowance import allowance_formula, movement_allowance
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.rules.terrain import UnitKind

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Unit
    from gcacw_ref.rules.games import Side


def roll_allowance(w: Work, side: Side, kind: str) -> int:
    """5.1 step 1 / 5.2 step 3: roll the dice of the allowance formula."""
    k = cast(AllowanceKind, kind)  # a unit kind or a leader kind (5.1, 5.2)
    formula = allowance_formula(w.game, side, k)
    rule = "5.2" if k.endswith("_leader") else "5.1"
    dice = w.roll("movement_allowance", formula.dice, side, rule)
    value, _ = movement_allowance(w.game, side, k, sum(dice))
    return value


def begin_march(w: Work, uid: str, leader_mp: int | None, may_attack: bool = True) -> None:
    """5.1 steps 1-3 (or 5.2 steps 6-7 with the leader's allowance)."""
    unit = w.unit(uid)
    side = unit.side
    mp = leader_mp if leader_mp is not None else roll_allowance(w, side, unit.kind)
    # optional rule (5.1): marches disorganized, no extended march
    tired = unit.fatigue == MAX_FATIGUE
    facts = (
        w.game,
        side,
        unit.kind == "cavalry",
        unit.exhausted,
        unit.fatigue,
        unit.organized,
        Fraction(unit.strength),
        unit.army_of_the_potomac,
    )
    check = check_march(*facts, fatigue_four_option=tired)
    die = None
    if check.extended:
        die = w.roll_one("extended_march", side, "5.1")
        check = check_march(*facts, die=die)
    unit = w.upd(uid, fatigue=check.fatigue_after, marched_in_phase=w.action_phase)
    if tired:
        unit = w.upd(uid, organized=False)
    w.emit(
        ev.MarchEvent(turn=w.turn, rule="5.1", unit=uid, hex=unit.hex, mp=mp, fatigue=unit.fatigue)
    )
    start = hex_of(unit)
    w.push(
        MarchFrame(
            side=side,
            unit=uid,
            mp=Fraction(mp),
            moved=False,
            acted=False,
            stop=False,
            start=start,
            attacks=0,
            may_attack=may_attack,
            path=(start,),
        )
    )
    if check.extended:
        result = check.result
        if result is None:
            w.emit(ev.ExtendedMarchEvent(turn=w.turn, rule="5.1", unit=uid, die=die, result=None))
        else:
            after = apply_extended_march_result(result, Fraction(unit.strength), unit.organized)
            w.emit(
                ev.ExtendedMarchEvent(
                    turn=w.turn,
                    rule="5.1",
                    unit=uid,
                    die=die,
                    drm=check.drm,
                    result=result,
                    steps=[step.line() for step in check.steps],
                )
            )
            w.upd(uid, organized=after.organized)
            if after.strength != unit.strength:
                set_strength(w, uid, after.strength, "5.1")
            if after.eliminated:
                w.pop()
                return
    unit = w.unit(uid)
    if unit.hex is not None and unit.kind != "artillery" and unit.organized and not tired:
        w.push(ForcedMarchFrame(side=side, unit=uid))  # step 3, after any cavalry retreat
    cavalry.offer_on_march_start(w, uid)


# --- forced march (5.1 step 3) -------------------------------------------------------
def forced_options(w: Work, frame: ForcedMarchFrame) -> list[Action]:
    return [Action(type="forced_march", option="no"), Action(type="forced_march", option="yes")]


def forced_decide(w: Work, frame: ForcedMarchFrame, action: Action) -> None:
    """5.1 step 3: the forced march's dice add MP and may cost strength."""
    w.pop()
    if action.option != "yes":
        return
    uid = frame.unit
    unit = w.unit(uid)
    kind: Literal["cavalry", "infantry"] = "cavalry" if unit.kind == "cavalry" else "infantry"
    dice = sum(w.roll("forced_march", 2 if kind == "cavalry" else 1, unit.side, "5.1"))
    fm = force_march(kind, dice, Fraction(unit.strength), unit.organized)
    march = w.find(MarchFrame)
    assert march is not None
    march.mp = march.mp + fm.bonus
    w.upd(uid, organized=False)
    w.emit(
        ev.ForcedMarchEvent(
            turn=w.turn, rule="5.1", unit=uid, dice=dice, bonus=fm.bonus, loss=fm.strength_loss
        )
    )
    if fm.strength_loss:
        set_strength(w, uid, fm.strength_after, "5.1")
        if w.unit(uid).hex is None:
            w.pop()


decision(ForcedMarchFrame, forced_options, forced_decide)


# --- moving ------------------------------------------------------------------------
def move_check(
    w: Work, march: MarchFrame, unit: Unit, to: str, board: MoveView | None = None
) -> StepVerdict:
    """6.2 via `pathing.move_step` on the live board (`board`, when already built for this
    position): the MP to enter `to`, whether the unit must stop or its march ends there,
    or (`legal` False) the rule and the reason it may not enter."""
    mp = march.mp
    return move_step(
        board or move_board(w, unit.side),
        MovingUnit(UnitKind(unit.kind), Fraction(unit.strength)),
        hex_of(unit),
        to,
        mp_left=max(mp, Fraction(0)),
        moved=march.moved,
        attacked=bool(march.attacks) or mp < 0,
        first_action=not march.acted,
    )


def move_verdict(
    w: Work, march: MarchFrame, unit: Unit, to: str, board: MoveView | None = None
) -> StepVerdict | None:
    """`move_check` when the unit may enter `to`, else None."""
    verdict = move_check(w, march, unit, to, board)
    return verdict if verdict.legal else None


def march_stopped(w: Work, frame: MarchFrame, unit: Unit) -> Refusal | None:
    """6.2: a unit that entered an enemy normal ZOC this march stops there (it may still
    attack); None while it may move on."""
    if unit.hex is not None and frame.stop and zoc_kind(w, unit.hex, unit.side) == "normal":
        return Refusal(
            "6.2",
            N_("the unit entered enemy ZOC at {hex} and must stop there"),
            (("hex", unit.hex),),
        )
    return None


def march_options(w: Work, frame: MarchFrame) -> list[Action]:
    """5.1, 6.2, 7.1, 7.8, 10.2: what the marching unit may do next."""
    unit = w.unit(frame.unit)
    out = [Action(type="end")]
    if unit.hex is None or frame.ended:
        return out
    if march_stopped(w, frame, unit) is None:
        board = move_board(w, unit.side)
        for n in w.board.neighbors(unit.hex):
            if move_verdict(w, frame, unit, n, board) is not None:
                out.append(Action(type="move", unit=unit.id, hex=n))
    if frame.may_attack and unit.kind != "artillery":
        out.extend(march_attack_options(w, frame, unit))
    for n in w.board.neighbors(unit.hex):
        if bridges.pontoon(w, unit.hex, n) == unit.side.value:
            out.append(Action(type="dismantle", unit=unit.id, hex=n))  # 10.2, no MP
    if unit.hex in w.refused and not frame.acted and unit.hex == frame.start:
        out.append(Action(type="unrefuse", unit=unit.id))  # 7.8: free, when the march begins
    terrain = w.board.terrain(unit.hex)
    if may_refuse_flank(terrain, w.rain(), frame.mp, frame.advanced) and (
        unit.hex not in w.refused
    ):
        out.append(Action(type="refuse", unit=unit.id))
    return out


def march_decide(w: Work, frame: MarchFrame, action: Action) -> None:
    uid = frame.unit
    if action.type == "end":
        end_march(w, frame, explain=True)
    elif action.type == "move":
        assert action.hex
        do_move(w, frame, action.hex)
    elif action.type == "refuse":
        frame.mp = frame.mp - REFUSE_FLANK_MP
        w.refused = (*w.refused, hex_of(w.unit(uid)))
        w.emit(ev.RefuseFlankEvent(turn=w.turn, rule="7.8", unit=uid, hex=w.unit(uid).hex))
        end_march(w, frame)
    elif action.type == "unrefuse":
        bridges.clear_refused(w, w.unit(uid).hex)
    elif action.type == "dismantle":
        assert action.hex
        bridges.dismantle(w, w.unit(uid), action.hex)
    elif action.type == "attack":
        assert action.hex and action.option
        march_attack(w, frame, action.hex, action.option)


def do_move(w: Work, frame: MarchFrame, to: str) -> None:
    """6.2: one hex of the march, its MP cost, and what entering the hex brings."""
    uid = frame.unit
    unit = w.unit(uid)
    verdict = move_verdict(w, frame, unit, to)
    assert verdict is not None and verdict.mp is not None
    cost, zz = verdict.mp, verdict.zoc_to_zoc
    stop = verdict.must_stop or zz
    frm = hex_of(unit)
    frame.mp = frame.mp - cost
    frame.moved = True
    frame.acted = True
    frame.path = (*frame.path, to)
    bridges.sweep_refused(w)
    w.upd(uid, hex=to, entrenchment="none")
    w.emit(ev.MoveEvent(turn=w.turn, rule="6.2", unit=uid, frm=frm, to=to, cost=str(cost)))
    if zz:
        frame.ended = True  # 6.2: no MP left, no attack
    if verdict.disorganizes:
        disorganize_or_lose(w, uid, "6.2")
    if w.unit(uid).hex is None:
        w.pop()
        return
    bridges.note_control(w, to, unit.side)
    if frm == frame.start and len(frame.path) == 2:
        offer_split(w, frm, uid)
    if stop:
        frame.stop = True
        cavalry.offer_on_enter_zoc(w, uid)


def cheapest_exit(w: Work, frame: MarchFrame, unit: Unit) -> tuple[str, Fraction] | None:
    """6.2: when the marching unit may enter no hex around it only because each costs
    more MP than it has left, the cheapest of them and its cost (the first by hex number
    among equals); None when it may still move, must stop, has no MP, or a hex is closed
    to it for another reason than its MP."""
    if unit.hex is None or frame.ended or frame.mp <= 0 or march_stopped(w, frame, unit):
        return None
    board = move_board(w, unit.side)
    costs: list[tuple[Fraction, str]] = []
    for n in w.board.neighbors(unit.hex):
        if move_check(w, frame, unit, n, board).legal:
            return None
        free = move_step(
            board,
            MovingUnit(UnitKind(unit.kind), Fraction(unit.strength)),
            unit.hex,
            n,
            mp_left=None,
            moved=frame.moved,
            attacked=bool(frame.attacks),
            first_action=not frame.acted,
        )
        if free.legal and free.mp is not None:
            costs.append((free.mp, n))
    return (min(costs)[1], min(costs)[0]) if costs else None


def end_march(w: Work, frame: MarchFrame, explain: bool = False) -> None:
    """5.1 step 5: the march (`frame`, on top of the stack) is over (and 10.2: a pontoon
    bridge may fall); ended with MP left that pay for no hex around, it says so (6.2)."""
    unit = w.unit(frame.unit)
    blocked = cheapest_exit(w, frame, unit) if explain else None
    if blocked is not None:
        hex_, cost = blocked
        w.emit(
            ev.MarchEndEvent(
                turn=w.turn,
                rule="6.2",
                unit=unit.id,
                hex=unit.hex,
                mp=format_strength(frame.mp),
                cheapest=hex_,
                cost=format_strength(cost),
            )
        )
    w.pop()
    unit = w.unit(frame.unit)
    if unit.hex is not None:
        bridges.after_march(w, unit, frame)


decision(MarchFrame, march_options, march_decide)
