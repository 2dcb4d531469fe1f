"""Game events as typed models: what happened, the rule it applied, and the facts.

An event carries no text. Each type knows its message id (an English msgid in the
gettext catalogs) and the arguments that fill it; `render` in `gcacw_ref.game.model.log` turns
it into a line in either language. `Event` is the union of every type, told apart by
`type`. `as_json()` is the event as `play --json` prints it: `type`, `turn`, `rule` and
the facts that were given (a field left unset is left out; a few fields serve only the
rendering and never reach the JSON). An event also reads like that JSON document
(`event["unit"]`, `event.get("dice")`).
"""

from __future__ import annotations

import gettext
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from gcacw_ref.game.model.words import ASSAULT, attack_word, entrenchment_word
from gcacw_ref.i18n import N_
from gcacw_ref.rules.combat_tables import ATTACK_TYPES, ENTRENCHMENT_LEVELS
from gcacw_ref.rules.register import register_name

# --- the closed sets of machine values, with the words a log line shows for them ---------
SIDE_WORDS = {"union": N_("Union"), "confederate": N_("Confederate"), "draw": N_("draw")}
# the rules core's attack types and levels, each with its words (`model.words`)
ATTACK_WORDS: dict[str, str] = {a: attack_word(a) for a in (*ATTACK_TYPES, ASSAULT)}
RETREAT_WORDS = {
    "retreat": N_("retreat"),
    "rout": N_("rout"),
    "cavalry": N_("cavalry retreat"),
    "optional": N_("optional retreat"),
}
STATION_WORDS = {"damaged": N_("damaged"), "destroyed": N_("destroyed")}
ENTRENCHMENT_WORDS: dict[str, str] = {lv: entrenchment_word(lv) for lv in ENTRENCHMENT_LEVELS}
WEATHER_WORDS = {
    "none": N_("no rain"),
    "rain": N_("rain"),
    "rain+1": N_("rain, current +1"),
    "rain+2": N_("rain, current +2"),
    "rain+3": N_("rain, current +3"),
}
EXTENDED_MARCH_WORDS = {
    "NE": N_("no effect"),
    "D": N_("disorganized"),
    "1": N_("1 strength point lost"),
    "2": N_("2 strength points lost"),
    "3": N_("3 strength points lost"),
}
CROSSING_WORDS = {"bridge": N_("bridge"), "ferry": N_("ferry")}

CLOSED_SETS: dict[str, Mapping[str, str]] = {
    "side": SIDE_WORDS,
    "attack": ATTACK_WORDS,
    "retreat": RETREAT_WORDS,
    "station": STATION_WORDS,
    "entrenchment": ENTRENCHMENT_WORDS,
    "weather": WEATHER_WORDS,
    "extended_march": EXTENDED_MARCH_WORDS,
    "crossing": CROSSING_WORDS,
}
"""Every closed set a log line names, by what it is (the terminology test reads it)."""


@dataclass(frozen=True)
class Voice:
    """What a message needs to be spoken: a catalog and the names of units and leaders."""

    catalog: gettext.NullTranslations
    names: Mapping[str, str]
    lang: str = "en"

    def __call__(self, msgid: str) -> str:
        return self.catalog.gettext(msgid)

    def plural(self, singular: str, plural: str, n: int) -> str:
        return self.catalog.ngettext(singular, plural, n)

    def name(self, piece: str | None) -> str:
        return self.names.get(piece or "", piece or "")

    def names_of(self, pieces: Sequence[str]) -> str:
        return self(N_(", ")).join(self.name(p) for p in pieces)

    def word(self, words: Mapping[str, str], value: str | None) -> str:
        """A machine value in words (the value itself when the set does not know it)."""
        value = value or ""
        return self(words[value]) if value in words else value

    def side(self, value: str | None) -> str:
        return self.word(SIDE_WORDS, value)

    def path(self, hexes: Sequence[str]) -> str:
        return self(N_(" -> ")).join(hexes)

    def hexside(self, hexes: Sequence[str] | None) -> str:
        return "-".join(hexes or ())


