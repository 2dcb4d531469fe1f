"""Bots: `random` (uniform over the legal actions) and `heuristic` (a sensible beginner).

Both choose only among `legal_actions(state)`, with their own seeded generator, so the
same seed gives the same game. The heuristic scores each legal action with a few rules
of thumb and takes the best (ties broken by its generator):

- take the initiative only while it has a unit that can march without an extended march
  or a good attack to make; otherwise pass;
- march and activate fresh units, never force-march, keep extended marches for nothing;
  on the last turn fatigue no longer matters: every unit that may march goes on until
  the side cannot act (4.4);
- move towards the enemy's victory hexes and the nearest enemy units; a unit dug in next
  to the enemy stays in its works;
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
- keep leaders where they are; stop retreats as soon as the rules allow.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache

from gcacw_ref.errors import InputError
from gcacw_ref.game.actions import Action
from gcacw_ref.game.bots_map import (
    crossable,
    crossing_near,
    destroyed_here,
    pontoon_chance,
    repair_chance,
    river_neighbors,
    station_owner,
)
from gcacw_ref.game.geometry import distance
from gcacw_ref.game.geometry import neighbors as _neighbors
from gcacw_ref.game.state import GameState, Unit
from gcacw_ref.rules.march import MAX_FATIGUE, is_extended_march

Bot = Callable[[GameState, list[Action]], Action]

# the six neighbours of a hex never change: worked out once per hex
neighbors = lru_cache(maxsize=8192)(_neighbors)
BOT_NAMES = ("random", "heuristic")


def random_bot(seed: int) -> Bot:
    rng = random.Random(seed)

    def choose(state: GameState, legal: list[Action]) -> Action:
        return legal[rng.randrange(len(legal))]

    return choose


def fresh(unit: Unit) -> bool:
    """The unit can march without an extended march (5.1)."""
    return not is_extended_march(unit.exhausted, unit.fatigue + 1)


def _strength(unit: Unit) -> Fraction:
    s = Fraction(unit.strength)
    return s if unit.organized else s / 2


class _View:
    """What the heuristic reads of one state, gathered once per decision: units by hex,
    each side's units, the goals, and the expected gains already worked out."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        from gcacw_ref.game.api import pending_side

        self.side = pending_side(state) or "union"
        self.by_hex: dict[str, list[Unit]] = {}
        for u in state.units.values():
            if u.hex:
                self.by_hex.setdefault(u.hex, []).append(u)
        self.own = [u for u in state.units.values() if u.hex and u.side.value == self.side]
        self._goals: list[str] | None = None
        self._holders: frozenset[str] | None = None
        # the last turn: fatigue no longer matters, every unit that may march goes on
        self.all_out = state.turn >= state.scenario.scenario.turns
        self._gains: dict[tuple[tuple[str, ...], str, str, str | None], float | None] = {}

    def goal_distance(self, hex_: str) -> int:
        """The distance from `hex_` to the nearest goal."""
        if self._goals is None:
            self._goals = list(dict.fromkeys(_goals(self.state, self.side)))
            # the same goals give the same distances: kept across decisions
            key = tuple(self._goals)
            self._near: dict[str, int] = _NEAR.get(key) or {}
            if len(_NEAR) > 2_000:
                _NEAR.clear()
            _NEAR[key] = self._near
        hit = self._near.get(hex_)
        if hit is None:
            hit = self._near[hex_] = min(distance(hex_, g) for g in self._goals)
        return hit

    def fresh(self, unit: Unit) -> bool:
        """Worth marching: without an extended march (5.1), or at all on the last turn;
        before it, never a unit dug in next to the enemy with nothing to do on a march: its flanks
        already refused (or not threatened, 7.8) and no attack at 3-2 on the printed
        strengths."""
        if self.all_out:  # marching in place costs nothing that still counts
            return unit.fatigue < MAX_FATIGUE
        if not fresh(unit):
            return False
        if unit.entrenchment == "none":
            return True
        near = self.adjacent_enemy(unit)
        if not near:
            return True
        if unit.hex not in self.state.refused and _flank_threat(self, unit):
            return True
        return any(self.odds(_strength(unit), h, self.side) >= 1.5 for h in near)

    def holders(self) -> frozenset[str]:
        """Own units kept at fatigue 0 for bridge work (`_holders`), worked out once; none
        on the last turn (its recovery phase builds nothing that counts)."""
        if self._holders is None:
            self._holders = frozenset() if self.all_out else _holders(self)
        return self._holders

    def enemy_hexes(self) -> list[str]:
        return [h for h, us in self.by_hex.items() if us[0].side.value != self.side]

    def odds(self, mine: Fraction, hex_: str, side: str) -> float:
        theirs = sum(
            (_strength(u) for u in self.by_hex.get(hex_, ()) if u.side.value != side),
            Fraction(0),
        )
        return float(mine / theirs) if theirs else 9.0

    def adjacent_enemy(self, unit: Unit) -> list[str]:
        """The neighbouring hexes holding an enemy unit."""
        if unit.hex is None:
            return []
        return [
            h
            for h in neighbors(unit.hex)
            if any(u.side != unit.side for u in self.by_hex.get(h, ()))
        ]

    def gain(
        self, attackers: list[str], target: str, action: str, attack_type: str | None
    ) -> float | None:
        key = (tuple(attackers), target, action, attack_type)
        if key not in self._gains:
            self._gains[key] = self._local_gain(attackers, target, action, attack_type)
        return self._gains[key]

    def _local_gain(
        self, attackers: list[str], target: str, action: str, attack_type: str | None
    ) -> float | None:
        """`expected_gain`, kept across decisions while nothing it reads has changed: the
        units (and leaders) within two hexes of the target and the attackers, the markers."""
        st = self.state
        ring = {target}
        for n in neighbors(target):
            ring.add(n)
            ring.update(neighbors(n))
        local = tuple(u for h in sorted(ring) for u in self.by_hex.get(h, ()))
        local += tuple(st.units[a] for a in attackers if a in st.units)
        ids = {u.id for u in local}
        leaders = tuple(ld for ld in st.leaders.values() if ld.unit in ids)
        key = (
            id(st.scenario),
            tuple(attackers),
            target,
            action,
            attack_type,
            tuple(id(x) for x in local + leaders),
            st.turn,
            st.rain,
            st.major_unfordable_until,
            st.minor_unfordable_until,
            st.bridges,
            st.destroyed,
            target in st.refused,
        )
        hit = _LOCAL_GAINS.get(key)
        if hit is not None and all(a is b for a, b in zip(hit[0], local + leaders, strict=True)):
            return hit[1]
        gain = expected_gain(st, attackers, target, action, attack_type)
        if len(_LOCAL_GAINS) > 20_000:
            _LOCAL_GAINS.clear()
        _LOCAL_GAINS[key] = (local + leaders, gain)
        return gain


