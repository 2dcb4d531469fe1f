"""Command radius (2.5) and leader transfer paths (6.3)."""

from __future__ import annotations

from gcacw_ref.game.model.command import command_radius_hexes, in_command_radius, transfer_path
from gcacw_ref.game.model.zoc import enemy_zoc

from .conftest import small_map


def test_three_hexes_not_counting_the_leader() -> None:
    m = small_map({"0102": "mountain", "0103": "swamp"}, [("0101", "0102", ["major_river"])])
    ok = in_command_radius(m, "0101", "0104", [], {}, [])
    assert ok.in_radius and ok.path == ["0101", "0102", "0103", "0104"]  # terrain ignored
    assert ok.steps[0].rule == "2.5"
    assert not in_command_radius(m, "0101", "0105", [], {}, []).in_radius
    assert in_command_radius(m, "0101", "0101", [], {}, []).in_radius  # the leader's own hex


def test_blocked_by_enemy_units_and_their_zoc() -> None:
    m = small_map()
    enemy = ["0402"]  # ZOC: 0401 0502 0503 0403 0303 0302
    zoc = enemy_zoc(m, enemy)
    check = in_command_radius(m, "0301", "0304", enemy, zoc, [])
    assert not check.in_radius and "no path of 3 hexes" in (check.steps[0].value or "")
    # a friendly unit in the ZOC hexes opens the way
    assert in_command_radius(m, "0301", "0304", enemy, zoc, ["0302", "0303"]).in_radius
    # the unit's own hex may be in enemy ZOC
    assert in_command_radius(m, "0301", "0303", enemy, zoc, ["0302"]).in_radius
    # the enemy-occupied hex itself can never be entered
    assert "0402" not in command_radius_hexes(m, "0301", enemy, zoc, ["0402"])


def test_limited_zoc_blocks_command_too() -> None:
    m = small_map({"0402": "woods"})
    enemy = ["0402"]
    zoc = enemy_zoc(m, enemy)
    assert zoc["0302"] == "limited"
    check = in_command_radius(m, "0301", "0303", enemy, zoc, [])
    assert check.in_radius and check.path == ["0301", "0201", "0202", "0303"]  # around 0302
    reach = command_radius_hexes(m, "0301", enemy, zoc, [])
    assert "0302" not in reach


def test_transfer_path_up_to_ten_hexes_avoiding_enemy_units() -> None:
    m = small_map(columns=12, rows=12)
    path = transfer_path(m, "0101", "0111", [])
    assert path is not None and len(path) == 11
    assert transfer_path(m, "0101", "0112", []) is None  # 11 hexes away
    # an enemy unit in the way forces a detour; ZOC is no obstacle
    detour = transfer_path(m, "0101", "0106", ["0103"])
    assert detour is not None and "0103" not in detour and len(detour) - 1 == 6
    assert transfer_path(m, "0101", "0103", ["0103"]) is None
