"""10.1-10.3: bridge work figures by game, and each die roll's modifiers and target."""

from __future__ import annotations

import re
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
from gcacw_ref.text.importer import detect_kind, parse_sections


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


def _squeezed_sections(book: str, numbers: tuple[str, ...]) -> dict[str, str]:
    """Each numbered section's whole text (its longest part: the section holding its named
    parts), without spaces or the emphasis marks the translation sets around game names."""
    _, sections = parse_sections(book, detect_kind(book))
    found = dict.fromkeys(numbers, "")
    for section in sections:
        text = (section.title + section.text).replace(" ", "").replace("*", "")
        if section.number in found and len(text) > len(found[section.number]):
            found[section.number] = text
    return found


# a figure the rulebook gives SIV in place of the usual one: "SIV" and its own phrase
# ("in SIV" / "for SIV"), then the first "N or more" before the sentence or bracket ends
SIV_FIGURE = re.compile(r"SIV(?:においては|の場合は)[^。()（）]{0,60}?(\d+)以上")


def test_the_bridge_figures_are_the_rulebooks(seeds: dict[str, Path]) -> None:
    """10.1-10.3 in seed 000: 5 everywhere; SIV asks 3 to build and 3 for the enemy that
    blocks a pontoon (10.1), 3 for the strong unit in both its uses in 10.2, 2 to repair and 2
    for the enemy that blocks a repair (10.3); tables/games.toml holds them."""
    book = seeds["gcacw"].read_text(encoding="utf-8")
    text = _squeezed_sections(book, ("10.1", "10.2", "10.3"))
    siv = {n: [int(f) for f in SIV_FIGURE.findall(s)] for n, s in text.items()}
    assert siv == {"10.1": [3, 3], "10.2": [3, 3], "10.3": [2, 2]}
    assert all("戦闘力が5以上" in s for s in text.values())  # the usual figure, each rule
    limits = bridge_limits(Game.SIV)
    assert [limits.build_strength, limits.build_enemy_block] == siv["10.1"]
    assert [limits.strong_unit, limits.strong_unit] == siv["10.2"]
    assert [limits.repair_strength, limits.repair_enemy_block] == siv["10.3"]
    for game in Game:
        if game is not Game.SIV:
            assert set(astuple(bridge_limits(game))) == {5}
