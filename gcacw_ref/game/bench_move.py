"""Benchmark section for gcacw_ref.game (placeholder until that area lands)."""

from __future__ import annotations

from typing import Any


def run() -> dict[str, Any]:
    return {}


def render(result: dict[str, Any]) -> str:
    return ""
