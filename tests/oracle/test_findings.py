"""The oracle on the positions where the rules audit saw the engine break a rule.

Each file in `positions/` holds a bot game's state just before the step in question and
the actions the bots took from there. The oracle replays them; `FOUND` says which rule it
reports broken at each position (the engine as it was when the positions were taken).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from gcacw_ref.game.play.api import IllegalAction, deserialise, legal_actions, parse_action, step
from gcacw_ref.oracle import Oracle, Seen

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


def replay_position(case: str) -> dict[str, int]:
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
        oracle.see(Seen(pre=state, legal=list(legal), action=action, events=list(events)))
        state = after
    return dict(oracle.tally.violations)


@pytest.mark.parametrize("case", sorted(FOUND))
def test_oracle_reports_the_finding(case: str) -> None:
    assert replay_position(case) == FOUND[case]
