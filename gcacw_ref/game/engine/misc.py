"""Station raids (5.4), entrenchment actions (5.5), rain in provisional swamps (12.0)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from gcacw_ref.errors import RuleError
from gcacw_ref.game.engine.bridges import effective_hexside
from gcacw_ref.game.engine.common import combat_strength, hex_of
from gcacw_ref.game.engine.registry import decision
from gcacw_ref.game.engine.units import eliminate
from gcacw_ref.game.engine.zocview import zoc_kind
from gcacw_ref.game.model import events as ev
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import SwampExitFrame
from gcacw_ref.rules.entrenchment import (
    Phase,
    entrenchment_action_fatigue,
    entrenchment_era,
    next_level,
)
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.march import raise_fatigue
from gcacw_ref.rules.station_raid import RAID_FATIGUE, station_after_raid
from gcacw_ref.rules.terrain import ROADS
from gcacw_ref.rules.terrain import HexsideFeature as F

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work
    from gcacw_ref.game.model.state import Unit


def station_raid(w: Work, uid: str) -> None:
    """5.4: the raider tires; the station's new marker comes from the rules core."""
    unit = w.unit(uid)
    unit = w.upd(uid, fatigue=raise_fatigue(unit.fatigue, RAID_FATIGUE))
    strength = combat_strength(w, unit)
    here = hex_of(unit)
    now = w.stations.get(here)
    new = station_after_raid(now, strength)
    if new is not None:
        w.stations[here] = new
    if new != now:
        w.station_raider[here] = unit.side.value
    w.emit(ev.StationRaidEvent(turn=w.turn, rule="5.4", unit=uid, hex=unit.hex, result=new))


def entrench(w: Work, uid: str, phase: Phase, rule: str) -> bool:
    """One entrenchment step for the unit (5.5 action or 9.0 recovery); False if none."""
    unit = w.unit(uid)
    era = entrenchment_era(w.game.value, w.year)
    works = "earthworks" in w.board.hex_features(hex_of(unit)) and unit.side == Side.CONFEDERATE
    try:
        level = next_level(
            unit.entrenchment, era, phase, confederate_in_earthworks=works, rain=w.rain()
        )
    except RuleError:
        return False
    w.upd(uid, entrenchment=level)
    w.emit(
        ev.EntrenchEvent(
            turn=w.turn,
            rule=rule,
            unit=uid,
            hex=unit.hex,
            level=level,
            before=unit.entrenchment,
        )
    )
    return True


def can_entrench(w: Work, uid: str, phase: Phase) -> bool:
    unit = w.unit(uid)
    era = entrenchment_era(w.game.value, w.year)
    works = "earthworks" in w.board.hex_features(hex_of(unit)) and unit.side == Side.CONFEDERATE
    try:
        next_level(unit.entrenchment, era, phase, confederate_in_earthworks=works, rain=w.rain())
    except RuleError:
        return False
    return True


def entrench_action(w: Work, uid: str) -> None:
    """5.5 (1864): fatigue +1, then the next marker."""
    unit = w.unit(uid)
    era = entrenchment_era(w.game.value, w.year)
    w.upd(uid, fatigue=raise_fatigue(unit.fatigue, entrenchment_action_fatigue(era)))
    entrench(w, uid, "action", "5.5")


def rain_in_provisional_swamp(w: Work) -> None:
    """12.0: a unit in a provisional swamp without a road, pike or railroad when rain comes:
    fatigue +1, disorganized, and its owner moves it to an adjacent hex (a decision)."""
    for unit in list(w.alive()):
        h = hex_of(unit)
        if w.board.terrain(h) != "provisional_swamp":
            continue
        if any(w.board.side(h, n) & ROADS for n in w.board.neighbors(h)):
            continue
        w.upd(unit.id, fatigue=raise_fatigue(unit.fatigue, 1), organized=False)
        w.push(SwampExitFrame(side=unit.side, unit=unit.id))


def swamp_exits(w: Work, unit: Unit) -> list[str]:
    """12.0: adjacent hexes free of enemy units, not swamp, not across a river except by
    a bridge or ferry; enemy (normal) ZOC only when no other exit is left (register
    game-swamp-exit-zoc)."""
    out = []
    for n in w.board.neighbors(hex_of(unit)):
        feats = effective_hexside(w, hex_of(unit), n, unit.side)
        if feats is None or w.enemy_at(n, unit.side):
            continue
        if w.board.terrain(n) in ("swamp", "provisional_swamp", "water"):
            continue
        if feats & {F.MINOR_RIVER, F.MAJOR_RIVER} and not feats & {F.BRIDGE, F.FERRY}:
            continue
        out.append(n)
    free = [n for n in out if zoc_kind(w, n, unit.side) != "normal"]
    return free or out


def exit_options(w: Work, frame: SwampExitFrame) -> list[Action]:
    unit = w.unit(frame.unit)
    if unit.hex is None:
        return [Action(type="done")]
    exits = swamp_exits(w, unit)
    return [Action(type="move", unit=unit.id, hex=n) for n in exits] or [
        Action(type="surrender", unit=unit.id)
    ]


def exit_decide(w: Work, frame: SwampExitFrame, action: Action) -> None:
    """12.0: the flooded unit moves to the chosen hex, or surrenders without one."""
    w.pop()
    unit = w.unit(frame.unit)
    if action.type == "done":
        return
    if action.type == "surrender":
        eliminate(w, unit.id, "12.0", surrendered=True)
        return
    assert action.hex
    w.upd(unit.id, hex=action.hex, entrenchment="none")
    w.emit(ev.RainEvent(turn=w.turn, rule="12.0", unit=unit.id, frm=unit.hex, to=action.hex))


decision(SwampExitFrame, exit_options, exit_decide)
