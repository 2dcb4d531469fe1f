"""The game's words that reach the player as values: terrain, hexsides, sides, attack types,
entrenchment levels, the retreat tables' rows. They come from `tables/` and the rules
core's names; marking them here gives each a catalog entry, so a step argument such as
`{"dst": "woods"}` is shown in the player's language (`gcacw_ref.rules.explain`).
`tests/i18n` checks that every terrain, hexside and retreat-table label has an entry.
"""

from __future__ import annotations

from gcacw_ref.i18n import N_

TERRAIN = (
    N_("clear"),
    N_("rolling"),
    N_("rough"),
    N_("provisional_swamp"),
    N_("woods"),
    N_("city"),
    N_("swamp"),
    N_("mountain"),
    N_("water"),
)

HEXSIDES = (
    N_("none"),
    N_("road"),
    N_("pike"),
    N_("railroad"),
    N_("trail"),
    N_("creek"),
    N_("minor_river"),
    N_("major_river"),
    N_("ford"),
    N_("bridge"),
    N_("dam"),
    N_("ferry"),
)

UNITS_AND_SIDES = (
    N_("infantry"),
    N_("cavalry"),
    N_("artillery"),
    N_("union"),
    N_("confederate"),
    N_("attacker"),
    N_("defender"),
)

ATTACKS = (
    N_("march"),
    N_("assault"),
    N_("grand_assault"),  # the board's attack type (`board attack --type`)
    N_("column"),
    N_("hasty"),
    N_("normal"),
    N_("prepared"),
)

ENTRENCHMENT = (
    N_("abatis"),
    N_("breastworks_building"),
    N_("breastworks"),
    N_("fort_building"),
    N_("fort_building_1"),
    N_("fort_building_2"),
    N_("fort"),
)
"""The entrenchment levels of 9.0 but "none" (`combat_tables.ENTRENCHMENT_LEVELS`; a
test holds the two together), as the rules core names them in a step."""

HEX_FEATURES = (N_("earthworks"),)  # printed works (9.0): not a level

RETREAT_ROWS = (
    N_("farther away along a road, pike, trail or railroad; no enemy ZOC or units"),
    N_("farther away, not along a road; no enemy ZOC or units"),
    N_("not farther away; no enemy ZOC or units"),
    N_("into enemy ZOC without enemy units, farther away"),
    N_("into enemy ZOC without enemy units, not farther away"),
    N_("into a hex holding enemy units"),
    N_("neither enemy ZOC nor enemy units"),
    N_("into enemy ZOC without enemy units"),
)

PARITY = (N_("even"), N_("odd"))
