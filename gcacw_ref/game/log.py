"""Game events: what happened, the rule it applied, in English and Japanese, and as JSON.

Each event is a plain dict so it prints as JSON as it is: `type`, `turn`, `rule`, `en`,
`ja`, and the details of that event (unit ids, hexes, dice, results).
"""

from __future__ import annotations

from typing import Any

Event = dict[str, Any]

EVENT_TYPES = (
    "initiative",
    "pass",
    "march",
    "activation",
    "assault",
    "grand_assault",
    "combat",
    "retreat",
    "advance",
    "cavalry_retreat",
    "extended_march",
    "forced_march",
    "entrench",
    "station_raid",
    "bridge",
    "recovery",
    "rain",
    "turn_end",
    "game_end",
    "move",
    "loss",
    "leader",
    "surrender",
    "refuse_flank",
    "phase",
    "eliminated",
    "note",
)


def make_event(type_: str, turn: int, rule: str, en: str, ja: str, **data: Any) -> Event:
    """One event; `data` must already be JSON-ready."""
    event: Event = {"type": type_, "turn": turn, "rule": rule, "en": en, "ja": ja}
    event.update(data)
    return event


def render_event(event: Event, lang: str = "en") -> str:
    """One readable line, e.g. `T2 [7.5] combat: ...`."""
    text = event.get(lang) or event.get("en", "")
    return f"T{event['turn']} [{event['rule']}] {event['type']}: {text}"


def render_log(events: list[Event], lang: str = "en") -> str:
    return "\n".join(render_event(e, lang) for e in events)
