"""The five audit findings, fixed: exact values worked out by hand at the positions where
the audit saw them (`positions/`), and the cavalry size bands in the rules core."""

from __future__ import annotations

import gzip
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

from gcacw_ref.game.play.api import GameState, deserialise, legal_actions, parse_action, step
from gcacw_ref.rules.cavalry_retreat import CavalryHex, cavalry_retreat_modifiers, mp_reduction
from gcacw_ref.rules.games import Game, Side

POSITIONS = Path(__file__).parent / "positions"


def events_of(case: str, steps: int = 1) -> tuple[GameState, list[dict[str, Any]]]:
    doc = json.loads(gzip.decompress((POSITIONS / f"{case}.json.gz").read_bytes()))
    state = start = deserialise(json.dumps(doc["state"]))
    out: list[dict[str, Any]] = []
    for raw in doc["actions"][:steps]:
        action = parse_action(raw)
        if action not in legal_actions(state):
            break  # the fixed engine asks for something else from here on
        state, events = step(state, action)
        out += [dict(e) for e in events]
    return start, out


def only(events: list[dict[str, Any]], kind: str) -> dict[str, Any]:
    found = [e for e in events if e["type"] == kind]
    assert len(found) == 1, [e["type"] for e in events]
    return found[0]


def test_cavalry_retreat_counts_entrenchment() -> None:
    """7.7: Loring's brigade (strength 2, breastworks being built, 1864: x 1 1/2) counts 3:
    very large, +2; die 5 + 2 = 7, halved: the marching unit loses 3 MP."""
    state, events = events_of("cavalry_entrenchment")
    cav = state.units["c-cav-1b"]
    assert (cav.strength, cav.entrenchment, state.scenario.scenario.year) == (
        2,
        "breastworks_building",
        1864,
    )
    ev = only(events, "cavalry_retreat")
    assert (ev["die"], ev["drm"], ev["mp_cut"], ev["loss"]) == (5, 2, 3, 0)


def test_cavalry_size_bands_with_entrenchment() -> None:
    """7.7: one size band; small/large/very large read the entrenched total, very small the
    lone unit's own strength."""
    gtc, conf = Game.GTC, Side.CONFEDERATE
    assert cavalry_retreat_modifiers(gtc, conf, CavalryHex([Fraction(3)], [Fraction(2)]))[0] == 2
    # a lone 1/2 in breastworks (x2) totals 1: small (-2), not small and very small
    half_x2 = CavalryHex([Fraction(1)], [Fraction(1, 2)])
    assert cavalry_retreat_modifiers(gtc, conf, half_x2)[0] == -2
    # with abatis (x 1 1/2) it totals 3/4: no other band, so very small (-4)
    half_x15 = CavalryHex([Fraction(3, 4)], [Fraction(1, 2)])
    assert cavalry_retreat_modifiers(gtc, conf, half_x15)[0] == -4
    assert cavalry_retreat_modifiers(Game.OTR, conf, half_x15)[0] == -2
    assert mp_reduction(5 + 2) == 3


def test_assault_tactical_only_leaders_commanding_an_attacker() -> None:
    """7.4: the Reserve Artillery (tactical 0, in no corps) assaults alone from Bellamy's
    hex; Bellamy (II Corps, 2) does not command it, so the attacker's value is 0, the
    defender's 3: -3 (the engine used to take Bellamy's 2)."""
    _state, events = events_of("tactical_over")
    ev = only(events, "combat")
    assert ev["attackers"] == ["u-art-2"]
    assert "[7.4] Tactical modifier 0 - 3: -3" in ev["steps"]


def test_assault_tactical_best_of_units_and_leaders() -> None:
    """7.4: Dunmore (3) assaults with Tate (2) and Ewell (3); Ross (4) is in the same hex
    and commands Ewell's division: the best value is Ross's 4 (was Dunmore's 3)."""
    _state, events = events_of("tactical_under")
    ev = only(events, "combat")
    assert ev["attackers"] == ["c-tate", "c-ewell"]
    assert "[7.4] Tactical modifier 4 - 0: +4" in ev["steps"]


def test_flank_quarter_counts_units_in_and_exerting_zoc() -> None:
    """7.4: defenders 2 + 2 1/2 (disorganized) in a fort (x3) = 13 1/2, a quarter 3 3/8.
    1007 holds IX-2 (2) alone, but the attackers in 1006 (6 1/2) and 1108 (8 1/2) exert
    ZOC into it: blocked. Blocked: 1106, 1108, 1006, 1007 and 1206 (river, no crossing) =
    5, base +2, less 1 for the river hex: +1 (the engine gave 0)."""
    _state, events = events_of("flank_zoc_strength")
    assert only(events, "combat")["flank"] == 1


def test_advance_after_cavalry_retreat_limited_by_assault_value() -> None:
    """7.7 step 6: Dorsey chose two units, the cavalry left 0514, the command die gives
    assault value 1: one unit advances and the choice ends (two did before)."""
    _state, events = events_of("advance_limit", steps=12)
    rolls = [e for e in events if e["type"] == "assault" and "value" in e]
    assert [r["value"] for r in rolls] == [1]
    assert [e["unit"] for e in events if e["type"] == "advance"] == ["u-art-3"]


def test_cavalry_cut_kept_when_the_cancelled_attack_gives_its_mp_back() -> None:
    """7.7 step 1: Dawes (4 MP, nothing spent) orders a prepared attack (4 MP) on the lone
    cavalry in 0406, which retreats: die 4 - 2 = 2, halved: 1 MP cut. The hex is empty,
    no combat, the attack's 4 MP come back: 4 - 1 = 3 left (the engine used to cut the 1
    from the 0 the order had left, then give the 4 back: 4)."""
    doc = json.loads(gzip.decompress((POSITIONS / "cavalry_cut_refund.json.gz").read_bytes()))
    state = deserialise(json.dumps(doc["state"]))
    assert state.stack[-1].kind == "march" and state.stack[-1].mp == 4
    events: list[dict[str, Any]] = []
    for raw in doc["actions"]:
        state, evs = step(state, parse_action(raw))
        events += [dict(e) for e in evs]
    assert only(events, "cavalry_retreat")["mp_cut"] == 1
    assert [e for e in events if e["type"] == "combat"] == []
    march = state.stack[-1]
    assert (march.kind, march.unit, march.mp) == ("march", "u-2-II", 3)
