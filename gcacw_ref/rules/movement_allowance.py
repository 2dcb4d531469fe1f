"""Movement allowance of a marching unit (5.1) or an activated leader (5.2)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.explain import Step
from gcacw_ref.rules.games import Game, Side
from gcacw_ref.rules.tables import Source, load_table

Kind = Literal[
    "infantry",
    "artillery",
    "cavalry",
    "infantry_leader",
    "cavalry_division_leader",
    "cavalry_corps_leader",
]


class AllowanceException(BaseModel):
    model_config = ConfigDict(extra="forbid")

    games: list[Game]
    add: int
    minimum: int | None = None
    rule: str


class AllowanceEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    side: Side
    kind: str
    dice: int
    add: int
    in_chart: bool
    exceptions: list[AllowanceException] = []


class MovementAllowanceTable(BaseModel):
    """`tables/movement_allowance.toml`."""

    model_config = ConfigDict(extra="forbid")

    source: Source
    entry: list[AllowanceEntry]


@dataclass(frozen=True)
class Formula:
    """`dice`d6 + `add`, never below `minimum`."""

    dice: int
    add: int
    minimum: int | None
    rule: str

    def text(self) -> str:
        base = f"{self.dice}D" + (f"+{self.add}" if self.add else "")
        return base + (f", at least {self.minimum}" if self.minimum is not None else "")


def movement_allowance_table() -> MovementAllowanceTable:
    return load_table("movement_allowance", MovementAllowanceTable)


def allowance_formula(game: Game, side: Side, kind: Kind) -> Formula:
    """5.1 (units) and 5.2 (leaders): the dice formula, with the OTR/SIV exceptions."""
    looked_up = "infantry" if kind == "artillery" else kind
    rule = "5.2" if kind.endswith("_leader") else "5.1"
    for entry in movement_allowance_table().entry:
        if entry.side is side and entry.kind == looked_up:
            for exc in entry.exceptions:
                if game in exc.games:
                    return Formula(entry.dice, exc.add, exc.minimum, exc.rule)
            return Formula(entry.dice, entry.add, None, rule)
    raise InputError(
        _("kind: no movement allowance for {side} {kind}").format(side=side, kind=kind)
    )


def movement_allowance(
    game: Game, side: Side, kind: Kind, dice_total: int
) -> tuple[int, list[Step]]:
    """The allowance for a roll (the dice total), with the step that explains it."""
    f = allowance_formula(game, side, kind)
    if not f.dice <= dice_total <= 6 * f.dice:
        raise InputError(
            _("dice: {dice}d6 gives {dice} to {value}, not {dice_total}").format(
                dice=f.dice, value=6 * f.dice, dice_total=dice_total
            )
        )
    value = dice_total + f.add
    if f.minimum is not None:
        value = max(value, f.minimum)
    step = Step(
        rule=f.rule,
        label=N_("movement allowance of a {side} {replace} in {game}: {text}"),
        value=N_("{dice_total} -> {value}"),
        args={
            "side": side,
            "replace": kind.replace("_", " "),
            "game": game,
            "text": f.text(),
            "dice_total": dice_total,
            "value": value,
        },
    )
    return value, [step]


def allowance_distribution(game: Game, side: Side, kind: Kind) -> dict[int, Fraction]:
    """Exact chance of each movement allowance."""
    f = allowance_formula(game, side, kind)
    faces = range(1, 7)
    totals = list(faces) if f.dice == 1 else [a + b for a in faces for b in faces]
    dist: dict[int, Fraction] = {}
    for t in totals:
        v = t + f.add if f.minimum is None else max(t + f.add, f.minimum)
        dist[v] = dist.get(v, Fraction(0)) + Fraction(1, len(totals))
    return dist


def otr_union_activation_limit(initiative_die: int | None) -> int | None:
    """5.2 (OTR): how many units a Union leader activation may take, from the Union die
    that won the initiative: 1-4 one, 5 two, 6 any (None). None for the die (no roll, or
    the Confederates won and passed) means no limit."""
    if initiative_die is None:
        return None
    if isinstance(initiative_die, bool) or not 1 <= initiative_die <= 6:
        raise InputError(
            _("initiative_die: must be 1 to 6 (got {initiative_die!r})").format(
                initiative_die=initiative_die
            )
        )
    return 1 if initiative_die <= 4 else 2 if initiative_die == 5 else None
