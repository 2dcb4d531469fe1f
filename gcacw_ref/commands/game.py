"""`play`, `replay`, `scenario check` (owned by the game engine)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Placeholder until the engine lands."""
