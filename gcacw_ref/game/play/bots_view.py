"""What the heuristic bot reads of a position, gathered once per decision (`View`), and
its measure of an attack (`expected_gain`). Every rule it needs is asked of the position
view (`engine.position`: strengths, crossings, command, bridge work, 6.2 disorder, an
attack's outcomes); nothing here decides a rule. `bots_score` scores the actions."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import cached_property, lru_cache

from gcacw_ref.game.engine.core import pending_side
from gcacw_ref.game.engine.position import Position, commands, march_is_extended
from gcacw_ref.game.model.geometry import distance, hexes_within, nearest_distance_in
from gcacw_ref.game.model.geometry import neighbors as _neighbors
from gcacw_ref.game.model.pathing import MoveView
from gcacw_ref.game.model.state import GameState, Unit
from gcacw_ref.game.play.bots_map import crossing_near, river_neighbors
from gcacw_ref.rules.games import Side

# the six neighbours of a hex never change: worked out once per hex
neighbors = lru_cache(maxsize=8192)(_neighbors)


def fresh(unit: Unit) -> bool:
    """The unit can march without an extended march (5.1, the view's)."""
    return not march_is_extended(unit)


class ViewMemo:
    """What one heuristic bot keeps from decision to decision (its own, never shared
    between bots or games): the distances to each set of goals, and the expected gain of
    each attack keyed by everything it reads (the units and leaders near it, the markers).
    A new scenario object starts it afresh."""

    def __init__(self) -> None:
        self.scenario: object = None
        self.near: dict[frozenset[str], dict[str, int]] = {}
        self.gains: dict[tuple[object, ...], float | None] = {}
        self.forward: dict[tuple[object, ...], bool] = {}

    def for_scenario(self, scenario: object) -> ViewMemo:
        """This memo, emptied first when `scenario` is not the one it was filled for."""
        if scenario is not self.scenario:
            self.scenario = scenario
            self.near.clear()
            self.gains.clear()
            self.forward.clear()
        return self


class View:
    """What the heuristic reads of one state, gathered once per decision: units by hex,
    each side's units, the goals, and the expected gains already worked out (`memo`: what
    the bot kept from its earlier decisions)."""

    def __init__(self, state: GameState, memo: ViewMemo | None = None) -> None:
        self.state = state
        self.memo = (memo or ViewMemo()).for_scenario(state.scenario)
        self.side = pending_side(state) or "union"
        self._side = Side(self.side)
        self._goals: list[str] | None = None
        self._goal_set: frozenset[str] = frozenset()
        self._hold_hex: dict[str, str | bool] = {}  # the unit kept there, or False
        # the last turn: fatigue no longer matters, every unit that may march goes on
        self.all_out = state.turn >= state.scenario.scenario.turns
        self._gains: dict[tuple[tuple[str, ...], str, str, str | None], float | None] = {}
        # answers of this one state, each worked out once per decision
        self._fresh: dict[str, bool] = {}
        self._without_way: dict[str, bool | None] = {}
        # `guess`: answer "worth marching" as if every unit had its way forward, and note
        # in `guessed` that an answer was guessed (the bot's first, cheap pass)
        self.guess = False
        self.guessed = False
        self._adjacent: dict[tuple[str, Side], list[str]] = {}
        self._against: dict[tuple[str, str], Fraction] = {}
        self._commanded: dict[str, list[str]] = {}
        self._commanded_near: dict[tuple[str, str | None], int] = {}

    # worked out when first read: many decisions (a march's next hex) never need them
    @cached_property
    def position(self) -> Position:
        """The engine's read-only view of the state (strengths, crossings, the board)."""
        return Position(self.state)

    @cached_property
    def move_board(self) -> MoveView:
        """6.2: the board as the side to move sees it (enemy units and ZOC, pontoons, rain):
        the move options of one decision all read this one."""
        return self.position.move_view(self._side)

    @cached_property
    def by_hex(self) -> Mapping[str, tuple[Unit, ...]]:
        """Hex -> the units there, in the state's order (the state's own index)."""
        return self.state.units_by_hex()

    @cached_property
    def own(self) -> list[Unit]:
        """The side to move's units on the map, in the state's order."""
        side = self._side
        return [u for u in self.state.units.values() if u.hex and u.side is side]

    def goal_distance(self, hex_: str) -> int:
        """The distance from `hex_` to the nearest goal."""
        if self._goals is None:
            self._goals = list(dict.fromkeys(_goals(self.state, self.side)))
            # the same goals give the same distances: kept across decisions
            near = self.memo.near
            key = self._goal_set = frozenset(self._goals)
            self._near: dict[str, int] = near.get(key) or {}
            if len(near) > 2_000:
                near.clear()
            near[key] = self._near
        hit = self._near.get(hex_)
        if hit is None:
            hit = self._near[hex_] = nearest_distance_in(hex_, self._goal_set)
        return hit

    def fresh(self, unit: Unit) -> bool:
        """Worth marching: without an extended march (5.1; on the last turn too: its losses
        are victory points for the enemy), and never a unit dug in next to the enemy with
        nothing to do on a march: its flanks already refused (or not threatened, 7.8) and no
        attack at 3-2 on the printed strengths."""
        hit = self._fresh.get(unit.id)
        if hit is not None:
            return hit
        if unit.id in self._without_way:
            known = self._without_way[unit.id]
        else:
            known = self._without_way[unit.id] = self._worth_without_way(unit)
        if known is None:
            if self.guess:  # the cheap pass: a way forward is assumed, and noted
                self.guessed = True
                return True
            known = self.way_forward(unit)
        self._fresh[unit.id] = known
        return known

    def _worth_without_way(self, unit: Unit) -> bool | None:
        """`fresh`'s answer as far as it can be given without asking the unit's way
        forward; None: the answer is whether the unit has a way forward."""
        if not fresh(unit):
            return False
        if unit.entrenchment == "none":
            return True if self.adjacent_enemy(unit) else None
        near = self.adjacent_enemy(unit)
        if not near:
            return None
        if unit.hex not in self.state.refused and flank_threat(self, unit):
            return True
        return any(self.odds(self.strength(unit), h, self.side) >= 1.5 for h in near)

    def way_forward(self, unit: Unit) -> bool:
        """Whether the unit has a first move nearer its goal that the engine would offer
        (6.2, `Position.may_enter_first`); a unit with none marches for nothing. The answer
        is kept across decisions while nothing the check reads has changed: the unit's side,
        hex, kind and strength, its neighbours nearer its goal, the enemy-held hexes within
        two hexes (their ZOC reaches those neighbours), the weather and the bridge markers.
        Friendly units only add MP, and the first move has no MP limit."""
        here = unit.hex
        if here is None:
            return False
        nearer = self._nearer(here)
        if not nearer:
            return False
        st = self.state
        by_hex = self.by_hex
        side = self._side
        enemy = tuple(
            h for h in hexes_within(here, 2) if (us := by_hex.get(h)) and us[0].side is not side
        )
        key = (
            side,
            here,
            unit.kind,
            str(unit.strength),
            nearer,
            enemy,
            *_board_marks(st),
        )
        forward = self.memo.forward
        hit = forward.get(key)
        if hit is None:
            board = self.move_board
            hit = any(self.position.may_enter_first(unit.id, n, board) for n in nearer)
            if len(forward) > 20_000:
                forward.clear()
            forward[key] = hit
        return hit

    def _nearer(self, here: str) -> tuple[str, ...]:
        """The neighbours of `here` nearer its nearest goal than `here` is."""
        d0 = self.goal_distance(here)
        return tuple(n for n in neighbors(here) if self.goal_distance(n) < d0)

    def strength(self, unit: Unit) -> Fraction:
        """7.2: the unit's combat strength now (the view's, never worked out here)."""
        return self.position.combat_strength(unit.id)

    def crossable(self, a: str, b: str) -> bool:
        """Whether the side to move can cross the hexside a-b now (the view's 10.x, 12.0)."""
        return self.position.crossable(a, b, self._side)

    def holds(self, unit: Unit) -> bool:
        """Whether this own unit is kept at fatigue 0 for bridge work (`_holds_hex`: the
        first able unit of its hex, by id, where its hex calls for it); never on the last
        turn (its recovery phase builds nothing that counts). Reads the unit's hex alone."""
        if self.all_out or unit.side is not self._side or unit.hex is None:
            return False
        if not self.able(unit):
            return False
        here = unit.hex
        hit = self._hold_hex.get(here)
        if hit is None:
            able = [u.id for u in self.by_hex.get(here, ()) if u.side is unit.side and self.able(u)]
            first = min(able)
            hit = self._hold_hex[here] = _holds_hex(self, here, unit.side, first) and first
        return hit == unit.id

    def able(self, unit: Unit) -> bool:
        """A unit fit for bridge work in the coming recovery phase (the view's 8.0, 10.1,
        10.3: its kind, fatigue and strength by the game's figures), and organized (a
        disorganized one is left to recover)."""
        if not unit.organized:
            return False
        position = self.position
        return position.may_build(unit.id, "bridge") or position.may_build(unit.id, "repair")

    @property
    def answered(self) -> int:
        """How many units this view has answered "worth marching" for in full (`fresh`)."""
        return len(self._fresh)

    def own_within(self, hex_: str, reach: int) -> list[Unit]:
        """The side to move's units at most `reach` hexes from `hex_` (read from the hexes
        around it, not from every unit)."""
        side = self._side
        by_hex = self.by_hex
        return [u for h in hexes_within(hex_, reach) for u in by_hex.get(h, ()) if u.side is side]

    def commanded_near(self, leader_id: str, hex_: str | None) -> int:
        """How many units the leader commands (2.2) stand within 3 hexes of `hex_` (0 for
        no hex), each leader's units gathered once a decision."""
        key = (leader_id, hex_)
        hit = self._commanded_near.get(key)
        if hit is None:
            mine = self._commanded.get(leader_id)
            if mine is None:
                leader = self.state.leaders[leader_id]
                mine = self._commanded[leader_id] = [
                    u.hex
                    for u in self.state.units.values()
                    if u.hex and u.side == leader.side and commands(leader, u)
                ]
            hit = sum(1 for x in mine if hex_ and distance(hex_, x) <= 3)
            self._commanded_near[key] = hit
        return hit

    def enemy_hexes(self) -> list[str]:
        return [h for h, us in self.by_hex.items() if us[0].side is not self._side]

    def odds(self, mine: Fraction, hex_: str, side: str) -> float:
        theirs = self._against.get((hex_, side))
        if theirs is None:
            theirs = self._against[(hex_, side)] = sum(
                (self.strength(u) for u in self.by_hex.get(hex_, ()) if u.side.value != side),
                Fraction(0),
            )
        return float(mine / theirs) if theirs else 9.0

    def adjacent_enemy(self, unit: Unit) -> list[str]:
        """The neighbouring hexes holding an enemy unit."""
        if unit.hex is None:
            return []
        key = (unit.hex, unit.side)
        hit = self._adjacent.get(key)
        if hit is None:
            enemy = self.state.hexes_of(_other(unit.side))
            hit = self._adjacent[key] = [h for h in neighbors(unit.hex) if h in enemy]
        return list(hit)

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
            tuple(attackers),
            target,
            action,
            attack_type,
            local + leaders,  # compared by value: the same units give the same gain
            *_board_marks(st),
            target in st.refused,
        )
        gains = self.memo.gains
        if key in gains:
            return gains[key]
        gain = expected_gain(st, attackers, target, action, attack_type)
        if len(gains) > 20_000:
            gains.clear()
        gains[key] = gain
        return gain


