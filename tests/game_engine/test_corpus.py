"""A fixed corpus of bot games: each gives exactly the `play --json` output and the final
state hash it gave when the corpus was recorded, so a refactoring that changes no rule
changes neither. A deliberate change of a rule or of the output: run this file as a script
(`python tests/game_engine/test_corpus.py`) and paste the new table, saying why in the
commit."""

from __future__ import annotations

import hashlib
import io
import json
from contextlib import redirect_stdout

import pytest

from gcacw_ref.cli import main

# (scenario, seed, bots) -> (SHA-256 of the `play --json` output, first 16 hex digits;
# the final state hash, first 16 hex digits)
CORPUS: dict[tuple[str, int, str], tuple[str, str]] = {
    ("harrow", 1, "random,random"): ("b5e6d6881de567c9", "57fc5818b61a0b39"),
    ("harrow", 3, "random,heuristic"): ("2e1ee6628e9720ef", "588b1220606be3f4"),
    ("training", 1, "heuristic,heuristic"): ("903ca43641445e47", "3f010398306a6ef8"),
    ("training", 3, "random,heuristic"): ("9edfcc560207f26d", "9a260414e8820a09"),
}


def play_json(scenario: str, seed: int, bots: str) -> str:
    """What `gcacw-ref play --scenario S --seed N --bots B --json` prints."""
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["play", "--scenario", scenario, "--seed", str(seed), "--bots", bots, "--json"])
    assert code == 0
    return out.getvalue()


def digests(scenario: str, seed: int, bots: str) -> tuple[str, str]:
    text = play_json(scenario, seed, bots)
    state_hash = json.loads(text)["final_state_hash"]
    return hashlib.sha256(text.encode()).hexdigest()[:16], state_hash[:16]


@pytest.mark.parametrize("game", sorted(CORPUS), ids=lambda g: "-".join(map(str, g)))
def test_the_game_is_as_recorded(game: tuple[str, int, str]) -> None:
    assert digests(*game) == CORPUS[game]


if __name__ == "__main__":
    for game in sorted(CORPUS):
        print(f"    {game!r}: {digests(*game)!r},")
