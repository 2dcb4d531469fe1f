"""The oracle's own count of a march's MP (5.1, 6.1, 6.2, 7.7), compared with what the
position says is left whenever the march is waiting for its next order.

It starts from the allowance the march event gives, adds a forced march's bonus, takes
off each move's cost (checked apart), each attack type's cost (the attack summary chart)
when the attack is ordered, and the MP a cavalry retreat takes (7.7 step 1, never below
0). An attack on cavalry that retreats and leaves the hex empty is not fought and its MP
come back (register zoc-exit-after-declared-attack), so the march then has what it had
before the order less the cavalry's cut.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from gcacw_ref.oracle.movement import _table
from gcacw_ref.oracle.position import frame_named

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally

REFUSE_MP = 1  # 7.8: refusing the flanks costs 1 MP


@dataclass
class Held:
    """An attack ordered and not yet fought: the MP before it, and the cavalry's cuts."""

    before: Fraction
    cut: Fraction


def attack_cost(attack_type: str, cavalry: bool) -> Fraction:
    column = "cavalry_mp" if cavalry else "infantry_mp"
    for row in _table("attack_types")["type"]:
        if row["key"] == attack_type:
            return Fraction(row[column])
    return Fraction(0)


class MpLedger:
    def __init__(self) -> None:
        self.unit: str | None = None
        self.mp: Fraction | None = None
        self.held: Held | None = None

    def check(self, t: Tally, seen: Seen) -> None:
        """Before the step: the MP the position gives the waiting march."""
        frame = frame_named(seen.pre, "MarchFrame")
        if frame is None or frame is not seen.pre.stack[-1] or frame.unit != self.unit:
            return
        if self.mp is None:
            return
        if self.held is not None:  # the attack was not fought: its target was emptied
            self.mp = max(Fraction(0), self.held.before - self.held.cut)
            self.held = None
        got = max(Fraction(0), Fraction(frame.mp))
        want = max(Fraction(0), self.mp)
        t.check("6.1 MP left", got == want, f"{frame.unit}: engine {got} MP, rule {want}")

    def after(self, seen: Seen) -> None:
        """The step's order and events, in turn."""
        action = seen.action
        if self.mp is not None and action.unit == self.unit and action.unit is not None:
            unit = seen.pre.units[action.unit]
            if action.type == "attack":
                cost = attack_cost(str(action.option), unit.kind == "cavalry")
                self.held = Held(self.mp, Fraction(0))
                self.mp -= cost
            elif action.type == "refuse":
                self.mp -= REFUSE_MP
        cav = frame_named(seen.pre, "CavalryRetreatFrame")
        for ev in seen.events:
            kind = ev.get("type")
            mine = ev.get("unit") == self.unit
            if kind == "march":
                self.unit, self.mp, self.held = str(ev["unit"]), Fraction(ev["mp"]), None
            elif self.mp is None:
                continue
            elif kind == "forced_march" and mine:
                self.mp += int(ev["bonus"])
            elif kind == "move" and mine:
                self.mp -= Fraction(str(ev["cost"]))
            elif kind == "cavalry_retreat" and cav is not None and not cav.assault:
                if cav.active == self.unit:
                    cut = Fraction(int(ev["mp_cut"]))
                    self.mp = max(Fraction(0), self.mp - cut)
                    if self.held is not None:
                        self.held.cut += cut
            elif kind == "combat" and ev.get("action") == "march" and self.unit in ev["attackers"]:
                self.held = None
