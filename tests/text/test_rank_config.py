"""The ranking's one configuration (`rank_config.py`) and its copy beside the learned weights."""

from __future__ import annotations

import json
from dataclasses import FrozenInstanceError, fields

import pytest

from gcacw_ref.text.rank_config import CONFIG, CONFIG_FILE, RankConfig


def test_the_shipped_copy_is_the_configuration_the_weights_were_learned_with() -> None:
    """scripts/rebuild_models.sh writes it; change a field and rebuild, or this fails."""
    assert json.loads(CONFIG_FILE.read_text(encoding="utf-8")) == json.loads(CONFIG.to_json())


def test_the_configuration_cannot_be_changed_in_place() -> None:
    with pytest.raises(FrozenInstanceError):
        CONFIG.k = 3.0  # type: ignore[misc]


def test_every_field_has_a_value_of_its_own_type() -> None:
    saved = json.loads(CONFIG.to_json())
    assert set(saved) == {f.name for f in fields(RankConfig)}
    assert RankConfig(**saved) == CONFIG
    for f in fields(RankConfig):
        assert type(saved[f.name]).__name__ == f.type, f.name
