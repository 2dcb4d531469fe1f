"""The oracle's check of retreat priority (7.6, 7.7, the retreat tables 1 and 2): every
path a retreat frame offers takes, at each hex, a hex of the lowest priority number the
right table gives among the hexes the restrictions allow (ignoring the priority once only
when nothing else avoids surrender); each hex's strength loss; and every retreat that
keeps the priorities is offered (surrender only when none is left, override included).

Written from 7.6 and the tables: table 1 for a retreat's first hex, a rout's or cavalry
retreat's first four, and whenever the hex being left is in enemy ZOC (limited ZOC
counts); table 2 otherwise (a retreat's fifth and sixth hex too, register
retreat-extension-table). Table 1: 1 farther from the active enemy unit along a road,
pike, trail or railroad (a city entered or left counts as a road), 2 farther otherwise,
3 not farther, 4 into enemy ZOC, 5 into enemy units; table 2: 1 free, 2 enemy ZOC,
3 enemy units. Losses per the rulebook's marks (register retreat-footnote-marks); none in
a cavalry retreat, which ends in an enemy-occupied hex. In rain a creek is crossed only
along a road, pike, trail or railroad or beside a city (12.0).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gcacw_ref.game.model.frames import RetreatFrame
from gcacw_ref.game.model.state import GameState
from gcacw_ref.oracle.board import Board
from gcacw_ref.oracle.position import frame_named
from gcacw_ref.oracle.retreat import LENGTH, distances

if TYPE_CHECKING:
    from gcacw_ref.oracle.tally import Seen, Tally

EXTENSION = 6  # hexes past the longest retreat allowed to get out of enemy-occupied hexes
SEARCH_LIMIT = 3000


class Unjudged(Exception):
    """A hexside the oracle does not judge lies on the way."""


@dataclass(frozen=True)
class Entry:
    """Entering one hex of a retreat: its priority number and strength loss."""

    priority: int
    loss: int
    enemy: bool


class RetreatView:
    """One retreat as 7.6 sees it: the stack, where it started, the enemy around."""

    def __init__(self, board: Board, state: GameState, frame: RetreatFrame) -> None:
        self.board = board
        self.frame = frame
        self.kind = str(frame.retreat_kind)
        self.start = str(frame.start)
        self.rain = board.rain
        side = frame.side
        moving = set(frame.units)
        units = [u for u in state.units.values() if u.hex is not None]
        self.enemy = {u.hex for u in units if u.side != side}
        self.friendly = {u.hex for u in units if u.side == side and u.id not in moving}
        self.near = distances(board, str(frame.active_hex))
        self.active = str(frame.active_hex)
        self.turn = state.turn
        self.markers = (state.major_unfordable_until, state.minor_unfordable_until)
        self._zoc: dict[str, bool] = {}
        self._choices: dict[tuple[str, ...], dict[str, Entry]] = {}

    def zoc(self, hex_: str) -> bool:
        """2.4: an enemy unit exerts ZOC (normal or limited) into the hex."""
        if hex_ not in self._zoc:
            found = False
            for n in self.board.around(hex_):
                if n is None or n not in self.enemy:
                    continue
                if frozenset((n, hex_)) in self.board.uncertain:
                    raise Unjudged(hex_)
                found = found or self.board.zoc_into(n, hex_) is not None
            self._zoc[hex_] = found
        return self._zoc[hex_]

    def crossable(self, a: str, b: str) -> bool:
        """7.6, 12.0: rivers only at a crossing (no ford in rain or under the river's
        marker); in rain a creek only along a road-type hexside or beside a city."""
        feats = self.board.side(a, b)
        if feats & {"major_river", "minor_river"}:
            if feats & {"bridge", "dam", "ferry"}:
                return True
            until = self.markers[0] if "major_river" in feats else self.markers[1]
            return "ford" in feats and not self.rain and self.turn > until
        if self.rain and "creek" in feats and not self.board.road(a, b):
            return "city" in (self.board.terrain(a), self.board.terrain(b))
        return True

    def allowed(self, a: str, b: str, path: tuple[str, ...]) -> bool:
        """7.6's restrictions on entering `b` from `a`."""
        board = self.board
        if frozenset((a, b)) in board.uncertain:
            raise Unjudged(b)
        if b == self.start or b in path or b == self.active or board.terrain(b) == "water":
            return False
        if board.closed(b) and not board.road(a, b):
            return False
        if not self.crossable(a, b):
            return False
        return self.near.get(b, 99) >= self.near.get(a, 99)

    def table(self, number: int, here: str) -> int:
        if self.zoc(here) and number > 1:
            return 1
        first = 4 if self.kind in ("rout", "cavalry") else 1
        return 1 if number <= first else 2

    def entry(self, a: str, b: str, number: int) -> Entry:
        """The retreat type entering `b` (the `number`-th hex) and what it costs."""
        enemy = b in self.enemy
        cavalry = self.kind == "cavalry"
        road = self.board.road(a, b) or "city" in (self.board.terrain(a), self.board.terrain(b))
        eased = road or b in self.friendly  # the middle-dot entries
        if self.table(number, a) == 1:
            if enemy:
                return Entry(5, 0 if cavalry else 3, True)
            farther = self.near.get(b, 99) > self.near.get(a, 99)
            if self.zoc(b):
                loss = (0 if eased else 1) if farther else (1 if eased else 2)
                return Entry(4, 0 if cavalry else loss, False)
            if farther:
                return Entry(1 if road else 2, 0, False)
            return Entry(3, 0 if cavalry or road else 1, False)
        if enemy:
            return Entry(3, 0 if cavalry else 3, True)
        if self.zoc(b):
            return Entry(2, 0 if cavalry or eased else 1, False)
        return Entry(1, 0, False)

    def choices(self, here: str, path: tuple[str, ...]) -> dict[str, Entry]:
        """Every hex the restrictions allow next (from the end of `path`), with its entry."""
        if path in self._choices:
            return self._choices[path]
        number = len(path) + 1
        out = {}
        for n in self.board.around(here):
            if n is not None and self.allowed(here, n, path):
                out[n] = self.entry(here, n, number)
        self._choices[path] = out
        return out

    def may_end(self, path: tuple[str, ...]) -> bool:
        low, _high = LENGTH[self.kind]
        if len(path) < low or path[-1] in self.enemy:
            return False
        beside = path[-1] in self.board.around(self.start)
        return not beside or self.kind == "optional"

    def walk(self, overrides: int) -> Iterator[tuple[str, ...]]:
        """Every complete retreat keeping the priorities, with up to `overrides` hexes
        taken against them; a cavalry retreat into enemy units ends there."""
        _low, high = LENGTH[self.kind]

        def go(here: str, path: tuple[str, ...], left: int) -> Iterator[tuple[str, ...]]:
            if path and self.may_end(path):
                yield path
            if path and path[-1] in self.enemy and self.kind == "cavalry":
                return
            if len(path) >= high and (not path or path[-1] not in self.enemy):
                return
            if len(path) >= high + EXTENSION:
                return
            options = self.choices(here, path)
            if not options:
                return
            best = min(e.priority for e in options.values())
            for n, e in options.items():
                if e.priority == best:
                    yield from go(n, (*path, n), left)
                elif left:
                    yield from go(n, (*path, n), left - 1)

        yield from go(self.start, (), overrides)

    def judge(self, hexes: tuple[str, ...]) -> tuple[int, list[int]]:
        """How many hexes of `hexes` were taken against the priorities, and the losses."""
        against, losses = 0, []
        here: str = self.start
        for i, n in enumerate(hexes):
            options = self.choices(here, hexes[:i])
            entry = options.get(n)
            if entry is None:
                return 99, []
            against += entry.priority > min(e.priority for e in options.values())
            losses.append(entry.loss)
            here = n
        return against, losses


