"""Benchmark section for full games: one heuristic-vs-heuristic game of the training
scenario, and a soak of 100 random-bot games with random seeds (errors counted)."""

from __future__ import annotations

import random
import time
from typing import Any

SOAK_GAMES = 100


def run() -> dict[str, Any]:
    from gcacw_ref.game.replay import play_bots
    from gcacw_ref.game.scenario import load_scenario

    scen = load_scenario("training")
    t0 = time.perf_counter()
    game = play_bots(scen, 1, "heuristic", "heuristic")
    full = time.perf_counter() - t0
    seeds = random.Random().sample(range(1_000_000), SOAK_GAMES)
    errors: list[str] = []
    t1 = time.perf_counter()
    for seed in seeds:
        try:
            play_bots(scen, seed, "random", "random")
        except Exception as exc:  # the soak counts every failure
            errors.append(f"seed {seed}: {type(exc).__name__}: {exc}")
    soak = time.perf_counter() - t1
    return {
        "game": {
            "full_game_s": round(full, 3),
            "full_game_actions": len(game.actions),
            "soak_games": SOAK_GAMES,
            "soak_errors": len(errors),
            "soak_s": round(soak, 3),
            "soak_first_errors": errors[:3],
        }
    }


def render(result: dict[str, Any]) -> str:
    g = result.get("game", {})
    if not g:
        return ""
    return (
        f"full game (heuristic vs heuristic, training): {g['full_game_s']} s "
        f"({g['full_game_actions']} actions)\n"
        f"soak: {g['soak_games']} random games in {g['soak_s']} s, {g['soak_errors']} errors"
    )
