"""The end-to-end cases of tests/game_engine/test_soak_full.py (tests/README.md)."""

from __future__ import annotations

from gcacw_ref.bench.soak import PAIRINGS, soak
from gcacw_ref.bench.soak_paths import PATHS
from gcacw_ref.game.model.log import CONTRACT_EVENT_TYPES


def test_eight_game_soak() -> None:
    res = soak(8, seed0=1, replays=2)
    assert res["errors"] == 0, res["first_errors"]
    assert res["hash_mismatches"] == [] and res["replayed"] == 2
    assert {k: v["games"] for k, v in res["scenarios"].items()} == {"harrow": 4, "training": 4}
    for v in res["scenarios"].values():
        assert set(v["pairings"]) == {f"{u}/{c}" for u, c in PAIRINGS}
    assert res["contract_missing"] == []
    assert set(res["event_types"]) >= set(CONTRACT_EVENT_TYPES)
    assert 1 <= res["extended_march_worst_loss"] <= 2  # register game-extended-march-loss-three
    assert set(res["paths"]) == set(PATHS)
    assert res["coverage"] is None
    assert res["oracle"]["violations"] == 0, res["oracle"]["examples"]
