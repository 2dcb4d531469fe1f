"""The heuristic bot's rules of thumb: a score for each legal action, higher is better.

- take the initiative only when something worth doing follows it (a unit that can march
  without an extended march, a leader worth activating, an assault it would make);
  otherwise pass (a side that takes it must act);
- march and activate fresh units, never force-march, keep extended marches for nothing,
  the last turn included (their losses are victory points for the enemy);
- move towards the enemy's victory hexes and the nearest enemy units; a unit dug in next
  to the enemy stays in its works; never from enemy ZOC straight into enemy ZOC off the
  roads (6.2: disorder, then strength lost) except into an enemy victory hex;
- attack at 2-1 or better (normal or prepared attacks when the MP allow), assault with
  a leader's stack at good odds, always try a grand assault; odds below 3-2 on the
  printed strengths are not worked out at all;
- raid only the enemy's stations, and only where the raid changes the marker (5.4);
- a fresh infantry unit (fatigue 0, strength 5 or more) beside a river it must cross
  toward its goal, with no crossing it can use nearby, stays put so that it can repair
  the destroyed crossing or lay a pontoon bridge in the recovery phase (8.0, 10.1, 10.3);
  in recovery it builds that crossing first (weighed by the chance of the die, never
  where no die can succeed), else entrenches;
- destroy a crossing only behind it (away from its goals, with the enemy near the far
  bank); take up its own pontoon bridge once nothing of its own is left near it (10.2);
- refuse its flanks when it stays next to the enemy in two directions or more, or dug in
  next to the enemy (7.8);
- keep leaders where they are; stop retreats as soon as the rules allow;
- never move a unit back into a hex it has left in the same march (no dithering).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from gcacw_ref.game.engine.position import commands
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.geometry import distance
from gcacw_ref.game.model.pending import AssaultDecision, pending_decision
from gcacw_ref.game.model.state import Unit
from gcacw_ref.game.play.bots_map import station_owner
from gcacw_ref.game.play.bots_view import View, flank_threat

Scorer = Callable[[View, Action], float]
"""One action type's score of a legal action of that type, higher is better."""


def score(view: View, a: Action) -> float:
    """The heuristic's score of a legal action: its type's scorer (`SCORERS`), 0 for a
    type without one."""
    scorer = SCORERS.get(a.type)
    return scorer(view, a) if scorer is not None else 0.0


def _unit(view: View, a: Action) -> Unit | None:
    return view.state.units.get(a.unit or "")


def _constant(value: float) -> Scorer:
    def scorer(view: View, a: Action) -> float:
        return value

    return scorer


def _yes(view: View, a: Action) -> float:
    """grand assault (5.3), cavalry retreat (7.7): always, when the rules offer it."""
    return 1.0 if a.option == "yes" else 0.0


def _command_gain(view: View, lid: str, target: Unit) -> float:
    """Keep leaders in command: a transfer scores by how many more of the leader's units
    stand within 3 hexes of the new unit than of the old one."""
    leader = view.state.leaders[lid]
    here = view.state.units[leader.unit].hex if leader.unit else None
    return 0.6 * (view.commanded_near(lid, target.hex) - view.commanded_near(lid, here)) - 0.4


def _transfer(view: View, a: Action) -> float:
    """6.3: move a leader to a unit where more of its units stand near."""
    unit = _unit(view, a)
    if a.leader and unit is not None:
        return _command_gain(view, a.leader, unit)
    return -0.5


def _take_score(view: View, a: Action) -> float:
    return _take(view)


def _raid_score(view: View, a: Action) -> float:
    unit = _unit(view, a)
    return _raid(view, unit) if unit is not None else 0.0


def _build_score(view: View, a: Action) -> float:
    unit = _unit(view, a)
    return _build(view, unit, a) if unit is not None else 0.0


def _destroy_score(view: View, a: Action) -> float:
    unit = _unit(view, a)
    return _destroy(view, unit, a.hex) if unit is not None and a.hex else 0.0


def _dismantle_score(view: View, a: Action) -> float:
    unit = _unit(view, a)
    return _dismantle(view, unit, a.hex) if unit is not None and a.hex else 0.0


def _refuse(view: View, a: Action) -> float:
    """7.8: refuse the flanks when threatened."""
    unit = _unit(view, a)
    if unit is None:
        return 0.0
    return 1.4 if flank_threat(view, unit) else -0.5


def _activate_score(view: View, a: Action) -> float:
    return _activate(view, a.leader) if a.leader else 0.0


