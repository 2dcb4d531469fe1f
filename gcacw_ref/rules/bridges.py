"""Bridges and ferries (10.1 pontoon bridges, 10.2 destruction, 10.3 repairs): the
strength limits by game, who may bridge a major river, and each die roll's modifiers
and target. The engine supplies the map facts; nothing here knows the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _
from gcacw_ref.rules.combat_tables import games_table
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.tables import Source, load_table


@dataclass(frozen=True)
class BridgeLimits:
    """Strength figures for bridge work in one game (10.1, 10.2, 10.3)."""

    build_strength: int  # 10.1: least strength of a unit laying a pontoon bridge
    build_enemy_block: int  # 10.1: enemy strength in either hex that forbids it
    repair_strength: int  # 10.3: least strength of a unit repairing
    repair_enemy_block: int  # 10.3: enemy strength in either hex that forbids it
    strong_unit: int  # 10.2: removes an enemy pontoon; infantry this strong may hit a bridge


def bridge_limits(game: Game) -> BridgeLimits:
    """10.1-10.3: the game's figures from `tables/games.toml` (5 throughout, except SIV:
    3 to build and remove, 2 to repair)."""
    info = games_table().get(game.value)
    return BridgeLimits(
        info.bridge_strength,
        info.bridge_enemy_block,
        info.repair_strength,
        info.repair_enemy_block,
        info.strong_unit,
    )


class _Markers(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    union: int
    confederate: int


class BridgeMarkers(BaseModel):
    """`tables/bridge_markers.toml` (10.1)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    source: Source
    minor: dict[str, _Markers]
    major: dict[str, _Markers]


def bridge_marker_limit(game: Game, side: Side, major: bool) -> int | None:
    """10.1: how many pontoon bridges of one river kind a side may have laid at once in
    `game` (None: the rules set no limit; the scenario's markers still do)."""
    table = load_table("bridge_markers", BridgeMarkers)
    rows = table.major if major else table.minor
    row = rows.get(game.value) or rows.get("default")
    return None if row is None else int(getattr(row, side.value))


def may_bridge_major_river(game: Game, side: Side) -> bool:
    """10.1: the Union may bridge a major river in every game but SIV; the Confederates
    only in OTR and GTC."""
    if side is Side.UNION:
        return game is not Game.SIV
    return game in (Game.OTR, Game.GTC)


def _check_die(die: int) -> None:
    if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
        raise InputError(_("die: must be 1 to 6 (got {die!r})").format(die=die))


def pontoon_drm(
    *,
    major: bool,
    uncrossable: bool,
    crossing: bool,
    roads: tuple[bool, bool],
    routes: tuple[bool, bool],
) -> int:
    """10.1 modifiers for laying a pontoon bridge (they add up).

    `crossing`: a ford or ferry, or a destroyed fixed bridge or ferry, is on the hexside;
    `roads`: each hex has a road, pike or railroad; `routes`: each hex has a road, pike,
    trail or railroad. +1 river uncrossable now (12.0), +2 major river, +1 no crossing but
    roads in both hexes, +2 a route in one hex only, +3 in neither. The map-specific
    modifiers (a capital, Barrett's Ferry) are the scenario's to add.
    """
    drm = (1 if uncrossable else 0) + (2 if major else 0)
    if all(routes):
        if all(roads) and not crossing:
            drm += 1
    elif any(routes):
        drm += 2
    else:
        drm += 3
    return drm


def pontoon_built(die: int, drm: int) -> bool:
    """10.1: the bridge is laid on a modified die of 5 or less."""
    _check_die(die)
    return die + drm <= 5


def destroy_drm(*, ferry: bool, confederate: bool, zoc_free: bool, idle: bool) -> int:
    """10.2 modifiers for destroying a fixed bridge or ferry (they add up): -2 a
    Confederate attempt on a ferry, -1 neither hex in enemy ZOC (limited included), -1
    the unit spent its march only in the two hexes without moving or attacking (the rules
    print these three without a sign: register `bridge-modifier-signs`)."""
    drm = -2 if ferry and confederate else 0
    if zoc_free:
        drm -= 1
    if idle:
        drm -= 1
    return drm


def destroyed(die: int, drm: int, ferry: bool) -> bool:
    """10.2: a bridge falls on a modified die of 2 or less, a ferry on 1 or less."""
    _check_die(die)
    return die + drm <= (1 if ferry else 2)


def repair_drm(*, major: bool, uncrossable: bool) -> int:
    """10.3 modifiers for a repair: +1 river uncrossable now (12.0), +2 major river."""
    return (1 if uncrossable else 0) + (2 if major else 0)


def repaired(die: int, drm: int, ferry: bool) -> bool:
    """10.3: a bridge is repaired on a modified die of 3 or less, a ferry on 5 or less."""
    _check_die(die)
    return die + drm <= (5 if ferry else 3)
