"""Station raids (5.4): who may raid, and the marker a raid leaves."""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from gcacw_ref.rules.games import Game

StationMarker = Literal["damaged", "destroyed"]

NO_RAID_GAMES = (Game.SIV, Game.OTR)
RAID_STRENGTH = 2
DESTROY_STRENGTH = 5
RAID_FATIGUE = 1


def may_raid_station(game: Game, fatigue: int, combat_strength: Fraction) -> bool:
    """5.4: one combat unit at fatigue 3 or less with combat strength (not manpower) of 2
    or more, organized or not; no raids in SIV or OTR."""
    return game not in NO_RAID_GAMES and fatigue <= 3 and combat_strength >= RAID_STRENGTH


def station_after_raid(
    marker: StationMarker | None, combat_strength: Fraction
) -> StationMarker | None:
    """5.4: combat strength 2-4 damages an untouched station, 5 or more destroys it (a
    damaged one too); anything else leaves the marker as it was. The raid also costs the
    unit `RAID_FATIGUE` (no extended march). Stations the scenario says cannot be
    destroyed are the caller's to cap at damaged."""
    if combat_strength >= DESTROY_STRENGTH:
        return "destroyed"
    if combat_strength >= RAID_STRENGTH and marker is None:
        return "damaged"
    return marker