def _assault(view: View, a: Action) -> float:
    """5.3: with the leader's stack against the best enemy hex next to it, worth it only
    at a good expected gain (odds below 3-2 on the printed strengths: not worked out)."""
    if a.leader:
        hopeless = _assault_hopeless(view, a.leader)
        if hopeless is not None:
            return hopeless
    state = view.state
    leader = state.leaders[a.leader or ""]
    here = state.units[leader.unit or ""].hex
    stack = [u.id for u in (view.own_within(here, 0) if here else []) if u.fatigue < 3]
    gains = [
        view.gain(stack, h, "assault", None)
        for h in view.adjacent_enemy(state.units[leader.unit or ""])
    ]
    best = max((g for g in gains if g is not None), default=-9.0)
    return 1.0 + best if best > 0.5 else -2.0


def _march(view: View, a: Action) -> float:
    """5.1: march fresh units, never one kept for bridge work."""
    unit = _unit(view, a)
    if unit is None:
        return 0.0
    if view.holds(unit):
        return -2.5  # keep it at fatigue 0 for the recovery phase's bridge work
    return (1.0 if view.fresh(unit) else -3.0) - unit.fatigue * 0.3


def _entrench(view: View, a: Action) -> float:
    """5.5, 9.0: dig in next to the enemy while fresh enough."""
    unit = _unit(view, a)
    if unit is None:
        return 0.0
    if view.holds(unit):
        return -2.5
    return 2.5 if view.adjacent_enemy(unit) and unit.fatigue <= 1 else -2.0


def _select(view: View, a: Action) -> float:
    """5.2: the units an activation takes along, and what each does."""
    unit = _unit(view, a)
    if unit is None:
        return 1.0
    if a.option in ("march", "entrench") and view.holds(unit):
        return -2.5
    if a.option == "entrench":
        return 1.2 if view.adjacent_enemy(unit) and unit.fatigue <= 2 else -1.0
    if a.option == "march":
        return 1.0 if view.fresh(unit) else -2.0
    return 1.0


def _forced_march(view: View, a: Action) -> float:
    """5.2: never force-march."""
    return 1.0 if a.option == "no" else -1.0


def _move(view: View, a: Action) -> float:
    """6.1, 6.2: toward the goals; never out of works next to the enemy, nor from enemy
    ZOC into enemy ZOC off the roads (but into an enemy victory hex)."""
    unit = _unit(view, a)
    if unit is None:
        return 0.0
    if unit.entrenchment != "none" and view.adjacent_enemy(unit):
        return -1.0  # leaving its works under the enemy's eyes
    if a.hex and _disorganizing(view, unit, a.hex):
        return -1.0 if unit.organized else -3.0
    before = view.goal_distance(unit.hex or "0101")
    after = view.goal_distance(a.hex or "0101")
    if after >= before:  # sideways or back: ending the march (0.2) is better
        return 0.1 + (before - after) * 1.0
    return 0.5 + (before - after) * 1.0


def _attack(view: View, a: Action) -> float:
    """7.1-7.4: at 2-1 or better by the expected gain; below 3-2 on the printed
    strengths, not worked out."""
    if not a.hex:
        return 0.0
    unit = _unit(view, a)
    if unit is not None:  # a marching unit's attack
        if view.odds(view.strength(unit), a.hex, view.side) < 1.5:
            return -1.0
        value = view.gain([unit.id], a.hex, "march", a.option)
    else:  # an assault's target: the leader's stack
        pending = pending_decision(view.state)
        chosen = list(pending.units) if isinstance(pending, AssaultDecision) else []
        value = view.gain(chosen, a.hex, "assault", None)
    return value * 2.0 if value is not None else -1.0


def _assault_hopeless(view: View, lid: str) -> float | None:
    """-2 when the leader's stack has less than 3-2 on the printed strengths against every
    enemy hex next to it (then no combat is worked out); None: `_assault` weighs it."""
    leader = view.state.leaders[lid]
    with_unit = view.state.units.get(leader.unit or "")
    if with_unit is None or with_unit.hex is None:
        return None
    stack = [u for u in view.by_hex.get(with_unit.hex, ()) if u.side == with_unit.side]
    mine = sum((view.strength(u) for u in stack if u.fatigue < 3), Fraction(0))
    best = max((view.odds(mine, h, view.side) for h in view.adjacent_enemy(with_unit)), default=0)
    return -2.0 if best < 1.5 else None


def _activate(view: View, lid: str) -> float:
    """5.2: worth it for two or more units worth marching within the leader's command
    (counted within its command rating in hexes); a lone unit marches by itself (5.1)."""
    leader = view.state.leaders[lid]
    with_unit = view.state.units.get(leader.unit or "")
    if with_unit is None or with_unit.hex is None:
        return -3.0
    n = sum(
        1
        for u in view.own_within(with_unit.hex, max(leader.command, 1))
        if commands(leader, u)  # an army leader never activates (5.2)
        and not view.holds(u)
        and view.fresh(u)
    )
    return 1.5 + 0.2 * n if n >= 2 else -3.0


