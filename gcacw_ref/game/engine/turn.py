"""The sequence of play (3.0) and the action cycle (4.0).

Frames: `turn` (random events, leader transfers, action cycle, recovery, turn end),
`transfer` (6.3 leader transfer phase), `cycle` (one action phase after another),
`initiative` (4.2 take or pass), `choose` (5.0 pick the action and who does it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gcacw_ref.game.actions import Action
from gcacw_ref.game.engine import choices
from gcacw_ref.game.engine.common import other, side_word
from gcacw_ref.game.engine.registry import auto, decision
from gcacw_ref.game.engine.victory import finish_game
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.movement_allowance import otr_union_activation_limit

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work


TURN_STEPS = ("random_event", "transfer_union", "transfer_confederate", "cycle", "recovery", "end")


@auto("turn")
def run_turn(w: Work, frame: dict[str, Any]) -> None:
    """3.0: run the phases of a turn in order."""
    step = frame["data"]["step"]
    if step >= len(TURN_STEPS):
        w.pop()
        return
    frame["data"]["step"] = step + 1
    name = TURN_STEPS[step]
    if name == "random_event":
        w.s["phase"] = "random_event"
        from gcacw_ref.game.engine.weather import random_event_phase

        random_event_phase(w)
    elif name.startswith("transfer_"):
        w.s["phase"] = "leader_transfer"
        side = Side.UNION if name.endswith("union") else Side.CONFEDERATE
        w.push("transfer", side, moved=[])
    elif name == "cycle":
        w.s["phase"] = "action_cycle"
        w.push("cycle", None, ended=False)
    elif name == "recovery":
        w.s["phase"] = "recovery"
        w.push("recovery", None, step=0)
    else:
        end_turn(w)


def end_turn(w: Work) -> None:
    """5. turn record phase: advance the turn, or end the game after the last one."""
    w.emit(
        "turn_end",
        "3.0",
        f"end of turn {w.turn}",
        f"第{w.turn}ターン終了",
    )
    w.pop()  # the turn frame
    if w.turn >= w.scen.scenario.turns:
        finish_game(w)
        return
    w.s["turn"] = w.turn + 1
    w.push("turn", None, step=0)


# --- leader transfer phase (6.3) -----------------------------------------------------
def transfer_options(w: Work, frame: dict[str, Any]) -> list[Action]:
    from gcacw_ref.game.engine.leaders import transfer_targets

    side: Side = frame["side"]
    out = [Action(type="done")]
    for ld in w.leaders.values():
        if ld.side != side or ld.unit is None or ld.id in frame["data"]["moved"]:
            continue
        for uid in transfer_targets(w, ld):
            out.append(Action(type="transfer", leader=ld.id, unit=uid))
    return out


def transfer_decide(w: Work, frame: dict[str, Any], action: Action) -> None:
    """6.3: the same choice as a leader leaving a stack: move one leader, or be done."""
    from gcacw_ref.game.engine.leaders import split_decide

    split_decide(w, frame, action)


decision("transfer", transfer_options, transfer_decide)


# --- the action cycle (4.0) ----------------------------------------------------------
@auto("cycle")
def run_cycle(w: Work, frame: dict[str, Any]) -> None:
    """4.1/4.2: start a new action phase with the initiative dice, or end the cycle."""
    if frame["data"]["ended"]:
        w.pop()
        return
    w.s["action_phase"] = int(w.s["action_phase"]) + 1
    can_u = choices.has_action(w, Side.UNION)
    can_c = choices.has_action(w, Side.CONFEDERATE)
    if not can_u and not can_c:
        w.emit(
            "pass",
            "4.4",
            "neither side can act: the action cycle ends",
            "両軍とも行動できず、アクションサイクル終了",
        )
        frame["data"]["ended"] = True
        return
    if can_u != can_c:
        winner = Side.UNION if can_u else Side.CONFEDERATE
        w.emit(
            "initiative",
            "4.2",
            f"{side_word(winner)} wins the initiative without a roll (the enemy cannot act)",
            f"{side_word(winner, 'ja')}が自動的にイニシアティブを得る"
            "（相手に行動可能なユニットなし）",
            winner=winner.value,
            dice=None,
        )
        w.push("initiative", winner, first=True, lone=True)
        return
    du, dc = w.die(), w.die()
    winner = Side.UNION if du > dc else Side.CONFEDERATE
    w.emit(
        "initiative",
        "4.2",
        f"initiative dice: Union {du}, Confederate {dc}; {side_word(winner)} wins",
        f"イニシアティブ: 北軍{du}、南軍{dc}、{side_word(winner, 'ja')}の勝ち",
        winner=winner.value,
        dice={"union": du, "confederate": dc},
    )
    w.push("initiative", winner, first=True, lone=False, die=du if winner == Side.UNION else dc)


def initiative_options(w: Work, frame: dict[str, Any]) -> list[Action]:
    return [Action(type="take"), Action(type="pass")]


def initiative_decide(w: Work, frame: dict[str, Any], action: Action) -> None:
    side: Side = frame["side"]
    data = frame["data"]
    w.pop()
    if action.type == "take":
        w.emit(
            "initiative",
            "4.2",
            f"{side_word(side)} takes the initiative",
            f"{side_word(side, 'ja')}がイニシアティブを取る",
            side=side.value,
        )
        cycle = w.find("cycle")
        assert cycle is not None
        cycle["data"]["limit"] = otr_activation_limit(w, side, data)
        w.push("choose", side)
        return
    w.emit(
        "pass",
        "4.2",
        f"{side_word(side)} passes",
        f"{side_word(side, 'ja')}がパス",
        side=side.value,
    )
    cycle = w.find("cycle")
    assert cycle is not None
    if data["first"] and not data["lone"] and choices.has_action(w, other(side)):
        w.push("initiative", other(side), first=False, lone=False)
        return
    w.emit("pass", "4.4", "the action cycle ends", "アクションサイクル終了")
    cycle["data"]["ended"] = True


decision("initiative", initiative_options, initiative_decide)


def otr_activation_limit(w: Work, side: Side, data: dict[str, Any]) -> int | None:
    """5.2 (OTR): the Union initiative die limits how many units a Union leader activates
    (1-4: one, 5: two, 6: any); no limit after a Confederate pass or without a roll."""
    if w.game != Game.OTR or side != Side.UNION or not data["first"] or data["lone"]:
        return None
    return otr_union_activation_limit(int(data["die"]))


def choose_options(w: Work, frame: dict[str, Any]) -> list[Action]:
    return choices.action_choices(w, frame["side"])


def choose_decide(w: Work, frame: dict[str, Any], action: Action) -> None:
    w.pop()
    choices.start_action(w, frame["side"], action)


decision("choose", choose_options, choose_decide)
