"""Moving a unit across the map: a path step by step, and the reachable set (6.2).

The cost of each step comes from `gcacw_ref.rules.movement.step_cost`; this module adds
what depends on the whole board and on the march so far:

- a hex holding an enemy unit cannot be entered;
- entering a hex in enemy normal ZOC from outside it ends the movement there;
- a unit may leave enemy normal ZOC only as the first thing it does in a march that
  began there: to a hex outside enemy ZOC for +1 MP, or straight to another enemy
  normal ZOC hex for all its MP, ending the march and disorganizing it unless a road,
  pike, railroad or trail joins the two hexes;
- limited ZOC is ignored;
- a pontoon bridge (10.1, 10.2) carries only its owner's units (as a bridge, with a road
  when both banks have one) and a destroyed fixed crossing under it does not matter to
  them; the other side crosses that hexside as if the pontoon were not there; ZOC
  crosses it whoever owns it;
- the first hex of a march can always be entered (not into prohibited terrain), even
  without enough MP, unless the unit has attacked: it spends every MP (register
  "minimum-move-cost").

Build a `MoveView` (the position as a moving unit of one side sees it) once per
situation with `MoveView.build`, then call `evaluate_path` (or `reach.reachable` for
every hex at once). The engine (`engine.zocview.move_board`), `calc move`
(`game.io_move`) and the TUI (through `game.api.move_view`) all build it there; ZOC
across a hexside, its movement cost and destroyed crossings come from
`gcacw_ref.rules.zoc` (via `game.zoc` and `rules.movement.step_cost`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from gcacw_ref.errors import InputError
from gcacw_ref.game.model.geometry import adjacent, hexside_key
from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.zoc import ZocKind, enemy_zoc, with_pontoon_bridges
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.movement import (
    StepCost,
    Weather,
    joined_by_road_or_trail,
    step_cost,
)
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.rules.terrain import UnitKind
from gcacw_ref.rules.zoc import zoc_move

ZERO = Fraction(0)
DRY = Weather()


@dataclass(frozen=True)
class MovingUnit:
    """The unit that moves: its type and strength (strength sets the ferry penalty)."""

    kind: UnitKind
    strength: Fraction


@dataclass(frozen=True)
class MoveView:
    """The position as a moving unit of one side sees it (6.2, 10.2), computed once.

    `enemy_hexes`: hexes holding enemy combat units; `zoc`: their ZOC (built by
    `MoveView.build`); `friendly_strength`: per hex, the combat strength of friendly
    infantry and artillery already there (6.2 penalty); `destroyed`: hexside keys whose
    bridge or ferry is destroyed (and not spanned by the mover's own pontoon bridge);
    `enemy_pontoons`: hexside keys of the other side's pontoon bridges (10.2). With
    pontoons of its own, `hexmap` is the map with them laid (`zoc.with_pontoon_bridges`).
    """

    hexmap: HexMap
    weather: Weather = DRY
    enemy_hexes: frozenset[str] = frozenset()
    zoc: Mapping[str, ZocKind] = field(default_factory=dict)
    friendly_strength: Mapping[str, Fraction] = field(default_factory=dict)
    destroyed: frozenset[tuple[str, str]] = frozenset()
    enemy_pontoons: frozenset[tuple[str, str]] = frozenset()

    @classmethod
    def build(
        cls,
        hexmap: HexMap,
        *,
        weather: Weather = DRY,
        enemy_hexes: Iterable[str] = (),
        friendly_strength: Mapping[str, Fraction] | None = None,
        destroyed: Iterable[tuple[str, str]] = (),
        own_pontoons: Iterable[tuple[str, str]] = (),
        enemy_pontoons: Iterable[tuple[str, str]] = (),
        zoc: Mapping[str, ZocKind] | None = None,
    ) -> MoveView:
        """The view with the enemy ZOC worked out from `enemy_hexes` (2.4, 10.2, 12.0).

        `own_pontoons` / `enemy_pontoons`: hexsides with a pontoon bridge of the moving
        side / of the enemy (10.1, 10.2). The weather's uncrossable-river markers (12.0)
        and `destroyed` crossings (10.2) apply as in `rules.movement.step_cost`.
        `zoc`: the enemy ZOC when the caller has it already (it must be what
        `game.zoc.enemy_zoc` gives for these hexes, rain, crossings and pontoons).
        `friendly_strength` is kept as given (a lazy mapping is welcome).
        """
        enemy = frozenset(enemy_hexes)
        gone = frozenset(hexside_key(a, b) for a, b in destroyed)
        own = frozenset(hexside_key(a, b) for a, b in own_pontoons)
        theirs = frozenset(hexside_key(a, b) for a, b in enemy_pontoons) - own
        if zoc is None:
            zoc = enemy_zoc(hexmap, enemy, rain=weather.rain, destroyed=gone, pontoons=own | theirs)
        moving_map = with_pontoon_bridges(hexmap, own)
        friendly = {} if friendly_strength is None else friendly_strength
        return cls(moving_map, weather, enemy, zoc, friendly, gone - own, theirs)

    def in_normal_zoc(self, h: str) -> bool:
        """6.2: only normal enemy ZOC affects movement."""
        return self.zoc.get(h) is ZocKind.NORMAL

    def step(self, unit: MovingUnit, a: str, b: str) -> StepCost:
        """The terrain cost of moving from `a` into adjacent `b` (no ZOC, no enemy check)."""
        m = self.hexmap
        return step_cost(
            from_terrain=m.terrain(a),
            to_terrain=m.terrain(b),
            hexside=m.hexside(a, b),
            kind=unit.kind,
            strength=unit.strength,
            weather=self.weather,
            friendly_strength=self.friendly_strength.get(b, ZERO),
            destroyed=bool(self.destroyed) and hexside_key(a, b) in self.destroyed,
        )


@dataclass
class Entry:
    """One hex entered along a path: its MP (None = all the unit's MP, allowance unknown).

    `legal` is False for the one hex the unit could not enter (then `mp` is None too).
    """

    hex: str
    mp: Fraction | None
    rule: str
    label: str
    steps: list[Step]
    legal: bool = True


@dataclass
class PathResult:
    """The verdict on a path: legal or not, total MP, where the unit must stop, and why."""

    legal: bool
    cost: Fraction | None
    stops_at: str | None
    reason: str | None
    entries: list[Entry]
    disorganized: bool = False
    steps: list[Step] = field(default_factory=list)


def check_path(hexmap: HexMap, path: list[str]) -> None:
    """Every hex on the map and each next to the one before, or `InputError` naming it."""
    if not path:
        raise InputError(_("path: give at least the starting hex"))
    for i, h in enumerate(path):
        hexmap.check_hex(h, f"path[{i}]")
        if i and not adjacent(path[i - 1], h):
            raise InputError(
                _("path[{i}]: {h} is not adjacent to {path}").format(i=i, h=h, path=path[i - 1])
            )


@dataclass(frozen=True)
class StepVerdict:
    """One hex entered during a march: legal or not, the MP it takes, and what follows.

    `mp` is None when the step takes all of the unit's MP and the allowance is unknown.
    `must_stop`: the unit entered enemy ZOC and must stop (it may attack, 6.2);
    `ends_march`: no MP are left for anything else (ZOC to ZOC, or a minimum move).
    `zoc_to_zoc`: straight from one enemy normal ZOC hex to another (6.2: no attack after).
    """

    legal: bool
    mp: Fraction | None
    rule: str
    label: str
    steps: tuple[Step, ...]
    reason: str | None = None
    must_stop: bool = False
    ends_march: bool = False
    disorganizes: bool = False
    zoc_to_zoc: bool = False


def move_step(
    board: MoveView,
    unit: MovingUnit,
    a: str,
    b: str,
    *,
    mp_left: Fraction | None,
    moved: bool = False,
    attacked: bool = False,
    first_action: bool = True,
) -> StepVerdict:
    """6.2: the unit, in `a` with `mp_left` MP (None = unlimited), tries to enter adjacent `b`.

    `moved`: it has already entered a hex this march; `attacked`: it has attacked this
    march (both rule out the one-hex minimum move); `first_action`: it has done nothing
    yet this march (only then may it leave enemy normal ZOC).
    """
    if b in board.enemy_hexes:
        reason = _("{hex} holds an enemy unit").format(hex=b)
        return StepVerdict(False, None, "6.2", "prohibited", (), reason)
    sc = board.step(unit, a, b)
    if sc.cost is None:
        rule, why = sc.rule or "6.2", sc.reason
        if board.enemy_pontoons and hexside_key(a, b) in board.enemy_pontoons:
            rule, why = "10.2", _("{why}; the pontoon bridge here is the enemy's").format(why=why)
        return StepVerdict(False, None, rule, f"prohibited: {why}", sc.steps, why)
    steps = list(sc.steps)
    mp: Fraction | None = sc.cost
    basis = sc.basis or steps[-1]
    extras = [x.label.split(":")[0] for x in steps if x is not basis and x.value]
    rule, label = basis.rule, ", ".join([basis.label, *extras])
    must_stop = ends = disorganizes = zz = False
    zm = zoc_move(
        board.in_normal_zoc(a),
        board.in_normal_zoc(b),
        first_action,
        joined_by_road_or_trail(board.hexmap.hexside(a, b)),
    )
    steps.extend(zm.steps)
    if not zm.allowed:
        reason = _("{hex} is in enemy ZOC; it can be left only as the first move").format(hex=a)
        return StepVerdict(False, None, "6.2", "prohibited", tuple(steps[: -len(zm.steps)]), reason)
    if zm.all_mp:
        mp, ends, zz, disorganizes = mp_left, True, True, zm.disorganizes
        rule, label = "6.2", zm.steps[0].label
    elif zm.extra_mp:
        mp = sc.cost + zm.extra_mp
        rule, label = "6.2", zm.steps[0].label
    must_stop = zm.must_stop
    if mp_left is not None and mp is not None and mp > mp_left:
        if moved or attacked:
            left = format_strength(mp_left)
            reason = _("{hex} needs {mp} MP, only {left} left").format(
                hex=b, mp=format_strength(mp), left=left
            )
            return StepVerdict(False, None, "6.2", "not enough MP", tuple(steps), reason)
        mp, ends = mp_left, True
        rule, label = "6.2", N_("one-hex minimum move: spends all MP")
        steps.append(
            Step(rule="6.2", label=label, value=N_("{mp} MP"), args={"mp": format_strength(mp)})
        )
    return StepVerdict(True, mp, rule, label, tuple(steps), None, must_stop, ends, disorganizes, zz)


def evaluate_path(
    board: MoveView,
    unit: MovingUnit,
    path: list[str],
    allowance: Fraction | None = None,
    *,
    attacked: bool = False,
    first_action: bool = True,
    moved: bool = False,
) -> PathResult:
    """Walk `path` (start hex first) and price every step (6.2), via `move_step`.

    `allowance`: the MP the unit has left for this march (None = unlimited; a ZOC-to-ZOC
    move then has no number). `attacked` / `moved` / `first_action` describe the march
    so far, as in `move_step`.
    """
    check_path(board.hexmap, path)
    if path[0] in board.enemy_hexes:
        raise InputError(_("path[0]: {path} holds an enemy unit").format(path=path[0]))
    entries: list[Entry] = []
    total: Fraction | None = ZERO
    disorganized = False
    stop: str | None = None
    stop_rule = ""

    def fail(reason: str, rule: str) -> PathResult:
        steps = [Step(rule=rule, label=N_("illegal"), value=reason)]
        return PathResult(False, None, stop, reason, entries, disorganized, steps)

    for i in range(1, len(path)):
        a, b = path[i - 1], path[i]
        if stop is not None:
            return fail(
                _("the unit must stop at {hex} ({rule})").format(hex=stop, rule=stop_rule), "6.2"
            )
        left = None if allowance is None or total is None else allowance - total
        v = move_step(
            board,
            unit,
            a,
            b,
            mp_left=left,
            moved=moved or i > 1,
            attacked=attacked,
            first_action=first_action and i == 1,
        )
        if not v.legal:
            if v.steps:
                entries.append(Entry(b, None, v.rule, v.label, list(v.steps), legal=False))
            return fail(v.reason or "prohibited", v.rule)
        if v.must_stop:
            stop, stop_rule = b, "entering enemy ZOC"
        if v.ends_march:
            stop, stop_rule = b, "no MP left; the march ends"
        disorganized = disorganized or v.disorganizes
        total = None if v.mp is None or total is None else total + v.mp
        entries.append(Entry(b, v.mp, v.rule, v.label, list(v.steps)))
    summary = [
        Step(rule=e.rule, label=N_("enter {hex}"), value=_mp_text(e.mp), args={"hex": e.hex})
        for e in entries
    ]
    return PathResult(True, total, stop, None, entries, disorganized, summary)


def _mp_text(mp: Fraction | None) -> str:
    return "all MP" if mp is None else f"{format_strength(mp)} MP"