class EventBase(BaseModel):
    """The fields every event has; subclasses add their facts and their message."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    type: str
    turn: int
    rule: str

    KINDS: ClassVar[tuple[str, ...]] = ()

    def message(self) -> str:
        """The msgid of this event's line."""
        raise NotImplementedError

    def args(self, v: Voice) -> dict[str, object]:
        """The values that fill the message, in words."""
        return {}

    def text(self, v: Voice) -> str:
        return v(self.message()).format(**self.args(v))

    def as_json(self) -> dict[str, JsonValue]:
        """The event as `play --json` prints it (the facts given, no text)."""
        doc: dict[str, JsonValue] = {"type": self.type}
        doc.update(
            self.model_dump(mode="json", exclude_unset=True, exclude={"type"}, by_alias=True)
        )
        return doc

    # reading the event like its JSON document (tests, soak, the game screen)
    def _json_keys(self) -> dict[str, str]:
        """JSON key -> field name, for the fields the JSON document has."""
        fields = type(self).model_fields
        keys = {"type": "type"}
        keys.update(
            (fields[n].alias or n, n) for n in self.model_fields_set if not fields[n].exclude
        )
        return keys

    def __getitem__(self, key: str) -> Any:  # noqa: ANN401 -- a JSON value, as the document has it
        name = self._json_keys().get(key)
        if name is None:
            raise KeyError(key)
        return getattr(self, name)

    def keys(self) -> list[str]:
        """The JSON document's keys (so `dict(event)` is that document)."""
        return list(self._json_keys())

    def __contains__(self, key: object) -> bool:
        return key in self._json_keys()

    def get(self, key: str, default: object = None) -> Any:  # noqa: ANN401 -- a JSON value
        return self[key] if key in self._json_keys() else default


def _excluded(default: Any = None) -> Any:  # noqa: ANN401 -- a pydantic field default
    return Field(default=default, exclude=True)


class InitiativeEvent(EventBase):
    type: Literal["initiative"] = "initiative"
    winner: str | None = None
    dice: dict[str, int] | None = None
    side: str | None = None

    def message(self) -> str:
        if self.side is not None:
            return N_("{side} takes the initiative")
        if self.dice is None:
            return N_("{side} wins the initiative without a roll (the enemy cannot act)")
        return N_("dice: Union {union}, Confederate {confederate}; {side} wins")

    def args(self, v: Voice) -> dict[str, object]:
        dice = self.dice or {}
        return {
            "side": v.side(self.side or self.winner),
            "union": dice.get("union"),
            "confederate": dice.get("confederate"),
        }


class PassEvent(EventBase):
    type: Literal["pass"] = "pass"
    side: str | None = None
    stalled: bool = _excluded(False)
    """Neither side could act (4.4)."""

    def message(self) -> str:
        if self.side is not None:
            return N_("{side} passes")
        if self.stalled:
            return N_("neither side can act: the action cycle ends")
        return N_("the action cycle ends")

    def args(self, v: Voice) -> dict[str, object]:
        return {"side": v.side(self.side)}


class TurnEndEvent(EventBase):
    type: Literal["turn_end"] = "turn_end"

    def message(self) -> str:
        return N_("end of turn {turn}")

    def args(self, v: Voice) -> dict[str, object]:
        return {"turn": self.turn}


class StationRaidEvent(EventBase):
    type: Literal["station_raid"] = "station_raid"
    unit: str
    hex: str | None
    result: str

    def message(self) -> str:
        return N_("{unit} raids the station at {hex}: {result}")

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "unit": v.name(self.unit),
            "hex": self.hex,
            "result": v.word(STATION_WORDS, self.result),
        }


class EntrenchEvent(EventBase):
    type: Literal["entrench"] = "entrench"
    unit: str
    hex: str | None
    level: str
    before: str = _excluded("none")

    def message(self) -> str:
        return N_("{unit}: {before} -> {level}")

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "unit": v.name(self.unit),
            "before": v.word(ENTRENCHMENT_WORDS, self.before),
            "level": v.word(ENTRENCHMENT_WORDS, self.level),
        }


class RainEvent(EventBase):
    """The random event roll, the rain it brings, or a unit leaving a flooded swamp."""

    type: Literal["rain"] = "rain"
    dice: int | None = None
    event: str | None = None
    through: int | None = None
    minor_until: int | None = None
    major_until: int | None = None
    unit: str | None = None
    frm: str | None = None
    to: str | None = None

    def message(self) -> str:
        if self.unit is not None:
            return N_("{unit} leaves the flooded swamp {frm} for {to}")
        if self.event is not None:
            return N_("random event dice {dice}: {event}")
        return N_(
            "rain this turn (through turn {through}); fords unusable: "
            "minor rivers {minor}, major rivers {major}"
        )

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "unit": v.name(self.unit),
            "frm": self.frm,
            "to": self.to,
            "dice": self.dice,
            "event": v.word(WEATHER_WORDS, self.event),
            "through": self.through,
            "minor": _until(v, self.minor_until),
            "major": _until(v, self.major_until),
        }


