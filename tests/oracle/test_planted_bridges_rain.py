"""Bugs planted in the engine for the oracle's checks of issue 40: pontoon bridges that
stay or go wrongly (10.1, 10.2), a crossing offered for destruction where 10.2 forbids it,
a cavalry retreat offered to no situation of 7.7, a VP hex that does not change hands,
river markers moved by a wrong number and a flooded swamp left alone (12.0).

Each bug is replayed from a frozen harrow position (`positions/planted_*.json.gz`: the
bots' action there, found by playing harrow seeds; `planted_flooding` is the rain step of
`planted_river_markers` with a Union unit placed by hand in the roadless provisional swamp
2309). With the bug the oracle reports the rule; without it the same steps are checked
and give no violation.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from typing import Any

import pytest

from gcacw_ref.game.engine import bridges, cavalry, march, results, weather
from gcacw_ref.game.engine.common import hex_of, other
from gcacw_ref.game.model.frames import CavalryRetreatFrame
from gcacw_ref.rules.terrain import HexsideFeature as F
from tests.oracle.test_findings import POSITIONS, replay_position

Plant = Callable[[pytest.MonkeyPatch], None]


def pontoons_never_fall(mp: pytest.MonkeyPatch) -> None:
    """10.2: a strong enemy unit ending beside a pontoon bridge leaves it standing."""
    mp.setattr(bridges, "enemy_pontoons_fall", lambda *args: None)
    mp.setattr(results, "enemy_pontoons_fall", lambda *args: None)


def take_up_does_nothing(mp: pytest.MonkeyPatch) -> None:
    """10.2: the owner's unit takes up its pontoon bridge, and the bridge stays."""
    mp.setattr(bridges, "dismantle", lambda *args: None)


def any_crossing_destroyed(mp: pytest.MonkeyPatch) -> None:
    """10.2: every fixed bridge and ferry beside the unit is offered, whoever it is."""

    def every(w: Any, unit: Any) -> list[str]:
        here = hex_of(unit)
        near = w.board.neighbors(here)
        return [n for n in near if w.board.side(here, n) & {F.BRIDGE, F.FERRY}]

    mp.setattr(bridges, "destroy_targets", every)


def cavalry_threatens_cavalry(mp: pytest.MonkeyPatch) -> None:
    """7.7: any unit beginning a march or moving beside enemy cavalry, cavalry included,
    lets that cavalry retreat, whatever the ZOC between them."""

    def offer(w: Any, uid: str, assault: bool = False, hexes: Any = None, **kw: Any) -> None:
        unit = w.unit(uid)
        if unit.hex is None:
            return
        for h in w.board.neighbors(unit.hex):
            if any(u.kind == "cavalry" for u in w.enemy_at(h, unit.side)):
                w.push(
                    CavalryRetreatFrame(side=other(unit.side), hex=h, active=uid, assault=assault)
                )

    mp.setattr(cavalry, "offer", offer)


def control_never_changes(mp: pytest.MonkeyPatch) -> None:
    """A unit entering a VP hex of the enemy leaves it in the enemy's hands."""
    mp.setattr(bridges, "note_control", lambda *args: None)
    mp.setattr(march.bridges, "note_control", lambda *args: None)


def markers_one_turn_late(mp: pytest.MonkeyPatch) -> None:
    """12.0: each river marker goes one turn further than its rain number."""
    real = weather.uncrossable_marker_turn

    def late(turn: int, number: int, marker: int | None) -> int | None:
        got = real(turn, number, marker)
        return None if got is None else got + 1

    mp.setattr(weather, "uncrossable_marker_turn", late)


def swamps_never_flood(mp: pytest.MonkeyPatch) -> None:
    """12.0: rain comes and the unit in the provisional swamp stays there."""
    mp.setattr(weather, "rain_in_provisional_swamp", lambda *args: None)


# case -> (the rule the oracle must report, the bug)
PLANTS: dict[str, tuple[str, Plant]] = {
    "pontoon_removal": ("10.2 pontoon removal", pontoons_never_fall),
    "pontoon_take_up": ("10.2 pontoon take-up", take_up_does_nothing),
    "destroy_denied": ("10.2 destroy after march", any_crossing_destroyed),
    "cavalry_declared": ("7.7 retreat declared", cavalry_threatens_cavalry),
    "vp_control": ("VP hex control", control_never_changes),
    "river_markers": ("12.0 river markers", markers_one_turn_late),
    "flooding": ("12.0 flooding", swamps_never_flood),
}

# rules checked on the same steps without the bug (a bug may silence a check)
CHECKED = {
    "pontoon_removal": "10.2 pontoon removal",
    "pontoon_take_up": "10.2 pontoon removal",
    "destroy_denied": "6.2 moves offered",
    "cavalry_declared": "6.2 moves offered",
    "vp_control": "VP hex control",
    "river_markers": "12.0 river markers",
    "flooding": "12.0 flooding",
}


@pytest.mark.parametrize("case", sorted(PLANTS))
def test_the_oracle_reports_the_planted_bug(case: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rule, plant = PLANTS[case]
    plant(monkeypatch)
    tally = replay_position(f"planted_{case}")
    assert tally.violations[rule] > 0, dict(tally.checks)
    assert any(e.startswith(rule) for e in tally.examples)


@pytest.mark.parametrize("case", sorted(PLANTS))
def test_the_same_steps_without_the_bug(case: str) -> None:
    tally = replay_position(f"planted_{case}")
    assert dict(tally.violations) == {}
    assert tally.checks[CHECKED[case]] > 0, dict(tally.checks)


def test_a_real_destruction_is_checked_and_allowed() -> None:
    """harrow seed 1: c-F-1 ends its march beside the bridge to 1207 and tries it."""
    tally = replay_position("planted_destroy")
    assert dict(tally.violations) == {}
    assert tally.checks["10.2 destroy after march"] > 0


def test_the_flooding_position_is_the_rain_step_with_a_unit_in_the_swamp() -> None:
    doc = json.loads(gzip.decompress((POSITIONS / "planted_flooding.json.gz").read_bytes()))
    assert doc["state"]["units"]["u-I-1"]["hex"] == "2309"
    assert [a["type"] for a in doc["actions"]] == ["pass"]
