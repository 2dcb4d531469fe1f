"""The description of one attack, as the combat calculator and the engine give it (7.1-7.5).

Pydantic models with strict fields: an unknown field or a bad value names itself.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.rules.combat_tables import AttackTypeKey, GameCode, LevelKey
from gcacw_ref.rules.numbers import Strength

Hexside = Literal["none", "creek", "bridge", "dam", "ferry", "ford", "minor_river", "major_river"]
"""`minor_river`/`major_river`: a river hexside with no bridge, dam, ferry or ford."""
TerrainKey = Literal[
    "clear", "rolling", "rough", "provisional_swamp", "woods", "city", "mountain", "swamp"
]
SideKey = Literal["union", "confederate"]
Die = Field(ge=1, le=6)


class _Unit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(default=None, description="optional label for the breakdown")
    strength: Strength = Field(description="combat strength on the strength marker, in halves")
    artillery: int = Field(default=0, ge=0, description="artillery value")
    tactical: int = Field(default=0, ge=0, description="tactical rating")
    demoralized: Literal[0, 1, 2] = 0
    organized: bool = True
    cavalry: bool = False


class AttackingUnit(_Unit):
    """A unit taking part in the attack."""

    artillery_unit: bool = Field(
        default=False, description="an artillery unit (may not attack on a march, 7.1)"
    )
    hex: str | None = Field(
        default=None, description="attacking hex, for per-hex caps in a grand assault (7.2)"
    )
    fatigue: int | None = Field(
        default=None, ge=0, le=4, description="fatigue level; an assault needs 3 or less (7.1)"
    )


class DefendingUnit(_Unit):
    """A unit in the defending hex."""

    entrenchment: LevelKey = "none"
    earthworks: bool = Field(default=False, description="in a printed earthworks hex (9.0)")


class CombatDice(BaseModel):
    model_config = ConfigDict(extra="forbid")

    attacker: int = Die
    defender: int = Die


class CombatInput(BaseModel):
    """One attack: who, where, how, and optionally the dice."""

    model_config = ConfigDict(extra="forbid")

    game: GameCode = "GTC"
    action: Literal["march", "assault"]
    attack_type: AttackTypeKey | None = Field(default=None, description="march only")
    attackers: list[AttackingUnit] = Field(min_length=1)
    attacker_leader_tactical: int | None = Field(default=None, ge=0)
    defenders: list[DefendingUnit] = Field(min_length=1)
    defender_leader_tactical: int | None = Field(default=None, ge=0)
    defender_terrain: TerrainKey = "clear"
    hexside: Hexside = "none"
    road_across_hexside: bool | None = Field(
        default=None,
        description=(
            "a road, pike, trail or railroad joins the two hexes; null = not stated "
            "(assumed where a rule needs it, and said so)"
        ),
    )
    woods_hexside: bool = Field(default=False, description="the attack crosses a woods hexside")
    began_action_adjacent: bool | None = Field(
        default=None,
        description="march only: the unit began its action in the hex it attacks from",
    )
    flank_bonus: int = Field(default=0, ge=0, le=4, description="final flank modifier (7.4, 7.8)")
    rain: bool = False
    dice: CombatDice | None = None
    year: int | None = Field(default=None, ge=1861, le=1865)
    attacker_in_mountain: bool = False
    lee: bool = Field(default=False, description="Lee stacked with the assaulting leader")
    longstreet: bool = Field(default=False, description="Longstreet leads the assault")
    artillery_die: int | None = Field(default=None, ge=1, le=6)
    grand_assault: bool = False
    attacker_side: SideKey | None = None
    attacker_movement_allowance: int | None = Field(default=None, ge=0)
    gunboat: Literal[0, 1, 2] = Field(default=0, description="defender gunboat support (OTR, GTC)")
    union_panic: bool = Field(default=False, description="Union panic in effect (SJW)")
    hooker_lost_confidence: bool = Field(default=False, description="SLB: Hooker, Union attacker")
