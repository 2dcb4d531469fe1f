"""5.0: which actions a side may take now, and starting the one chosen.

The five actions: march (5.1), leader activation (5.2), assault (5.3), station raid
(5.4, not in SIV/OTR), entrenchment (5.5, from 1864).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from gcacw_ref.game.engine.combat import attack_targets
from gcacw_ref.game.engine.common import MAX_FATIGUE, combat_strength, enemy_units_adjacent
from gcacw_ref.game.engine.refusal import Refusal
from gcacw_ref.game.engine.zocview import command_range
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.state import Leader, Unit
from gcacw_ref.i18n import N_
from gcacw_ref.rules.entrenchment import (
    entrenchment_actions_allowed,
    entrenchment_era,
    may_take_entrenchment_action,
)
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.station_raid import may_raid_station

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work


def option(w: Work, name: str) -> bool:
    """Whether the scenario plays with an optional rule."""
    return name in w.scen.scenario.optional_rules


def march_refusal(w: Work, unit: Unit) -> Refusal | None:
    """5.1: a unit marches at fatigue 3 or less (optional rule: an organized unit at
    fatigue 4); why this one may not, None when it may."""
    if unit.hex is None:
        return Refusal("5.1", N_("the unit is not on the map"))
    if unit.fatigue < MAX_FATIGUE:
        return None
    if option(w, "fatigue_four_march") and unit.organized:
        return None
    return Refusal(
        "5.1",
        N_("fatigue {n}: a unit marches only at fatigue 3 or less"),
        (("n", str(unit.fatigue)),),
    )


def may_march(w: Work, unit: Unit) -> bool:
    """5.1: whether the unit may march (`march_refusal` says why not)."""
    return march_refusal(w, unit) is None


def entrench_actions(w: Work) -> bool:
    """5.5: entrenchment actions from 1864, or in 1863 with the optional rule."""
    return entrenchment_actions_allowed(w.year, option(w, "entrenchment_action_1863"))


def may_entrench(w: Work, unit: Unit) -> bool:
    """5.5: fatigue 0-3 (1863: 0-2), not demoralized, no completed fort, not in rain (12.0)."""
    if not entrench_actions(w) or unit.hex is None or w.rain():
        return False
    era = entrenchment_era(w.game.value, w.year)
    return may_take_entrenchment_action(era, unit.fatigue, unit.demoralized, unit.entrenchment)


def may_raid(w: Work, unit: Unit) -> bool:
    """5.4: at a station not yet destroyed, fatigue 3 or less, combat strength 2 or more."""
    if unit.hex is None or "station" not in w.board.hex_features(unit.hex):
        return False
    if w.stations.get(unit.hex) == "destroyed":
        return False  # register game-raid-destroyed-station
    return may_raid_station(w.game, unit.fatigue, combat_strength(w, unit))


NOT_COMMANDED = Refusal("5.2", N_("the unit is not under this leader's command"))


def activation_refusal(w: Work, leader: Leader, u: Unit, reach: Collection[str]) -> Refusal | None:
    """5.2 step 2: why unit `u` cannot join the leader's activation (`reach`: the hexes
    of the leader's command radius), None when it can."""
    refusal = march_refusal(w, u)
    if refusal is not None:
        return refusal
    if not (w.commands(leader, u) or (u.kind == "artillery" and not leader.cavalry)):
        return NOT_COMMANDED
    if u.hex not in reach:
        hex_ = u.hex or ""
        return Refusal("5.2", N_("{hex} is outside the leader's command radius"), (("hex", hex_),))
    return None


def activation_candidates(w: Work, leader: Leader) -> list[str]:
    """5.2 step 2: units the leader commands within its command range, fatigue 3 or less
    (artillery may join any non-cavalry leader)."""
    lh = w.leader_hex(leader.id) if leader.unit else None
    if lh is None or leader.rank == "army":
        return []
    reach = command_range(w, lh, leader.side)
    # only units inside the radius can pass `activation_refusal`: look at those alone
    return [
        u.id
        for u in w.units_in(reach)
        if u.side == leader.side and activation_refusal(w, leader, u, reach) is None
    ]


