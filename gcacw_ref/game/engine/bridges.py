"""Bridges, ferries and markers on the live map (10.0-10.3, 7.8 refused flanks, VP hexes).

Pontoon bridges are the state's `bridges` (a, b, owner); destroyed fixed bridges and
ferries are `destroyed`. The hexside a unit crosses is the map's plus a friendly pontoon
bridge. The destruction attempt after a march is a decision (`destroy` frame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.game.engine.common import combat_strength, hex_of
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.zocview import zoc_kind
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import DestroyFrame, MarchFrame
from gcacw_ref.game.model.geometry import hexside_key
from gcacw_ref.game.model.zoc import has_road
from gcacw_ref.rules.bridges import bridge_limits, destroy_drm, destroyed
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.movement import pontoon_bridge_features
from gcacw_ref.rules.terrain import HexsideFeature as F

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Unit


def strong(w: Work) -> int:
    """10.2: the strength that removes an enemy pontoon or may attack a fixed bridge."""
    return bridge_limits(w.game).strong_unit


def pontoon(w: Work, a: str, b: str) -> str | None:
    key = hexside_key(a, b)
    for x, y, owner in w.bridges:
        if (x, y) == key:
            return str(owner)
    return None


def is_destroyed(w: Work, a: str, b: str) -> bool:
    return tuple(hexside_key(a, b)) in {tuple(d) for d in w.destroyed}


def broken(w: Work, a: str, b: str, side: Side) -> bool:
    """A destroyed fixed crossing here that `side` has not bridged with its own pontoon."""
    return is_destroyed(w, a, b) and pontoon(w, a, b) != side.value


def effective_hexside(w: Work, a: str, b: str, side: Side) -> frozenset[F] | None:
    """The hexside as `side` crosses it now; None when an enemy pontoon bridge blocks it
    (10.2: the enemy may not cross it)."""
    feats: frozenset[F] = w.board.side(a, b)
    owner = pontoon(w, a, b)
    if owner is None:
        return feats
    if owner != side.value and not feats & {F.FORD, F.BRIDGE, F.DAM, F.FERRY}:
        return None
    m = w.board  # 10.1 note: a road crosses it when both hexes have one
    return feats | pontoon_bridge_features(has_road(m, a) and has_road(m, b))


def clear_refused_on_leave(w: Work, hex_: str | None) -> None:
    """7.8: the refused-flank marker goes when the last unit leaves its hex, or when the
    only unit there attacks."""
    if hex_ is not None and hex_ in w.refused and len(w.at(hex_)) <= 1:
        w.refused = tuple(h for h in w.refused if h != hex_)


def clear_refused(w: Work, hex_: str | None) -> None:
    """7.8: remove the marker of `hex_` (all its units join one assault)."""
    if hex_ is not None and hex_ in w.refused:
        w.refused = tuple(h for h in w.refused if h != hex_)


def sweep_refused(w: Work) -> None:
    """7.8: markers of hexes left empty go."""
    w.refused = tuple(h for h in w.refused if w.at(h))


def note_control(w: Work, hex_: str, side: Side) -> None:
    """Scenario VP hexes: the side whose unit last entered holds it."""
    if hex_ in w.hex_control:
        w.hex_control[hex_] = side.value


def enemy_pontoons_fall(w: Work, unit: Unit) -> None:
    """10.2: an enemy pontoon bridge goes when a unit of strength 5 or more ends a march,
    a retreat or an advance in one of the two hexes it joins."""
    here = hex_of(unit)
    if here is None or not w.bridges:
        return
    for n in w.board.neighbors(here):
        owner = pontoon(w, here, n)
        if owner and owner != unit.side.value and combat_strength(w, unit) >= strong(w):
            key = hexside_key(here, n)
            w.bridges = tuple(b for b in w.bridges if (b[0], b[1]) != key)
            w.emit(
                ev.BridgeEvent(
                    turn=w.turn,
                    rule="10.2",
                    unit=unit.id,
                    hexside=list(key),
                    act="remove_enemy",
                    where=[here, n],
                )
            )


def after_march(w: Work, unit: Unit, march: MarchFrame) -> None:
    """10.2 at the end of a march: enemy pontoon bridges may fall; a fixed bridge or a
    ferry may be attacked (a decision)."""
    enemy_pontoons_fall(w, unit)
    targets = destroy_targets(w, unit)
    if targets:
        w.push(
            DestroyFrame(
                side=unit.side,
                unit=unit.id,
                targets=tuple(targets),
                idle=not march.moved and not march.attacks,
            )
        )


def destroy_targets(w: Work, unit: Unit) -> list[str]:
    """10.2: crossings this unit may try to destroy now (once per turn per unit)."""
    if unit.id in w.destroy_tried:
        return []
    here = hex_of(unit)
    out = []
    for n in w.board.neighbors(here):
        feats = w.board.side(here, n)
        if is_destroyed(w, here, n) or not feats & {F.BRIDGE, F.FERRY}:
            continue
        if F.BRIDGE in feats and not (
            unit.kind == "infantry" and combat_strength(w, unit) >= strong(w)
        ):
            continue
        if F.FERRY in feats and F.BRIDGE not in feats and unit.kind == "artillery":
            continue
        if w.enemy_at(here, unit.side) or w.enemy_at(n, unit.side):
            continue
        if zoc_kind(w, n, unit.side) and not w.friends_at(n, unit.side):
            continue
        out.append(n)
    return out


def destroy_options(w: Work, frame: DestroyFrame) -> list[Action]:
    uid = frame.unit
    return [Action(type="done")] + [Action(type="destroy", unit=uid, hex=h) for h in frame.targets]


def destroy_decide(w: Work, frame: DestroyFrame, action: Action) -> None:
    """10.2: the destruction die (modified for a ferry, the Confederates, no enemy ZOC
    and a unit that did nothing else)."""
    w.pop()
    if action.type == "done":
        return
    uid = frame.unit
    unit = w.unit(uid)
    here, there = hex_of(unit), action.hex
    assert there
    ferry = F.FERRY in w.board.side(here, there) and F.BRIDGE not in w.board.side(here, there)
    drm = destroy_drm(
        ferry=ferry,
        confederate=unit.side == Side.CONFEDERATE,
        zoc_free=not zoc_kind(w, here, unit.side) and not zoc_kind(w, there, unit.side),
        idle=frame.idle,
    )
    die = w.roll_one("bridge_destroy", unit.side, "10.2")
    ok = destroyed(die, drm, ferry)
    what = "ferry" if ferry else "bridge"
    if ok:
        w.destroyed = (*w.destroyed, hexside_key(here, there))
    w.emit(
        ev.BridgeEvent(
            turn=w.turn,
            rule="10.2",
            unit=uid,
            die=die,
            drm=drm,
            destroyed=ok,
            act="destroy",
            where=[here, there],
            crossing=what,
        )
    )
    w.destroy_tried = (*w.destroy_tried, uid)


decision(DestroyFrame, destroy_options, destroy_decide)


def dismantle(w: Work, unit: Unit, other_hex: str) -> None:
    """10.2: a marching unit beside its own pontoon bridge takes it up (no MP)."""
    key = hexside_key(hex_of(unit), other_hex)
    w.bridges = tuple(b for b in w.bridges if (b[0], b[1]) != key)
    w.emit(ev.BridgeEvent(turn=w.turn, rule="10.2", unit=unit.id, hexside=list(key), act="take_up"))
