"""The two readings issue 40 settled in the register, each held by a frozen harrow position
(`positions/`, taken before the settlement with the bots' actions from there)."""

from __future__ import annotations

import gzip
import json

from gcacw_ref.game.engine.flank import flank_hex, river_blocks
from gcacw_ref.game.engine.work import Work
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.api import deserialise, legal_actions, parse_action, step
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.register import load_register
from tests.oracle.test_findings import POSITIONS, replay_position


def _position(case: str) -> tuple[GameState, list[GameState]]:
    """The frozen state and the state after each of its actions."""
    doc = json.loads(gzip.decompress((POSITIONS / f"{case}.json.gz").read_bytes()))
    state = deserialise(json.dumps(doc["state"]))
    after = []
    for raw in doc["actions"]:
        state, _events = step(state, parse_action(raw))
        after.append(state)
    return deserialise(json.dumps(doc["state"])), after


def test_both_readings_are_in_the_register() -> None:
    ids = {e.id: e for e in load_register()}
    assert {"7.4", "10.1", "10.2"} <= set(ids["flank-pontoon-either-side"].rules)
    assert "seed 2599" in ids["zoc-exit-after-declared-attack"].why


def test_the_defenders_own_pontoon_joins_the_flank_hex() -> None:
    """harrow seed 3200, random/heuristic, actions 621-622: the Confederate assault on the
    Union artillery in 0616; 0717 lies across the minor river, joined to 0616 only by the
    Union's pontoon. 7.4 step 1d names a bridge of either side: 0717 is not blocked, and
    the flank bonus is 0 (it was 1 when the pontoon counted as no crossing)."""
    state, _after = _position("flank_own_pontoon")
    assert [list(b) for b in state.bridges] == [["0616", "0717", "union"]]
    doc = json.loads(gzip.decompress((POSITIONS / "flank_own_pontoon.json.gz").read_bytes()))
    events = []
    for raw in doc["actions"]:
        state, new = step(state, parse_action(raw))
        events.extend(new)
    combat = [e.model_dump() for e in events if e.type == "combat"]
    assert [(c["hex"], c["flank"]) for c in combat] == [("0616", 0)]
    start, _ = _position("flank_own_pontoon")
    w = Work(start, None)
    assert not river_blocks(w, "0717", "0616", Side.CONFEDERATE)
    assert not flank_hex(w, "0717", "0616", Side.CONFEDERATE, set()).river
    # the same pontoon laid by the attacker joins the hexes too; with none, the river blocks
    for owner, blocks in (("confederate", False), (None, True)):
        bridges = [] if owner is None else [("0616", "0717", owner)]
        w = Work(start.model_copy(update={"bridges": bridges}), None)
        assert river_blocks(w, "0717", "0616", Side.CONFEDERATE) is blocks


def test_the_oracle_sees_nothing_wrong_at_the_pontoon() -> None:
    tally = replay_position("flank_own_pontoon")
    assert dict(tally.violations) == {}
    assert tally.checks["7.5 defender result"] == 1


def test_an_attack_ordered_on_cavalry_that_retreats_is_the_first_activity() -> None:
    """harrow seed 2599, random/heuristic, actions 1023-1030: u-II-1 begins its march in
    0912, in the normal ZOC of c-F-2 (1012), and orders an attack on the cavalry in 0811,
    which retreats before combat. The order was the march's first activity (6.2, 7.7
    step 6): the unit may still attack 1012 or end its march, but not move out of ZOC."""
    _start, after = _position("zoc_exit_declared_attack")
    last = after[-1]
    offered = sorted(a.short() for a in legal_actions(last))
    assert offered == [
        "attack u-II-1 1012 column",
        "attack u-II-1 1012 hasty",
        "attack u-II-1 1012 normal",
        "attack u-II-1 1012 prepared",
        "end",
        "refuse u-II-1",
    ]
    assert last.units["u-II-1"].hex == "0912"
    assert all(u.hex != "0811" for u in last.units.values())
    tally = replay_position("zoc_exit_declared_attack")
    assert dict(tally.violations) == {}
    assert tally.checks["6.2 ZOC stop"] > 0
    assert tally.checks["7.7 retreat declared"] == 1  # the limited-ZOC attack order (7.7)
