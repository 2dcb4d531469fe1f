"""Benchmark section for full games: one heuristic-vs-heuristic game of each shipped
scenario, a soak of 100 random-bot games with random seeds (errors counted), and the
units-vs-time table (`scaling`): the training scenario grown by extra units
(`game.scale.scaled_scenario`), one heuristic game each, CPU seconds."""

from __future__ import annotations

import random
import statistics
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gcacw_ref.game.model.scenario import Scenario

from gcacw_ref.bench.soak import shipped_scenarios
from gcacw_ref.game.model.scale import scaled_scenario
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.api import legal_actions, pending_side
from gcacw_ref.game.play.bots import make_bot
from gcacw_ref.game.play.replay import play_action, play_bots, start_game
from gcacw_ref.i18n import _, join_list

SOAK_GAMES = 100
SCALING_EXTRA = (0, 50, 100, 200)


def scaling(extra: tuple[int, ...] = SCALING_EXTRA, seed: int = 1) -> list[dict[str, Any]]:
    """One heuristic game per size: units, actions, CPU seconds, and the cost ratio to
    the row before (with the units ratio beside it); the CPU per action and its ratio
    to the row before (how much dearer one decision gets: the bots may play more actions
    per unit in a bigger game)."""
    base = load_scenario("training")
    rows: list[dict[str, Any]] = []
    for n in extra:
        scen = scaled_scenario(base, n)
        t0 = time.process_time()
        game = play_bots(scen, seed, "heuristic", "heuristic")
        cpu = time.process_time() - t0
        row: dict[str, Any] = {
            "extra_units": n,
            "units": len(scen.units),
            "actions": len(game.actions),
            "cpu_s": round(cpu, 3),
            "cpu_ms_per_action": round(cpu * 1000 / max(len(game.actions), 1), 3),
        }
        if rows:
            before = rows[-1]
            row["units_ratio"] = round(row["units"] / before["units"], 2)
            row["actions_ratio"] = round(row["actions"] / max(before["actions"], 1), 2)
            row["cost_ratio"] = round(cpu / max(before["cpu_s"], 1e-9), 2)
            row["per_action_ratio"] = round(
                row["cpu_ms_per_action"] / max(before["cpu_ms_per_action"], 1e-9), 2
            )
        rows.append(row)
    return rows


def timed_game(scenario: Scenario, seed: int) -> dict[str, Any]:
    """One heuristic-vs-heuristic game (the same bots and seeds as `play_bots`): CPU
    seconds in all, the bots' share of them, one decision's CPU (median, p95, max; issue
    28: p95 under 300 ms on harrow), and the number of actions."""
    t0 = time.process_time()
    game = start_game(scenario, seed, ["heuristic", "heuristic"])
    bots = {
        "union": make_bot("heuristic", seed * 2 + 1),
        "confederate": make_bot("heuristic", seed * 2 + 2),
    }
    decisions: list[float] = []
    while not game.state.over:
        state = game.state
        legal = legal_actions(state)
        side = pending_side(state)
        assert side is not None
        t1 = time.process_time()
        action = bots[side](state, legal)
        decisions.append(time.process_time() - t1)
        play_action(game, action)
    cpu = time.process_time() - t0
    ordered = sorted(decisions) or [0.0]
    return {
        "units": len(scenario.units),
        "actions": len(game.actions),
        "cpu_s": round(cpu, 3),
        "bot_cpu_s": round(sum(decisions), 3),
        "decision_cpu_ms": {
            "median": round(statistics.median(ordered) * 1000, 2),
            "p95": round(ordered[max(int(len(ordered) * 0.95) - 1, 0)] * 1000, 2),
            "max": round(ordered[-1] * 1000, 2),
        },
    }


def scenario_games(seed: int = 1) -> dict[str, dict[str, Any]]:
    """One heuristic-vs-heuristic game of each shipped scenario: CPU seconds (the bots'
    share beside it), actions. DESIGN.md: the campaign scenario under 5 s."""
    return {name: timed_game(load_scenario(name), seed) for name in shipped_scenarios()}


def run() -> dict[str, Any]:
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
    table = scaling()
    return {
        "scaling": table,  # DESIGN.md: whole-game time against the number of units
        "game": {
            "full_game_s": round(full, 3),
            "full_game_actions": len(game.actions),
            "soak_games": SOAK_GAMES,
            "soak_errors": len(errors),
            "soak_s": round(soak, 3),
            "soak_first_errors": errors[:3],
            "scenarios": scenario_games(),
            "scaling": table,
        },
    }


def render(result: dict[str, Any]) -> str:
    g = result.get("game", {})
    if not g:
        return ""
    lines = [
        _("full game (heuristic vs heuristic, training): {s} s ({n} actions)").format(
            s=g["full_game_s"], n=g["full_game_actions"]
        ),
        _("soak: {games} random games in {s} s, {errors} errors").format(
            games=g["soak_games"], s=g["soak_s"], errors=g["soak_errors"]
        ),
    ]
    lines += [
        _(
            "heuristic game of {name}: {cpu} s CPU, bots {bots} s; one decision "
            "{p95} ms CPU at the p95, {max} ms at the max ({units} units, {actions} actions)"
        ).format(
            name=name,
            cpu=v["cpu_s"],
            bots=v["bot_cpu_s"],
            p95=v["decision_cpu_ms"]["p95"],
            max=v["decision_cpu_ms"]["max"],
            units=v["units"],
            actions=v["actions"],
        )
        for name, v in g.get("scenarios", {}).items()
    ]
    scaling = join_list(
        _("{units} units {s} s ({ms} ms per action)").format(
            units=r["units"], s=r["cpu_s"], ms=r["cpu_ms_per_action"]
        )
        for r in g.get("scaling", [])
    )
    lines.append(_("scaling (training + extra units, CPU s): {rows}").format(rows=scaling))
    return "\n".join(lines)
