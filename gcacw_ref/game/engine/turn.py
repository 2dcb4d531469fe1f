"""The sequence of play (3.0) and the action cycle (4.0).

Frames: `turn` (random events, leader transfers, action cycle, recovery, turn end),
`transfer` (6.3 leader transfer phase), `cycle` (one action phase after another),
`initiative` (4.2 take or pass), `choose` (5.0 pick the action and who does it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.game.engine import activation, assault, choices, march, misc
from gcacw_ref.game.engine.common import other
from gcacw_ref.game.engine.leaders import split_decide, transfer_targets
from gcacw_ref.game.engine.registry import auto, decision
from gcacw_ref.game.engine.victory import finish_game
from gcacw_ref.game.engine.weather import random_event_phase
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import (
    ChooseFrame,
    CycleFrame,
    InitiativeFrame,
    RecoveryFrame,
    TransferFrame,
    TurnFrame,
)
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.movement_allowance import otr_union_activation_limit

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work


TURN_STEPS = ("random_event", "transfer_union", "transfer_confederate", "cycle", "recovery", "end")


@auto(TurnFrame)
def run_turn(w: Work, frame: TurnFrame) -> None:
    """3.0: run the phases of a turn in order."""
    step = frame.step
    if step >= len(TURN_STEPS):
        w.pop()
        return
    frame.step = step + 1
    name = TURN_STEPS[step]
    if name == "random_event":
        w.phase = "random_event"

        random_event_phase(w)
    elif name.startswith("transfer_"):
        w.phase = "leader_transfer"
        side = Side.UNION if name.endswith("union") else Side.CONFEDERATE
        w.push(TransferFrame(side=side, moved=()))
    elif name == "cycle":
        w.phase = "action_cycle"
        w.push(CycleFrame(ended=False))
    elif name == "recovery":
        w.phase = "recovery"
        w.push(RecoveryFrame(step=0))
    else:
        end_turn(w)


def end_turn(w: Work) -> None:
    """5. turn record phase: advance the turn, or end the game after the last one."""
    w.emit(ev.TurnEndEvent(turn=w.turn, rule="3.0"))
    w.pop()  # the turn frame
    if w.turn >= w.scen.scenario.turns:
        finish_game(w)
        return
    w.turn = w.turn + 1
    w.push(TurnFrame(step=0))


# --- leader transfer phase (6.3) -----------------------------------------------------
def transfer_options(w: Work, frame: TransferFrame) -> list[Action]:
    side = frame.side
    out = [Action(type="done")]
    for ld in w.leaders.values():
        if ld.side != side or ld.unit is None or ld.id in frame.moved:
            continue
        for uid in transfer_targets(w, ld):
            out.append(Action(type="transfer", leader=ld.id, unit=uid))
    return out


def transfer_decide(w: Work, frame: TransferFrame, action: Action) -> None:
    """6.3: the same choice as a leader leaving a stack: move one leader, or be done."""
    split_decide(w, frame, action)


decision(TransferFrame, transfer_options, transfer_decide)


# --- the action cycle (4.0) ----------------------------------------------------------
@auto(CycleFrame)
def run_cycle(w: Work, frame: CycleFrame) -> None:
    """4.1/4.2: start a new action phase with the initiative dice, or end the cycle."""
    if frame.ended:
        w.pop()
        return
    w.action_phase = w.action_phase + 1
    can_u = choices.has_action(w, Side.UNION)
    can_c = choices.has_action(w, Side.CONFEDERATE)
    if not can_u and not can_c:
        w.emit(ev.PassEvent(turn=w.turn, rule="4.4", stalled=True))
        frame.ended = True
        return
    if can_u != can_c:
        winner = Side.UNION if can_u else Side.CONFEDERATE
        w.emit(ev.InitiativeEvent(turn=w.turn, rule="4.2", winner=winner.value, dice=None))
        w.push(InitiativeFrame(side=winner, first=True, lone=True))
        return
    du, dc = w.roll("initiative", 2, None, "4.2")
    winner = Side.UNION if du > dc else Side.CONFEDERATE
    w.emit(
        ev.InitiativeEvent(
            turn=w.turn,
            rule="4.2",
            winner=winner.value,
            dice={"union": du, "confederate": dc},
        )
    )
    die = du if winner == Side.UNION else dc
    w.push(InitiativeFrame(side=winner, first=True, lone=False, die=die))


def initiative_options(w: Work, frame: InitiativeFrame) -> list[Action]:
    return [Action(type="take"), Action(type="pass")]


def initiative_decide(w: Work, frame: InitiativeFrame, action: Action) -> None:
    """4.2: take the initiative (and choose an action), or pass it to the other side."""
    side = frame.side
    w.pop()
    if action.type == "take":
        w.emit(ev.InitiativeEvent(turn=w.turn, rule="4.2", side=side.value))
        cycle = w.find(CycleFrame)
        assert cycle is not None
        cycle.limit = otr_activation_limit(w, side, frame)
        w.push(ChooseFrame(side=side))
        return
    w.emit(ev.PassEvent(turn=w.turn, rule="4.2", side=side.value))
    cycle = w.find(CycleFrame)
    assert cycle is not None
    if frame.first and not frame.lone and choices.has_action(w, other(side)):
        w.push(InitiativeFrame(side=other(side), first=False, lone=False))
        return
    w.emit(ev.PassEvent(turn=w.turn, rule="4.4"))
    cycle.ended = True


decision(InitiativeFrame, initiative_options, initiative_decide)


def otr_activation_limit(w: Work, side: Side, frame: InitiativeFrame) -> int | None:
    """5.2 (OTR): the Union initiative die limits how many units a Union leader activates
    (1-4: one, 5: two, 6: any); no limit after a Confederate pass or without a roll."""
    if w.game != Game.OTR or side != Side.UNION or not frame.first or frame.lone:
        return None
    assert frame.die is not None  # a first, contested initiative was rolled (4.2)
    return otr_union_activation_limit(frame.die)


def choose_options(w: Work, frame: ChooseFrame) -> list[Action]:
    return choices.action_choices(w, frame.side)


def choose_decide(w: Work, frame: ChooseFrame, action: Action) -> None:
    w.pop()
    start_action(w, frame.side, action)


decision(ChooseFrame, choose_options, choose_decide)


def start_action(w: Work, side: Side, action: Action) -> None:
    """Put the chosen action on the stack."""
    if action.type == "march":
        assert action.unit
        march.begin_march(w, action.unit, leader_mp=None)
    elif action.type == "activate":
        assert action.leader
        activation.begin_activation(w, action.leader)
    elif action.type == "assault":
        assert action.leader
        assault.begin_assault(w, action.leader)
    elif action.type == "raid":
        assert action.unit
        misc.station_raid(w, action.unit)
    elif action.type == "entrench":
        assert action.unit
        misc.entrench_action(w, action.unit)
    else:  # pragma: no cover - options never offer anything else
        raise ValueError(action.type)