def _other(side: Side) -> Side:
    return Side.CONFEDERATE if side is Side.UNION else Side.UNION


def _goals(state: GameState, side: str) -> list[str]:
    held_by_enemy = [
        vh.hex
        for vh in state.scenario.victory.hexes
        if state.hex_control.get(vh.hex, vh.owner.value) != side
    ]
    own = Side(side)
    enemies = [u.hex for u in state.units.values() if u.hex and u.side is not own]
    return held_by_enemy + enemies or ["0101"]


def expected_gain(
    state: GameState, attackers: list[str], target: str, action: str, attack_type: str | None
) -> float | None:
    """The attack's expected strength lost by the defender minus the attacker's, with a
    bonus for a retreat (1) or a rout (2), over every dice outcome (`Position.attack_outcomes`)."""
    res = Position(state).attack_outcomes(attackers, target, action, attack_type)
    if res is None:
        return None
    gain = 0.0
    for o in res.distribution:
        rout = 2.0 if "R" in o.defender_result else 1.0 if "r" in o.defender_result else 0.0
        gain += float(o.probability) * (o.defender_loss - o.attacker_loss + rout)
    return gain


def flank_threat(view: View, unit: Unit) -> bool:
    """7.8: enemy next to the unit in two directions or more, or next to it at all while
    it is dug in."""
    dirs = len(view.adjacent_enemy(unit))
    return dirs >= 2 or (dirs >= 1 and unit.entrenchment != "none")


