"""The game state: immutable, JSON-serialisable, with the seeded dice generator inside.

`GameState` holds everything that changes during play (units, leaders, markers, the turn,
the decision stack, the dice generator). The scenario it was built from travels with it,
so a saved state is self-contained. The engine never mutates a `GameState`: it builds a
working copy (`gcacw_ref.game.engine.work.Work`) and freezes a new state at the end.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    PrivateAttr,
    SerializerFunctionWrapHandler,
    model_serializer,
)
from typing_extensions import TypedDict

from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import AnyFrame, Frame
from gcacw_ref.game.model.scenario import Scenario
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.numbers import Strength
from gcacw_ref.rules.station_raid import StationMarker

_FROZEN = ConfigDict(frozen=True, extra="forbid")

MASK64 = (1 << 64) - 1


class Unit(BaseModel):
    """A combat unit as it stands now. `hex` is None once the unit is eliminated."""

    model_config = _FROZEN
    id: str
    name: str
    side: Side
    kind: str  # infantry cavalry artillery
    size: str
    corps: str | None = None
    division: str | None = None
    tactical: int
    artillery: int
    strength: Strength  # manpower (兵力); the combat strength follows from `organized`
    organized: bool = True
    fatigue: int = 0
    exhausted: bool = False
    demoralized: int = 0
    entrenchment: str = "none"
    hex: str | None
    army_of_the_potomac: bool = True
    marched_in_phase: int = -1  # the action phase it last marched in (5.1)
    surrendered: bool = False

    @property
    def alive(self) -> bool:
        return self.hex is not None


class Leader(BaseModel):
    """A leader and the unit it is with (None once removed, 7.5)."""

    model_config = _FROZEN
    id: str
    name: str
    side: Side
    rank: str
    cavalry: bool = False
    command: int
    tactical: int = 0
    commands: tuple[str, ...] = ()
    unit: str | None


class GameResult(TypedDict):
    """How the game ended (the scenario's victory conditions)."""

    winner: str  # union confederate draw
    vp: dict[str, int]
    turns_played: int


class Rng(BaseModel):
    """A counter-based generator (splitmix64): `seed` and how many draws were made.
    `typed` chains every die typed at the table into the state (`with_typed`), so a saved
    game's final hash covers those dice too; it is left out of the JSON while 0, so games
    without typed dice keep their hashes."""

    model_config = _FROZEN
    seed: int
    counter: int = 0
    typed: int = 0

    @model_serializer(mode="wrap")
    def _omit_untyped(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if not self.typed:
            data.pop("typed", None)
        return data

    def with_typed(self, value: int) -> Rng:
        """This generator with one more typed die `value` chained in (its place counts)."""
        mixed = splitmix64((self.typed * 0x100000001B3 + self.counter * 8 + value) & MASK64)
        return Rng(seed=self.seed, counter=self.counter, typed=mixed or 1)


def splitmix64(x: int) -> int:
    """One splitmix64 output for input `x` (deterministic on every platform)."""
    z = (x + 0x9E3779B97F4A7C15) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def draw(rng: Rng, n: int) -> tuple[int, Rng]:
    """A uniform integer in [0, n) and the advanced generator."""
    value = splitmix64((rng.seed * 0x100000001B3 + rng.counter) & MASK64)
    return value % n, Rng(seed=rng.seed, counter=rng.counter + 1, typed=rng.typed)


UnitActions = tuple[Unit, Scenario, tuple[object, ...], tuple[Action, ...]]
AssaultSeen = tuple[Scenario, tuple[object, ...], tuple[object, ...], bool]


class GameState(BaseModel):
    """The whole game at one moment."""

    model_config = _FROZEN
    scenario: Scenario
    turn: int = 1
    phase: str = "start"  # random_event leader_transfer action_cycle recovery over
    action_phase: int = 0
    units: dict[str, Unit]
    leaders: dict[str, Leader]
    stack: tuple[Frame, ...] = ()
    rng: Rng
    rain: tuple[int, ...] = ()  # turns with rain (12.0)
    major_unfordable_until: int = 0  # 12.0 river markers: the last turn they apply
    minor_unfordable_until: int = 0
    bridges: tuple[tuple[str, str, str], ...] = ()  # pontoon bridges (a, b, owner side)
    destroyed: tuple[tuple[str, str], ...] = ()  # destroyed fixed bridges / ferries
    no_bridge_until: tuple[tuple[str, str, int], ...] = ()  # failed laying: no retry this turn
    stations: dict[str, StationMarker] = {}  # station hex -> "damaged" | "destroyed"
    station_raider: dict[str, str] = {}  # station hex -> side that raided it
    destroy_tried: tuple[str, ...] = ()  # units that tried to destroy a crossing this turn
    refused: tuple[str, ...] = ()  # hexes with a refused-flank marker (7.8)
    vp: dict[str, int] = {"union": 0, "confederate": 0}
    lost: dict[str, str] = {"union": "0", "confederate": "0"}  # strength lost, as text
    hex_control: dict[str, str] = {}  # VP hex -> side that last occupied it
    result: GameResult | None = None
    # its legal actions, worked out once by the engine (`legal_actions`); never copied
    _legal: tuple[Action, ...] | None = PrivateAttr(default=None)
    # unit id -> (the unit, the scenario, what else they depend on, its actions of 5.0):
    # the engine's memo of each unit's own actions, shared by the states that follow this
    # one (`model_copy` passes it on) and checked against the very unit object
    _unit_actions: dict[str, UnitActions] = PrivateAttr(default_factory=dict)
    # leader id -> (what may_assault read: the scenario, the leader, the units and leaders
    # in and around its hex, the markers; its answer): shared the same way
    _assaults: dict[str, AssaultSeen] = PrivateAttr(default_factory=dict)
    # hex -> the units there (`units_by_hex`): built once, or handed on by the engine from
    # the working copy that made this state; never copied
    _hexes: dict[str, tuple[Unit, ...]] | None = PrivateAttr(default=None)
    # unit id -> its place in `units` (`unit_order`): shared by the states that follow
    # while they hold the same unit ids
    _order: dict[str, int] = PrivateAttr(default_factory=dict)
    # side -> the hexes its units hold, as the engine worked them out for this state's
    # units (handed on like `_hexes`); never copied
    _side_hexes: dict[Side, frozenset[str]] = PrivateAttr(default_factory=dict)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy (with `update`) that works out its own legal actions and hex index."""
        copied = super().model_copy(update=update, deep=deep)
        copied._legal = None
        copied._hexes = None
        copied._side_hexes = {}
        if update and "units" in update and update["units"].keys() != self.units.keys():
            copied._order = {}
        return copied

    def unit_order(self) -> dict[str, int]:
        """Unit id -> its place in `units` (worked out once for a game's states)."""
        order = self._order
        if len(order) != len(self.units):
            order.clear()
            order.update((uid, i) for i, uid in enumerate(self.units))
        return order

    def hexes_of(self, side: Side) -> frozenset[str]:
        """The hexes holding units of `side` (worked out once per state, or handed on by
        the engine)."""
        hit = self._side_hexes.get(side)
        if hit is None:
            hit = self._side_hexes[side] = frozenset(
                h for h, us in self.units_by_hex().items() if any(u.side == side for u in us)
            )
        return hit

    def units_by_hex(self) -> Mapping[str, tuple[Unit, ...]]:
        """Hex -> the units there, in the state's unit order (no empty hex). Built once per
        state, unless the engine handed it on; read it, never change it."""
        if self._hexes is None:
            index: dict[str, list[Unit]] = {}
            for u in self.units.values():
                if u.hex is not None:
                    index.setdefault(u.hex, []).append(u)
            self._hexes = {h: tuple(us) for h, us in index.items()}
        return self._hexes

    def model_post_init(self, context: object, /) -> None:
        for frame in self.stack:  # a state read from JSON holds fresh frames
            frame.freeze()

    def state_hash(self) -> str:
        """A SHA-256 of the canonical JSON of the state (same game -> same hash)."""
        return hashlib.sha256(self.model_dump_json().encode("utf-8")).hexdigest()

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def pending(self) -> AnyFrame | None:
        """The frame of the decision the game waits for (top of the stack), None once over.
        Outside the engine read `api.pending_decision(state)` instead."""
        return self.stack[-1] if self.stack and not self.over else None

    def is_rain(self) -> bool:
        """12.0: whether the current turn is a rain turn."""
        return self.turn in self.rain

    def units_at(self, hex_: str) -> list[Unit]:
        return [u for u in self.units.values() if u.hex == hex_]
