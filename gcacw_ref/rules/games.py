"""The seven games of the series and their three-letter codes (introduction)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Game(StrEnum):
    """Game codes in order of publication."""

    SJW = "SJW"  # Stonewall Jackson's Way
    HCR = "HCR"  # Here Come the Rebels!
    RTG = "RTG"  # Roads to Gettysburg
    SIV = "SIV"  # Stonewall in the Valley
    SLB = "SLB"  # Stonewall's Last Battle
    OTR = "OTR"  # On to Richmond!
    GTC = "GTC"  # Grant Takes Command


class Side(StrEnum):
    """The two players."""

    UNION = "union"
    CONFEDERATE = "confederate"


GAMES: tuple[str, ...] = tuple(g.value for g in Game)
DEFAULT_GAME: Final = "GTC"
"""The game a calculator uses when the player has chosen none (DESIGN.md, `calc odds`)."""
