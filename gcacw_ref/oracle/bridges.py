"""The oracle's reading of bridges (10.1, 10.2): how many pontoon bridges a side has laid,
when a pontoon bridge goes (its owner takes it up during a march; a strong enemy unit ends
a march, a retreat or an advance beside it), and that a fixed bridge or ferry is destroyed
only by a unit whose march has just ended, under the conditions of 10.2.

The marker limits are read from `tables/bridge_markers.toml` (10.1) with the oracle's own
reading of that file; the strength that removes a pontoon or may attack a fixed bridge is
10.2's figure (3 in SIV).
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import TYPE_CHECKING, Any

from gcacw_ref.game.model.frames import DestroyFrame, MarchFrame
from gcacw_ref.game.model.state import GameState, Unit
from gcacw_ref.oracle.position import strength
from gcacw_ref.paths import tables_dir

if TYPE_CHECKING:
    from gcacw_ref.oracle.board import Board
    from gcacw_ref.oracle.tally import Seen, Tally


def strong(state: GameState) -> int:
    """10.2: strength 5 or more (3 in SIV)."""
    return 3 if state.scenario.scenario.game.value == "SIV" else 5


@cache
def _markers() -> dict[str, Any]:
    with (tables_dir() / "bridge_markers.toml").open("rb") as f:
        return tomllib.load(f)


def marker_limit(state: GameState, side: str, major: bool) -> int:
    """10.1: the side's markers of one river kind: the scenario's, within the rules' limit."""
    cfg = state.scenario.bridges
    own = int(getattr(cfg, f"{side}_{'major' if major else 'minor'}"))
    rows = _markers()["major" if major else "minor"]
    game = state.scenario.scenario.game.value
    row = rows.get(game, rows.get("default"))
    return own if row is None else min(own, int(row[side]))


def ended_here(seen: Seen) -> dict[str, str]:
    """Units that ended a march, a retreat or an advance in this step -> where they are."""
    post = seen.post
    assert post is not None
    out: dict[str, str] = {}
    marching = {f.unit for f in post.stack if isinstance(f, MarchFrame)}
    ids = [f.unit for f in seen.pre.stack if isinstance(f, MarchFrame) and f.unit not in marching]
    for ev in seen.events:
        if ev.get("type") == "retreat":
            ids.extend(str(u) for u in ev.get("units") or [])
        elif ev.get("type") == "advance":
            ids.append(str(ev.get("unit")))
    for uid in ids:
        unit = post.units.get(uid)
        if unit is not None and unit.hex is not None:
            out[uid] = unit.hex
    return out


def markers(t: Tally, seen: Seen) -> None:
    """10.1: after any change of the pontoon bridges, no side has more of a kind laid
    than its markers."""
    post = seen.post
    if post is None or post.bridges == seen.pre.bridges:
        return
    board_sides = _river_kinds(post)
    used: dict[tuple[str, bool], int] = {}
    for a, b, owner in post.bridges:
        key = (owner, board_sides.get(frozenset((a, b)), False))
        used[key] = used.get(key, 0) + 1
    for (owner, major), n in sorted(used.items()):
        limit = marker_limit(post, owner, major)
        kind = "major" if major else "minor"
        t.check("10.1 bridge markers", n <= limit, f"{owner} {n} {kind} > {limit}")


def _river_kinds(state: GameState) -> dict[frozenset[str], bool]:
    """Hexside -> whether its river is a major one, for the pontoons laid."""
    doc = state.scenario.map_document or {}
    out: dict[frozenset[str], bool] = {}
    for entry in doc.get("hexsides") or []:
        if "major_river" in (entry.get("features") or ()):
            out[frozenset(entry["between"])] = True
    return out


