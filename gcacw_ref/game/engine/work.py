"""A mutable working copy of a `GameState` for the length of one `apply`.

The engine changes a `Work` (units, leaders, stack, markers), asks its chance player
for every roll (`roll`: typed dice first, then the state's seeded generator), collects
events, and finally freezes a new `GameState`. Nothing outside the engine ever sees a `Work`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import TypeVar

from gcacw_ref.game.engine.chance import ChancePlayer
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.chance import ChanceRequest, RollKind
from gcacw_ref.game.model.events import Event
from gcacw_ref.game.model.frames import AnyFrame
from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.scenario import board_for
from gcacw_ref.game.model.state import GameResult, GameState, Leader, Unit
from gcacw_ref.rules.combat_models import CombatInput
from gcacw_ref.rules.command import leader_commands
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.station_raid import StationMarker

F = TypeVar("F", bound=AnyFrame)


def _moved(
    hexes: frozenset[str], index: dict[str, tuple[Unit, ...]], old: Unit, unit: Unit
) -> frozenset[str]:
    """A side's hexes after its unit moved from `old.hex` to `unit.hex` (`index` already
    updated): the old hex kept only while another unit of the side is there."""
    out = set(hexes)
    if old.hex is not None and not any(u.side == unit.side for u in index.get(old.hex, ())):
        out.discard(old.hex)
    if unit.hex is not None:
        out.add(unit.hex)
    return frozenset(out)


class EngineBug(RuntimeError):
    """The engine reached a state its own rules say cannot happen."""


class Work:
    """The game being changed by one `apply`."""

    def __init__(self, state: GameState, dice: list[int] | None = None) -> None:
        self.state0 = state
        self.scen = state.scenario
        self.board: HexMap = board_for(state.scenario)
        self.units: dict[str, Unit] = dict(state.units)
        self.leaders: dict[str, Leader] = dict(state.leaders)
        # the state's frames are frozen: one is thawed (copied) when first touched (`_own`)
        self.stack: list[AnyFrame] = list(state.stack)
        # the game's values (GameState's fields of the same names; `rain_turns` = `rain`)
        self.turn: int = state.turn
        self.phase: str = state.phase
        self.action_phase: int = state.action_phase
        self.rain_turns: tuple[int, ...] = state.rain
        self.major_unfordable_until: int = state.major_unfordable_until
        self.minor_unfordable_until: int = state.minor_unfordable_until
        self.bridges: tuple[tuple[str, str, str], ...] = state.bridges
        self.destroyed: tuple[tuple[str, str], ...] = state.destroyed
        self.no_bridge_until: tuple[tuple[str, str, int], ...] = state.no_bridge_until
        self.stations: dict[str, StationMarker] = dict(state.stations)
        self.station_raider: dict[str, str] = dict(state.station_raider)
        self.refused: tuple[str, ...] = state.refused
        self.destroy_tried: tuple[str, ...] = state.destroy_tried
        self.vp: dict[str, int] = dict(state.vp)
        self.lost: dict[str, str] = dict(state.lost)
        self.hex_control: dict[str, str] = dict(state.hex_control)
        self.result: GameResult | None = state.result
        self.chance = ChancePlayer(state.rng, dice)
        self.events: list[Event] = []
        # every attack resolved, as the rules core's (and `calc combat`'s) input, dice left out
        self.attacks: list[CombatInput] = []
        # hex -> units: a copy of the state's index, made on first use (`_index`)
        self._by_hex: dict[str, tuple[Unit, ...]] | None = None
        self._order: dict[str, int] = state.unit_order()
        self.derived: dict[object, object] = {("hexes", k): v for k, v in state._side_hexes.items()}
        """Facts derived from the units alone (enemy hexes per side...), dropped by `upd`
        except each side's hexes, which `upd` updates; those are handed from state to state
        (`freeze`)."""
        self.offered: tuple[Action, ...] | None = None
        """The pending decision's legal actions, set by `core.run` when it stops there."""

    # --- basics -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.scen.scenario.game

    @property
    def year(self) -> int:
        return self.scen.scenario.year

    def rain(self) -> bool:
        return self.turn in self.rain_turns

    def river_marker_stands(self, major: bool) -> bool:
        """12.0: the major (or minor) river's unfordable marker is still on the turn track
        this turn (the one home of that test)."""
        return self.turn <= (self.major_unfordable_until if major else self.minor_unfordable_until)

    def roll(self, roll: RollKind, dice: int, side: Side | None, rule: str) -> tuple[int, ...]:
        """The dice of one roll, from the chance player (`ChanceRequest`)."""
        return self.chance.resolve(ChanceRequest(roll, dice, side, rule))

    def roll_one(self, roll: RollKind, side: Side | None, rule: str) -> int:
        """The die of a one-die roll."""
        return self.roll(roll, 1, side, rule)[0]

    def emit(self, event: Event) -> None:
        self.events.append(event)

    # --- units and leaders ----------------------------------------------------------
    def unit(self, uid: str) -> Unit:
        return self.units[uid]

    def upd(self, uid: str, **changes: object) -> Unit:
        old = self.units[uid]
        index = self._index()
        unit = old.model_copy(update=changes)
        self.units[uid] = unit
        hexes = {k: v for k, v in self.derived.items() if isinstance(k, tuple) and k[0] == "hexes"}
        self.derived.clear()
        if old.hex == unit.hex:
            if old.hex is not None:
                index[old.hex] = tuple(unit if u.id == uid else u for u in index[old.hex])
        else:
            self._move_in_index(index, old, unit)
        if old.side == unit.side:  # each side's hexes carried over, the unit's move applied
            for key, value in hexes.items():
                if key[1] == unit.side and old.hex != unit.hex and isinstance(value, frozenset):
                    value = _moved(value, index, old, unit)
                self.derived[key] = value
        return unit

    def _move_in_index(self, index: dict[str, tuple[Unit, ...]], old: Unit, unit: Unit) -> None:
        """The unit taken from its old hex's entry and put in its new one (state order)."""
        if old.hex is not None:
            left = tuple(u for u in index[old.hex] if u.id != unit.id)
            if left:
                index[old.hex] = left
            else:
                del index[old.hex]
        if unit.hex is not None:
            order = self._order
            there = [*index.get(unit.hex, ()), unit]
            there.sort(key=lambda u: order[u.id])
            index[unit.hex] = tuple(there)

    def _index(self) -> dict[str, tuple[Unit, ...]]:
        """Hex -> units there, in the state's unit order (no empty hex): a copy of the
        state's index (`GameState.units_by_hex`), kept up to date by `upd` (which reads it
        before any change, so it always matches `units`) and handed to the new state."""
        if self._by_hex is None:
            self._by_hex = dict(self.state0.units_by_hex())
        return self._by_hex

    def alive(self, side: Side | None = None) -> list[Unit]:
        return [
            u for u in self.units.values() if u.hex is not None and (side is None or u.side == side)
        ]

    def units_in(self, hexes: Iterable[str]) -> list[Unit]:
        """The units in any of `hexes` (each hex once), in the state's unit order."""
        index = self._index()
        found = [u for h in hexes for u in index.get(h, ())]
        order = self._order
        found.sort(key=lambda u: order[u.id])
        return found

    def at(self, hex_: str) -> list[Unit]:
        return list(self._index().get(hex_, ()))

    def enemy_at(self, hex_: str, side: Side) -> list[Unit]:
        return [u for u in self.at(hex_) if u.side != side]

    def friends_at(self, hex_: str, side: Side) -> list[Unit]:
        return [u for u in self.at(hex_) if u.side == side]

    def leaders_with(self, uid: str) -> list[Leader]:
        return [ld for ld in self.leaders.values() if ld.unit == uid]

    def leader_hex(self, lid: str) -> str | None:
        ld = self.leaders[lid]
        return self.units[ld.unit].hex if ld.unit else None

    def leader_hex_on_map(self, lid: str) -> str:
        """The hex of a leader known to be with a unit (an `EngineBug` otherwise)."""
        h = self.leader_hex(lid)
        if h is None:
            raise EngineBug(f"leader {lid} is with no unit")
        return h

    def commands(self, leader: Leader, unit: Unit) -> bool:
        """2.2: the leader commands the unit (`rules.command.leader_commands`)."""
        return leader_commands(leader, unit)

    def add_lost(self, side: Side, amount: Fraction) -> None:
        self.lost[side.value] = str(Fraction(self.lost[side.value]) + amount)

    # --- stack ----------------------------------------------------------------------
    def _own(self, i: int) -> AnyFrame:
        """The frame at index `i`, thawed first if a frozen state holds it."""
        frame = self.stack[i]
        if frame.frozen:
            frame = self.stack[i] = frame.thawed()
        return frame

    def push(self, frame: F) -> F:
        """Put `frame` on top of the stack (it is this working copy's own)."""
        self.stack.append(frame)
        return frame

    def top(self) -> AnyFrame:
        return self._own(-1)

    def pop(self) -> AnyFrame:
        return self.stack.pop()

    def find(self, frame_type: type[F]) -> F | None:
        """The topmost frame of `frame_type` on the stack, if any."""
        for i in range(len(self.stack) - 1, -1, -1):
            if type(self.stack[i]) is frame_type:
                frame = self._own(i)
                assert isinstance(frame, frame_type)
                return frame
        return None

    def freeze(self) -> GameState:
        """The new state; the frames it holds are frozen from now on (thawed on change)."""
        stack = tuple(self.stack)
        for frame in stack:
            frame.freeze()
        state = self.state0.model_copy(
            update={
                "units": self.units,
                "leaders": self.leaders,
                "stack": stack,
                "rng": self.chance.rng,
                "turn": self.turn,
                "phase": self.phase,
                "action_phase": self.action_phase,
                "rain": self.rain_turns,
                "major_unfordable_until": self.major_unfordable_until,
                "minor_unfordable_until": self.minor_unfordable_until,
                "bridges": self.bridges,
                "destroyed": self.destroyed,
                "no_bridge_until": self.no_bridge_until,
                "stations": self.stations,
                "station_raider": self.station_raider,
                "refused": self.refused,
                "destroy_tried": self.destroy_tried,
                "vp": self.vp,
                "lost": self.lost,
                "hex_control": self.hex_control,
                "result": self.result,
            }
        )
        state._legal = self.offered
        # `upd` builds the index before any change: without one the units are unchanged
        state._hexes = self._by_hex if self._by_hex is not None else self.state0._hexes
        for side in Side:
            hexes = self.derived.get(("hexes", side))
            if isinstance(hexes, frozenset):
                state._side_hexes[side] = hexes
        return state
