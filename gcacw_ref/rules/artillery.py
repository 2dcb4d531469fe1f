"""The artillery modifier (7.3, 7.4): table row by terrain, difference band, die parity,
and the three special cases. The table used is the one printed in rule 7.4 (register:
artillery-asterisks, artillery-rows)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.errors import DataError, InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.combat_tables import ArtilleryRow, artillery_table
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.numbers import format_signed

Terrain = Literal[
    "clear", "rolling", "rough", "provisional_swamp", "woods", "city", "mountain", "swamp"
]
TERRAINS: tuple[str, ...] = get_args(Terrain)


# The table's band labels (tables/artillery.toml), marked here so the catalogs word them.
_BAND_WORDS = (N_("-4 or less"), N_("-3 to +1"), N_("+2 to +4"), N_("+5 to +7"), N_("+8 or more"))


def check_die(value: int, field_name: str) -> int:
    """A die value must be 1-6."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise InputError(
            _("{field_name}: a die shows 1 to 6 (got {value!r})").format(
                field_name=field_name, value=value
            )
        )
    return value


def artillery_row(terrain: str, rain: bool) -> ArtilleryRow:
    """The table row for the defender's hex; provisional swamp is rough, or swamp in rain."""
    if terrain not in TERRAINS:
        raise InputError(
            _("defender_terrain: unknown terrain {terrain!r}; one of {TERRAINS}").format(
                terrain=terrain, TERRAINS=", ".join(TERRAINS)
            )
        )
    for row in artillery_table().row:
        extra = row.rain_terrains if rain else row.dry_terrains
        if terrain in row.terrains or terrain in extra:
            return row
    raise DataError(_("artillery.toml: no row for terrain {terrain!r}").format(terrain=terrain))


def difference_band(difference: int) -> int:
    """The 0-based column of the artillery difference (7.4)."""
    for index, band in enumerate(artillery_table().band):
        if (band.low is None or difference >= band.low) and (
            band.high is None or difference <= band.high
        ):
            return index
    raise DataError(_("artillery.toml: no band holds {difference}").format(difference=difference))


@dataclass(frozen=True)
class Cell:
    """An artillery table cell: the modifier on an even and on an odd die."""

    printed: str
    even: int
    odd: int

    @property
    def needs_die(self) -> bool:
        return self.even != self.odd


def parse_cell(text: str) -> Cell:
    """Read "NE", "-2", "+1*" (even: figure, odd: none) or "+2†" (even +2, odd +1) (7.4)."""
    raw = text.strip()
    if raw == "NE":
        return Cell(raw, 0, 0)
    try:
        if raw.endswith("†"):
            value = int(raw[:-1])
            return Cell(raw, value, value - 1)
        if raw.endswith("*"):
            return Cell(raw, int(raw[:-1]), 0)
        value = int(raw)
    except ValueError:
        raise DataError(_("artillery.toml: cannot read cell {text!r}").format(text=text)) from None
    return Cell(raw, value, value)


def special_case(modifier: int, attacker: int, defender: int) -> tuple[int, str | None]:
    """Apply 7.4's special cases to a table result; returns the modifier and why it changed."""
    special = artillery_table().special
    if special.no_artillery_no_modifier and attacker == 0 and defender == 0:
        return 0, N_("neither side has artillery: no modifier")
    if special.defender_zero_negative_is_ne and defender == 0 and modifier < 0:
        return 0, N_("defender's artillery is 0: a negative result has no effect")
    if defender == 1 and modifier == -2:
        return special.defender_one_minus_two_is, N_("defender's artillery is 1: -2 counts as -1")
    return modifier, None


