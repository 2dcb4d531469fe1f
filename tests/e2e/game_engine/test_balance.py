"""`bench --balance N`: wins of each side per shipped scenario and bot pairing, and the
targets (a campaign winnable by both heuristic sides; the heuristic bot beats random)."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

from gcacw_ref.bench.balance import _check, balance
from gcacw_ref.commands.bench import balance_text


def test_balance_counts_wins_of_each_pairing() -> None:
    res = balance(3, seed0=1001, scenarios=["training"])
    assert res["seeds"] == [1001, 1003]
    assert res["scenarios"]["training"] == {
        "heuristic/heuristic": {
            "games": 3,
            "union": 0,
            "confederate": 3,
            "draw": 0,
            "union_pct": 0.0,
            "confederate_pct": 100.0,
            "draw_pct": 0.0,
            "mean_union_lead": -9.67,
        },
        "heuristic/random": {
            "games": 3,
            "union": 3,
            "confederate": 0,
            "draw": 0,
            "union_pct": 100.0,
            "confederate_pct": 0.0,
            "draw_pct": 0.0,
            "mean_union_lead": 7.67,
        },
        "random/heuristic": {
            "games": 3,
            "union": 0,
            "confederate": 3,
            "draw": 0,
            "union_pct": 0.0,
            "confederate_pct": 100.0,
            "draw_pct": 0.0,
            "mean_union_lead": -11.33,
        },
    }
    # training is no campaign: only the heuristic-beats-random targets apply
    assert [(c["pairing"], c["target"], c["met"]) for c in res["checks"]] == [
        ("heuristic/random", "beats_random", True),
        ("random/heuristic", "beats_random", True),
    ]
    assert res["met"] is True
    text = balance_text(res)
    assert "training heuristic/random (Union/Confederate): Union 3 (100.0%)" in text
    assert text.count("met") == 2


def _figures(union: float, confederate: float) -> dict[str, Any]:
    return {"union_pct": union, "confederate_pct": confederate}


@pytest.mark.parametrize(
    ("pairing", "union", "confederate", "met"),
    [
        ("heuristic/heuristic", 40.0, 60.0, True),
        ("heuristic/heuristic", 50.0, 38.0, False),  # draws take the rest
        ("heuristic/heuristic", 61.0, 39.0, False),
        ("heuristic/random", 90.0, 10.0, True),
        ("heuristic/random", 89.0, 0.0, False),  # a draw is not a win
        ("random/heuristic", 0.0, 95.0, True),
        ("random/heuristic", 11.0, 89.0, False),
    ],
)
def test_targets(pairing: str, union: float, confederate: float, met: bool) -> None:
    check = _check("harrow", pairing, _figures(union, confederate))
    assert check is not None and check["met"] is met


def test_no_even_target_outside_the_campaigns() -> None:
    assert _check("training", "heuristic/heuristic", _figures(0.0, 100.0)) is None


def test_cli_refuses_a_balance_of_no_games() -> None:
    res = subprocess.run(
        [sys.executable, "-m", "gcacw_ref", "bench", "--balance", "0"],
        capture_output=True,
        text=True,
    )
    assert res.returncode == 2
    assert res.stderr.strip().splitlines() == [res.stderr.strip()]
    assert "--balance" in res.stderr
