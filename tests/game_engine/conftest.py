"""Fixtures for engine tests (helpers live in `tests_helpers.py`)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from tests_helpers import Driver  # noqa: E402

from gcacw_ref.game.engine.core import initial_state, start  # noqa: E402


@pytest.fixture
def drive() -> Any:
    def begin(scenario: Any, seed: int = 1, dice: list[int] | None = None) -> Driver:
        state, events = start(initial_state(scenario, seed), dice)
        driver = Driver(state)
        driver.events.extend(events)
        return driver

    return begin