def _take(view: View) -> float:
    """4.2: take the initiative only when something worth doing follows it: a unit that can
    march without an extended march (and is not being kept for bridge work), a leader worth
    activating, or an assault it would make. A side that takes the initiative must act, and
    an extended march forced on a tired unit only gives the enemy strength points."""
    if any(view.fresh(u) and not view.holds(u) for u in view.own):
        return 2.0
    own = {u.id for u in view.own}
    for leader in view.state.leaders.values():
        if leader.side.value != view.side or leader.unit not in own:
            continue
        if _activate(view, leader.id) > 0:
            return 2.0
        assault = Action(type="assault", leader=leader.id)
        if score(view, assault) > 0:
            return 2.0
    return -1.0


def _raid(view: View, unit: Unit) -> float:
    """5.4: an enemy station whose marker the raid changes (none to damaged or destroyed;
    damaged to destroyed needs combat strength 5); never one's own station."""
    here = unit.hex or ""
    if station_owner(view.state, here) == view.side:
        return -3.0
    strong = view.strength(unit) >= 5
    now = view.state.stations.get(here)
    if now is None:
        return 3.0 + (1.0 if strong else 0.0)
    return 3.0 if now == "damaged" and strong else -2.0


def _build(view: View, unit: Unit, a: Action) -> float:
    """8.0 step 1: the crossing toward the goal first (repair 10.3, pontoon 10.1), else
    entrench (next to the enemy above all)."""
    if a.option == "entrench":
        return 1.5 if view.adjacent_enemy(unit) else 0.6
    here, there = unit.hex or "", a.hex or ""
    toward = view.goal_distance(there) < view.goal_distance(here)
    if a.option == "repair":  # not away from the goal, or where the enemy is not near
        chance = float(view.position.repair_chance(here, there))
        safe = not any(distance(h, there) <= 4 for h in view.enemy_hexes())
        level = view.goal_distance(there) <= view.goal_distance(here)
        return 1.0 + 3.0 * chance if chance and (level or safe) else 0.1
    if not toward or view.crossable(here, there):
        return 0.1
    chance = float(view.position.pontoon_chance(here, there))
    return 1.0 + 2.5 * chance if chance else -1.0


def _destroy(view: View, unit: Unit, there: str) -> float:
    """10.2: destroy a crossing behind one's own line: the far bank leads away from the
    goals and the enemy stands within 4 hexes of it."""
    here = unit.hex or ""
    if view.goal_distance(there) < view.goal_distance(here):
        return -0.5
    enemy_near = any(distance(u_hex, there) <= 4 for u_hex in view.enemy_hexes())
    return 1.0 if enemy_near else -0.5


def _dismantle(view: View, unit: Unit, there: str) -> float:
    """10.2: take up one's own pontoon bridge once it leads away from the goals and no
    other unit of one's own is within 2 hexes of the far bank."""
    here = unit.hex or ""
    if view.goal_distance(there) < view.goal_distance(here):
        return -0.5
    others = any(
        u.id != unit.id and u.hex and distance(u.hex, there) <= 2 and u.hex != here
        for u in view.own
    )
    return -0.5 if others else 0.9


def _disorganizing(view: View, unit: Unit, to: str) -> bool:
    """6.2 (the view's `Position.disorganizes`): the move would disorganize the unit (a
    disorganized one loses a strength point: victory points for the enemy); worth it
    only to take an enemy victory hex."""
    if unit.hex is None or to in _enemy_vp_hexes(view):
        return False
    return view.position.disorganizes(unit.id, to, view.move_board)


def _enemy_vp_hexes(view: View) -> set[str]:
    """The victory hexes the enemy of the side to move holds now."""
    state = view.state
    return {
        vh.hex
        for vh in state.scenario.victory.hexes
        if state.hex_control.get(vh.hex, vh.owner.value) != view.side
    }


# Each action type's scorer (a type not here scores 0).
SCORERS: dict[str, Scorer] = {
    "take": _take_score,
    "pass": _constant(0.0),
    "raid": _raid_score,
    "build": _build_score,
    "destroy": _destroy_score,
    "dismantle": _dismantle_score,
    "refuse": _refuse,
    "unrefuse": _constant(-0.5),
    "activate": _activate_score,
    "assault": _assault,
    "march": _march,
    "entrench": _entrench,
    "select": _select,
    "forced_march": _forced_march,
    "move": _move,
    "attack": _attack,
    "end": _constant(0.2),
    "advance": _constant(1.0),
    "hex": _constant(1.0),
    "grand_assault": _yes,
    "cavalry_retreat": _yes,
    "done": _constant(0.3),
    "stop": _constant(1.0),
    "transfer": _transfer,
}
