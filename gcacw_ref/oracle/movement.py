"""The oracle's checks of movement (6.1, 6.2, 12.0 and the terrain chart): the MP each
hex entered costs, the hexes offered to a marching unit, and enemy ZOC (a unit in enemy
normal ZOC may leave it only as the first thing done in a march begun there, so one that
entered it, or did anything else there, stops).

The costs are read from the charts as data (`tables/terrain.toml`,
`tables/friendly_occupied.toml`); the rest is written from 6.2 and 12.0. Hexsides touched
by a pontoon bridge or a destroyed crossing, and hexes whose ZOC crosses one, are not
judged (as in `board`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import MarchFrame
from gcacw_ref.game.model.state import GameState, Unit
from gcacw_ref.oracle.board import Board
from gcacw_ref.oracle.position import frame_named, strength
from gcacw_ref.paths import tables_dir
from gcacw_ref.rules.games import Side

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally

_DATA: dict[str, Any] = {}


def _table(name: str) -> Any:  # noqa: ANN401 -- a TOML document
    if name not in _DATA:
        with open(tables_dir() / f"{name}.toml", "rb") as fh:
            _DATA[name] = tomllib.load(fh)
    return _DATA[name]


def chart_mp(cell: str) -> Fraction | None:
    """A terrain-chart cell as MP: "3", "1 1/2"; None for P (prohibited)."""
    if cell == "P":
        return None
    return sum((Fraction(part) for part in cell.split()), Fraction(0))


@lru_cache(maxsize=512)
def terrain_mp(terrain: str, rain: bool) -> Fraction | None:
    """6.1, 12.0: the chart's cost of entering a hex of that terrain off the roads."""
    row = _table("terrain")["terrain"].get(terrain)
    return chart_mp(row["rain" if rain else "normal"]) if row else None


@lru_cache(maxsize=512)
def road_mp(feature: str, rain: bool) -> Fraction:
    """6.2, 12.0: road, pike or railroad: the chart's row replaces the terrain's cost."""
    cell = _table("terrain")["hexside"][feature]["rain" if rain else "normal"]
    mp = chart_mp(cell)
    assert mp is not None
    return mp


@lru_cache(maxsize=512)
def trail_mp(into_mountain: bool, rain: bool) -> Fraction:
    """6.2, 12.0: along a trail, 2 into a mountain (3 in rain), 1 elsewhere (2 in rain)."""
    trail = _table("terrain")["trail"]
    where = "into_mountain" if into_mountain else "elsewhere"
    return chart_mp(str(trail[f"{where}_{'rain' if rain else 'normal'}"])) or Fraction(0)


@lru_cache(maxsize=512)
def crowding_mp(terrain: str, friendly: Fraction) -> int:
    """6.2: infantry or artillery entering a hex whose friendly infantry and artillery
    total 3 or more combat strength (register friendly-occupied-halves)."""
    table = _table("friendly_occupied")
    column = "close" if terrain in table["columns"]["close"] else "open"
    for band in table["band"]:
        low = Fraction(band["at_least"])
        high = Fraction(band["below"]) if "below" in band else None
        if friendly >= low and (high is None or friendly < high):
            return int(band[column])
    return 0


class Ground:
    """The position as one side's moving unit sees it: enemy hexes, the friendly infantry
    and artillery strength in each hex, and enemy ZOC (worked out once per step)."""

    def __init__(self, board: Board, state: GameState, side: Side) -> None:
        self.board = board
        self.state = state
        self.enemy: set[str] = set()
        self.infantry: dict[str, list[Unit]] = {}  # friendly infantry and artillery by hex
        for u in state.units.values():
            if u.hex is None:
                continue
            if u.side != side:
                self.enemy.add(u.hex)
            elif u.kind != "cavalry":
                self.infantry.setdefault(u.hex, []).append(u)
        self._zoc: dict[str, bool | None] = {}

    def crowd(self, hex_: str) -> Fraction:
        """6.2: the combat strength of the friendly infantry and artillery in the hex."""
        units = self.infantry.get(hex_, [])
        return sum((strength(self.state, u) for u in units), Fraction(0))

    def zoc(self, hex_: str) -> bool | None:
        """2.4, 6.2: whether an enemy unit exerts normal ZOC into `hex_` (limited ZOC does
        not affect movement); None when a hexside it would cross is not judged."""
        if hex_ in self._zoc:
            return self._zoc[hex_]
        found: bool | None = False
        for n in self.board.around(hex_):
            if n is None or n not in self.enemy:
                continue
            if frozenset((n, hex_)) in self.board.uncertain:
                found = None
                break
            found = found or self.board.zoc_into(n, hex_) == "normal"
        self._zoc[hex_] = found
        return found


@dataclass(frozen=True)
class Step:
    """What entering a hex takes: `mp` (None: the unit may not enter) and why."""

    mp: Fraction | None
    why: str


