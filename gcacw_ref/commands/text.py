"""`books import|list|remove`, `search`, `rule` (owned by the text layer)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Placeholder until the text layer lands."""
