"""The soak: many bot games across the shipped scenarios and every bot pairing.

`soak(n)` plays `n` games (scenario, pairing and seed in a fixed rotation from `seed0`),
counts the errors, gathers the event types seen against the play contract (DESIGN.md),
and replays a few games to check that the same seed and bots give the same hash.
Used by `gcacw-ref bench --soak N` and, bounded, by the engine tests.
"""

from __future__ import annotations

import time
from itertools import product
from typing import Any

from gcacw_ref.game.bots import BOT_NAMES
from gcacw_ref.game.log import CONTRACT_EVENT_TYPES as CONTRACT_EVENTS


def shipped_scenarios() -> list[str]:
    from gcacw_ref.game.scenario import SCENARIO_DIR

    return sorted(p.stem for p in SCENARIO_DIR.glob("*.toml"))


def soak(
    games: int, seed0: int = 1, scenarios: list[str] | None = None, replays: int = 3
) -> dict[str, Any]:
    """Play `games` bot games; errors, event types seen and missed, determinism, time."""
    from gcacw_ref.game.replay import play_bots
    from gcacw_ref.game.scenario import load_scenario

    names = scenarios or shipped_scenarios()
    loaded = {name: load_scenario(name) for name in names}
    pairings = list(product(BOT_NAMES, BOT_NAMES))
    plan = [
        (names[i % len(names)], pairings[(i // len(names)) % len(pairings)], seed0 + i)
        for i in range(games)
    ]
    errors: list[str] = []
    seen: dict[str, int] = {}
    hashes: dict[tuple[str, str, str, int], str] = {}
    per_scenario: dict[str, dict[str, float]] = {}
    t0 = time.perf_counter()
    for name, (union, confed), seed in plan:
        t1 = time.perf_counter()
        try:
            game = play_bots(loaded[name], seed, union, confed)
        except Exception as exc:  # the soak counts every failure
            errors.append(f"{name} {union}/{confed} seed {seed}: {type(exc).__name__}: {exc}")
            continue
        stats = per_scenario.setdefault(name, {"games": 0, "s": 0.0, "actions": 0})
        stats["games"] += 1
        stats["s"] += time.perf_counter() - t1
        stats["actions"] += len(game.actions)
        for ev in game.events:
            seen[str(ev["type"])] = seen.get(str(ev["type"]), 0) + 1
        hashes[(name, union, confed, seed)] = game.state.state_hash()
    elapsed = time.perf_counter() - t0
    mismatches = []
    for key in list(hashes)[:replays]:
        name, union, confed, seed = key
        again = play_bots(loaded[name], seed, union, confed).state.state_hash()
        if again != hashes[key]:
            mismatches.append(f"{name} {union}/{confed} seed {seed}")
    return {
        "games": games,
        "errors": len(errors),
        "first_errors": errors[:5],
        "s": round(elapsed, 3),
        "scenarios": {
            k: {"games": int(v["games"]), "s": round(v["s"], 3), "actions": int(v["actions"])}
            for k, v in per_scenario.items()
        },
        "event_types": dict(sorted(seen.items())),
        "contract_missing": [t for t in CONTRACT_EVENTS if t not in seen],
        "replayed": min(replays, len(hashes)),
        "hash_mismatches": mismatches,
    }