def _holds_hex(view: View, here: str, side: Side, uid: str) -> bool:
    """Whether the first able unit (`View.able`) of `here`, `uid`, is kept at fatigue 0
    for bridge work: beside a river hexside toward its goal that it cannot cross, with no
    enemy on the far bank and either a destroyed crossing there that it may repair and a
    die can (10.3) or no usable crossing within 2 hexes and a pontoon bridge that it may
    lay and a die can (10.1)."""
    state = view.state
    position = view.position
    rivers = river_neighbors(state, here)
    if not rivers:
        return False
    d0 = view.goal_distance(here)
    for n in rivers:
        if view.goal_distance(n) >= d0 or view.crossable(here, n):
            continue
        if any(x.side != side for x in view.by_hex.get(n, ())):
            continue
        if position.destroyed(here, n):
            worth = position.may_build(uid, "repair") and position.repair_chance(here, n) > 0
        else:
            worth = position.may_build(uid, "bridge")
            worth = worth and not crossing_near(position, here, Side(view.side))
            worth = worth and position.pontoon_chance(here, n) > 0
        if worth:
            return True
    return False


def _board_marks(st: GameState) -> tuple[object, ...]:
    """What of the board, beside the units, a memo key must hold: the turn, the rain and
    the unfordable rivers (12.0), the bridges built and the crossings destroyed (10.1-10.3)."""
    return (
        st.turn,
        st.rain,
        st.major_unfordable_until,
        st.minor_unfordable_until,
        st.bridges,
        st.destroyed,
    )
