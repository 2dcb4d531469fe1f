"""The balance: how often each side wins the shipped scenarios, per bot pairing.

`balance(n)` plays `n` games of each shipped scenario for each of the pairings
heuristic/heuristic, heuristic/random and random/heuristic (Union bot first), seeds
`seed0` to `seed0 + n - 1`, and counts wins, draws and the mean VP lead of the Union. It
checks two targets: in a campaign scenario (`CAMPAIGNS`) between two heuristic bots each
side wins 40 to 60 percent of the games, and the heuristic bot beats `random` in at least
90 percent of the games on each side of every scenario (a draw is not a win). The default
seeds (from 1001) are not the ones the scenarios and the bots were tuned on (1 to 100).
Used by `gcacw-ref bench --balance N`; no oracle and no replays, so it costs only the games.
"""

from __future__ import annotations

from typing import Any

from gcacw_ref.bench.soak import shipped_scenarios
from gcacw_ref.game.model.scenario import load_scenario
from gcacw_ref.game.play.replay import play_bots

BALANCE_SEED = 1001
PAIRINGS = (("heuristic", "heuristic"), ("heuristic", "random"), ("random", "heuristic"))
CAMPAIGNS = ("harrow",)  # scenarios that must be winnable by both sides
EVEN = (40, 60)  # percent of games each side wins between two heuristic bots
BEATS_RANDOM = 90  # percent of games the heuristic bot wins against random, either side


def balance(
    games: int, seed0: int = BALANCE_SEED, scenarios: list[str] | None = None
) -> dict[str, Any]:
    """Wins of each side per scenario and pairing over `games` games, and the targets."""
    names = scenarios or shipped_scenarios()
    out: dict[str, dict[str, dict[str, Any]]] = {}
    checks: list[dict[str, Any]] = []
    for name in names:
        scen = load_scenario(name)
        for union, confed in PAIRINGS:
            won = {"union": 0, "confederate": 0, "draw": 0}
            lead = 0
            for seed in range(seed0, seed0 + games):
                result = play_bots(scen, seed, union, confed).state.result
                assert result is not None  # a bot game always ends
                won[result["winner"]] += 1
                lead += result["vp"]["union"] - result["vp"]["confederate"]
            pairing = f"{union}/{confed}"
            figures = {
                "games": games,
                **won,
                **{f"{k}_pct": _pct(v, games) for k, v in won.items()},
                "mean_union_lead": round(lead / games, 2) if games else 0.0,
            }
            out.setdefault(name, {})[pairing] = figures
            check = _check(name, pairing, figures)
            if check is not None:
                checks.append(check)
    return {
        "games": games,
        "seeds": [seed0, seed0 + games - 1],
        "scenarios": out,
        "checks": checks,
        "met": all(c["met"] for c in checks),
    }


def _pct(n: int, games: int) -> float:
    return round(100 * n / games, 1) if games else 0.0


def _check(name: str, pairing: str, f: dict[str, Any]) -> dict[str, Any] | None:
    """The target this scenario and pairing must meet, and whether it does (None: none)."""
    if pairing == "heuristic/heuristic":
        if name not in CAMPAIGNS:
            return None
        low, high = EVEN
        met = all(low <= f[f"{side}_pct"] <= high for side in ("union", "confederate"))
        return {"scenario": name, "pairing": pairing, "target": "even", "met": met}
    side = "union" if pairing == "heuristic/random" else "confederate"
    met = f[f"{side}_pct"] >= BEATS_RANDOM
    return {"scenario": name, "pairing": pairing, "target": "beats_random", "met": met}
