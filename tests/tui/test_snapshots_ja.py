"""Japanese snapshots at 80x24: the screens whose words this branch translates (search,
rules, each calculator, charts, help, quick reference, game) with the interface in
Japanese. Same practice rulebook as `test_snapshots.py` (our own text, no seed text in the SVGs).

Update with `pytest tests/tui/test_snapshots_ja.py --snapshot-update` and look at the SVGs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gcacw_ref.tui.app import GcacwApp

from .test_snapshots import SMALL, keys
from .test_snapshots_game import PERSON
from .test_snapshots_game import keys as game_keys

SCREENS_JA = {
    "search": keys("type:延長行軍"),
    "rule_5_1": keys("rule:5.1"),
    "rule_find": keys("rule:5.1", "ctrl+f", "type:行軍", "enter"),
    "calc_odds": keys("f4"),
    "calc_combat": keys("calc:combat", "ctrl+g"),
    "calc_artillery": keys("calc:artillery", "ctrl+g"),
    "calc_flank": keys("calc:flank", "ctrl+g", "focus:#flank-hexes", "2", "a", "3", "z"),
    "calc_march": keys("calc:march", "ctrl+g", "focus:#march-die", "type:6"),
    "calc_retreat": keys("calc:retreat", "ctrl+g", "focus:#retreat-hexes", "1", "a", "r"),
    "calc_move": keys("calc:move", "ctrl+g"),
    "charts": keys("calc:combat", "ctrl+g", "f5", "chart:combat_chart.attacker"),
    "help": keys("f1"),
    "quickref": keys("f7"),
}


@pytest.mark.parametrize("name", list(SCREENS_JA))
def test_screen_ja(name: str, snap_home: Path, snap_compare: Any, japanese: None) -> None:
    app = GcacwApp(home=snap_home)
    assert snap_compare(app, terminal_size=SMALL, run_before=SCREENS_JA[name])


@pytest.mark.parametrize(
    "name, presses",
    [("game_choices", ("end", "right")), ("game_set_up", ("home", "s", "s", "s", "s", "d", "d"))],
)
def test_game_screen_ja(
    name: str, presses: tuple[str, ...], snap_home: Path, snap_compare: Any, japanese: None
) -> None:
    """The game screen (training scenario, seed 1) at 80x24 in Japanese."""
    app = GcacwApp(home=snap_home, game=PERSON)
    assert snap_compare(app, terminal_size=SMALL, run_before=game_keys(*presses))