def assault_candidates(w: Work, leader: Leader) -> list[str]:
    """5.3 / 7.1: units with the leader, under its command (or artillery), fatigue 3 or less."""
    if leader.unit is None or leader.rank == "army":
        return []
    lh = w.leader_hex_on_map(leader.id)
    out = []
    for u in w.at(lh):
        if u.side != leader.side or u.fatigue >= MAX_FATIGUE:
            continue
        if w.commands(leader, u) or u.kind == "artillery":
            out.append(u.id)
    return out


def may_assault(w: Work, leader: Leader) -> bool:
    """5.3: a leader with at least one unit it commands, fatigue 3 or less, in its hex,
    next to an enemy it may attack."""
    lh = w.leader_hex(leader.id)
    if lh is None:
        return False
    if not any(w.commands(leader, w.unit(u)) for u in assault_candidates(w, leader)):
        return False
    return bool(attack_targets(w, lh, lh, leader.side, assault=True, start_hex=lh))


def unit_actions(w: Work, u: Unit) -> tuple[Action, ...]:
    """The actions of 5.0 one unit may take now (march, raid, entrench)."""
    out: list[Action] = []
    if may_march(w, u):
        out.append(Action(type="march", unit=u.id))
    if may_raid(w, u):
        out.append(Action(type="raid", unit=u.id))
    if may_entrench(w, u):
        out.append(Action(type="entrench", unit=u.id))
    return tuple(out)


def _cached_unit_actions(w: Work, u: Unit) -> tuple[Action, ...]:
    """`unit_actions`, remembered with the game's states (`GameState._unit_actions`): a
    unit object that did not change since the last decision keeps its answer."""
    depends = (w.rain(), w.stations.get(u.hex or ""))
    memo = w.state0._unit_actions
    hit = memo.get(u.id)
    if hit is not None and hit[0] is u and hit[1] is w.scen and hit[2] == depends:
        return hit[3]
    actions = unit_actions(w, u)
    memo[u.id] = (u, w.scen, depends, actions)
    return actions


def _cached_may_assault(w: Work, leader: Leader) -> bool:
    """`may_assault`, remembered with the game's states (`GameState._assaults`): kept
    while the leader, every unit and leader in and around its hex, and the markers an
    attack reads (rain, river markers, bridges) are the very same."""
    lh = w.leader_hex(leader.id)
    if lh is None:
        return False
    units = tuple(u for h in (lh, *w.board.neighbors(lh)) for u in w.at(h))
    ids = {u.id for u in units}
    seen = (leader, *units, *(ld for ld in w.leaders.values() if ld.unit in ids))
    markers = (
        w.turn,
        w.rain(),
        w.major_unfordable_until,
        w.minor_unfordable_until,
        w.bridges,
        w.destroyed,
    )
    memo = w.state0._assaults
    hit = memo.get(leader.id)
    if (
        hit is not None
        and hit[0] is w.scen
        and len(hit[1]) == len(seen)
        and all(a is b for a, b in zip(hit[1], seen, strict=True))
        and hit[2] == markers
    ):
        return hit[3]
    answer = may_assault(w, leader)
    memo[leader.id] = (w.scen, seen, markers, answer)
    return answer


def action_choices(w: Work, side: Side) -> list[Action]:
    out: list[Action] = []
    for u in w.alive(side):
        out.extend(_cached_unit_actions(w, u))
    for ld in w.leaders.values():
        if ld.side != side or ld.unit is None or ld.rank == "army":
            continue
        if activation_candidates(w, ld):
            out.append(Action(type="activate", leader=ld.id))
        if _cached_may_assault(w, ld):
            out.append(Action(type="assault", leader=ld.id))
    return out


def has_action(w: Work, side: Side) -> bool:
    """4.2: the side has a unit or leader eligible for some action."""
    return any(may_march(w, u) for u in w.alive(side))


def adjacent_enemy(w: Work, unit: Unit) -> list[str]:
    return enemy_units_adjacent(w, unit.hex, unit.side) if unit.hex else []