def _goals(state: GameState, side: str) -> list[str]:
    held_by_enemy = [
        vh.hex
        for vh in state.scenario.victory.hexes
        if state.hex_control.get(vh.hex, vh.owner.value) != side
    ]
    enemies = [u.hex for u in state.units.values() if u.hex and u.side.value != side]
    return held_by_enemy + enemies or ["0101"]


def expected_gain(
    state: GameState, attackers: list[str], target: str, action: str, attack_type: str | None
) -> float | None:
    """The attack's expected strength lost by the defender minus the attacker's, with a
    bonus for a retreat (1) or a rout (2), over every dice outcome (`api.attack_outcomes`)."""
    from gcacw_ref.game.api import attack_outcomes

    res = attack_outcomes(state, attackers, target, action, attack_type)
    if res is None:
        return None
    gain = 0.0
    for o in res.distribution:
        rout = 2.0 if "R" in o.defender_result else 1.0 if "r" in o.defender_result else 0.0
        gain += float(o.probability) * (o.defender_loss - o.attacker_loss + rout)
    return gain


# the goals (see `_goals`) -> hex -> distance to the nearest of them
_NEAR: dict[tuple[str, ...], dict[str, int]] = {}

# a local position (see `_View._local_gain`) -> (the objects it was read from, the gain)
_LOCAL_GAINS: dict[tuple[object, ...], tuple[tuple[object, ...], float | None]] = {}


def _command_gain(state: GameState, lid: str, target: Unit) -> float:
    """Keep leaders in command: a transfer scores by how many more of the leader's units
    stand within 3 hexes of the new unit than of the old one."""
    leader = state.leaders[lid]
    here = state.units[leader.unit].hex if leader.unit else None
    mine = [
        u.hex
        for u in state.units.values()
        if u.hex
        and u.side == leader.side
        and (leader.rank == "army" or u.corps in leader.commands or u.division in leader.commands)
    ]

    def near(h: str | None) -> int:
        return sum(1 for x in mine if h and distance(h, x) <= 3)

    return 0.6 * (near(target.hex) - near(here)) - 0.4


