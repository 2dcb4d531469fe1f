"""The game log: events rendered as lines in either language, and as JSON.

The events themselves are typed models (`gcacw_ref.game.model.events`): a message id and
its facts, no text. This module speaks them through the gettext catalogs: `render_text`
(the sentence), `render_event` (a log line with turn, rule and kind), `render_log` and
`event_json` (the `play --json` form: the facts and a `text` in the chosen language).
Units and leaders are named as the scenario names them in that language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import JsonValue

from gcacw_ref.game.model.events import SIDE_WORDS, Event, EventBase, Voice
from gcacw_ref.game.model.scenario import Scenario
from gcacw_ref.i18n import N_, catalog

__all__ = ["Event", "EventBase", "piece_names", "render_event", "render_log", "render_text"]

# the event types the play contract promises (DESIGN.md, `play --json`)
CONTRACT_EVENT_TYPES = (
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
)


def piece_names(scenario: Scenario, lang: str) -> dict[str, str]:
    """Unit and leader id -> its name in `lang` (the English name where the scenario
    gives no Japanese one)."""
    names = {u.id: u.name for u in scenario.units}
    names.update((ld.id, ld.name) for ld in scenario.leaders)
    if lang == "ja":
        names.update(scenario.names_ja)
    return names


def voice(lang: str, names: Mapping[str, str]) -> Voice:
    return Voice(catalog(lang), names, lang)


def render_text(event: EventBase, lang: str, names: Mapping[str, str]) -> str:
    """The event's sentence in `lang`."""
    return event.text(voice(lang, names))


# How each event type is named in a text log line (translated for the log's language;
# the JSON keeps `type` as it is).
EVENT_NAMES = {
    "initiative": N_("initiative"),
    "pass": N_("pass"),
    "march": N_("march"),
    "march_end": N_("march end"),
    "activation": N_("activation"),
    "assault": N_("assault"),
    "grand_assault": N_("grand assault"),
    "combat": N_("combat"),
    "retreat": N_("retreat"),
    "advance": N_("advance"),
    "cavalry_retreat": N_("cavalry retreat"),
    "extended_march": N_("extended march"),
    "forced_march": N_("forced march"),
    "entrench": N_("entrench"),
    "station_raid": N_("station raid"),
    "bridge": N_("bridge"),
    "recovery": N_("recovery"),
    "rain": N_("rain"),
    "turn_end": N_("turn end"),
    "game_end": N_("game end"),
    "move": N_("move"),
    "loss": N_("loss"),
    "leader": N_("leader"),
    "surrender": N_("surrender"),
    "refuse_flank": N_("refuse flank"),
    "phase": N_("phase"),
    "eliminated": N_("eliminated"),
    "note": N_("note"),
}


# an event's `rule` is a rule number, or one of these words
RULE_WORDS = {"scenario": N_("scenario rules")}


def render_event(event: EventBase, lang: str, names: Mapping[str, str]) -> str:
    """One readable line, e.g. `T2 [7.5] combat: ...` (`T2 [7.5] 戦闘: ...` in Japanese)."""
    v = voice(lang, names)
    kind = v(EVENT_NAMES[event.type]) if event.type in EVENT_NAMES else event.type
    rule = v(RULE_WORDS[event.rule]) if event.rule in RULE_WORDS else event.rule
    return v(N_("T{turn} [{rule}] {kind}: {text}")).format(
        turn=event.turn, rule=rule, kind=kind, text=event.text(v)
    )


def render_log(events: Iterable[EventBase], lang: str, names: Mapping[str, str]) -> str:
    return "\n".join(render_event(e, lang, names) for e in events)


def event_json(event: EventBase, lang: str, names: Mapping[str, str]) -> dict[str, JsonValue]:
    """The event as `play --json` prints it: its facts and `text` in `lang`."""
    doc = event.as_json()
    doc["text"] = render_text(event, lang, names)
    return doc


DECISIONS = {
    "transfer": N_("move leaders to other units (leader transfer phase)"),
    "initiative": N_("take the initiative or pass"),
    "choose": N_("choose an action"),
    "forced_march": N_("force-march or not"),
    "march": N_("move, attack, refuse flanks or end the march"),
    "activation": N_("choose units and order their marches"),
    "accompany": N_("move the army leader with the activated leader?"),
    "assault": N_("assault: units, target, grand assault"),
    "cavalry_retreat": N_("declare a cavalry retreat?"),
    "retreat": N_("choose the next hex of the retreat, or stop"),
    "loss": N_("allocate a strength loss"),
    "optional_retreat": N_("retreat defending units (optional)?"),
    "advance": N_("advance after combat?"),
    "leaders_split": N_("leaders go with the unit or stay?"),
    "destroy": N_("try to destroy a bridge or ferry?"),
    "build": N_("recovery: entrench, lay or repair bridges"),
    "swamp_exit": N_("move the flooded unit out of the swamp"),
}


def describe_decision(kind: str, side: str | None, lang: str = "en") -> str:
    """The pending decision in words, e.g. `Union: take the initiative or pass`."""
    v = voice(lang, {})
    what = v(DECISIONS[kind]) if kind in DECISIONS else kind
    if side in SIDE_WORDS and side != "draw":
        return v(N_("{side}: {decision}")).format(side=v.side(side), decision=what)
    return what
