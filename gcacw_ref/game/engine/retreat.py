"""Retreats, routs, cavalry retreats and optional retreats hex by hex (7.6, 7.7).

When a retreat starts, `rules.retreat_paths.retreat_paths` lists every legal retreat
under the restrictions and priority tables (with the one-time override only when
surrender is otherwise certain). The owner then picks one hex at a time among the next
hexes of those paths, and may stop where a legal retreat ends. No legal retreat: the
stack surrenders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from gcacw_ref.game.engine import bridges
from gcacw_ref.game.engine.common import hex_of
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.units import eliminate, lose
from gcacw_ref.game.engine.zocview import zoc_kind
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import (
    RETREAT_RULES,
    RetreatFrame,
    RetreatKind,
    RetreatPathOption,
)
from gcacw_ref.rules.retreat import CLOSER_READING, RetreatHex, retreat_may_enter
from gcacw_ref.rules.retreat_paths import RetreatPlan, retreat_paths
from gcacw_ref.rules.terrain import HexsideFeature as F
from gcacw_ref.rules.zoc import crossings_left

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.rules.games import Side


RULE = RETREAT_RULES  # 7.6, or 7.7 for a cavalry retreat


def crossing_ok(w: Work, a: str, b: str, side: Side) -> bool:
    """7.6 / 12.0 (register `retreat-river-wording`): rivers only at a crossing; in rain
    (or while the river marker lasts) not by ford or destroyed crossing; in rain no creek
    without a road (unless a city)."""
    feats = bridges.effective_hexside(w, a, b, side)
    if feats is None:
        return False
    rain = w.rain()
    if feats & {F.MINOR_RIVER, F.MAJOR_RIVER}:
        major = F.MAJOR_RIVER in feats
        fordable = not rain and not w.river_marker_stands(major)
        left = crossings_left(feats, bridges.broken(w, a, b, side))
        if left & {F.BRIDGE, F.DAM, F.FERRY}:
            return True
        return F.FORD in left and fordable
    if rain and F.CREEK in feats and not w.board.road_link(a, b):
        return "city" in (w.board.terrain(a), w.board.terrain(b))
    return True


def describe(
    w: Work, side: Side, moving: set[str], active_hex: str | None
) -> Callable[[str, str], RetreatHex]:
    b = w.board
    rain = w.rain()

    seen: dict[tuple[str, str], RetreatHex] = {}  # one retreat's search asks many times

    def fact(here: str, n: str) -> RetreatHex:
        hit = seen.get((here, n))
        if hit is None:
            hit = seen[(here, n)] = _fact(here, n)
        return hit

    def _fact(here: str, n: str) -> RetreatHex:
        bad = (
            b.terrain(n) == "water"
            or not retreat_may_enter(b.terrain(n), b.road_link(here, n), rain)
            or not crossing_ok(w, here, n, side)
        )
        d0 = b.distance(here, active_hex) if active_hex else 0
        d1 = b.distance(n, active_hex) if active_hex else 0
        return RetreatHex(
            prohibited=bad,
            active_enemy=bool(active_hex and n == active_hex),
            enemy_units=bool(w.enemy_at(n, side)),
            enemy_zoc=zoc_kind(w, n, side) is not None,
            road=b.road_link(here, n),
            friendly_units=any(u.id not in moving for u in w.friends_at(n, side)),
            farther=bool(active_hex) and d1 > d0,
            closer=bool(active_hex) and d1 < d0,
            city=b.terrain(n) == "city",
        )

    return fact


def retreat_plan(
    w: Work, alive: list[str], kind: RetreatKind, active_hex: str | None
) -> RetreatPlan[str]:
    """7.6, 7.7: every legal retreat of the stack `alive` (all in one hex), away from the
    active enemy unit in `active_hex`."""
    side = w.unit(alive[0]).side
    return retreat_paths(
        kind,
        hex_of(w.unit(alive[0])),
        w.board.neighbors,
        describe(w, side, set(alive), active_hex),
        lambda h: zoc_kind(w, h, side) is not None,
        lambda h: w.board.terrain(h) == "city",
        limit=3000,
    )


def push_retreat(
    w: Work,
    units: list[str],
    kind: RetreatKind,
    active_uid: str | None,
    after: str | None = None,
    assault: bool = False,
) -> None:
    """Start a retreat of the stack `units` (all together, 7.6)."""
    alive = [u for u in units if w.unit(u).hex is not None]
    if not alive:
        return
    side = w.unit(alive[0]).side
    start = hex_of(w.unit(alive[0]))
    active_hex = w.unit(active_uid).hex if active_uid else None
    plan = retreat_plan(w, alive, kind, active_hex)
    paths = tuple(
        RetreatPathOption(hexes=p.hexes, losses=p.losses, dies=p.eliminated) for p in plan.paths
    )
    frame = RetreatFrame(
        side=side,
        units=tuple(alive),
        retreat_kind=kind,
        start=start,
        path=(),
        paths=paths,
        override=plan.override_used,
        surrender=plan.surrender or not paths,
    )
    if active_hex:
        frame.active_hex = active_hex
    w.push(frame)


def closer_excluded(w: Work, frame: RetreatFrame) -> list[dict[str, str | list[str]]]:
    """7.6, register retreat-closer-measured-from: at each step of the retreat taken, the
    land neighbours nearer to the active enemy unit than the hex being left (so refused,
    whatever else the restrictions say of them)."""
    active = frame.active_hex
    if not active:
        return []
    b = w.board
    out: list[dict[str, str | list[str]]] = []
    hexes = [frame.start, *frame.path]
    for here in hexes[:-1]:
        d0 = b.distance(here, active)
        near = [
            n
            for n in b.neighbors(here)
            if n != active
            and b.terrain(n) != "water"
            and n not in hexes
            and b.distance(n, active) < d0
        ]
        if near:
            out.append({"from": here, "hexes": near})
    return out


def _matching(frame: RetreatFrame) -> list[RetreatPathOption]:
    prefix = frame.path
    n = len(prefix)
    return [p for p in frame.paths if p.hexes[:n] == prefix]


def retreat_options(w: Work, frame: RetreatFrame) -> list[Action]:
    """7.6, 7.7: the next hexes of the legal retreats, stopping where one may end, or
    surrender when none is left."""
    if not [u for u in frame.units if w.unit(u).hex is not None]:
        return [Action(type="stop")]
    if frame.surrender:
        return [Action(type="surrender")]
    n = len(frame.path)
    out: list[Action] = []
    seen: set[str] = set()
    for p in _matching(frame):
        if len(p.hexes) == n:
            if n and not p.dies and Action(type="stop") not in out:
                out.insert(0, Action(type="stop"))
            continue
        nxt = p.hexes[n]
        if nxt not in seen:
            seen.add(nxt)
            out.append(Action(type="retreat", hex=nxt))
    return out or [Action(type="stop")]


def retreat_decide(w: Work, frame: RetreatFrame, action: Action) -> None:
    """7.6, 7.7: one hex of the retreat (its losses), stopping, or surrendering."""
    alive = [u for u in frame.units if w.unit(u).hex is not None]
    rule = RULE[frame.retreat_kind]
    if action.type == "surrender":
        w.pop()
        for u in alive:
            eliminate(w, u, rule, surrendered=True)
        return
    if action.type == "stop":
        w.pop()
        finish(w, frame, alive, rule)
        return
    assert action.hex
    n = len(frame.path)
    paths = [p for p in _matching(frame) if len(p.hexes) > n and p.hexes[n] == action.hex]
    loss = min(p.losses[n] for p in paths)
    dies = all(p.dies and len(p.hexes) == n + 1 for p in paths)
    frame.path = (*frame.path, action.hex)
    for u in alive:
        w.upd(u, hex=action.hex, entrenchment="none")
    bridges.sweep_refused(w)
    if dies:
        for u in alive:
            eliminate(w, u, rule)
    elif loss and frame.retreat_kind != "cavalry":
        for u in alive:
            lose(w, u, loss, rule)
    if not [u for u in alive if w.unit(u).hex is not None]:
        w.pop()
        finish(w, frame, [], rule)


def finish(w: Work, frame: RetreatFrame, alive: list[str], rule: str) -> None:
    """7.6: the retreat is over: the log line, VP hexes, enemy pontoons (10.2), markers."""
    if frame.path:
        event = ev.RetreatEvent(
            turn=w.turn,
            rule=rule,
            units=list(frame.units),
            path=[frame.start, *frame.path],
            kind=frame.retreat_kind,
            override=frame.override,
        )
        found = closer_excluded(w, frame)
        if found:
            event = event.model_copy(
                update={"closer_excluded": found, "register_": [CLOSER_READING]}
            )
        w.emit(event)
    for u in alive:
        bridges.note_control(w, hex_of(w.unit(u)), w.unit(u).side)
        bridges.enemy_pontoons_fall(w, w.unit(u))
    bridges.sweep_refused(w)


decision(RetreatFrame, retreat_options, retreat_decide)
