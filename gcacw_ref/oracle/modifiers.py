"""The oracle's check of every die modifier of a combat (7.2, 7.4, 11.0, 12.0): the
strength ratio with the caps, entrenchment and demoralized attackers, tactics, the attack
type or assault, rain, the flank bonus, Lee and Longstreet; the defender's hexside,
mountain and demoralized-2 modifiers.
The artillery modifier is the one figure taken from the event (its table is checked apart)."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gcacw_ref.oracle.board import Board
from gcacw_ref.oracle.combat import expected_tactical
from gcacw_ref.oracle.position import leader_hex, multiplier, strength

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally

_ARTILLERY = re.compile(r"\[7\.4\] Artillery modifier: ([+-]?\d+)$")
ATTACK_TYPE = {"column": -3, "hasty": -1, "normal": 0, "prepared": 1}
# 7.2 caps: attack, defence, half or more entrenched, all entrenched
CAPS = {"OTR": (70, 60, 100, 130)}
DEFAULT_CAPS = (80, 70, 120, 160)


def attacking_strength(value: Fraction, demoralized: int) -> Fraction:
    """11.0: a demoralized-1 unit attacks with half its strength, fractions dropped; a
    demoralized-2 unit with 1; a unit of 1 or 1/2 with 1/2 either way."""
    if demoralized == 0:
        return value
    if value <= 1:
        return Fraction(1, 2)
    return Fraction(math.floor(value / 2)) if demoralized == 1 else Fraction(1)


def ratio_modifier(attack: Fraction, defence: Fraction) -> int:
    """7.4: the ratio rounded in the defender's favour; 1-1 is 0, each step of the table
    one more (14-1 at most +13) or one less (1-13 at most -12)."""
    if defence <= 0:
        return 13
    if attack >= defence:
        return min(13, math.floor(attack / defence) - 1)
    return -min(12, math.ceil(defence / attack) - 1) if attack > 0 else -12


def expected_attacker_drm(seen: Seen, board: Board, ev: dict[str, Any]) -> int | None:
    pre = seen.pre
    steps = ev.get("steps") or []
    art = [m for m in (_ARTILLERY.search(s) for s in steps) if m]
    if not art:
        return None
    game = pre.scenario.scenario.game.value
    caps = CAPS.get(game, DEFAULT_CAPS)
    attackers = [pre.units[u] for u in ev["attackers"]]
    by_hex: dict[str | None, Fraction] = {}
    for u in attackers:
        own = attacking_strength(strength(pre, u), u.demoralized)
        by_hex[u.hex] = by_hex.get(u.hex, Fraction(0)) + own
    attack = sum((min(v, Fraction(caps[0])) for v in by_hex.values()), Fraction(0))
    target = ev["hex"]
    earth = "earthworks" in board.features.get(target, frozenset())
    defenders = [pre.units[u] for u in ev["defenders"]]
    mults = [multiplier(pre, d, earth) for d in defenders]
    defence = sum(
        (strength(pre, d) * m for d, m in zip(defenders, mults, strict=True)), Fraction(0)
    )
    dug = sum(1 for m in mults if m > 1)
    cap = caps[3] if dug == len(defenders) else caps[2] if dug * 2 >= len(defenders) else caps[1]
    defence = min(defence, Fraction(cap))
    drm = ratio_modifier(attack, defence)
    att_t, def_t = expected_tactical(seen, ev)
    drm += att_t - def_t
    drm += int(art[-1].group(1))
    if ev.get("action") == "march":
        drm += ATTACK_TYPE.get(str(ev.get("attack_type")), 0)
    else:
        drm += 1
    if board.rain:
        drm -= 1
    drm += int(ev.get("flank", 0))
    return drm


def expected_defender_drm(seen: Seen, board: Board, ev: dict[str, Any], lhex: str | None) -> int:
    pre = seen.pre
    target = ev["hex"]
    first = pre.units[ev["attackers"][0]]
    here = lhex if ev.get("action") == "assault" and lhex else first.hex
    assert here is not None
    feats = board.side(here, target)
    drm = 0
    if feats & {"bridge", "dam", "ferry", "ford"}:
        drm += 2
    elif "creek" in feats:
        drm += 2 if board.rain else 1
    if board.terrain(target) == "mountain":
        drm += 1 if board.terrain(here) == "mountain" else 2
    defenders = [pre.units[u] for u in ev["defenders"]]
    total = sum((strength(pre, d) for d in defenders), Fraction(0))
    dm2 = sum((strength(pre, d) for d in defenders if d.demoralized == 2), Fraction(0))
    if dm2 * 2 > total:
        drm -= 1
    return drm


def modifiers(t: Tally, seen: Seen, board: Board, ev: dict[str, Any], leader: str | None) -> None:
    lhex = leader_hex(seen.pre, seen.pre.leaders[leader]) if leader else None
    names = [n.split(" ")[0] for n in (seen.pre.leaders[leader].name,)] if leader else []
    if "Lee" in names or "Longstreet" in names:
        return  # named-leader bonuses: not in the built-in scenarios
    first = seen.pre.units[ev["attackers"][0]].hex
    here = lhex if ev.get("action") == "assault" and lhex else first
    if here is None or frozenset((here, ev["hex"])) in board.uncertain:
        return
    want = expected_attacker_drm(seen, board, ev)
    if want is not None:
        got = ev.get("attacker_drm")
        t.check("7.4 attacker modifiers", got == want, f"{ev['hex']}: engine {got}, rule {want}")
    dwant = expected_defender_drm(seen, board, ev, lhex)
    dgot = ev.get("defender_drm")
    t.check("7.4 defender modifiers", dgot == dwant, f"{ev['hex']}: engine {dgot}, rule {dwant}")
