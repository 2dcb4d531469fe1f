"""Zones of control (2.4, with rain's effects from 12.0).

Every combat unit, whatever its state, exerts a ZOC into the six hexes around it,
except:

- across a major or minor river only where a ford, dam, ferry or bridge is (10.2: a
  destroyed bridge or ferry on a minor river counts as a ford, on a major river as
  nothing);
- into or out of a swamp or mountain hex only across a road, pike or railroad hexside
  (a provisional swamp is a swamp on rain turns, 12.0);
- never across an all-water hexside (map feature `water`) or into a water hex;
- on rain turns (12.0) not across fords or destroyed crossings, and not across a creek
  unless a road, pike, railroad or trail crosses it or a city hex is beside it.

A ZOC that crosses a woods hexside (2.3: either hex is woods) without a road, pike,
railroad or trail is *limited*; otherwise it is *normal*. Limited ZOC does not affect
movement (6.2) but blocks command radius (2.5) like a normal one.

A laid pontoon bridge (10.1) carries ZOC like any intact bridge (10.2), whoever owns
it, even over a destroyed fixed crossing; `with_pontoon_bridges` gives the map with them.

`zoc_across` (the rules core, `gcacw_ref.rules.zoc`) decides one hexside from plain
values; `enemy_zoc` builds the map-wide dictionary hex -> strongest ZOC kind for a set of
enemy unit hexes.
"""

from __future__ import annotations

from collections.abc import Iterable

from gcacw_ref.game.model.geometry import hexside_key
from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.rules.movement import pontoon_bridge_features
from gcacw_ref.rules.terrain import ROADS_AND_TRAIL
from gcacw_ref.rules.zoc import ZocKind, zoc_across

__all__ = ["ZocKind", "enemy_zoc", "has_road", "with_pontoon_bridges", "zoc_across", "zoc_from_hex"]


def zoc_from_hex(
    hexmap: HexMap,
    unit_hex: str,
    *,
    rain: bool = False,
    destroyed: frozenset[tuple[str, str]] = frozenset(),
) -> dict[str, ZocKind]:
    """The hexes a unit in `unit_hex` exerts ZOC into, with the kind of each (kept in the
    map's memo: the answer depends on the map, the hex, the rain and `destroyed` only)."""
    memo = hexmap.memo.setdefault("zoc-from-hex", {})
    assert isinstance(memo, dict)
    key = (unit_hex, rain, destroyed)
    hit = memo.get(key)
    if hit is None:
        if len(memo) > 50_000:
            memo.clear()
        hit = memo[key] = _zoc_from_hex(hexmap, unit_hex, rain, destroyed)
    return hit


def _zoc_from_hex(
    hexmap: HexMap, unit_hex: str, rain: bool, destroyed: frozenset[tuple[str, str]]
) -> dict[str, ZocKind]:
    result: dict[str, ZocKind] = {}
    src = hexmap.terrain(unit_hex)
    for n in hexmap.neighbors(unit_hex):
        key = (unit_hex, n) if unit_hex <= n else (n, unit_hex)
        kind = zoc_across(
            src,
            hexmap.terrain(n),
            hexmap.hexside(unit_hex, n),
            rain=rain,
            destroyed=key in destroyed,
        )
        if kind is not None:
            result[n] = kind
    return result


def has_road(hexmap: HexMap, h: str) -> bool:
    """A road, pike, trail or railroad runs along one of the hexsides of `h` (10.1 note)."""
    return any(hexmap.hexside(h, n) & ROADS_AND_TRAIL for n in hexmap.neighbors(h))


def with_pontoon_bridges(hexmap: HexMap, hexsides: Iterable[tuple[str, str]]) -> HexMap:
    """The map with a pontoon bridge laid on each of `hexsides` (10.1): a bridge, plus a
    road when both hexes have a road, pike, trail or railroad. Kept in the map's memo."""
    keys = frozenset(hexside_key(a, b) for a, b in hexsides)
    if not keys:
        return hexmap
    memo_key = ("pontoon-map", keys)
    hit = hexmap.memo.get(memo_key)
    if isinstance(hit, HexMap):
        return hit
    added = {
        (a, b): pontoon_bridge_features(has_road(hexmap, a) and has_road(hexmap, b))
        for a, b in sorted(keys)
    }
    new = hexmap.with_hexside_features(added)
    hexmap.memo[memo_key] = new
    return new


def enemy_zoc(
    hexmap: HexMap,
    enemy_hexes: Iterable[str],
    *,
    rain: bool = False,
    destroyed: frozenset[tuple[str, str]] = frozenset(),
    pontoons: Iterable[tuple[str, str]] = (),
) -> dict[str, ZocKind]:
    """Every hex in the ZOC of a unit in one of `enemy_hexes`, with its strongest kind.

    `destroyed` holds `geometry.hexside_key`s of hexsides whose bridge/ferry is destroyed;
    `pontoons` the hexsides with a pontoon bridge of either side (10.2: ZOC crosses it).
    """
    laid = frozenset(hexside_key(a, b) for a, b in pontoons)
    if laid:
        hexmap = with_pontoon_bridges(hexmap, laid)
        destroyed = destroyed - laid
    result: dict[str, ZocKind] = {}
    for h in set(enemy_hexes):
        for n, kind in zoc_from_hex(hexmap, h, rain=rain, destroyed=destroyed).items():
            if result.get(n) is not ZocKind.NORMAL:
                result[n] = kind
    return result
