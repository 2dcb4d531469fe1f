"""The retreat tables (7.6) and their reading: which table a hex of a retreat uses, how
far each kind of retreat goes, and the slash entries' two figures.

The figures are `tables/retreat_tables.toml`, checked by the models here; which row a
neighbour matches is `retreat.retreat_type`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.tables import Source, load_table

Kind = Literal["retreat", "rout", "cavalry", "optional"]


class RetreatRow(BaseModel):
    """One retreat type of table 1 or 2."""

    model_config = ConfigDict(extra="forbid")

    priority: int
    type: str
    loss: str
    chart_mark: str | None = None
    rules_mark: str | None = None
    slash: Literal["road", "road_or_friendly"] | None = None
    farther: bool | None = None
    road: bool | None = None
    zoc: bool | None = None
    enemy: bool
    label: str


class Footnote(BaseModel):
    model_config = ConfigDict(extra="forbid")

    mark: str
    chart: str
    rules: str


class Lengths(BaseModel):
    model_config = ConfigDict(extra="forbid")

    retreat: tuple[int, int]
    rout: tuple[int, int]
    cavalry: tuple[int, int]
    optional: tuple[int, int]


class RetreatTables(BaseModel):
    """`tables/retreat_tables.toml`."""

    model_config = ConfigDict(extra="forbid")

    source: Source
    table1: list[RetreatRow]
    table2: list[RetreatRow]
    footnote: list[Footnote]
    lengths: Lengths


def retreat_tables() -> RetreatTables:
    return load_table("retreat_tables", RetreatTables)


def retreat_length(kind: Kind) -> tuple[int, int]:
    """7.6: hexes a retreat covers: r 2–4, R 4–6, cavalry retreat 4–6, optional 1–4."""
    lengths = retreat_tables().lengths
    result: tuple[int, int] = getattr(lengths, kind)
    return result


# The step wording for each kind of retreat (one message each, so every language words it whole).
HEX_OF: dict[str, str] = {
    "retreat": N_("hex {hex_number} of a retreat"),
    "rout": N_("hex {hex_number} of a rout"),
    "cavalry": N_("hex {hex_number} of a cavalry"),
    "optional": N_("hex {hex_number} of a optional"),
}
HEX_OF_NOT_LEAVING: dict[str, str] = {
    "retreat": N_("hex {hex_number} of a retreat, not leaving enemy ZOC"),
    "rout": N_("hex {hex_number} of a rout, not leaving enemy ZOC"),
    "cavalry": N_("hex {hex_number} of a cavalry, not leaving enemy ZOC"),
    "optional": N_("hex {hex_number} of a optional, not leaving enemy ZOC"),
}
LENGTH_OF: dict[str, str] = {
    "retreat": N_("retreat length"),
    "rout": N_("rout length"),
    "cavalry": N_("cavalry length"),
    "optional": N_("optional length"),
}


def retreat_table_number(kind: Kind, hex_number: int, leaving_enemy_zoc: bool) -> tuple[int, Step]:
    """7.6: table 1 for a retreat's first hex, a rout's or cavalry retreat's first four,
    and whenever the unit leaves an enemy ZOC (limited included); table 2 otherwise."""
    if not 1 <= hex_number <= 6:
        raise InputError(
            _("hex_number: must be 1 to 6 (got {hex_number})").format(hex_number=hex_number)
        )
    if leaving_enemy_zoc:
        return 1, Step(rule="7.6", label=N_("leaving an enemy ZOC"), value=N_("table 1"))
    first = 1 if kind in ("retreat", "optional") else 4
    if hex_number <= first:
        return 1, Step(
            rule="7.6",
            label=HEX_OF[kind],
            value=N_("table 1"),
            args={"hex_number": hex_number},
        )
    return 2, Step(
        rule="7.6",
        label=HEX_OF_NOT_LEAVING[kind],
        value=N_("table 2"),
        args={"hex_number": hex_number},
    )


def slash_loss(row: RetreatRow, road: bool, friendly: bool) -> int:
    """Table notes: a slash entry gives its left figure along a road (and, for the marked
    entries, into a friendly-occupied hex) and its right figure otherwise."""
    if "/" not in row.loss:
        return int(row.loss)
    left, right = (int(x) for x in row.loss.split("/"))
    return left if uses_left_figure(row, road, friendly) else right


def uses_left_figure(row: RetreatRow, road: bool, friendly: bool) -> bool:
    """Table notes: the left figure of a slash entry applies along road/pike/trail/railroad
    (city hexes count as road, 7.6), or into a friendly-occupied hex where so marked."""
    return road or (row.slash == "road_or_friendly" and friendly)
