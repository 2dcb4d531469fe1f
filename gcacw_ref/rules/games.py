"""The seven games of the series and their three-letter codes (introduction)."""

from __future__ import annotations

from enum import StrEnum


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
