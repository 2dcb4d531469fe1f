"""The oracle's checks of attacks: the attack set offered (7.1), the tactical modifier
and the flank bonus (7.4), and the chart result (7.5), each read from the rulebook."""

from __future__ import annotations

import math
import re
import tomllib
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gcacw_ref.game.model.state import GameState, Unit
from gcacw_ref.oracle.board import Board
from gcacw_ref.oracle.position import commands, frame_named, leader_hex, multiplier, strength
from gcacw_ref.paths import tables_dir
from gcacw_ref.rules.games import Side

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally

_TACTICAL = re.compile(r"\[7\.4\] Tactical modifier (-?\d+) - (-?\d+)")


def attack_set(t: Tally, seen: Seen, board: Board) -> None:
    """7.1: every attack offered is one the restrictions allow."""
    pre = seen.pre
    for a in seen.legal:
        if a.type != "attack" or not a.hex:
            continue
        march = a.unit is not None
        if a.unit is not None:
            unit = pre.units[a.unit]
            here = unit.hex
        else:
            here = leader_hex(pre, pre.leaders[str(a.leader)])
        target = a.hex
        if here is None or frozenset((here, target)) in board.uncertain:
            continue
        where = f"{here}->{target}"
        closed = board.closed(here) or board.closed(target)
        t.check("7.1 mountain/swamp", not (closed and not board.road(here, target)), where)
        t.check("7.1 river", not board.river_without_crossing(here, target), where)
        if march:
            t.check("7.1 artillery", unit.kind != "artillery", where)
            frame = frame_named(pre, "MarchFrame")
            if frame is not None and board.woods_side(here, target):
                ok = board.road(here, target) or here == frame.start  # register attack-woods-return
                t.check("7.1 woods hexside", ok, where)


def _side_units(state: GameState, side: Side) -> list[Unit]:
    return [u for u in state.units.values() if u.hex is not None and u.side == side]


def expected_tactical(seen: Seen, ev: dict[str, Any]) -> tuple[int, int]:
    """7.4: the best tactical value of the attacking units and of the leaders in the hex
    of an attacking unit under their command; the defender's best in the defending hex."""
    pre = seen.pre
    attackers = [pre.units[u] for u in ev["attackers"]]
    best = max(u.tactical for u in attackers)
    for ld in pre.leaders.values():
        lh = leader_hex(pre, ld)
        if lh is None:
            continue
        if any(u.hex == lh and commands(ld, u) for u in attackers):
            if ev.get("action") == "march" and ld.unit != attackers[0].id:
                continue  # 7.4: in a march, only the leaders with the active unit
            best = max(best, ld.tactical)
    target = ev["hex"]
    defenders = [pre.units[u] for u in ev["defenders"]]
    dbest = max(u.tactical for u in defenders)
    for ld in pre.leaders.values():
        if ld.side == defenders[0].side and leader_hex(pre, ld) == target:
            dbest = max(dbest, ld.tactical)
    return best, dbest


def tactical(t: Tally, seen: Seen, ev: dict[str, Any]) -> None:
    found = [m for m in (_TACTICAL.search(s) for s in ev.get("steps") or []) if m]
    if not found:
        return
    got = (int(found[0].group(1)), int(found[0].group(2)))
    want = expected_tactical(seen, ev)
    t.check("7.4 tactical", got == want, f"{ev['hex']}: engine {got}, rule {want}")


def _adjust(bonus: int, table: dict[int, int]) -> int:
    return table.get(bonus, bonus)


