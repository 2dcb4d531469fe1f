"""The oracle on the positions where the rules audit saw the engine break a rule.

Each file in `positions/` holds a bot game's state just before the step in question and
the actions the bots took from there. The oracle replays them. `FOUND` is what it
reported there against the engine as it was when the positions were taken (before the
five fixes); with the fixes it checks the same rules there and reports nothing.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from gcacw_ref.game.play.api import IllegalAction, deserialise, legal_actions, parse_action, step
from gcacw_ref.oracle import Oracle, Seen, Tally

POSITIONS = Path(__file__).parent / "positions"

# case -> the rules the oracle reports violated there, with how many violations
FOUND = {
    "cavalry_entrenchment": {"7.7 modifiers": 1, "7.7 MP taken": 1},
    "swamp_attack": {"7.1 mountain/swamp": 3},
    "tactical_over": {"7.4 tactical": 1},
    "tactical_under": {"7.4 tactical": 1},
    "flank_zoc_strength": {"7.4 flank": 1},
    "advance_limit": {"7.7 advance": 1},
}


def replay_position(case: str) -> Tally:
    doc = json.loads(gzip.decompress((POSITIONS / f"{case}.json.gz").read_bytes()))
    state = deserialise(json.dumps(doc["state"]))
    oracle = Oracle(case)
    for raw in doc["actions"]:
        action = parse_action(raw)
        legal = legal_actions(state)
        try:
            after, events = step(state, action)
        except IllegalAction:
            break  # the engine no longer offers what the bot chose here
        oracle.see(
            Seen(pre=state, legal=list(legal), action=action, events=list(events), post=after)
        )
        state = after
    return oracle.tally


@pytest.mark.parametrize("case", sorted(FOUND))
def test_the_finding_is_fixed(case: str) -> None:
    tally = replay_position(case)
    assert dict(tally.violations) == {}
    if case != "swamp_attack":  # there the attack is no longer offered: nothing to check
        for rule in FOUND[case]:
            assert tally.checks[rule] > 0, rule


def test_no_attack_out_of_the_swamp_across_a_bare_hexside() -> None:
    """7.1: the swamp 1721 and 1820 share no road, pike, railroad or trail."""
    doc = json.loads(gzip.decompress((POSITIONS / "swamp_attack.json.gz").read_bytes()))
    state = deserialise(json.dumps(doc["state"]))
    offered = [a for a in legal_actions(state) if a.type == "attack"]
    assert ("1820" in {a.hex for a in offered}) is False
