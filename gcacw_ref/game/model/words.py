"""The log's words for the rules core's closed sets of attacks and entrenchment levels:
one case per value of the rules core's `Literal` (mypy checks that each has its words);
`events.ATTACK_WORDS` and `ENTRENCHMENT_WORDS` are built from them."""

from __future__ import annotations

from typing import Literal, assert_never

from gcacw_ref.i18n import N_
from gcacw_ref.rules.combat_tables import AttackTypeKey, LevelKey

ASSAULT: Literal["assault"] = "assault"


def attack_word(attack: AttackTypeKey | Literal["assault"]) -> str:
    """The log's words for an attack type (7.1) or an assault (5.3)."""
    match attack:
        case "column":
            return N_("column attack")
        case "hasty":
            return N_("hasty attack")
        case "normal":
            return N_("normal attack")
        case "prepared":
            return N_("prepared attack")
        case "assault":
            return N_("assault")
        case _:
            assert_never(attack)


def entrenchment_word(level: LevelKey) -> str:
    """The log's words for an entrenchment level (9.0)."""
    match level:
        case "none":
            return N_("none")
        case "abatis":
            return N_("abatis")
        case "breastworks_building":
            return N_("breastworks (building)")
        case "breastworks":
            return N_("breastworks")
        case "fort_building":
            return N_("fort (building)")
        case "fort_building_1":
            return N_("fort (building 1)")
        case "fort_building_2":
            return N_("fort (building 2)")
        case "fort":
            return N_("fort")
        case _:
            assert_never(level)
