"""Recovery-phase bridge work (10.1 pontoon bridges, 10.3 repairs) as build options."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from gcacw_ref.game.engine import bridges
from gcacw_ref.game.engine.common import combat_strength, hex_of
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import BuildFrame
from gcacw_ref.game.model.geometry import hexside_key
from gcacw_ref.rules.bridges import (
    bridge_limits,
    bridge_marker_limit,
    may_bridge_major_river,
    pontoon_built,
    pontoon_drm,
    repair_drm,
    repaired,
)
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.terrain import ROADS, ROADS_AND_TRAIL
from gcacw_ref.rules.terrain import HexsideFeature as F

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Unit


def _enemy_strength(w: Work, h: str, side: Side) -> Fraction:
    return sum((combat_strength(w, u) for u in w.enemy_at(h, side)), Fraction(0))


def thresholds(w: Work) -> tuple[int, int, int, int]:
    """(bridge strength, bridge enemy limit, repair strength, repair enemy limit) for the
    game (10.1, 10.3)."""
    lim = bridge_limits(w.game)
    return lim.build_strength, lim.build_enemy_block, lim.repair_strength, lim.repair_enemy_block


def may_bridge_major(w: Work, side: Side) -> bool:
    """10.1: who may lay a pontoon bridge over a major river in this game."""
    return may_bridge_major_river(w.game, side)


def _has(w: Work, h: str, feats: frozenset[F]) -> bool:
    """The hex holds one of `feats` (a hexside of it carries the feature)."""
    return any(w.board.side(h, m) & feats for m in w.board.neighbors(h))


def bridge_options(w: Work, unit: Unit, build: BuildFrame) -> list[Action]:
    """10.1/10.3: a fatigue-0 infantry unit beside a river may lay a pontoon bridge or
    repair a destroyed bridge or ferry (strength and enemy limits by game)."""
    if unit.kind != "infantry":
        return []
    strength = combat_strength(w, unit)
    b_need, b_block, r_need, r_block = thresholds(w)
    out = []
    here = hex_of(unit)
    for n in w.board.neighbors(here):
        feats = w.board.side(here, n)
        if not feats & {F.MINOR_RIVER, F.MAJOR_RIVER}:
            continue
        enemy = max(_enemy_strength(w, here, unit.side), _enemy_strength(w, n, unit.side))
        destroyed = bridges.is_destroyed(w, here, n)
        if destroyed and strength >= r_need and enemy < r_block and not build.repaired:
            out.append(Action(type="build", unit=unit.id, option="repair", hex=n))
        if strength < b_need or enemy >= b_block or bridges.pontoon(w, here, n):
            continue
        if feats & {F.BRIDGE, F.DAM} and not destroyed:
            continue
        major = F.MAJOR_RIVER in feats
        if major and not may_bridge_major(w, unit.side):
            continue
        if _markers_left(w, unit.side, major) <= 0:
            continue
        if here in build.bridge_hexes:
            continue  # 10.1: one bridge attempt per hex per recovery phase
        key = list(hexside_key(here, n))
        if any([a, b] == key and t == w.turn for a, b, t in w.no_bridge_until):
            continue  # 10.1: a failed hexside waits for a later turn
        out.append(Action(type="build", unit=unit.id, option="bridge", hex=n))
    return out


def _markers_left(w: Work, side: Side, major: bool) -> int:
    """10.1: the scenario's markers of this kind not in use, never more than the rules
    allow the side in this game."""
    cfg = w.scen.bridges
    total = getattr(cfg, f"{side.value}_{'major' if major else 'minor'}")
    limit = bridge_marker_limit(w.game, side, major)
    if limit is not None:
        total = min(total, limit)
    used = 0
    for a, b, owner in w.bridges:
        if owner == side.value and bool(F.MAJOR_RIVER in w.board.side(a, b)) == major:
            used += 1
    return int(total) - used


def build_bridge(w: Work, action: Action, build: BuildFrame) -> None:
    """10.3 repair or 10.1 pontoon bridge: the die against its modifiers."""
    assert action.unit  # recovery offers `build` for a unit
    unit = w.unit(action.unit)
    here, there = hex_of(unit), action.hex
    assert there
    key = hexside_key(here, there)
    if action.option == "repair":
        build.repaired = True
        drm = repair_modifier(w, here, there)
        die = w.roll_one("bridge_repair", unit.side, "10.3")
        ok = repaired(die, drm, repairs_a_ferry(w, here, there))
        if ok:
            w.destroyed = tuple(d for d in w.destroyed if tuple(d) != tuple(key))
        w.emit(
            ev.BridgeEvent(
                turn=w.turn,
                rule="10.3",
                unit=unit.id,
                die=die,
                drm=drm,
                ok=ok,
                act="repair",
                where=[here, there],
            )
        )
        return
    build.bridge_hexes = (*build.bridge_hexes, here)
    drm = pontoon_modifier(w, here, there)
    die = w.roll_one("pontoon", unit.side, "10.1")
    ok = pontoon_built(die, drm)
    if ok:
        w.bridges = (*w.bridges, (key[0], key[1], unit.side.value))
    else:
        w.no_bridge_until = (*w.no_bridge_until, (key[0], key[1], w.turn))
    w.emit(
        ev.BridgeEvent(
            turn=w.turn,
            rule="10.1",
            unit=unit.id,
            die=die,
            drm=drm,
            ok=ok,
            act="lay",
            where=[here, there],
        )
    )


def pontoon_modifier(w: Work, here: str, there: str) -> int:
    """10.1: the die modifier for laying a pontoon bridge from `here` over to `there` (the
    river, its marker (12.0), a crossing there, the roads and trails on either bank)."""
    feats = w.board.side(here, there)
    major = F.MAJOR_RIVER in feats
    return pontoon_drm(
        major=major,
        uncrossable=w.river_marker_stands(major),
        crossing=bool(feats & {F.FORD, F.FERRY}) or bridges.is_destroyed(w, here, there),
        roads=(_has(w, here, ROADS), _has(w, there, ROADS)),
        routes=(_has(w, here, ROADS_AND_TRAIL), _has(w, there, ROADS_AND_TRAIL)),
    )


def repair_modifier(w: Work, here: str, there: str) -> int:
    """10.3: the die modifier for repairing the destroyed crossing between the two hexes."""
    major = F.MAJOR_RIVER in w.board.side(here, there)
    return repair_drm(major=major, uncrossable=w.river_marker_stands(major))


def repairs_a_ferry(w: Work, here: str, there: str) -> bool:
    """10.3: the crossing to repair is a ferry (no bridge on the hexside)."""
    feats = w.board.side(here, there)
    return F.FERRY in feats and F.BRIDGE not in feats
