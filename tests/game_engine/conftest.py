"""Fixtures for engine tests (helpers live in `tests_helpers.py`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests_helpers import Driver  # noqa: E402

from gcacw_ref.game.engine.core import new_game  # noqa: E402


@pytest.fixture
def drive() -> Any:
    def start(scenario: Any, seed: int = 1, dice: list[int] | None = None) -> Driver:
        return Driver(new_game(scenario, seed, dice))

    return start
