"""10.1-10.3: bridge work figures by game, and each die roll's modifiers and target."""

from __future__ import annotations

from dataclasses import astuple
from pathlib import Path

import pytest

from gcacw_ref.errors import InputError
from gcacw_ref.rules.bridges import (
    bridge_limits,
    destroy_drm,
    destroyed,
    may_bridge_major_river,
    pontoon_built,
    pontoon_drm,
    repair_drm,
    repaired,
)
from gcacw_ref.rules.games import Game, Side


def test_limits_by_game() -> None:
    assert bridge_limits(Game.GTC) == bridge_limits(Game.OTR)
    gtc = bridge_limits(Game.GTC)
    assert (gtc.build_strength, gtc.build_enemy_block, gtc.repair_strength) == (5, 5, 5)
    assert (gtc.repair_enemy_block, gtc.strong_unit) == (5, 5)
    siv = bridge_limits(Game.SIV)
    assert (siv.build_strength, siv.build_enemy_block, siv.repair_strength) == (3, 3, 2)
    assert (siv.repair_enemy_block, siv.strong_unit) == (2, 3)


def test_who_bridges_major_rivers() -> None:
    assert may_bridge_major_river(Game.SJW, Side.UNION)
    assert not may_bridge_major_river(Game.SIV, Side.UNION)
    assert may_bridge_major_river(Game.OTR, Side.CONFEDERATE)
    assert may_bridge_major_river(Game.GTC, Side.CONFEDERATE)
    assert not may_bridge_major_river(Game.RTG, Side.CONFEDERATE)


@pytest.mark.parametrize(
    ("kw", "drm"),
    [
        ({"roads": (False, False), "routes": (False, False)}, 3),
        ({"roads": (True, False), "routes": (True, False)}, 2),
        ({"roads": (False, False), "routes": (True, False)}, 2),
        ({"roads": (True, True), "routes": (True, True)}, 1),
        ({"roads": (True, True), "routes": (True, True), "crossing": True}, 0),
        ({"roads": (False, False), "routes": (True, True)}, 0),
        ({"roads": (True, False), "routes": (True, True)}, 0),
        ({"roads": (True, True), "routes": (True, True), "major": True, "uncrossable": True}, 4),
    ],
)
def test_pontoon_drm(kw: dict[str, object], drm: int) -> None:
    args: dict[str, object] = {"major": False, "uncrossable": False, "crossing": False, **kw}
    assert pontoon_drm(**args) == drm  # type: ignore[arg-type]


def test_targets() -> None:
    assert pontoon_built(2, 3) and not pontoon_built(3, 3)
    assert destroyed(4, -2, ferry=False) and not destroyed(3, 0, ferry=False)
    assert destroyed(1, 0, ferry=True) and not destroyed(2, 0, ferry=True)
    assert repaired(3, 0, ferry=False) and not repaired(2, 2, ferry=False)
    assert repaired(2, 3, ferry=True) and not repaired(4, 2, ferry=True)
    with pytest.raises(InputError):
        repaired(7, 0, ferry=False)


def test_destroy_and_repair_modifiers() -> None:
    assert destroy_drm(ferry=True, confederate=True, zoc_free=True, idle=True) == -4
    assert destroy_drm(ferry=False, confederate=True, zoc_free=False, idle=False) == 0
    assert destroy_drm(ferry=True, confederate=False, zoc_free=True, idle=False) == -1
    assert repair_drm(major=True, uncrossable=True) == 3
    assert repair_drm(major=False, uncrossable=False) == 0


def test_the_bridge_figures_are_the_rulebooks(seeds: dict[str, Path]) -> None:
    """10.1-10.3 in seed 000: 5 everywhere, SIV 3 to build, 3 for the enemy block and the
    strong unit, 2 to repair and to block a repair (tables/games.toml holds them)."""
    text = seeds["gcacw"].read_text(encoding="utf-8").replace(" ", "").replace("*", "")
    assert "例外：SIVにおいては戦闘力が3以上である。" in text  # 10.1 build
    assert "合計が3以上である場合、橋を架設することはできない" in text  # 10.1 block
    assert "5以上(またはSIVにおいては3以上)の敵軍ユニット" in text  # 10.2
    assert "例外：SIVにおいては、戦闘力が2以上でなければならない。" in text  # 10.3 repair
    assert "5以上(SIVにおいては2以上)になる1つまたは複数の敵軍ユニット" in text  # 10.3 block
    siv = bridge_limits(Game.SIV)
    figures = (siv.build_strength, siv.build_enemy_block, siv.strong_unit)
    assert figures == (3, 3, 3) and (siv.repair_strength, siv.repair_enemy_block) == (2, 2)
    for game in Game:
        if game is not Game.SIV:
            assert set(astuple(bridge_limits(game))) == {5}