def _until(v: Voice, turn: int | None) -> str:
    return v(N_("to turn {turn}")).format(turn=turn) if turn else v(N_("not affected"))


class _UnitGone(EventBase):
    unit: str
    hex: str | None
    side: str
    enemy: str

    def args(self, v: Voice) -> dict[str, object]:
        return {"unit": v.name(self.unit), "hex": self.hex}


class SurrenderEvent(_UnitGone):
    type: Literal["surrender"] = "surrender"

    def message(self) -> str:
        if self.rule == "12.0":  # a flooded unit with no hex to go to is eliminated, not taken
            return N_("{unit} is eliminated at {hex}: flooded, no exit")
        return N_("{unit} is forced to surrender at {hex}")


class EliminatedEvent(_UnitGone):
    type: Literal["eliminated"] = "eliminated"

    def message(self) -> str:
        return N_("{unit} is eliminated at {hex}")


class MoveEvent(EventBase):
    type: Literal["move"] = "move"
    unit: str
    frm: str
    to: str
    cost: str

    def message(self) -> str:
        return N_("{unit} {frm} -> {to} ({cost} MP)")

    def args(self, v: Voice) -> dict[str, object]:
        return {"unit": v.name(self.unit), "frm": self.frm, "to": self.to, "cost": self.cost}


class MarchEvent(EventBase):
    type: Literal["march"] = "march"
    unit: str
    hex: str | None
    mp: int
    fatigue: int

    def message(self) -> str:
        return N_("{unit} marches from {hex} with {mp} MP (fatigue now {fatigue})")

    def args(self, v: Voice) -> dict[str, object]:
        return {"unit": v.name(self.unit), "hex": self.hex, "mp": self.mp, "fatigue": self.fatigue}


class ExtendedMarchEvent(EventBase):
    type: Literal["extended_march"] = "extended_march"
    unit: str
    die: int
    drm: int | None = None
    result: str | None = None
    steps: list[str] | None = None

    def message(self) -> str:
        if self.result is None:
            return N_(
                "{unit}: die {die}; the source gives no result for this "
                "column, so no effect is applied (register game-extended-march-gap)"
            )
        return N_("{unit}: die {die} {drm:+d}: {result}")

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "unit": v.name(self.unit),
            "die": self.die,
            "drm": self.drm or 0,
            "result": v.word(EXTENDED_MARCH_WORDS, self.result),
        }


class ForcedMarchEvent(EventBase):
    type: Literal["forced_march"] = "forced_march"
    unit: str
    dice: int
    bonus: int
    loss: int

    def message(self) -> str:
        return N_("{unit} force-marches: dice {dice}, +{bonus} MP, loses {loss}")

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "unit": v.name(self.unit),
            "dice": self.dice,
            "bonus": self.bonus,
            "loss": self.loss,
        }


class MarchEndEvent(EventBase):
    """A march ended by the engine with MP left, every hex around costing more than is
    left (6.2): the cheapest of them, what it costs and the MP left."""

    type: Literal["march_end"] = "march_end"
    unit: str
    hex: str | None
    mp: str
    cheapest: str
    cost: str

    def message(self) -> str:
        return N_(
            "{unit} ends its march in {hex}, {mp} MP left: the cheapest hex around, "
            "{cheapest}, costs {cost}"
        )

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "unit": v.name(self.unit),
            "hex": self.hex,
            "mp": self.mp,
            "cheapest": self.cheapest,
            "cost": self.cost,
        }


class RefuseFlankEvent(EventBase):
    type: Literal["refuse_flank"] = "refuse_flank"
    unit: str
    hex: str | None

    def message(self) -> str:
        return N_("{unit} refuses its flanks")

    def args(self, v: Voice) -> dict[str, object]:
        return {"unit": v.name(self.unit)}


class LossEvent(EventBase):
    type: Literal["loss"] = "loss"
    unit: str

    def message(self) -> str:
        return N_("{unit} takes 1 strength loss")

    def args(self, v: Voice) -> dict[str, object]:
        return {"unit": v.name(self.unit)}