def pontoons(t: Tally, seen: Seen) -> None:
    """10.2: a pontoon bridge goes when a strong enemy unit ends a march, a retreat or an
    advance in one of its two hexes, or when its owner's marching unit beside it takes it
    up; it goes at no other time."""
    pre, post = seen.pre, seen.post
    if post is None or not pre.bridges:
        return
    after = {frozenset((a, b)) for a, b, _o in post.bridges}
    ended = ended_here(seen)
    action = seen.action
    for a, b, owner in pre.bridges:
        key = frozenset((a, b))
        falls = [
            uid
            for uid, h in ended.items()
            if h in key
            and post.units[uid].side.value != owner
            and strength(post, post.units[uid]) >= strong(post)
        ]
        taken = action.type == "dismantle" and _taken_up(pre, action.unit, action.hex, key, owner)
        where = f"{a}-{b} ({owner})"
        if falls:
            t.check("10.2 pontoon removal", key not in after, f"{where} stays by {falls[0]}")
        elif key not in after:
            t.check("10.2 pontoon removal", taken, f"{where} gone without cause")
        elif action.type == "dismantle" and action.hex in key:
            t.check("10.2 pontoon take-up", False, f"{where} not taken up")


def _taken_up(
    pre: GameState, uid: str | None, other: str | None, key: frozenset[str], owner: str
) -> bool:
    """10.2: the owner's unit on the march, in one of the two hexes, takes it up."""
    top = pre.stack[-1] if pre.stack else None
    unit = pre.units.get(uid or "")
    return (
        isinstance(top, MarchFrame)
        and unit is not None
        and top.unit == unit.id
        and unit.side.value == owner
        and {unit.hex, other} == set(key)
    )


def _may_destroy(pre: GameState, board: Board, unit: Unit, there: str) -> bool | None:
    """10.2: whether `unit` may try to destroy the crossing to `there` (None: a ZOC over a
    pontoon or destroyed crossing is involved, not judged)."""
    here = unit.hex
    assert here is not None
    feats = board.side(here, there)
    ferry = "ferry" in feats and "bridge" not in feats
    if frozenset((here, there)) in board.uncertain or not feats & {"bridge", "ferry"}:
        return False
    if unit.id in pre.destroy_tried:  # one attempt a turn for each unit
        return False
    if ferry and unit.kind not in ("infantry", "cavalry"):
        return False
    if not ferry and (unit.kind != "infantry" or strength(pre, unit) < strong(pre)):
        return False
    units = [u for u in pre.units.values() if u.hex is not None]
    if any(u.side != unit.side and u.hex in (here, there) for u in units):
        return False
    friends = any(u.side == unit.side and u.hex == there for u in units)
    for u in units:
        if u.side == unit.side or u.hex is None or there not in board.around(u.hex):
            continue
        if frozenset((u.hex, there)) in board.uncertain:
            return None
        if board.zoc_into(u.hex, there) and not friends:
            return False
    return True


def destruction(t: Tally, seen: Seen, board: Board) -> None:
    """10.2: a fixed bridge or ferry is attacked (offered, or found destroyed) only by the
    unit whose march has just ended, from its hex, where 10.2 allows it."""
    pre, post = seen.pre, seen.post
    offers = [a for a in seen.legal if a.type == "destroy"]
    new = set(post.destroyed) - set(pre.destroyed) if post is not None else set()
    if not offers and not new:
        return
    top = pre.stack[-1] if pre.stack else None
    marching = {f.unit for f in pre.stack if isinstance(f, MarchFrame)}
    ok_frame = isinstance(top, DestroyFrame) and top.unit not in marching
    for offer in offers:
        unit = pre.units.get(offer.unit or "")
        ok = ok_frame and unit is not None and offer.hex is not None
        if ok and unit is not None and offer.hex is not None:
            judged = _may_destroy(pre, board, unit, offer.hex)
            if judged is None:
                continue
            ok = judged
        t.check("10.2 destroy after march", ok, f"{offer.unit} -> {offer.hex}")
    for a, b in sorted(new):
        act = seen.action
        unit = pre.units.get(act.unit or "")
        ok = ok_frame and act.type == "destroy" and unit is not None
        ok = ok and unit is not None and {unit.hex, act.hex} == {a, b}
        t.check("10.2 destroy after march", ok, f"{a}-{b} destroyed")


def bridge_checks(t: Tally, seen: Seen, board: Board) -> None:
    markers(t, seen)
    pontoons(t, seen)
    destruction(t, seen, board)
