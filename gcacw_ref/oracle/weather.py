"""The oracle's reading of rain (12.0): the river markers move only at a rain result, by
that result's rain number, and a roadless provisional swamp floods only then.

A rain result lays rain on its turn and the turns it names; the turns after it are rain
turns too, but nothing new happens on them: the markers stay where they are and no unit
is flooded out of a provisional swamp. The rain numbers are read from
`tables/rain_numbers.toml` with the oracle's own reading of that file.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import TYPE_CHECKING, Any

from gcacw_ref.game.model.state import GameState
from gcacw_ref.paths import tables_dir

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally

EXTRA = {"rain": 0, "rain+1": 1, "rain+2": 2, "rain+3": 3}  # 12.0: the turns after this one
ROADS = frozenset({"road", "pike", "railroad"})  # 12.0: a trail does not keep a swamp dry


@cache
def _numbers() -> dict[str, Any]:
    with (tables_dir() / "rain_numbers.toml").open("rb") as f:
        return tomllib.load(f)


def rain_number(game: str, river: str, extra: int) -> int:
    row = _numbers()[river]
    value = row.get(game, row["other"])[extra]
    return int(value)


def marker_after(turn: int, number: int, marker: int) -> int:
    """12.0: a marker still on the track moves `number` turns on; otherwise one is laid
    `number` turns ahead (none for 0). 0 stands for no marker."""
    if marker >= turn:
        return marker + number
    return turn + number if number else 0


def _live(marker: int, turn: int) -> int:
    """A marker that no longer applies on `turn` reads as none."""
    return marker if marker >= turn else 0


def _result(seen: Seen, turn: int) -> str | None:
    """The rain result of `turn`: the random event rolled in this step, else the
    scenario's weather for that turn."""
    for ev in seen.events:
        if ev.get("type") == "rain" and ev.get("rule") == "3.0" and ev.get("turn") == turn:
            return str(ev.get("event"))
    return str(seen.pre.scenario.weather.get(str(turn), "none"))


def river_markers(t: Tally, seen: Seen) -> None:
    """12.0: at a rain result each river marker is laid or moved on by its rain number;
    at no other time does it move."""
    pre, post = seen.pre, seen.post
    if post is None:
        return
    results = [ev for ev in seen.events if ev.get("type") == "rain" and "through" in ev]
    game = pre.scenario.scenario.game.value
    minor, major = pre.minor_unfordable_until, pre.major_unfordable_until
    for ev in results:
        turn = int(ev["turn"])
        extra = EXTRA.get(_result(seen, turn) or "", -1)
        if extra < 0:
            t.check("12.0 river markers", False, f"turn {turn}: rain without a rain result")
            continue
        minor = marker_after(turn, rain_number(game, "minor", extra), minor)
        major = marker_after(turn, rain_number(game, "major", extra), major)
    if not results and (minor, major) == (
        post.minor_unfordable_until,
        post.major_unfordable_until,
    ):
        return  # nothing rained and nothing moved: no check to count
    now = post.turn
    want = (_live(minor, now), _live(major, now))
    got = (_live(post.minor_unfordable_until, now), _live(post.major_unfordable_until, now))
    t.check("12.0 river markers", want == got, f"markers {got}, expected {want}")


def _roadless_provisional(state: GameState, hex_: str) -> bool:
    doc = state.scenario.map_document or {}
    entry = (doc.get("hexes") or {}).get(hex_, {})
    head = doc.get("map", {})
    if entry.get("terrain", head.get("default_terrain")) != "provisional_swamp":
        return False
    for side in doc.get("hexsides") or []:
        if hex_ in side["between"] and ROADS & set(side.get("features") or ()):
            return False
    return True


def _in_swamp(state: GameState, uid: object) -> bool:
    unit = state.units.get(str(uid))
    return unit is not None and unit.hex is not None and _roadless_provisional(state, unit.hex)


def _flood_move(ev: dict[str, Any], rained: bool, pre: GameState) -> bool:
    """A unit leaving a flooded swamp, or removed from it for want of a hex to go to."""
    kind = ev.get("type")
    if kind == "rain":
        return bool(ev.get("unit"))
    return rained and kind in ("surrender", "eliminated") and _in_swamp(pre, ev.get("unit"))


def flooding(t: Tally, seen: Seen) -> None:
    """12.0: when rain comes, every unit in a provisional swamp with no road, pike or
    railroad is flooded out (moved to a hex beside it, by its owner's choice or the only
    one; removed when there is none); on any other step, continuing rain included, no
    unit is flooded out."""
    pre, post = seen.pre, seen.post
    if post is None:
        return
    before = {getattr(f, "unit", "") for f in pre.stack if f.kind == "swamp_exit"}
    flooded = {getattr(f, "unit", "") for f in post.stack if f.kind == "swamp_exit"} - before
    moved: set[str] = set()
    rained = False
    for ev in seen.events:
        kind = ev.get("type")
        if kind == "rain" and "through" in ev:
            rained = True
        elif _flood_move(ev, rained, pre):
            flooded.add(str(ev["unit"]))
        elif not rained and kind in ("move", "advance"):
            moved.add(str(ev.get("unit")))
        elif not rained and kind == "retreat":
            moved.update(str(u) for u in ev.get("units") or [])
    if rained:
        want = {
            u.id
            for u in pre.units.values()
            if u.hex is not None and u.id not in moved and _roadless_provisional(pre, u.hex)
        }
        t.check("12.0 flooding", flooded == want, f"flooded {sorted(flooded)}, not {sorted(want)}")
    elif flooded - before:
        t.check("12.0 flooding", False, f"flooded {sorted(flooded)} without a rain result")
