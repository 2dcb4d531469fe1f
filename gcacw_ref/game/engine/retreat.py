"""Retreats, routs and cavalry retreats hex by hex (7.6, 7.7) through `rules.retreat`.

The `retreat` frame moves a stack one hex per decision among the hexes the priority
tables allow (the one-time override when surrender is otherwise certain), takes the
losses the tables give, and surrenders the stack when no hex is left.
"""

from __future__ import annotations

from typing import Any

from gcacw_ref.game.actions import Action
from gcacw_ref.game.engine import bridges
from gcacw_ref.game.engine.common import zoc_kind
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.units import eliminate, lose
from gcacw_ref.rules.retreat import RetreatHex, retreat_length, retreat_step
from gcacw_ref.rules.terrain import HexsideFeature as F


def push_retreat(
    w: Any,
    units: list[str],
    kind: str,
    active_uid: str | None,
    after: str | None = None,
    assault: bool = False,
) -> None:
    alive = [u for u in units if w.unit(u).hex is not None]
    if not alive:
        return
    start = w.unit(alive[0]).hex
    active_hex = w.unit(active_uid).hex if active_uid else None
    w.push(
        "retreat",
        w.unit(alive[0]).side,
        units=alive,
        kind=kind,
        start=start,
        path=[start],
        active_hex=active_hex,
        override=False,
        after=after,
    )


def crossing_ok(w: Any, a: str, b: str, side: Any) -> bool:
    """7.6 / 12.0: rivers only at a crossing; in rain not by ford, nor creek without road."""
    feats = bridges.effective_hexside(w, a, b, side)
    if feats is None:
        return False
    rain = w.rain()
    if feats & {F.MINOR_RIVER, F.MAJOR_RIVER}:
        usable = {F.BRIDGE, F.DAM, F.FERRY}
        major = F.MAJOR_RIVER in feats
        fordable = not rain and w.turn > int(
            w.s["major_unfordable_until" if major else "minor_unfordable_until"]
        )
        if F.FORD in feats and fordable:
            return True
        if bridges.is_destroyed(w, a, b):
            return not major and fordable
        return bool(feats & usable)
    if (
        rain
        and F.CREEK in feats
        and not w.board.road_link(a, b)
        and "city" not in (w.board.terrain(a), w.board.terrain(b))
    ):
        return False
    return True


def neighbours(
    w: Any, data: dict[str, Any], side: Any
) -> tuple[list[str | None], list[RetreatHex]]:
    here = data["path"][-1]
    b = w.board
    names: list[str | None] = list(b.neighbors(here))
    names += [None] * (6 - len(names))
    active = data["active_hex"]
    d0 = b.distance(here, active) if active else 0
    out = []
    closed = {"mountain", "swamp"} | ({"provisional_swamp"} if w.rain() else set())
    for n in names:
        if n is None:
            out.append(RetreatHex(prohibited=True))
            continue
        bad = (
            n in data["path"]
            or b.terrain(n) == "water"
            or ((b.terrain(n) in closed or b.terrain(here) in closed) and not b.road_link(here, n))
            or not crossing_ok(w, here, n, side)
        )
        enemies = w.enemy_at(n, side)
        out.append(
            RetreatHex(
                prohibited=bad,
                active_enemy=bool(active and n == active),
                enemy_units=bool(enemies),
                enemy_zoc=zoc_kind(w, n, side) is not None,
                road=b.road_link(here, n) or "city" in (b.terrain(here), b.terrain(n)),
                friendly_units=bool(w.friends_at(n, side)),
                farther=bool(active) and b.distance(n, active) > d0,
                closer=bool(active) and b.distance(n, active) < d0,
            )
        )
    return names, out


def may_stop(w: Any, data: dict[str, Any], side: Any) -> bool:
    lo, _ = retreat_length(data["kind"])
    here = data["path"][-1]
    moved = len(data["path"]) - 1
    if moved < lo or w.enemy_at(here, side):
        return False
    return data["kind"] == "optional" or w.board.distance(here, data["start"]) >= 2


def retreat_options(w: Any, frame: dict[str, Any]) -> list[Action]:
    data = frame["data"]
    side = frame["side"]
    alive = [u for u in data["units"] if w.unit(u).hex is not None]
    if not alive:
        return [Action(type="stop")]
    _, hi = retreat_length(data["kind"])
    moved = len(data["path"]) - 1
    out = [Action(type="stop")] if may_stop(w, data, side) else []
    if moved >= hi and out:
        return out
    names, hexes = neighbours(w, data, side)
    here = data["path"][-1]
    in_zoc = zoc_kind(w, here, side) is not None
    number = min(moved + 1, 6)
    step = retreat_step(data["kind"], number, in_zoc, hexes, override=data["override"])
    for i in step.must_choose:
        name = names[i]
        if name is not None:
            out.append(Action(type="retreat", hex=name))
    if not out:
        if not data["override"]:
            step = retreat_step(data["kind"], number, in_zoc, hexes, override=True)
            out = [
                Action(type="retreat", hex=names[i], option="override")
                for i in step.must_choose
                if names[i]
            ]
        if not out:
            return [Action(type="surrender")]
    return out


def retreat_decide(w: Any, frame: dict[str, Any], action: Action) -> None:
    data = frame["data"]
    side = frame["side"]
    alive = [u for u in data["units"] if w.unit(u).hex is not None]
    rule = "7.7" if data["kind"] == "cavalry" else "7.6"
    if action.type == "stop":
        w.pop()
        if alive and len(data["path"]) > 1:
            w.emit(
                "retreat",
                rule,
                f"{', '.join(w.unit(u).name for u in alive)} {data['kind']}: "
                f"{' -> '.join(data['path'])}",
                f"{data['kind']}：{'→'.join(data['path'])}",
                units=alive,
                path=data["path"],
                kind=data["kind"],
            )
        bridges.sweep_refused(w)
        return
    if action.type == "surrender":
        w.pop()
        for u in alive:
            eliminate(w, u, rule, surrendered=True)
        return
    assert action.hex
    here = data["path"][-1]
    names, hexes = neighbours(w, data, side)
    idx = names.index(action.hex)
    moved = len(data["path"]) - 1
    step = retreat_step(
        data["kind"],
        min(moved + 1, 6),
        zoc_kind(w, here, side) is not None,
        hexes,
        override=action.option == "override",
    )
    opt = step.options[idx]
    if action.option == "override":
        data["override"] = True
    data["path"] = [*data["path"], action.hex]
    for u in alive:
        w.upd(u, hex=action.hex, entrenchment="none")
    bridges.clear_refused_on_leave(w, here)
    if opt.eliminated:
        for u in alive:
            eliminate(w, u, rule)
    elif opt.strength_loss:
        for u in alive:
            lose(w, u, opt.strength_loss, rule)
    if not [u for u in alive if w.unit(u).hex is not None]:
        w.pop()


decision("retreat", retreat_options, retreat_decide)
