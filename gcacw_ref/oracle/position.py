"""The oracle's reading of units: combat strength, entrenchment, command, leaders.

From 2.2, 7.2, 7.4 and 9.0 of the rulebook and the entrenchment chart; the disorganized
side of a marker comes from the scenario's counters (register game-disorganized-values).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal, overload

from gcacw_ref.game.model.frames import CavalryRetreatFrame, MarchFrame, RetreatFrame
from gcacw_ref.game.model.state import GameState, Leader, Unit

# 9.0 and the entrenchment chart: the defence multiplier of each marker
MULTIPLIER = {
    "none": Fraction(1),
    "abatis": Fraction(3, 2),
    "breastworks_building": Fraction(1),  # 3/2 from 1864
    "breastworks": Fraction(2),
    "fort_building": Fraction(2),
    "fort_building_1": Fraction(2),
    "fort_building_2": Fraction(5, 2),
    "fort": Fraction(3),
}


def strength(state: GameState, unit: Unit) -> Fraction:
    """7.2: the printed figure when organized; the marker's disorganized side otherwise."""
    s = Fraction(unit.strength)
    if unit.organized:
        return s
    counters = state.scenario.counters
    if s.denominator == 1 and str(int(s)) in counters.disorganized:
        return Fraction(counters.disorganized[str(int(s))])
    half = Fraction(int(s * Fraction(counters.disorganized_ratio) * 2), 2)
    return max(Fraction(1, 2), half) if s > 0 else Fraction(0)


def multiplier(state: GameState, unit: Unit, earthworks: bool) -> Fraction:
    """9.0: the unit's entrenchment multiplier; a Confederate in a printed earthworks hex
    counts at least 1 1/2."""
    m = MULTIPLIER.get(unit.entrenchment, Fraction(1))
    if unit.entrenchment == "breastworks_building" and state.scenario.scenario.year >= 1864:
        m = Fraction(3, 2)
    if earthworks and unit.side.value == "confederate":
        m = max(m, Fraction(3, 2))
    return m


def commands(leader: Leader, unit: Unit) -> bool:
    """2.2: an army leader commands his whole side; others their corps or divisions."""
    if leader.side != unit.side:
        return False
    if leader.rank == "army":
        return True
    return unit.corps in leader.commands or unit.division in leader.commands


def leader_hex(state: GameState, leader: Leader) -> str | None:
    unit = state.units.get(leader.unit) if leader.unit else None
    return unit.hex if unit is not None else None


def units_at(state: GameState, hex_: str) -> list[Unit]:
    return [u for u in state.units.values() if u.hex == hex_]


@overload
def frame_named(state: GameState, name: Literal["MarchFrame"]) -> MarchFrame | None: ...
@overload
def frame_named(state: GameState, name: Literal["RetreatFrame"]) -> RetreatFrame | None: ...
@overload
def frame_named(
    state: GameState, name: Literal["CavalryRetreatFrame"]
) -> CavalryRetreatFrame | None: ...
def frame_named(
    state: GameState, name: str
) -> MarchFrame | RetreatFrame | CavalryRetreatFrame | None:
    """The topmost decision frame of that class name (the engine's pending stack)."""
    for frame in reversed(state.stack):
        if type(frame).__name__ == name:
            assert isinstance(frame, MarchFrame | RetreatFrame | CavalryRetreatFrame)
            return frame
    return None
