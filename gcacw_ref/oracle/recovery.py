"""The oracle's check of the recovery phase (8.0, 11.0): each unit's fatigue, marker side,
fresh or exhausted side and demoralization after the phase, from its condition before.

Recovery uses no dice: steps 3a-3c act on units at fatigue 0 or 1 (a demoralized-2 unit
stays disorganized and exhausted, register recovery-demoralized-exceptions), step 4 turns
fatigue 3 and 4 to the exhausted side, step 5 takes three levels off. Step 6 (out of
supply) is advanced-game only and not judged. Units another event of the same step
touches are left aside, and so are units in provisional swamps when the next turn's rain
falls in the same step (12.0 tires and disorganizes them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gcacw_ref.oracle.board import Board

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally


def expected(fatigue: int, organized: bool, exhausted: bool, demoralized: int) -> tuple[int, ...]:
    """8.0 steps 3-5 on one unit: (fatigue, organized, exhausted, demoralized) after."""
    rested = fatigue <= 1
    if rested and demoralized != 2:  # 3a, 3b: the level as it stood when step 3 began
        organized, exhausted = True, False
    if rested:  # 3c
        demoralized = max(0, demoralized - 1)
    if fatigue >= 3:  # 4
        exhausted = True
    return max(0, fatigue - 3), organized, exhausted, demoralized  # 5


def _named(ev: dict[str, Any]) -> set[str]:
    out = {str(ev["unit"])} if ev.get("unit") else set()
    out.update(str(u) for u in ev.get("units") or ())
    return out


def recovery(t: Tally, seen: Seen, board: Board) -> None:
    events = seen.events
    if seen.post is None or not any(e.get("type") == "recovery" for e in events):
        return
    touched: set[str] = set()
    for ev in events:
        if ev.get("type") != "recovery":
            touched |= _named(ev)
    if any(e.get("type") == "rain" for e in events):  # 12.0: units in provisional swamps
        wet = {h for h, terrain in board.terrains.items() if terrain == "provisional_swamp"}
        touched |= {u.id for u in seen.pre.units.values() if u.hex in wet}
    names = ("fatigue", "organized", "exhausted", "demoralized")
    for uid, before in seen.pre.units.items():
        after = seen.post.units.get(uid)
        if before.hex is None or after is None or after.hex is None or uid in touched:
            continue
        was = (before.fatigue, before.organized, before.exhausted, before.demoralized)
        want = expected(*was)
        got = (after.fatigue, after.organized, after.exhausted, after.demoralized)
        for name, w, g in zip(names, want, got, strict=True):
            t.check(f"8.0 recovery {name}", w == g, f"{uid} {was}: engine {g}, rule {w}")
