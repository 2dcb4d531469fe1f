"""The rules paths a soak watches for: the parts of play that a short scenario never
reaches (issue 14), counted from each step's events and the state before it.

A `Watcher` adds one count per path met in a step. The names are machine values (JSON
keys of `bench --soak --json`); `PATHS` lists them with the rule each one exercises.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.events import PassEvent
from gcacw_ref.game.model.log import Event
from gcacw_ref.game.model.state import GameState

# path -> the rule it exercises
PATHS: dict[str, str] = {
    "station_raid": "5.4",
    "station_destroyed": "5.4",
    "pontoon_built": "10.1",
    "pontoon_failed": "10.1",
    "pontoon_dismantled": "10.2",
    "enemy_pontoon_removed": "10.2",
    "bridge_destroyed": "10.2",
    "bridge_destroy_failed": "10.2",
    "bridge_repaired": "10.3",
    "bridge_repair_failed": "10.3",
    "surrender_retreat": "7.6",
    "surrender_swamp": "12.0",
    "swamp_exit": "12.0",
    "rivers_unfordable": "12.0",
    "refused_flank": "7.8",
    "refused_flank_attacked": "7.8",
    "refused_flank_entrenched_attacked": "7.8",
    "extended_march_loss_1": "5.1",
    "extended_march_loss_2": "5.1",
    "forced_march_loss": "5.1",
    "initiative_without_roll": "4.2",
    "lone_side_passes": "4.4",
    "neither_side_can_act": "4.4",
    "grand_assault": "7.1",
    "cavalry_retreat": "7.7",
    "leader_removed": "7.5",
}

# 7.6 / 7.7 (retreat, rout, cavalry retreat) as written in a surrender event's rule
RETREAT_RULES = ("7.6", "7.7")


class Watcher:
    """Counts the paths met in one game, step by step (`see` after each step: the action
    played on `before`, and the events it gave)."""

    def __init__(self) -> None:
        self.paths: Counter[str] = Counter()
        self.lone = False  # the last initiative went without a roll (4.2: enemy can't act)

    def see(self, before: GameState, action: Action | None, events: list[Event]) -> None:
        """`action` is None for the events of the game's start (run to the first decision)."""
        paths = self.paths
        for ev in events:
            t = ev["type"]
            rule = str(ev.get("rule", ""))
            if t == "station_raid":
                paths["station_raid"] += 1
                if ev.get("result") == "destroyed":
                    paths["station_destroyed"] += 1
            elif t == "bridge":
                _bridge(action, ev, rule, paths)
            elif t == "surrender":
                paths["surrender_swamp" if rule == "12.0" else "surrender_retreat"] += 1
            elif t == "rain" and rule == "12.0":
                _rain(ev, paths)
            elif t == "refuse_flank":
                paths["refused_flank"] += 1
            elif t == "combat":
                _combat(before, ev, paths)
            elif t == "extended_march" and ev.get("result") in ("1", "2"):
                paths[f"extended_march_loss_{ev['result']}"] += 1
            elif t == "forced_march" and int(ev.get("loss") or 0) > 0:
                paths["forced_march_loss"] += 1
            elif t == "initiative" and "dice" in ev:
                self.lone = ev["dice"] is None
                paths["initiative_without_roll"] += self.lone
            elif t == "pass" and rule == "4.4":
                if isinstance(ev, PassEvent) and ev.stalled:
                    paths["neither_side_can_act"] += 1
                elif self.lone:
                    paths["lone_side_passes"] += 1
            elif t in ("grand_assault", "cavalry_retreat"):
                paths[t] += 1
            elif t == "leader" and "unit" not in ev:
                paths["leader_removed"] += 1


def _rain(ev: Event, paths: Counter[str]) -> None:
    if "frm" in ev:
        paths["swamp_exit"] += 1
        return
    until = max(int(ev.get("minor_until") or 0), int(ev.get("major_until") or 0))
    if until >= int(ev["turn"]):
        paths["rivers_unfordable"] += 1


def _bridge(action: Action | None, ev: Event, rule: str, paths: Counter[str]) -> None:
    if rule == "10.1":
        paths["pontoon_built" if ev.get("ok") else "pontoon_failed"] += 1
    elif rule == "10.3":
        paths["bridge_repaired" if ev.get("ok") else "bridge_repair_failed"] += 1
    elif "destroyed" in ev:
        paths["bridge_destroyed" if ev["destroyed"] else "bridge_destroy_failed"] += 1
    elif action is not None and action.type == "dismantle":
        paths["pontoon_dismantled"] += 1
    else:
        paths["enemy_pontoon_removed"] += 1


def _combat(before: GameState, ev: Event, paths: Counter[str]) -> None:
    target = str(ev.get("hex"))
    if target not in before.refused:
        return
    paths["refused_flank_attacked"] += 1
    defenders = [before.units[d] for d in ev.get("defenders", []) if d in before.units]
    if any(d.entrenchment != "none" for d in defenders):
        paths["refused_flank_entrenched_attacked"] += 1


def extended_march_worst(events: list[Event]) -> int:
    """The largest strength an extended march took from one unit in these events."""
    worst = 0
    for ev in events:
        if ev["type"] == "extended_march" and str(ev.get("result")) in ("1", "2", "3"):
            worst = max(worst, int(Fraction(str(ev["result"]))))
    return worst
