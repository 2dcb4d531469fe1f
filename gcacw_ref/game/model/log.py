"""Game events: what happened, the rule it applied, in English and Japanese, and as JSON.

Each event is a plain dict so it prints as JSON as it is: `type`, `turn`, `rule`, `en`,
`ja`, and the details of that event (unit ids, hexes, dice, results).
"""

from __future__ import annotations

from typing import Any

from gcacw_ref.i18n import N_, catalog

Event = dict[str, Any]

# the event types the play contract promises (DESIGN.md, `play --json`), then the others
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
EVENT_TYPES = (
    *CONTRACT_EVENT_TYPES,
    "move",
    "loss",
    "leader",
    "surrender",
    "refuse_flank",
    "phase",
    "eliminated",
    "note",
)


def make_event(type_: str, turn: int, rule: str, en: str, ja: str, **data: object) -> Event:
    """One event; `data` must already be JSON-ready."""
    event: Event = {"type": type_, "turn": turn, "rule": rule, "en": en, "ja": ja}
    event.update(data)
    return event


# How each event type is named in a text log line (translated for the log's language;
# the JSON keeps `type` as it is).
EVENT_NAMES = {
    "initiative": N_("initiative"),
    "pass": N_("pass"),
    "march": N_("march"),
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


def render_event(event: Event, lang: str = "en") -> str:
    """One readable line, e.g. `T2 [7.5] combat: ...` (`T2 [7.5] 戦闘: ...` in Japanese)."""
    text = event.get(lang) or event.get("en", "")
    kind = str(event["type"])
    if lang != "en" and kind in EVENT_NAMES:
        kind = catalog(lang).gettext(EVENT_NAMES[kind])
    return f"T{event['turn']} [{event['rule']}] {kind}: {text}"


def render_log(events: list[Event], lang: str = "en") -> str:
    return "\n".join(render_event(e, lang) for e in events)


DECISIONS = {
    "transfer": (
        "move leaders to other units (leader transfer phase)",
        "司令官移送フェイズ：司令官の移送",
    ),
    "initiative": ("take the initiative or pass", "イニシアティブを取るかパスするか"),
    "choose": ("choose an action", "アクションを選ぶ"),
    "forced_march": ("force-march or not", "強行軍をおこなうか"),
    "march": ("move, attack, refuse flanks or end the march", "移動・攻撃・側面防御・行軍終了"),
    "activation": ("choose units and order their marches", "活性化するユニットと行軍の順番"),
    "accompany": ("move the army leader with the activated leader?", "軍司令官も一緒に移送するか"),
    "assault": ("assault: units, target, grand assault", "突撃：参加ユニット・目標・総突撃"),
    "cavalry_retreat": ("declare a cavalry retreat?", "騎兵退却をおこなうか"),
    "retreat": ("choose the next hex of the retreat, or stop", "退却の次のヘクス、または終了"),
    "loss": ("allocate a strength loss", "兵力損失の割り振り"),
    "optional_retreat": ("retreat defending units (optional)?", "防御側の任意退却をおこなうか"),
    "advance": ("advance after combat?", "戦闘後前進をおこなうか"),
    "leaders_split": ("leaders go with the unit or stay?", "司令官はユニットに着いていくか残るか"),
    "destroy": ("try to destroy a bridge or ferry?", "橋・フェリーの破壊を試みるか"),
    "build": (
        "recovery: entrench, lay or repair bridges",
        "回復フェイズ：塹壕構築・橋の架設・修理",
    ),
    "swamp_exit": ("move the flooded unit out of the swamp", "冠水した沼地からの移動先"),
}


def describe_decision(kind: str, side: str | None, lang: str = "en") -> str:
    """The pending decision in words, e.g. `Union: take the initiative or pass`."""
    en, ja = DECISIONS.get(kind, (kind, kind))
    if lang == "ja":
        who = {"union": "北軍", "confederate": "南軍"}.get(side or "", "")
        return f"{who}：{ja}" if who else ja
    who = {"union": "Union", "confederate": "Confederate"}.get(side or "", "")
    return f"{who}: {en}" if who else en
