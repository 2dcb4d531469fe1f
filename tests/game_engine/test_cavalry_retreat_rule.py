"""A cavalry retreat's hexes cite 7.7, in the engine's pending decision and in every
choice the game screen lists from it; an ordinary retreat's still cite 7.6."""

from __future__ import annotations

from typing import Any

from tests_helpers import make_scenario, small_map, unit  # type: ignore[import-not-found]

from gcacw_ref.game.play.api import Action, pending_decision
from gcacw_ref.tui.game import describe as D

ROAD_ROW5 = [
    {"between": [f"{c:02d}05", f"{c + 1:02d}05"], "features": ["road"]} for c in range(1, 10)
]


def test_every_choice_of_a_cavalry_retreat_cites_7_7(drive: Any) -> None:
    units = [
        unit("u", "union", "0305", 6),
        unit("u2", "union", "0101"),
        unit("cav", "confederate", "0505", 2, kind="cavalry"),
    ]
    d = drive(make_scenario(units, map_doc=small_map(hexsides=ROAD_ROW5)), dice=[6, 1])
    d.do("take")
    d.do("march", unit="u", dice=[6])
    d.do("forced_march", option="no")
    d.do("move", unit="u", hex="0405")
    facts = pending_decision(d.state)
    assert facts is not None and (facts.kind, facts.rule) == ("cavalry_retreat", "7.7")
    d.do("cavalry_retreat", hex="0505", option="yes", dice=[5])
    steps = 0
    while d.kind == "retreat":
        facts = pending_decision(d.state)
        assert facts is not None and facts.rule == "7.7"
        opts = d.legal()
        assert {D.action_rule(a, facts.kind, facts.rule) for a in opts} == {"7.7"}
        stop = [a for a in opts if a.type == "stop"]
        d.do(stop[0].type if stop else "retreat", **({} if stop else {"hex": opts[0].hex}))
        steps += 1
    assert steps >= 1
    assert {e["rule"] for e in d.events if e["type"] in ("retreat", "cavalry_retreat")} == {"7.7"}


def test_an_ordinary_retreat_still_cites_7_6() -> None:
    action = Action(type="retreat", hex="0404")
    assert D.action_rule(action, "retreat", "7.6") == "7.6"
    assert D.action_rule(action, "retreat") == "7.6"  # no decision given: the type's rule
    assert D.action_rule(Action(type="march", unit="u"), "choose", "5.0") == "5.1"