def _score(view: _View, a: Action) -> float:
    state = view.state
    own = view.own
    unit = state.units.get(a.unit or "")
    t = a.type
    plan = _score_plan(view, a, unit)
    if plan is not None:
        return plan
    if t == "pass":
        return 0.0
    if t == "assault":
        leader = state.leaders[a.leader or ""]
        here = state.units[leader.unit or ""].hex
        stack = [u.id for u in own if u.hex == here and u.fatigue < 3]
        gains = [
            view.gain(stack, h, "assault", None)
            for h in view.adjacent_enemy(state.units[leader.unit or ""])
        ]
        best = max((g for g in gains if g is not None), default=-9.0)
        return 1.0 + best if best > 0.5 else -2.0
    if t == "entrench" and unit is not None:
        return 2.5 if view.adjacent_enemy(unit) and unit.fatigue <= 1 else -2.0
    if t == "select":
        if unit is None:
            return 1.0
        if a.option == "entrench":
            return 1.2 if view.adjacent_enemy(unit) and unit.fatigue <= 2 else -1.0
        if a.option == "march":
            return 1.0 if view.fresh(unit) else -2.0
        return 1.0
    if t == "forced_march":
        return 1.0 if a.option == "no" else -1.0
    if t == "move" and unit is not None:
        before = view.goal_distance(unit.hex or "0101")
        after = view.goal_distance(a.hex or "0101")
        return 0.5 + (before - after) * 1.0
    if t == "attack" and a.hex:
        if unit is not None:  # a marching unit's attack
            value = view.gain([unit.id], a.hex, "march", a.option)
        else:  # an assault's target: the leader's stack
            from gcacw_ref.game.api import pending_decision

            pending = pending_decision(state)
            value = view.gain(list(pending.units) if pending else [], a.hex, "assault", None)
        return value * 2.0 if value is not None else -1.0
    if t == "end":
        return 0.2
    if t in ("advance", "hex"):
        return 1.0
    if t == "grand_assault":
        return 1.0 if a.option == "yes" else 0.0
    if t == "cavalry_retreat":
        return 1.0 if a.option == "yes" else 0.0
    if t == "done":
        return 0.3
    if t == "stop":
        return 1.0
    if t == "transfer" and a.leader and unit is not None:
        return _command_gain(state, a.leader, unit)
    if t in ("transfer", "unrefuse"):
        return -0.5
    return 0.0


def _score_plan(view: _View, a: Action, unit: Unit | None) -> float | None:
    """The scores that need a plan beyond the next step (the initiative, raids, crossings,
    refused flanks, dug-in units, cheap refusals of poor attacks); None: `_score` decides."""
    t = a.type
    if t == "take":
        return _take(view)
    if t == "raid" and unit is not None:
        return _raid(view, unit)
    if t == "build" and unit is not None:
        return _build(view, unit, a)
    if t == "destroy" and unit is not None and a.hex:
        return _destroy(view, unit, a.hex)
    if t == "dismantle" and unit is not None and a.hex:
        return _dismantle(view, unit, a.hex)
    if t == "refuse" and unit is not None:
        return 1.4 if _flank_threat(view, unit) else -0.5
    if t == "assault" and a.leader:
        return _assault_hopeless(view, a.leader)
    if t == "activate" and a.leader:
        return _activate(view, a.leader)
    if unit is None:
        return None
    if t in ("march", "entrench") or (t == "select" and a.option in ("march", "entrench")):
        if unit.id in view.holders():
            return -2.5  # keep it at fatigue 0 for the recovery phase's bridge work
        if t == "march":
            return (1.0 if view.fresh(unit) else -3.0) - unit.fatigue * 0.3
        return None
    if t == "move" and unit.entrenchment != "none" and view.adjacent_enemy(unit):
        return -1.0  # leaving its works under the enemy's eyes
    if t == "attack" and a.hex and view.odds(_strength(unit), a.hex, view.side) < 1.5:
        return -1.0
    return None


def _assault_hopeless(view: _View, lid: str) -> float | None:
    """-2 when the leader's stack has less than 3-2 on the printed strengths against every
    enemy hex next to it (then no combat is worked out); None: `_score` weighs it."""
    leader = view.state.leaders[lid]
    with_unit = view.state.units.get(leader.unit or "")
    if with_unit is None or with_unit.hex is None:
        return None
    stack = [u for u in view.by_hex.get(with_unit.hex, ()) if u.side == with_unit.side]
    mine = sum((_strength(u) for u in stack if u.fatigue < 3), Fraction(0))
    best = max((view.odds(mine, h, view.side) for h in view.adjacent_enemy(with_unit)), default=0)
    return -2.0 if best < 1.5 else None


def _activate(view: _View, lid: str) -> float:
    """5.2: worth it for two or more units worth marching within the leader's command
    (counted within its command rating in hexes); a lone unit marches by itself (5.1)."""
    leader = view.state.leaders[lid]
    with_unit = view.state.units.get(leader.unit or "")
    if with_unit is None or with_unit.hex is None:
        return -3.0
    holders = view.holders()
    n = sum(
        1
        for u in view.own
        if (u.corps in leader.commands or u.division in leader.commands)
        and u.id not in holders
        and u.hex
        and distance(u.hex, with_unit.hex) <= max(leader.command, 1)
        and view.fresh(u)
    )
    return 1.5 + 0.2 * n if n >= 2 else -3.0


