"""The oracle's check of extended marches (5.1): when a march is extended, the die
modifiers, and the chart's result (the organized column, or the printed disorganized
column; register extended-march-missing-column)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gcacw_ref.game.model.state import GameState, Unit

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally


def expected_drm(state: GameState, unit: Unit, before: int, after: int) -> int:
    """5.1's modifiers (the advanced game's supply modifier aside)."""
    game = state.scenario.scenario.game.value
    drm = 0
    if unit.side.value == "union":
        aop_cavalry = unit.kind == "cavalry" and unit.army_of_the_potomac
        if not (game in ("RTG", "GTC") and aop_cavalry):
            drm += 1
        if game in ("SJW", "HCR", "RTG") and not unit.army_of_the_potomac:
            drm += 1
    if not unit.exhausted and (before, after) == (3, 4):
        drm += 1
    if unit.exhausted and (before, after) == (2, 3):
        drm += 1
    if unit.exhausted and (before, after) == (3, 4):
        drm += 3
    return drm


def expected_result(modified: int, organized: bool) -> str:
    """The chart: 5 or less no effect; 6-7 D (organized) or 1; 8 or more D or 2."""
    if modified <= 5:
        return "NE"
    if organized:
        return "D"
    return "1" if modified <= 7 else "2"


def extended_march(t: Tally, seen: Seen, ev: dict[str, Any], after: int | None) -> None:
    unit = seen.pre.units.get(str(ev.get("unit")))
    if unit is None or "die" not in ev:
        return
    before = unit.fatigue
    after = after if after is not None else min(4, before + 1)
    extended = (after in (3, 4)) if not unit.exhausted else (after in (2, 3, 4))
    t.check("5.1 extended march due", extended, f"{unit.id} fatigue {before}->{after}")
    want = expected_drm(seen.pre, unit, before, after)
    t.check(
        "5.1 extended-march modifiers",
        ev.get("drm") == want,
        f"{unit.id}: {ev.get('drm')} vs {want}",
    )
    result = expected_result(int(ev["die"]) + want, unit.organized)
    t.check(
        "5.1 extended-march result",
        ev.get("result") == result,
        f"{unit.id}: {ev.get('result')} vs {result}",
    )