class AdvanceEvent(EventBase):
    type: Literal["advance"] = "advance"
    unit: str
    frm: str
    to: str

    def message(self) -> str:
        return N_("{unit} advances {frm} -> {to}")

    def args(self, v: Voice) -> dict[str, object]:
        return {"unit": v.name(self.unit), "frm": self.frm, "to": self.to}


class LeaderEvent(EventBase):
    """A leader goes to a unit (6.3), is displaced to another, or is removed."""

    type: Literal["leader"] = "leader"
    leader: str
    unit: str | None = None
    hex: str | None = None
    displaced: bool = _excluded(False)

    def message(self) -> str:
        if self.unit is None:
            return N_("{leader} is removed: no unit left to command")
        if self.displaced:
            return N_("{leader} is displaced to {unit} at {hex}")
        return N_("{leader} goes to {unit} at {hex}")

    def args(self, v: Voice) -> dict[str, object]:
        return {"leader": v.name(self.leader), "unit": v.name(self.unit), "hex": self.hex}


class ActivationEvent(EventBase):
    type: Literal["activation"] = "activation"
    leader: str
    units: list[str]
    mp: int

    def message(self) -> str:
        return N_("{leader} activates {count} unit(s) with {mp} MP")

    def args(self, v: Voice) -> dict[str, object]:
        return {"leader": v.name(self.leader), "count": len(self.units), "mp": self.mp}


class CombatEvent(EventBase):
    type: Literal["combat"] = "combat"
    attackers: list[str]
    defenders: list[str]
    hex: str
    action: str
    attack_type: str | None
    dice: dict[str, int]
    differential: int
    flank: int
    attacker_result: str
    defender_result: str
    attacker_drm: int
    defender_drm: int
    steps: list[str]
    ratio: str = _excluded("")

    def message(self) -> str:
        return N_(
            "{attackers}: {attack} on {hex}: odds {ratio}, dice {a}-{d}, differential "
            "{differential:+d}; attacker {attacker_result}, defender {defender_result}"
        )

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "attackers": v.names_of(self.attackers),
            "hex": self.hex,
            "attack": v.word(ATTACK_WORDS, self.attack_type or self.action),
            "ratio": self.ratio,
            "a": self.dice.get("attacker"),
            "d": self.dice.get("defender"),
            "differential": self.differential,
            "attacker_result": self.attacker_result,
            "defender_result": self.defender_result,
        }


class GameEndEvent(EventBase):
    type: Literal["game_end"] = "game_end"
    winner: str
    vp: dict[str, int]

    def message(self) -> str:
        return N_("Union {union} VP, Confederate {confederate} VP; winner: {winner}")

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "union": self.vp.get("union"),
            "confederate": self.vp.get("confederate"),
            "winner": v.side(self.winner),
        }


BridgeAct = Literal["remove_enemy", "destroy", "take_up", "repair", "lay"]


class BridgeEvent(EventBase):
    """Pontoon bridges laid, taken up or removed, bridges and ferries destroyed or
    repaired (10.0)."""

    type: Literal["bridge"] = "bridge"
    unit: str
    hexside: list[str] | None = None
    die: int | None = None
    drm: int | None = None
    destroyed: bool | None = None
    ok: bool | None = None
    act: BridgeAct = _excluded("lay")
    where: list[str] = _excluded([])
    """The hexside's two hexes, where `hexside` is not part of the facts."""
    crossing: str = _excluded("bridge")
    """`bridge` or `ferry` (what a destruction attempt aims at)."""

    MESSAGES: ClassVar[dict[tuple[str, bool], str]] = {
        ("remove_enemy", True): N_("{unit} removes the enemy pontoon bridge {hexside}"),
        ("take_up", True): N_("{unit} takes up the pontoon bridge {hexside}"),
        ("destroy", True): N_(
            "{unit} tries to destroy the {what} {hexside}: die {die}{drm:+d}, destroyed"
        ),
        ("destroy", False): N_(
            "{unit} tries to destroy the {what} {hexside}: die {die}{drm:+d}, fails"
        ),
        ("repair", True): N_("{unit} repairs {hexside}: die {die}{drm:+d}, repaired"),
        ("repair", False): N_("{unit} repairs {hexside}: die {die}{drm:+d}, fails"),
        ("lay", True): N_("{unit} lays a pontoon bridge {hexside}: die {die}{drm:+d}, built"),
        ("lay", False): N_("{unit} lays a pontoon bridge {hexside}: die {die}{drm:+d}, fails"),
    }

    def message(self) -> str:
        success = self.destroyed if self.act == "destroy" else self.ok
        return self.MESSAGES[(self.act, success is not False)]

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "unit": v.name(self.unit),
            "hexside": v.hexside(self.hexside or self.where),
            "what": v.word(CROSSING_WORDS, self.crossing),
            "die": self.die,
            "drm": self.drm or 0,
        }


