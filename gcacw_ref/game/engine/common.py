"""Queries the engine modules share: sides, strengths, who may act (enemy ZOC and command
range are in `zocview`).

These only read the working state and call the rules core and the map modules; they
decide nothing a player decides.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from gcacw_ref.game.engine.work import EngineBug
from gcacw_ref.game.model.state import Unit
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.march import MAX_FATIGUE

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.scenario import Scenario


__all__ = ["MAX_FATIGUE"]


def other(side: Side) -> Side:
    return Side.CONFEDERATE if side == Side.UNION else Side.UNION


def combat_strength(w: Work, unit: Unit) -> Fraction:
    """7.2: the printed strength when organized; the scenario's disorganized value otherwise."""
    if unit.organized:
        s = unit.strength
        return s if type(s) is Fraction else Fraction(s)
    memo = w.scen.disorganized_memo
    hit = memo.get(unit.strength)
    if hit is None:
        hit = memo[unit.strength] = disorganized_value(w.scen, Fraction(unit.strength))
    return hit


def disorganized_value(scen: Scenario, strength: Fraction) -> Fraction:
    """The disorganized side of a strength marker (2.2). The rules do not print these
    figures (they are on the counters); the scenario gives them, default half rounded
    down to a half (register game-disorganized-values)."""
    table = scen.counters.disorganized
    key = str(int(strength)) if strength.denominator == 1 else None
    if key is not None and key in table:
        return Fraction(table[key])
    value = Fraction(int(strength * scen.counters.disorganized_ratio * 2), 2)
    return max(Fraction(1, 2), value) if strength > 0 else Fraction(0)


def hex_of(unit: Unit) -> str:
    """The hex of a unit still on the map (an `EngineBug` for an eliminated one)."""
    if unit.hex is None:
        raise EngineBug(f"unit {unit.id} is not on the map")
    return unit.hex


def enemy_units_adjacent(w: Work, hex_: str, side: Side) -> list[str]:
    """Adjacent hexes holding enemy units."""
    return [n for n in w.board.neighbors(hex_) if w.enemy_at(n, side)]
