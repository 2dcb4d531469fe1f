"""The oracle's reading of two things decided during play: who holds a VP hex (the
scenario's rule: the side whose unit entered it last, a march counting each hex it enters,
a retreat or an advance the hex where it ends) and when a cavalry retreat may be
declared (7.7).

7.7: a cavalry unit may retreat before an enemy infantry or artillery unit that moves
into its normal ZOC or begins a march there, or that began its march in the cavalry's
limited ZOC and is ordered to attack it; before an enemy unit advancing after combat into
its normal ZOC; and before an assault on its hex that no cavalry leader declared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.game.model.frames import CavalryRetreatFrame, MarchFrame

if TYPE_CHECKING:
    from gcacw_ref.oracle.board import Board
    from gcacw_ref.oracle.tally import Seen, Tally


def entered(seen: Seen) -> dict[str, str]:
    """VP hex -> the side of the unit that entered it last in this step."""
    post = seen.post
    assert post is not None
    out: dict[str, str] = {}
    for ev in seen.events:
        kind = ev.get("type")
        hexes: list[tuple[str, str]] = []
        if kind in ("move", "advance"):
            hexes = [(str(ev.get("unit")), str(ev.get("to")))]
        elif kind == "retreat" and ev.get("path"):
            hexes = [(str(u), str(ev["path"][-1])) for u in ev.get("units") or []]
        for uid, hex_ in hexes:
            unit = post.units.get(uid) or seen.pre.units.get(uid)
            if unit is not None and hex_ in post.hex_control:
                out[hex_] = unit.side.value
    return out


def vp_control(t: Tally, seen: Seen) -> None:
    """Scenario VP hexes: a hex entered in this step goes to the side that entered it
    last; a hex nobody entered keeps its holder."""
    pre, post = seen.pre, seen.post
    if post is None or not post.hex_control:
        return
    last = entered(seen)
    for hex_, holder in sorted(post.hex_control.items()):
        if hex_ in last:
            t.check("VP hex control", holder == last[hex_], f"{hex_} held by {holder}")
        elif pre.hex_control.get(hex_) != holder:
            t.check("VP hex control", False, f"{hex_} passed to {holder}, nobody entered")


def retreat_declared(t: Tally, seen: Seen, board: Board) -> None:
    """7.7: each cavalry retreat offered in this step answers one of the situations above."""
    pre, post = seen.pre, seen.post
    if post is None:
        return
    for frame in post.stack:
        if isinstance(frame, CavalryRetreatFrame) and frame not in pre.stack:
            ok = _may_declare(seen, board, frame)
            if ok is not None:
                t.check("7.7 retreat declared", ok, f"{frame.hex} before {frame.active}")


def _may_declare(seen: Seen, board: Board, frame: CavalryRetreatFrame) -> bool | None:
    """Whether the situation lets the cavalry in `frame.hex` declare (None: not judged)."""
    post = seen.post
    assert post is not None
    cavalry = [
        u
        for u in post.units.values()
        if u.hex == frame.hex and u.side == frame.side and u.kind == "cavalry"
    ]
    active = post.units.get(frame.active)
    if not cavalry or active is None or active.hex is None or active.side == frame.side:
        return False
    if frame.assault:
        return True  # the assault's leader is judged by the assault rules
    if frozenset((active.hex, frame.hex)) in board.uncertain:
        return None  # across a pontoon or a destroyed crossing: not judged
    if frame.hex not in board.around(active.hex):
        return False
    zoc = board.zoc_into(frame.hex, active.hex)
    if seen.action.type == "advance":
        return zoc == "normal"
    if active.kind == "cavalry":
        return False
    if zoc == "normal":
        return True
    march = next((f for f in seen.pre.stack if isinstance(f, MarchFrame)), None)
    return (
        zoc == "limited"
        and seen.action.type == "attack"
        and seen.action.hex == frame.hex
        and march is not None
        and march.unit == active.id
        and march.start == active.hex
    )
