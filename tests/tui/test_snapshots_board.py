"""Snapshots of the board tab (F10): a three-unit argument set up by keys (one attacker, one
unit on the flank) and its attack
answer, in English (140x45) and in Japanese (80x24).

Update with `pytest tests/tui/test_snapshots_board.py --snapshot-update` and look at the
SVGs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gcacw_ref.tui.app import GcacwApp

from .test_snapshots import BIG, SMALL, keys

ARGUMENT = keys(
    "f10",
    "focus:#board-grid",
    *"ddssu",
    "w",
    "c",
    "plus",
    "plus",
    "space",
    "a",
    "s",
    "c",
    "d",
    "b",
)


def test_board_attack(snap_home: Path, snap_compare: Any) -> None:
    app = GcacwApp(home=snap_home)
    assert snap_compare(app, terminal_size=BIG, run_before=ARGUMENT)


def test_board_attack_ja(snap_home: Path, snap_compare: Any, japanese: None) -> None:
    app = GcacwApp(home=snap_home)
    assert snap_compare(app, terminal_size=SMALL, run_before=ARGUMENT)