def _first(found: Iterator[tuple[str, ...]], limit: int) -> list[tuple[str, ...]]:
    out = []
    for path in found:
        out.append(path)
        if len(out) >= limit:
            break
    return out


def retreat_priority(t: Tally, seen: Seen, board: Board) -> None:
    pre = seen.pre
    frame = frame_named(pre, "RetreatFrame")
    if frame is None or frame is not pre.stack[-1] or frame.path or not frame.active_hex:
        return  # judged once, when first offered; without an active enemy unit: not judged
    view = RetreatView(board, pre, frame)
    try:
        plain = _first(view.walk(0), SEARCH_LIMIT)
        alive = [p for p in plain if not (view.kind == "cavalry" and p[-1] in view.enemy)]
        where = f"{frame.units[0]} from {frame.start}"
        offered = {tuple(o.hexes): o for o in frame.paths}
        for hexes, option in offered.items():
            against, losses = view.judge(hexes)
            ok = against == 0 or (against == 1 and not alive)
            t.check("7.6 retreat priority", ok, f"{where}: {'/'.join(hexes)}, {against} against")
            if against <= 1 and not option.dies:
                got = list(option.losses)
                t.check("7.6 retreat loss", got == losses, f"{where}: {got}, rule {losses}")
        if len(plain) < SEARCH_LIMIT and len(offered) < SEARCH_LIMIT and alive:
            missing = [p for p in alive if p not in offered]
            t.check("7.6 retreats offered", not missing, f"{where}: not offered {missing[:3]}")
        if not offered:
            forced = plain or _first(view.walk(1), 1)
            t.check("7.6 surrender", not forced, f"{where}: the rule finds {forced[:1]}")
    except Unjudged:
        return
