"""The description of one attack, as the combat calculator and the engine give it (7.1-7.5).

Pydantic models with strict fields: an unknown field or a bad value names itself.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from gcacw_ref.i18n import N_
from gcacw_ref.rules.combat_tables import AttackTypeKey, GameCode, LevelKey
from gcacw_ref.rules.labels import ui
from gcacw_ref.rules.numbers import Strength

Hexside = Literal["none", "creek", "bridge", "dam", "ferry", "ford", "minor_river", "major_river"]
"""`minor_river`/`major_river`: a river hexside with no bridge, dam, ferry or ford."""
TerrainKey = Literal[
    "clear", "rolling", "rough", "provisional_swamp", "woods", "city", "mountain", "swamp"
]
SideKey = Literal["union", "confederate"]
Die = Field(ge=1, le=6)
MOST = 999
"""Upper bound for any strength, artillery or tactical figure given: larger is a typo.
Numbers must be JSON numbers (strict): "2" or true where a number belongs is refused."""


class _Unit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, description="optional label for the breakdown")
    strength: Strength = Field(
        le=MOST, description="combat strength on the strength marker, in halves"
    )
    artillery: StrictInt = Field(default=0, ge=0, le=MOST, description="artillery value")
    tactical: StrictInt = Field(default=0, ge=0, le=MOST, description="tactical rating")
    demoralized: StrictInt = Field(default=0, ge=0, le=2, description="0, 1 or 2 (11.0)")
    organized: StrictBool = True
    cavalry: StrictBool = False


class AttackingUnit(_Unit):
    """A unit taking part in the attack."""

    artillery_unit: StrictBool = Field(
        default=False, description="an artillery unit (may not attack on a march, 7.1)"
    )
    hex: str | None = Field(
        default=None, description="attacking hex, for per-hex caps in a grand assault (7.2)"
    )
    fatigue: StrictInt | None = Field(
        default=None, ge=0, le=4, description="fatigue level; an assault needs 3 or less (7.1)"
    )


class DefendingUnit(_Unit):
    """A unit in the defending hex."""

    entrenchment: LevelKey = Field(default="none", json_schema_extra=ui(N_("Entrenchment")))
    earthworks: StrictBool = Field(
        default=False,
        description="in a printed earthworks hex (9.0)",
        json_schema_extra=ui(N_("Earthworks hex")),
    )


class CombatDice(BaseModel):
    model_config = ConfigDict(extra="forbid")

    attacker: StrictInt = Field(ge=1, le=6, examples=[5], json_schema_extra=ui(N_("Attacker die")))
    defender: StrictInt = Field(ge=1, le=6, examples=[2], json_schema_extra=ui(N_("Defender die")))


class CombatInput(BaseModel):
    """One attack: who, where, how, and optionally the dice."""

    model_config = ConfigDict(extra="forbid")

    game: GameCode = Field(default="GTC", examples=["OTR"], json_schema_extra=ui(N_("Game")))
    action: Literal["march", "assault"] = Field(
        examples=["march"], json_schema_extra=ui(N_("Action"))
    )
    attack_type: AttackTypeKey | None = Field(
        default=None,
        description="march only",
        examples=["hasty"],
        json_schema_extra=ui(N_("Attack type")),
    )
    attackers: list[AttackingUnit] = Field(
        min_length=1,
        examples=[[{"strength": 17, "artillery": 2, "tactical": 2}]],
        json_schema_extra=ui(N_("Attackers")),
    )
    attacker_leader_tactical: StrictInt | None = Field(
        default=None, ge=0, le=MOST, examples=[4], json_schema_extra=ui(N_("Attacker leader"))
    )
    defenders: list[DefendingUnit] = Field(
        min_length=1,
        examples=[[{"strength": 9, "artillery": 2, "tactical": 2}]],
        json_schema_extra=ui(N_("Defenders")),
    )
    defender_leader_tactical: StrictInt | None = Field(
        default=None, ge=0, le=MOST, examples=[3], json_schema_extra=ui(N_("Defender leader"))
    )
    defender_terrain: TerrainKey = Field(
        default="clear", examples=["rolling"], json_schema_extra=ui(N_("Defender terrain"))
    )
    hexside: Hexside = Field(default="none", json_schema_extra=ui(N_("Hexside")))
    road_across_hexside: StrictBool | None = Field(
        default=None,
        json_schema_extra=ui(N_("Road across it")),
        description=(
            "a road, pike, trail or railroad joins the two hexes; null = not stated "
            "(assumed where a rule needs it, and said so)"
        ),
    )
    woods_hexside: StrictBool = Field(
        default=False, description="the attack crosses a woods hexside"
    )
    began_action_adjacent: StrictBool | None = Field(
        default=None,
        description="march only: the unit began its action in the hex it attacks from",
    )
    flank_bonus: StrictInt = Field(
        default=0,
        ge=0,
        le=4,
        description="final flank modifier (7.4, 7.8)",
        examples=[2],
        json_schema_extra=ui(N_("Flank bonus")),
    )
    rain: StrictBool = Field(default=False, json_schema_extra=ui(N_("Rain")))
    dice: CombatDice | None = None
    year: StrictInt | None = Field(default=None, ge=1861, le=1865, json_schema_extra=ui(N_("Year")))
    attacker_in_mountain: StrictBool = Field(
        default=False, json_schema_extra=ui(N_("Attacker in mountain"))
    )
    attacker_terrain: TerrainKey | None = Field(
        default=None,
        json_schema_extra=ui(N_("Attacker terrain")),
        description=(
            "terrain of the attacking hex (the active unit's or leader's), when known: "
            "a mountain or swamp there needs a road to attack (7.1), a city there lets a "
            "rain-turn attack cross a roadless creek (12.0)"
        ),
    )
    lee: StrictBool = Field(
        default=False,
        description="Lee stacked with the assaulting leader",
        json_schema_extra=ui(N_("Lee")),
    )
    longstreet: StrictBool = Field(
        default=False,
        description="Longstreet leads the assault",
        json_schema_extra=ui(N_("Longstreet")),
    )
    artillery_die: StrictInt | None = Field(
        default=None, ge=1, le=6, json_schema_extra=ui(N_("Artillery die"))
    )
    grand_assault: StrictBool = Field(default=False, json_schema_extra=ui(N_("Grand assault")))
    attacker_side: SideKey | None = Field(default=None, json_schema_extra=ui(N_("Attacker side")))
    attacker_movement_allowance: StrictInt | None = Field(default=None, ge=0, le=MOST)
    gunboat: StrictInt = Field(
        default=0,
        ge=0,
        le=2,
        description="defender gunboat support (OTR, GTC)",
        json_schema_extra=ui(N_("Gunboat support")),
    )
    union_panic: StrictBool = Field(
        default=False,
        description="Union panic in effect (SJW)",
        json_schema_extra=ui(N_("Union panic")),
    )
    hooker_lost_confidence: StrictBool = Field(
        default=False,
        description="SLB: Hooker, Union attacker",
        json_schema_extra=ui(N_("Hooker shaken")),
    )
