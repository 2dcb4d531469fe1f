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
