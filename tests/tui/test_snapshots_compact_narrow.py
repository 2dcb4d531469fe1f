"""SVG snapshots of the compact harrow map where 3 characters a hex do not fit: a phone's
45x40 (1 character a hex, both languages) and 120x40 (2 characters), with the Union's ZOC
on and the cursor moved to the right edge.

Update after a deliberate change with
`pytest tests/tui/test_snapshots_compact_narrow.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.tui.app import GcacwApp

from .test_snapshots_game import HARROW, keys

# the cursor to column 32: the map's whole width, its last column lit
TO_THE_EDGE = ("m", "z", *(["d"] * 31))


@pytest.mark.parametrize("size", [(45, 40), (120, 40)], ids=["phone", "120x40"])
def test_compact_harrow_narrow(size: tuple[int, int], snap_home: Path, snap_compare: Any) -> None:
    app = GcacwApp(home=snap_home, game=HARROW)
    assert snap_compare(app, terminal_size=size, run_before=keys(*TO_THE_EDGE))


def test_compact_harrow_phone_ja(snap_home: Path, snap_compare: Any, japanese: None) -> None:
    app = GcacwApp(home=snap_home, game=HARROW)
    assert snap_compare(app, terminal_size=(45, 40), run_before=keys(*TO_THE_EDGE))
