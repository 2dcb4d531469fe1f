"""The soak: many bot games across the shipped scenarios and every bot pairing.

`soak(n)` plays `n` games in a fixed rotation from `seed0`: game i plays scenario
i mod S with pairing (i div S) mod 4 (random/heuristic for each side), seed seed0 + i, so
any 8 consecutive games of the two shipped scenarios cover every scenario and pairing.
It counts the errors, the event types seen against the play contract (DESIGN.md "play and
replay"), the rules paths reached (`soak_paths.PATHS`), the largest extended-march loss,
and, with `coverage=True`, the engine lines executed (`soak_coverage`). Determinism: a
sample of games spread over the plan is replayed twice, from its saved actions (through
the save format, `replay_save` + `verify`) and by the same bots again; both must give the
game's hash. Used by `gcacw-ref bench --soak N` and, bounded, by the engine tests.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from itertools import product
from typing import TYPE_CHECKING, Any

from gcacw_ref.bench.soak_coverage import EngineCoverage
from gcacw_ref.bench.soak_paths import PATHS, Watcher, extended_march_worst
from gcacw_ref.game.model.log import CONTRACT_EVENT_TYPES as CONTRACT_EVENTS
from gcacw_ref.game.model.scenario import SCENARIO_DIR, load_scenario
from gcacw_ref.game.play.bots import BOT_NAMES
from gcacw_ref.game.play.replay import BotStep, SaveFile, play_bots, replay_save, verify
from gcacw_ref.oracle import Oracle, Tally

if TYPE_CHECKING:
    from gcacw_ref.game.model.scenario import Scenario
    from gcacw_ref.game.play.replay import Game

PAIRINGS = list(product(BOT_NAMES, BOT_NAMES))  # (union, confederate)


def shipped_scenarios() -> list[str]:
    return sorted(p.stem for p in SCENARIO_DIR.glob("*.toml"))


def plan(games: int, seed0: int, names: list[str]) -> list[tuple[str, str, str, int]]:
    """(scenario, union bot, confederate bot, seed) of each game, in order."""
    out = []
    for i in range(games):
        union, confed = PAIRINGS[(i // len(names)) % len(PAIRINGS)]
        out.append((names[i % len(names)], union, confed, seed0 + i))
    return out


def play_watched(
    scenario: Scenario, seed: int, union: str, confederate: str, oracle: Oracle | None = None
) -> tuple[Game, Watcher]:
    """`replay.play_bots` (same bots, same seeds), watching each step for the paths (and,
    given an `oracle`, checking each step against the rules)."""
    watcher = Watcher()

    def watch(step: BotStep) -> None:
        watcher.see(step.before, step.action, step.events)
        if oracle is not None:
            oracle.see_step(step)

    return play_bots(scenario, seed, union, confederate, observe=watch), watcher


def same_hash_again(scenario: Scenario, key: tuple[str, str, str, int], saved: Game) -> list[str]:
    """Replay one game from its save (JSON round trip) and by its bots; what differed."""
    name, union, confed, seed = key
    out = []
    text = json.dumps(saved.to_save().model_dump(mode="json"))
    save = SaveFile.model_validate_json(text)
    try:
        verify(save, replay_save(save))
    except Exception as exc:  # a mismatch is what we look for
        out.append(f"{name} {union}/{confed} seed {seed}: save replay: {exc}")
    again = play_bots(scenario, seed, union, confed).state.state_hash()
    if again != saved.state.state_hash():
        out.append(f"{name} {union}/{confed} seed {seed}: bots again give another hash")
    return out


def soak(
    games: int,
    seed0: int = 1,
    scenarios: list[str] | None = None,
    replays: int = 3,
    coverage: bool = False,
) -> dict[str, Any]:
    """Play `games` bot games; errors, event types, paths, determinism, time, coverage."""
    names = scenarios or shipped_scenarios()
    loaded = {name: load_scenario(name) for name in names}
    errors: list[str] = []
    seen: Counter[str] = Counter()
    paths: Counter[str] = Counter()
    worst_march = 0
    checked = Tally()
    wins: dict[str, dict[str, dict[str, int]]] = {}
    finished: dict[tuple[str, str, str, int], Game] = {}
    per: dict[str, dict[str, Any]] = {}
    cov = EngineCoverage() if coverage else None
    t0 = time.perf_counter()
    c0 = time.process_time()
    if cov:
        cov.start()
    try:
        for key in plan(games, seed0, names):
            name, union, confed, seed = key
            c1 = time.process_time()
            oracle = Oracle(f"{name} {union}/{confed} seed {seed}")
            try:
                game, watcher = play_watched(loaded[name], seed, union, confed, oracle)
            except Exception as exc:  # the soak counts every failure
                errors.append(f"{name} {union}/{confed} seed {seed}: {type(exc).__name__}: {exc}")
                continue
            cpu = time.process_time() - c1
            stats = per.setdefault(name, {"games": 0, "cpu_s": 0.0, "actions": 0, "max_s": 0.0})
            stats["games"] += 1
            stats["cpu_s"] += cpu
            stats["max_s"] = max(stats["max_s"], cpu)
            stats["actions"] += len(game.actions)
            pairing = stats.setdefault("pairings", {})
            pairing[f"{union}/{confed}"] = pairing.get(f"{union}/{confed}", 0) + 1
            checked.merge(oracle.tally)
            result = game.state.result
            winner = str(result["winner"]) if result else "unfinished"
            tally = wins.setdefault(name, {}).setdefault(f"{union}/{confed}", {})
            tally[winner] = tally.get(winner, 0) + 1
            seen.update(str(ev["type"]) for ev in game.events)
            paths.update(watcher.paths)
            worst_march = max(worst_march, extended_march_worst(game.events))
            finished[key] = game
    finally:
        if cov:
            cov.stop()
    elapsed = time.perf_counter() - t0
    cpu_all = time.process_time() - c0
    mismatches: list[str] = []
    sample = _spread(list(finished), replays)
    for key in sample:
        mismatches.extend(same_hash_again(loaded[key[0]], key, finished[key]))
    return {
        "games": games,
        "errors": len(errors),
        "first_errors": errors[:5],
        "s": round(elapsed, 3),
        "cpu_s": round(cpu_all, 3),
        "scenarios": {
            k: {**v, "cpu_s": round(v["cpu_s"], 3), "max_s": round(v["max_s"], 3)}
            for k, v in per.items()
        },
        "event_types": dict(sorted(seen.items())),
        "contract_missing": [t for t in CONTRACT_EVENTS if t not in seen],
        "paths": {p: paths.get(p, 0) for p in PATHS},
        "paths_missing": [p for p in PATHS if not paths.get(p)],
        "extended_march_worst_loss": worst_march,
        "replayed": len(sample),
        "hash_mismatches": mismatches,
        "coverage": cov.report() if cov else None,
        "oracle": checked.report(),
        "wins": wins,
    }


def _spread(keys: list[Any], n: int) -> list[Any]:
    """`n` of `keys` spread evenly from first to last (all when fewer)."""
    if n >= len(keys):
        return keys
    if n <= 0:
        return []
    step = len(keys) / n
    return [keys[int(i * step)] for i in range(n)]
