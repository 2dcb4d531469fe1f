"""The oracle's checks of cavalry retreats (7.7): the die modifiers, the MP taken from
the enemy, the cavalry's loss, and how many units may advance into an emptied hex."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gcacw_ref.game.model.state import GameState
from gcacw_ref.oracle.board import Board
from gcacw_ref.oracle.position import frame_named, multiplier, strength

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally

# 7.7 size modifiers: (all sides, Confederate in SJW/HCR, Confederate in OTR/SIV)
VERY_LARGE = (2, 3, 4)
LARGE = (0, 1, 2)
SMALL = (-2, -1, 0)
VERY_SMALL = (-4, -3, -2)


def _pick(values: tuple[int, int, int], game: str, confederate: bool) -> int:
    if confederate and game in ("SJW", "HCR"):
        return values[1]
    if confederate and game in ("OTR", "SIV"):
        return values[2]
    return values[0]


def expected_modifier(state: GameState, board: Board, hex_: str, active: str) -> int | None:
    """7.7: the cumulative modifier of the cavalry in `hex_` retreating before `active`.
    Small, large and very large count the cavalry's strength with entrenchment (their
    text says so); very small reads the lone unit's own strength (its text does not);
    one size applies, the first from the largest down."""
    cav = [u for u in state.units.values() if u.hex == hex_ and u.kind == "cavalry"]
    act = state.units[active]
    if not cav or act.hex is None:
        return None
    if frozenset((hex_, act.hex)) in board.uncertain:
        return None
    game = state.scenario.scenario.game.value
    conf = cav[0].side.value == "confederate"
    earth = "earthworks" in board.features.get(hex_, frozenset())
    total = sum((strength(state, u) * multiplier(state, u, earth) for u in cav), Fraction(0))
    drm = 0
    if board.terrain(hex_) == "mountain":
        drm += 1 if board.terrain(act.hex) == "mountain" else 3
    feats = board.side(hex_, act.hex)
    if feats & {"major_river", "minor_river"} or (board.rain and "creek" in feats):
        drm += 2
    if total >= 3:
        drm += _pick(VERY_LARGE, game, conf)
    elif total == 2 and conf:
        drm += _pick(LARGE, game, conf)
    elif total == 1:
        drm += _pick(SMALL, game, conf)
    elif len(cav) == 1 and strength(state, cav[0]) == Fraction(1, 2):
        drm += _pick(VERY_SMALL, game, conf)
    if all(u.demoralized for u in cav):
        drm -= 2
    if all(u.fatigue >= 4 for u in cav):
        drm -= 2
    return drm


def retreat_roll(t: Tally, seen: Seen, board: Board, ev: dict[str, Any]) -> None:
    frame = frame_named(seen.pre, "CavalryRetreatFrame")
    if frame is None:
        return
    want = expected_modifier(seen.pre, board, frame.hex, frame.active)
    if want is None:
        return
    die = int(ev["die"])
    where = f"{frame.hex} before {frame.active}"
    t.check("7.7 modifiers", int(ev["drm"]) == want, f"{where}: engine {ev['drm']}, rule {want}")
    t.check("7.7 MP taken", int(ev["mp_cut"]) == max(0, (die + want) // 2), where)
    t.check("7.7 loss", int(ev["loss"]) == (1 if die == 1 else 0), where)


class AdvanceWatch:
    """7.7 step 6: after a cavalry retreat empties an assaulted hex, at most as many units
    as the assault value allows (one when it is 0) may move into it."""

    def __init__(self) -> None:
        self.target: str | None = None
        self.limit = 0
        self.moved: set[str] = set()

    def see(self, t: Tally, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "assault" and "leader" in ev and "units" in ev:
            self.target, self.limit, self.moved = ev.get("hex"), 0, set()
            return
        if kind == "assault" and "value" in ev and self.target is not None:
            self.limit = max(1, int(ev["value"])) if ev.get("happens") else 0
            return
        if kind in ("combat", "activation", "march", "initiative", "pass", "turn_end"):
            self.target = None
            return
        if kind == "advance" and self.target is not None and ev.get("to") == self.target:
            self.moved.add(str(ev.get("unit")))
            t.check(
                "7.7 advance",
                len(self.moved) <= self.limit,
                f"{self.target}: {len(self.moved)} advanced, assault value allows {self.limit}",
            )