class ArtilleryResult(BaseModel):
    """The artillery modifier and how it was reached (7.4): the calculator's result as it
    is (`calc artillery --json`), declared once here. `attacker`, `defender` and `die`
    are the inputs, kept for the combat and left out of the JSON."""

    model_config = ConfigDict(frozen=True)

    difference: int
    modifier: int | None = Field(description="null when a die decides and none was given")
    needs_die: bool
    outcomes: dict[str, int] | None = Field(
        description="modifier by die parity (after the special cases), when a die decides"
    )
    row: str
    column: str = Field(description="the label of the difference's column")
    column_index: int
    cell: str = Field(description="the table cell as the rules print it")
    steps: list[Step]
    attacker: int = Field(exclude=True)
    defender: int = Field(exclude=True)
    die: int | None = Field(exclude=True)

    def for_die(self, die: int) -> int:
        """The modifier for a given artillery die (the same for every die when none
        decides)."""
        if self.outcomes is None:
            assert self.modifier is not None  # no die decides: the modifier is fixed
            return self.modifier
        return self.outcomes["even" if die % 2 == 0 else "odd"]


def artillery_modifier(
    attacker: int, defender: int, terrain: str, *, rain: bool = False, die: int | None = None
) -> ArtilleryResult:
    """The artillery modifier for these totals in this terrain (7.4)."""
    for name, value in (("attacker_artillery", attacker), ("defender_artillery", defender)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InputError(
                _("{name}: must be a whole number 0 or more (got {value!r})").format(
                    name=name, value=value
                )
            )
    if die is not None:
        check_die(die, "die")
    steps: list[Step] = []
    row = artillery_row(terrain, rain)
    if terrain == "provisional_swamp":
        reads = N_("swamp (rain)") if rain else N_("rough (no rain)")
        steps.append(Step(rule="7.4", label=N_("Provisional swamp reads as"), value=reads))
    difference = attacker - defender
    steps.append(
        Step(
            rule="7.4",
            label=N_("Artillery difference {attacker} - {defender}"),
            value=format_signed(difference),
            args={"attacker": attacker, "defender": defender},
        )
    )
    band = difference_band(difference)
    band_label = artillery_table().band[band].label
    cell = parse_cell(row.rules_text[band])
    steps.append(
        Step(
            rule="7.4",
            label=N_("Table row '{replace}', column '{band_label}'"),
            value=cell.printed,
            args={"replace": list(row.terrains), "band_label": band_label},
        )
    )
    outcomes: dict[str, int] = {}
    notes: set[str] = set()
    for parity, raw in (("even", cell.even), ("odd", cell.odd)):
        value, why = special_case(raw, attacker, defender)
        outcomes[parity] = value
        if why:
            notes.add(why)
    for why in sorted(notes):
        steps.append(Step(rule="7.4", label=N_("Special case"), value=why))
    needs_die = outcomes["even"] != outcomes["odd"]
    modifier: int | None
    if not needs_die:
        modifier = outcomes["even"]
    elif die is not None:
        modifier = outcomes["even" if die % 2 == 0 else "odd"]
        parity = "even" if die % 2 == 0 else "odd"
        steps.append(
            Step(
                rule="7.4",
                label=N_("Artillery die {die} ({parity})"),
                args={"die": die, "parity": parity},
            )
        )
    else:
        modifier = None
        steps.append(
            Step(
                rule="7.4",
                label=N_("A die decides: roll one before the attack"),
                value=(N_("even {outcomes}, odd {outcomes2}")),
                args={
                    "outcomes": format_signed(outcomes["even"]),
                    "outcomes2": format_signed(outcomes["odd"]),
                },
            )
        )
    steps.append(
        Step(
            rule="7.4",
            label=N_("Artillery modifier"),
            value=N_("depends on the die") if modifier is None else format_signed(modifier),
        )
    )
    return ArtilleryResult(
        attacker=attacker,
        defender=defender,
        difference=difference,
        row=row.key,
        column=band_label,
        column_index=band,
        cell=cell.printed,
        needs_die=needs_die,
        outcomes=outcomes if needs_die else None,
        modifier=modifier,
        die=die,
        steps=steps,
    )