def _take(view: _View) -> float:
    """4.2: take the initiative while a unit can march without an extended march (and is
    not being kept for bridge work) or can attack at 2-1 on the printed strengths."""
    holders = view.holders()
    if any(view.fresh(u) and u.id not in holders for u in view.own):
        return 2.0
    attack = any(
        u.fatigue < 3
        and any(view.odds(_strength(u), h, view.side) >= 2 for h in view.adjacent_enemy(u))
        for u in view.own
    )
    return 2.0 if attack else -1.0


def _raid(view: _View, unit: Unit) -> float:
    """5.4: an enemy station whose marker the raid changes (none to damaged or destroyed;
    damaged to destroyed needs combat strength 5); never one's own station."""
    here = unit.hex or ""
    if station_owner(view.state, here) == view.side:
        return -3.0
    strong = _strength(unit) >= 5
    now = view.state.stations.get(here)
    if now is None:
        return 3.0 + (1.0 if strong else 0.0)
    return 3.0 if now == "damaged" and strong else -2.0


def _build(view: _View, unit: Unit, a: Action) -> float:
    """8.0 step 1: the crossing toward the goal first (repair 10.3, pontoon 10.1), else
    entrench (next to the enemy above all)."""
    if a.option == "entrench":
        return 1.5 if view.adjacent_enemy(unit) else 0.6
    here, there = unit.hex or "", a.hex or ""
    toward = view.goal_distance(there) < view.goal_distance(here)
    if a.option == "repair":  # not away from the goal, or where the enemy is not near
        chance = repair_chance(view.state, here, there)
        safe = not any(distance(h, there) <= 4 for h in view.enemy_hexes())
        level = view.goal_distance(there) <= view.goal_distance(here)
        return 1.0 + 3.0 * chance if chance and (level or safe) else 0.1
    if not toward or crossable(view.state, here, there, view.side):
        return 0.1
    chance = pontoon_chance(view.state, here, there)
    return 1.0 + 2.5 * chance if chance else -1.0


def _destroy(view: _View, unit: Unit, there: str) -> float:
    """10.2: destroy a crossing behind one's own line: the far bank leads away from the
    goals and the enemy stands within 4 hexes of it."""
    here = unit.hex or ""
    if view.goal_distance(there) < view.goal_distance(here):
        return -0.5
    enemy_near = any(distance(u_hex, there) <= 4 for u_hex in view.enemy_hexes())
    return 1.0 if enemy_near else -0.5


def _dismantle(view: _View, unit: Unit, there: str) -> float:
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


def _flank_threat(view: _View, unit: Unit) -> bool:
    """7.8: enemy next to the unit in two directions or more, or next to it at all while
    it is dug in."""
    dirs = len(view.adjacent_enemy(unit))
    return dirs >= 2 or (dirs >= 1 and unit.entrenchment != "none")


def _holders(view: _View) -> frozenset[str]:
    """The units kept at fatigue 0 for bridge work: per hex, the first fresh organized
    infantry unit of strength 5 or more beside a river hexside toward its goal that it
    cannot cross, with no enemy on the far bank and either a destroyed crossing there
    that a die can repair (10.3) or no usable crossing within 2 hexes and a pontoon bridge
    that a die can lay (10.1)."""
    state = view.state
    out: set[str] = set()
    taken: set[str] = set()
    for u in sorted(view.own, key=lambda x: x.id):
        here = u.hex
        if here is None or here in taken or u.kind != "infantry" or u.fatigue != 0:
            continue
        if not u.organized or u.strength < 5:
            continue
        d0 = view.goal_distance(here)
        for n in river_neighbors(state, here):
            if view.goal_distance(n) >= d0 or crossable(state, here, n, view.side):
                continue
            if any(x.side != u.side for x in view.by_hex.get(n, ())):
                continue
            if destroyed_here(state, here, n):
                worth = repair_chance(state, here, n) > 0
            else:
                worth = not crossing_near(state, here, view.side)
                worth = worth and pontoon_chance(state, here, n) > 0
            if worth:
                out.add(u.id)
                taken.add(here)
                break
    return frozenset(out)


def heuristic_bot(seed: int) -> Bot:
    rng = random.Random(seed)

    def choose(state: GameState, legal: list[Action]) -> Action:
        view = _View(state)
        scored = [(_score(view, a) + rng.random() * 0.01, i) for i, a in enumerate(legal)]
        return legal[max(scored)[1]]

    return choose


def make_bot(name: str, seed: int) -> Bot:
    if name == "random":
        return random_bot(seed)
    if name == "heuristic":
        return heuristic_bot(seed)
    raise InputError(f"--bots: unknown bot {name!r} (choose from {', '.join(BOT_NAMES)})")