class CavalryRetreatEvent(EventBase):
    type: Literal["cavalry_retreat"] = "cavalry_retreat"
    hex: str
    units: list[str]
    die: int
    drm: int
    mp_cut: int
    loss: int
    steps: list[str]
    active: str = _excluded("")

    def message(self) -> str:
        return N_(
            "{units} before {active}: die {die}{drm:+d}, enemy loses {cut} MP, cavalry loses {loss}"
        )

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "units": v.names_of(self.units),
            "active": v.name(self.active),
            "die": self.die,
            "drm": self.drm,
            "cut": self.mp_cut,
            "loss": self.loss,
        }


class AssaultEvent(EventBase):
    """A leader orders an assault (7.1), or its command roll."""

    type: Literal["assault"] = "assault"
    leader: str | None = None
    hex: str | None = None
    units: list[str] | None = None
    die: int | None = None
    value: int | None = None
    happens: bool | None = None
    steps: list[str] | None = None
    participating: int = _excluded(0)

    def message(self) -> str:
        if self.die is None:
            return N_("{leader} orders an assault on {hex} with {count} unit(s)")
        if self.happens:
            return N_("command die {die}: assault value {value}, {count} unit(s) attack")
        return N_("command die {die}: the assault fails")

    def args(self, v: Voice) -> dict[str, object]:
        count = len(self.units) if self.die is None and self.units else self.participating
        return {
            "leader": v.name(self.leader),
            "hex": self.hex,
            "count": count,
            "die": self.die,
            "value": self.value,
        }


class GrandAssaultEvent(EventBase):
    type: Literal["grand_assault"] = "grand_assault"
    leader: str
    die: int
    number: int | None
    happens: bool
    steps: list[str]

    def message(self) -> str:
        if self.happens:
            return N_("{leader}: die {die}, grand assault number {number}")
        return N_("{leader}: die {die}, no grand assault")

    def args(self, v: Voice) -> dict[str, object]:
        return {"leader": v.name(self.leader), "die": self.die, "number": self.number}


class RetreatEvent(EventBase):
    type: Literal["retreat"] = "retreat"
    units: list[str]
    path: list[str]
    kind: str
    override: bool
    closer_excluded: list[dict[str, str | list[str]]] | None = None
    register_: list[str] | None = Field(default=None, alias="register")

    def message(self) -> str:
        return N_("{units} {kind}: {path}")

    def args(self, v: Voice) -> dict[str, object]:
        return {
            "units": v.names_of(self.units),
            "kind": v.word(RETREAT_WORDS, self.kind),
            "path": v.path(self.path),
        }

    def text(self, v: Voice) -> str:
        out = super().text(v)
        if self.override:
            out += v(N_(" (priority override used)"))
        if self.register_:
            out += v(N_(" (nearer hexes refused, register {entry})")).format(
                entry=v(N_(", ")).join(register_name(e, v.lang) for e in self.register_)
            )
        return out


class RecoveryEvent(EventBase):
    type: Literal["recovery"] = "recovery"
    units_changed: int

    def message(self) -> str:
        return N_("{count} units recover (fatigue -3, reorganize, demoralization)")

    def args(self, v: Voice) -> dict[str, object]:
        return {"count": self.units_changed}


Event = Annotated[
    InitiativeEvent
    | PassEvent
    | TurnEndEvent
    | StationRaidEvent
    | EntrenchEvent
    | RainEvent
    | SurrenderEvent
    | EliminatedEvent
    | MoveEvent
    | MarchEvent
    | MarchEndEvent
    | ExtendedMarchEvent
    | ForcedMarchEvent
    | RefuseFlankEvent
    | LossEvent
    | AdvanceEvent
    | LeaderEvent
    | ActivationEvent
    | CombatEvent
    | GameEndEvent
    | BridgeEvent
    | CavalryRetreatEvent
    | AssaultEvent
    | GrandAssaultEvent
    | RetreatEvent
    | RecoveryEvent,
    Field(discriminator="type"),
]
"""Any game event, told apart by `type`."""
