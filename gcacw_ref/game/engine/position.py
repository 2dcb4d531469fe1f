"""One read-only view of a position (what OpenSpiel calls an observer).

The engine decides; everything else that must know what a position allows reads it here,
built from the engine's own functions over a working copy that is never frozen back:
effective combat strength (7.2), who commands whom (2.2), which river hexsides can be
crossed (10.0-10.3, 12.0), zones of control (2.4), command range (2.5), the board a moving
unit sees (6.2) and an attack's outcomes (7.1-7.4). The
bots, the api and the game screen read these and compute no rule of their own.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from gcacw_ref.errors import InputError
from gcacw_ref.game.engine.bridges import broken, effective_hexside, is_destroyed
from gcacw_ref.game.engine.bridging import pontoon_modifier, repair_modifier, repairs_a_ferry
from gcacw_ref.game.engine.combat_input import combat_input
from gcacw_ref.game.engine.common import combat_strength, disorganized_value, hex_of
from gcacw_ref.game.engine.flank import FlankCase, flank_case, flank_for
from gcacw_ref.game.engine.retreat import describe, retreat_plan
from gcacw_ref.game.engine.work import Work
from gcacw_ref.game.engine.zocview import command_range, move_board, weather, zoc_kind, zoc_map
from gcacw_ref.game.model.pathing import MoveView, MovingUnit, move_step
from gcacw_ref.game.model.state import GameState, Leader, Unit
from gcacw_ref.rules.bridges import bridge_limits, pontoon_built, repaired
from gcacw_ref.rules.combat import CombatResult, resolve_combat
from gcacw_ref.rules.combat_models import CombatInput
from gcacw_ref.rules.command import leader_commands
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.march import is_extended_march
from gcacw_ref.rules.movement import joined_by_road_or_trail, river_crossing
from gcacw_ref.rules.recovery import may_build_in_recovery
from gcacw_ref.rules.retreat import RetreatHex
from gcacw_ref.rules.retreat_paths import RetreatPlan
from gcacw_ref.rules.retreat_tables import Kind as RetreatKind
from gcacw_ref.rules.terrain import RIVERS, UnitKind
from gcacw_ref.rules.zoc import ZocKind, zoc_move

__all__ = [
    "BridgeWork",
    "FlankCase",
    "Position",
    "commands",
    "disorganized_value",
    "march_is_extended",
    "verdict",
]


class Position:
    """What a state allows, read through the engine (nothing here changes the state)."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self._w = Work(state)

    def combat_strength(self, uid: str) -> Fraction:
        """7.2: the unit's strength now (printed when organized, else its disorganized
        side: 2.2 and the scenario's counters)."""
        return combat_strength(self._w, self._w.units[uid])

    def commands(self, leader_id: str, uid: str) -> bool:
        """2.2: whether the leader commands the unit (army leaders command their side)."""
        return self._w.commands(self._w.leaders[leader_id], self._w.units[uid])

    def crossable(self, a: str, b: str, side: Side) -> bool:
        """10.0-10.3, 12.0: whether units of `side` can cross the hexside a-b now (true where
        no river runs): as `side` sees it (its pontoon bridges laid, an enemy one in the
        way), with destroyed crossings, rain and the uncrossable-river markers."""
        feats = effective_hexside(self._w, a, b, side)
        if feats is None:
            return False
        if not feats & RIVERS:
            return True
        gone = broken(self._w, a, b, side)  # not under the side's own pontoon bridge
        return river_crossing(feats, weather(self._w), destroyed=gone).allowed

    def zoc_of(self, side: Side) -> dict[str, ZocKind]:
        """2.4 (10.2, 12.0): the hexes in the ZOC of `side`'s units, with this turn's rain,
        destroyed crossings and every pontoon bridge laid."""
        return dict(zoc_map(self._w, _enemy_of(side)))

    def command_range(self, leader_id: str) -> dict[str, list[str]]:
        """2.5: the hexes within the leader's command radius, each with its path (empty
        when the leader is not on the map)."""
        leader = self.state.leaders.get(leader_id)
        unit = self.state.units.get(leader.unit) if leader is not None and leader.unit else None
        if leader is None or unit is None or unit.hex is None:
            return {}
        return dict(command_range(self._w, unit.hex, leader.side))

    def move_view(self, side: Side) -> MoveView:
        """6.2: the board as a moving unit of `side` sees it (enemy units and ZOC,
        pontoons, rain), for `reach.reachable` / `pathing.evaluate_path`."""
        return move_board(self._w, side)

    def may_enter_first(self, uid: str, to: str, board: MoveView) -> bool:
        """6.2: whether the unit, at the start of a march (its first action, no MP spent),
        may enter the adjacent hex `to` on `board` (`move_view` of its side): the check the
        engine offers moves with (`pathing.move_step`, as `march.move_check`)."""
        unit = self._w.unit(uid)
        mover = MovingUnit(UnitKind(unit.kind), Fraction(unit.strength))
        return move_step(board, mover, hex_of(unit), to, mp_left=None).legal

    def attack_outcomes(
        self, attackers: list[str], target: str, action: str, attack_type: str | None
    ) -> CombatResult | None:
        """The rules core's verdict on an attack by `attackers` on the hex `target` (7.1-7.4:
        odds, modifiers, flank, every dice outcome), or None when the map or the rules
        forbid it. `action`: "march" or "assault"."""
        if not attackers:
            return None
        w = self._w
        side = w.unit(attackers[0]).side
        if not w.enemy_at(target, side):
            return None
        flank = flank_for(w, attackers, target, side, target in w.refused)
        inp = combat_input(w, attackers, target, action, attack_type, None, flank=flank)
        return None if inp is None else verdict(inp)

    def flank_case(self, attackers: list[str], target: str) -> FlankCase:
        """7.4, 7.8: the flank rules' input for an attack by `attackers` on the hex
        `target` (which must hold enemy units): the six neighbours and conditions."""
        w = self._w
        side = w.unit(attackers[0]).side
        return flank_case(w, attackers, target, side, target in w.refused)

    def attack_input(
        self,
        attackers: list[str],
        target: str,
        action: str,
        attack_type: str | None,
        grand: bool = False,
    ) -> CombatInput | None:
        """7.1-7.4: the rules core's input for this attack as the engine builds it (flank
        from the board, the best tactical rating among the leaders with the attackers who
        command them), or None when the map forbids it. `grand`: a grand assault (7.1),
        each unit from its own hex, the first unit's hex the assault's."""
        w = self._w
        side = w.unit(attackers[0]).side
        if not w.enemy_at(target, side):
            return None
        tactical = max(
            (
                ld.tactical
                for uid in attackers
                for ld in w.leaders_with(uid)
                if w.commands(ld, w.unit(uid))
            ),
            default=None,
        )
        flank = flank_for(w, attackers, target, side, target in w.refused)
        return combat_input(
            w, attackers, target, action, attack_type, tactical, grand=grand, flank=flank
        )

    def retreat_neighbours(
        self, units: list[str], active_hex: str | None
    ) -> list[tuple[str, RetreatHex]]:
        """7.6: each on-map neighbour of the stack's hex as its first retreat hex sees it
        (restrictions, enemy units and ZOC, roads, friendly units, farther or closer to the
        active enemy unit in `active_hex`)."""
        w = self._w
        unit = w.unit(units[0])
        here = hex_of(unit)
        fact = describe(w, unit.side, set(units), active_hex)
        return [(n, fact(here, n)) for n in w.board.neighbors(here)]

    def in_enemy_zoc(self, uid: str) -> bool:
        """2.4: whether the unit's hex is in an enemy ZOC (limited included)."""
        unit = self._w.unit(uid)
        return zoc_kind(self._w, hex_of(unit), unit.side) is not None

    def retreat_plan(
        self, units: list[str], kind: RetreatKind, active_hex: str | None
    ) -> RetreatPlan[str]:
        """7.6, 7.7: every legal retreat of the stack, as the engine offers them."""
        return retreat_plan(self._w, units, kind, active_hex)

    def may_build(self, uid: str, work: BridgeWork) -> bool:
        """8.0 step 1, 10.1, 10.3: whether the unit's kind, fatigue and strength fit it to
        lay a pontoon bridge (`work` "bridge") or repair a crossing ("repair") in a recovery
        phase, by the game's figures (`rules.bridges.bridge_limits`: SIV asks less); the
        river, the enemy near it and the weather are the recovery phase's to check."""
        w = self._w
        unit = w.units[uid]
        limits = bridge_limits(w.game)
        need = limits.build_strength if work == "bridge" else limits.repair_strength
        fit = unit.kind == UnitKind.INFANTRY and may_build_in_recovery(unit.fatigue, rain=False)
        return fit and combat_strength(w, unit) >= need

    def destroyed(self, a: str, b: str) -> bool:
        """10.2: the fixed crossing between the two hexes is destroyed."""
        return is_destroyed(self._w, a, b)

    def pontoon_chance(self, a: str, b: str) -> Fraction:
        """10.1: the chance a pontoon bridge from `a` over to `b` is laid by one die (the
        engine's own modifier, `bridging.pontoon_modifier`)."""
        drm = pontoon_modifier(self._w, a, b)
        return Fraction(sum(1 for die in range(1, 7) if pontoon_built(die, drm)), 6)

    def repair_chance(self, a: str, b: str) -> Fraction:
        """10.3: the chance the destroyed crossing between `a` and `b` is repaired by one
        die (the engine's own modifier, `bridging.repair_modifier`)."""
        w = self._w
        drm, ferry = repair_modifier(w, a, b), repairs_a_ferry(w, a, b)
        return Fraction(sum(1 for die in range(1, 7) if repaired(die, drm, ferry)), 6)

    def disorganizes(self, uid: str, to: str, board: MoveView) -> bool:
        """6.2: whether the unit's move into the adjacent hex `to` on `board` (`move_view`
        of its side) would disorganize it: from enemy ZOC straight into enemy ZOC with no
        road, pike, railroad or trail across the hexside (`rules.zoc.zoc_move`)."""
        here = self._w.unit(uid).hex
        if here is None:
            return False
        road = joined_by_road_or_trail(board.hexmap.hexside(here, to))
        leaving, entering = board.in_normal_zoc(here), board.in_normal_zoc(to)
        return zoc_move(leaving, entering, first_action=True, road_or_trail=road).disorganizes


BridgeWork = Literal["bridge", "repair"]


def commands(leader: Leader, unit: Unit) -> bool:
    """2.2: whether the leader commands the unit (read from the two pieces alone)."""
    return leader_commands(leader, unit)


def march_is_extended(unit: Unit) -> bool:
    """5.1: whether a march by the unit now would be an extended march (its fatigue after
    the march's +1, on its fresh or exhausted side)."""
    return is_extended_march(unit.exhausted, unit.fatigue + 1)


def verdict(inp: CombatInput) -> CombatResult | None:
    """`resolve_combat` of an input, or None where the rules core refuses it (a function
    of the input alone, so remembered by its JSON)."""
    key = inp.model_dump_json()
    if key not in _RESULTS:
        if len(_RESULTS) > 20_000:
            _RESULTS.clear()
        try:
            _RESULTS[key] = resolve_combat(inp)
        except InputError:
            _RESULTS[key] = None
    return _RESULTS[key]


_RESULTS: dict[str, CombatResult | None] = {}


def _enemy_of(side: Side) -> Side:
    return Side.UNION if side == Side.CONFEDERATE else Side.CONFEDERATE