def terrain_step(ground: Ground, unit: Unit, a: str, b: str) -> Step:
    """6.1, 6.2, 12.0: entering `b` from `a`, ZOC aside: the cheapest of the terrain and
    each road, pike, railroad or trail along the hexside; rivers, creeks, the ferry
    penalty and the friendly-occupied penalty."""
    board, state = ground.board, ground.state
    feats = board.side(a, b)
    src, dst = board.terrain(a), board.terrain(b)
    rain = board.rain
    if dst == "water" or "water" in feats:
        return Step(None, "water")
    if b in ground.enemy:
        return Step(None, "enemy unit")
    extra = Fraction(0)
    if feats & {"major_river", "minor_river"}:
        major = "major_river" in feats
        until = state.major_unfordable_until if major else state.minor_unfordable_until
        marker = state.turn <= until  # 12.0: the river's uncrossable marker is out
        fordable = "ford" in feats and not rain and not marker
        if not (feats & {"bridge", "dam", "ferry"} or fordable):
            return Step(None, "river")
        if not (feats & {"bridge", "dam"} or fordable) and (major or rain or marker):
            extra += Fraction(int(Fraction(unit.strength) // 3))  # 6.2 ferry; 12.0 marker
    city = "city" in (src, dst)
    if rain and "creek" in feats and not feats & {"road", "pike", "railroad", "trail"} and not city:
        return Step(None, "creek in rain")
    costs: list[Fraction] = []
    closed = ("swamp", "mountain")
    if src not in closed and dst not in closed:
        mp = terrain_mp(dst, rain)
        if mp is not None:
            costs.append(mp)
    costs += [road_mp(f, rain) for f in feats & {"road", "pike", "railroad"}]
    if "trail" in feats and "swamp" not in (src, dst):  # register swamp-trail
        costs.append(trail_mp(dst == "mountain", rain))
    if not costs:
        return Step(None, f"{dst} off the roads")
    mp = min(costs) + extra
    if unit.kind != "cavalry":  # a dry provisional swamp: the open column
        mp += crowding_mp(dst, ground.crowd(b))
    return Step(mp, "terrain")


def move_step(
    ground: Ground, unit: Unit, a: str, b: str, mp_left: Fraction, first: bool, fresh: bool
) -> Step | None:
    """6.2: entering `b` with `mp_left` MP; `first`: nothing done yet in a march begun in
    `a`; `fresh`: the unit has neither moved nor fought this march. ZOC: leaving normal
    ZOC only as that first thing, +1 MP to a hex outside it, all the MP to another ZOC
    hex. The one-hex minimum move (a fresh unit, 6.2, 7.7 step 6) spends every MP
    (register minimum-move-cost). None: not judged."""
    if frozenset((a, b)) in ground.board.uncertain:
        return None
    za, zb = ground.zoc(a), ground.zoc(b)
    if za is None or zb is None:
        return None
    step = terrain_step(ground, unit, a, b)
    if step.mp is None:
        return step
    if za and not first:
        return Step(None, "in enemy ZOC after the march's first action")
    mp = mp_left if za and zb else step.mp + (1 if za else 0)
    if mp > mp_left:
        return Step(mp_left, "one-hex minimum") if fresh else Step(None, "not enough MP")
    return Step(mp, "ZOC to ZOC" if za and zb else step.why)


class MarchWatch:
    """The march under way as the oracle saw it: its unit, start hex, whether it has done
    anything yet (moved, attacked, refused its flanks)."""

    def __init__(self) -> None:
        self.unit: str | None = None
        self.start: str | None = None
        self.acted = False
        self.moved = False
        self.fought = False  # a combat of its march was fought
        self.zoc_to_zoc = False  # it moved from enemy ZOC straight into enemy ZOC

    def see(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "march":
            self.unit, self.start, self.acted = str(ev.get("unit")), ev.get("hex"), False
            self.zoc_to_zoc = self.moved = self.fought = False
            return
        mine = ev.get("unit") == self.unit
        attacked = kind == "combat" and ev.get("action") == "march" and self.unit in ev["attackers"]
        if attacked or (mine and kind in ("move", "refuse_flank")):
            self.acted = True
        self.moved = self.moved or (mine and kind == "move")
        self.fought = self.fought or attacked

    def acts(self, action: Action) -> None:
        """An attack declared counts as the march's first activity even when the
        cavalry it was aimed at retreats and no combat follows (register
        zoc-exit-after-declared-attack)."""
        if action.type in ("attack", "move", "refuse") and action.unit == self.unit:
            self.acted = True

    def first(self, frame: MarchFrame, here: str) -> bool:
        """Nothing done yet in a march begun in `here` (the frame's record when the oracle
        did not see the march begin)."""
        if self.unit == frame.unit and self.start is not None:
            return not self.acted and here == self.start
        return not frame.acted and here == frame.start

    def fresh(self, frame: MarchFrame) -> bool:
        """Neither moved nor fought this march (the frame's record as above)."""
        if self.unit == frame.unit and self.start is not None:
            return not self.moved and not self.fought
        return not frame.moved and not frame.attacks


def moves(t: Tally, seen: Seen, board: Board, watch: MarchWatch) -> None:
    """6.2: the hexes offered to the marching unit and, for the move made, its MP."""
    pre = seen.pre
    frame = frame_named(pre, "MarchFrame")
    if frame is None or frame is not pre.stack[-1] or frame.ended:
        return
    unit = pre.units[frame.unit]
    here = unit.hex
    if here is None:
        return
    first, fresh = watch.first(frame, here), watch.fresh(frame)
    mp_left = max(Fraction(frame.mp), Fraction(0))
    offered = {a.hex for a in seen.legal if a.type == "move" and a.unit == unit.id and a.hex}
    attacks = [a for a in seen.legal if a.type == "attack" and a.unit == unit.id]
    if watch.unit == unit.id and watch.zoc_to_zoc:
        t.check(
            "6.2 ZOC to ZOC",
            not offered and not attacks,
            f"{unit.id} at {here}: offered {sorted(offered)} and {len(attacks)} attacks",
        )
    attack_mp(t, unit, Fraction(frame.mp), attacks)
    ground = Ground(board, pre, unit.side)
    zoc_here = ground.zoc(here)
    if offered and zoc_here is not None:
        t.check(
            "6.2 ZOC stop",
            not zoc_here or first,
            f"{unit.id} in enemy ZOC at {here} is offered {sorted(offered)}",
        )
    for n in board.around(here):
        if n is None:
            continue
        step = move_step(ground, unit, here, n, mp_left, first, fresh)
        if step is None:
            continue
        ok = (step.mp is not None) == (n in offered)
        why = "offered" if n in offered else "withheld"
        t.check("6.2 moves offered", ok, f"{unit.id} {here}->{n} {why}; rule: {step.why}")
    if seen.action.type != "move" or seen.action.unit != unit.id or not seen.action.hex:
        return
    made = next((e for e in seen.events if e.get("type") == "move"), None)
    if made is None or made.get("frm") != here:
        return
    step = move_step(ground, unit, here, str(made["to"]), mp_left, first, fresh)
    if step is None or step.mp is None:
        return  # a move the rule refuses is counted above
    got = Fraction(str(made["cost"]))
    t.check(
        "6.2 move cost",
        got == step.mp,
        f"{unit.id} {here}->{made['to']}: engine {got} MP, rule {step.mp} ({step.why})",
    )
    after = frame_named(seen.post, "MarchFrame") if seen.post is not None else None
    if after is not None and after.unit == unit.id:
        left = Fraction(after.mp)
        want = Fraction(frame.mp) - step.mp
        t.check("6.1 MP spent", left == want, f"{unit.id}: {frame.mp} - {step.mp} left {left}")
    if step.why == "ZOC to ZOC":
        watch.zoc_to_zoc = watch.unit == unit.id
        zoc_to_zoc_order(t, seen, board, unit, str(made["to"]))


def zoc_to_zoc_order(t: Tally, seen: Seen, board: Board, unit: Unit, to: str) -> None:
    """6.2: straight from one enemy ZOC hex to another not along a road, pike, railroad
    or trail, an organized unit becomes disorganized and a disorganized one loses one
    strength point; along one, nothing happens (register zoc-to-zoc-trail)."""
    post = seen.post.units.get(unit.id) if seen.post is not None else None
    if post is None or post.hex is None:
        return
    if any(e.get("type") != "move" and e.get("unit") == unit.id for e in seen.events):
        return  # something else befell the unit in the same step
    road = board.road(str(unit.hex), to)
    if road or unit.organized:
        want = (unit.organized and road, Fraction(unit.strength))
    else:
        want = (False, Fraction(unit.strength) - 1)
    got = (post.organized, Fraction(post.strength))
    t.check("6.2 ZOC to ZOC", got == want, f"{unit.id} {unit.hex}->{to}: {got}, rule {want}")


def attack_mp(t: Tally, unit: Unit, mp: Fraction, attacks: list[Action]) -> None:
    """6.1: the attack types offered against each target are those the MP left pays for
    (attack summary chart); no attack at all below 1 MP, so no column attack at 0 (register
    `attack-needs-one-mp`)."""
    if not attacks:
        return
    kinds = _table("attack_types")["type"]
    column = "cavalry_mp" if unit.kind == "cavalry" else "infantry_mp"
    paid = {k["key"] for k in kinds if mp >= 1 and Fraction(k[column]) <= mp}
    for target in sorted({a.hex for a in attacks if a.hex}):
        got = {str(a.option) for a in attacks if a.hex == target}
        t.check("6.1 attack MP", got == paid, f"{unit.id} with {mp} MP: {sorted(got)}")
