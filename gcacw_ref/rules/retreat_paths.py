"""Whole retreats for the engine (7.6, 7.7): every legal path under the priority rules.

`retreat_step` settles one hex; this module walks a map the caller describes through
callbacks and returns every retreat the owner may choose, using the one-time priority
override only when no retreat survives without it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from gcacw_ref.rules.retreat import (
    RetreatHex,
    RetreatOption,
    allowed_option,
    along_road,
    hex_allowed,
    must_choose,
    not_allowed,
    retreat_loss,
    retreat_type,
)
from gcacw_ref.rules.retreat_tables import Kind, retreat_length, retreat_table_number

HexT = TypeVar("HexT", bound=Hashable)
EXTENSION = 6  # how far past the maximum a retreat may run to leave enemy-occupied hexes


@dataclass(frozen=True)
class RetreatPath(Generic[HexT]):
    """One complete retreat: hexes entered in order, strength lost entering each."""

    hexes: tuple[HexT, ...]
    losses: tuple[int, ...]
    eliminated: bool  # a cavalry retreat that entered enemy units
    override_at: int | None  # index in `hexes` where the priority was ignored

    @property
    def total_loss(self) -> int:
        return sum(self.losses)


@dataclass(frozen=True)
class RetreatPlan(Generic[HexT]):
    paths: list[RetreatPath[HexT]]
    override_used: bool
    surrender: bool
    truncated: bool


def retreat_paths(
    kind: Kind,
    start: HexT,
    neighbours: Callable[[HexT], Sequence[HexT]],
    describe: Callable[[HexT, HexT], RetreatHex],
    in_enemy_zoc: Callable[[HexT], bool],
    is_city: Callable[[HexT], bool] = lambda _h: False,
    limit: int = 5000,
) -> RetreatPlan[HexT]:
    """7.6: all legal retreats from `start`. `describe(a, b)` gives the facts for moving
    from a to b (restrictions of terrain, rivers and map edge as `prohibited`; `farther`
    and `closer` measured from the active enemy unit). The search itself forbids the
    start hex, re-entering a hex, ending next to the start (except an optional retreat)
    and ending among enemy units (the retreat runs on, up to six hexes past its maximum).
    The override is used once only when no retreat survives without it (7.6)."""
    plain, cut = _search(kind, start, neighbours, describe, in_enemy_zoc, is_city, False, limit)
    surviving = [p for p in plain if not p.eliminated]
    if surviving or cut:
        return RetreatPlan(plain, False, False, cut)
    forced, cut2 = _search(kind, start, neighbours, describe, in_enemy_zoc, is_city, True, limit)
    if any(not p.eliminated for p in forced):
        return RetreatPlan([p for p in forced if not p.eliminated], True, False, cut2)
    paths = plain or forced
    return RetreatPlan(paths, bool(forced) and not plain, not paths, cut2)


def _search(
    kind: Kind,
    start: HexT,
    neighbours: Callable[[HexT], Sequence[HexT]],
    describe: Callable[[HexT, HexT], RetreatHex],
    in_enemy_zoc: Callable[[HexT], bool],
    is_city: Callable[[HexT], bool],
    allow_override: bool,
    limit: int,
) -> tuple[list[RetreatPath[HexT]], bool]:
    lo, hi = retreat_length(kind)
    start_adjacent = set(neighbours(start))
    found: list[RetreatPath[HexT]] = []
    truncated = False

    def walk(
        here: HexT,
        path: tuple[HexT, ...],
        losses: tuple[int, ...],
        override_at: int | None,
        enemy_here: bool,
    ) -> None:
        nonlocal truncated
        if len(found) >= limit:
            truncated = True
            return
        n = len(path)
        # register optional-retreat-ends-adjacent: any optional retreat may end beside the start
        may_end = n >= lo and not enemy_here and (kind == "optional" or here not in start_adjacent)
        if may_end:
            found.append(RetreatPath(path, losses, False, override_at))
        if n >= hi and not enemy_here:
            return
        if n >= hi + EXTENSION:
            return
        table, _ = retreat_table_number(kind, min(n + 1, 6), in_enemy_zoc(here))
        targets = list(neighbours(here))
        options: list[RetreatOption] = []
        facts: list[RetreatHex] = []
        for target in targets:
            h = describe(here, target)
            if target == start or target in path:
                h = h.model_copy(update={"prohibited": True})
            if along_road(h, is_city(here)) and not h.road:
                h = h.model_copy(update={"road": True})
            facts.append(h)
            ok, why = hex_allowed(h)
            if not ok:
                options.append(not_allowed(why or ""))
                continue
            row = retreat_type(table, h)
            loss, dies = retreat_loss(kind, row, h)
            options.append(allowed_option(row.priority, loss, row.type, dies, row.label))
        normal = must_choose(options)
        choices = [(i, override_at) for i in normal]
        if allow_override and override_at is None:
            choices += [(i, n) for i in must_choose(options, True) if i not in normal]
        for i, used in choices:
            o = options[i]
            target = targets[i]
            if o.eliminated:
                found.append(RetreatPath(path + (target,), losses + (0,), True, used))
                continue
            walk(
                target,
                path + (target,),
                losses + (o.strength_loss or 0,),
                used,
                facts[i].enemy_units,
            )

    walk(start, (), (), None, False)
    return found, truncated