def expected_flank(
    seen: Seen, board: Board, ev: dict[str, Any], assault_leader: str | None = None
) -> int | None:
    """7.4 flank attack, steps 1-4, with refused flanks (7.8), earthworks (9.0) and the
    cavalry reduction. None when a hexside around the defender is not judged."""
    pre = seen.pre
    target = ev["hex"]
    attackers = {u for u in ev["attackers"]}
    first = pre.units[ev["attackers"][0]]
    side = first.side
    defenders = [pre.units[u] for u in ev["defenders"]]
    earth = "earthworks" in board.features.get(target, frozenset())
    dtotal = sum((strength(pre, d) * multiplier(pre, d, earth) for d in defenders), Fraction(0))
    mine = _side_units(pre, side)
    counting = [u for u in mine if u.demoralized == 0 or u.id in attackers]
    marker_over = pre.turn <= pre.major_unfordable_until, pre.turn <= pre.minor_unfordable_until
    blocked = 0
    reduction = 0
    for n in board.around(target):
        if n is None:
            blocked += 1
            reduction += 1
            continue
        if frozenset((n, target)) in board.uncertain:
            return None
        here = [u for u in counting if u.hex == n]
        zoc_from = [u for u in counting if u.hex and board.zoc_into(u.hex, n) and u.hex != n]
        zoc_from = [u for u in zoc_from if u.hex and n in board.around(u.hex)]
        if any(frozenset((u.hex, n)) in board.uncertain for u in zoc_from):
            return None  # ZOC across a pontoon or destroyed crossing: not judged
        total = sum((strength(pre, u) for u in here + zoc_from), Fraction(0))
        ab = bool(here or zoc_from) and total * 4 >= dtotal
        feats = board.side(n, target)
        closed = (board.closed(n) or board.closed(target)) and not board.road(n, target)
        major = "major_river" in feats
        fordable = not board.rain and not (marker_over[0] if major else marker_over[1])
        usable = feats & {"bridge", "dam", "ferry"} or ("ford" in feats and fordable)
        river = bool(feats & {"major_river", "minor_river"}) and not usable
        if board.rain and "creek" in feats and not board.road(n, target):
            river = True
        if not (ab or closed or river):
            continue
        blocked += 1
        present = [u for u in pre.units.values() if u.hex == n]
        theirs = [u for u in present if u.side != side and u.demoralized == 0]
        near = [u for u in mine if u.hex and n in board.around(u.hex)]
        woods = (
            not present
            and bool(near)
            and all(u.hex and board.woods_side(u.hex, n) and not board.road(u.hex, n) for u in near)
        )
        if pre.scenario.scenario.game.value == "SLB" and side.value == "confederate":
            woods = False
        if theirs or woods or closed or river:
            reduction += 1
    base = {6: 4, 5: 2}.get(blocked, 0)
    final = max(0, base - min(3, reduction)) if base else 0
    refused = target in pre.refused
    works = earth and defenders[0].side.value == "confederate" and side.value == "union"
    if refused or works:
        options = []
        if refused:
            options.append(_adjust(final, {4: 2, 3: 1, 2: 1}) if final else 1)
        if works:
            options.append(_adjust(final, {4: 2, 3: 1, 2: 1, 1: 0}))
        return min(options)
    if ev.get("action") == "assault":
        cav = bool(assault_leader and pre.leaders[assault_leader].cavalry)
    else:
        cav = first.kind == "cavalry"
    raw = sum((strength(pre, d) for d in defenders), Fraction(0))
    cav_share = sum((strength(pre, d) for d in defenders if d.kind == "cavalry"), Fraction(0))
    if cav and cav_share * 2 > raw:
        return _adjust(final, {4: 2, 3: 1, 2: 1, 1: 0})
    return final


def flank(
    t: Tally, seen: Seen, board: Board, ev: dict[str, Any], assault_leader: str | None
) -> None:
    want = expected_flank(seen, board, ev, assault_leader)
    if want is None:
        return
    got = int(ev.get("flank", 0))
    t.check("7.4 flank", got == want, f"{ev['hex']}: engine {got}, rule {want}")


_CHART: dict[str, Any] = {}


def _chart() -> dict[str, Any]:
    if not _CHART:
        with open(tables_dir() / "combat_chart.toml", "rb") as fh:
            _CHART.update(tomllib.load(fh))
    return _CHART


def _column(columns: list[dict[str, Any]], total: Fraction) -> int:
    """7.5: the column holding the total; a half between two columns goes right."""
    whole = math.ceil(total)
    for i, col in enumerate(columns):
        if "high" not in col or whole <= int(col["high"]):
            return i
    return len(columns) - 1


def chart(t: Tally, seen: Seen, ev: dict[str, Any]) -> None:
    """7.5: the differential from the dice and modifiers, and both chart cells."""
    dice = ev.get("dice") or {}
    if "attacker" not in dice:
        return
    diff = dice["attacker"] + ev["attacker_drm"] - dice["defender"] - ev["defender_drm"]
    t.check("7.5 differential", diff == ev["differential"], f"{ev['hex']}")
    pre = seen.pre
    data = _chart()
    rows = data["row"]
    lo, hi = rows[0]["differential"], rows[-1]["differential"]
    row = next(r for r in rows if r["differential"] == min(hi, max(lo, diff)))
    defenders = [pre.units[u] for u in ev["defenders"]]
    dcol = _column(data["defender_column"], sum((strength(pre, d) for d in defenders), Fraction(0)))
    t.check("7.5 defender result", row["defender"][dcol] == ev["defender_result"], ev["hex"])
    if ev.get("action") == "march":
        unit = pre.units[ev["attackers"][0]]
        acol = _column(data["attacker_column"], strength(pre, unit))
        t.check("7.5 attacker result", row["attacker"][acol] == ev["attacker_result"], ev["hex"])
