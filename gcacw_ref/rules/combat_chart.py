"""The combat results chart (7.5): columns, rows, cells, and what a printed result means.

A printed cell such as "2DR*" is parsed into a `ChartResult`: the strength loss and the
letters, each letter carrying its 7.5 effect as data the game engine applies.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from gcacw_ref.errors import DataError, InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.combat_tables import ChartColumn, combat_chart
from gcacw_ref.rules.explain import english
from gcacw_ref.rules.numbers import format_strength

ChartSide = Literal["attacker", "defender"]

MIN_ROW = -8
MAX_ROW = 10


@dataclass(frozen=True)
class Column:
    """One column of the chart: its 0-based index and its printed label."""

    index: int
    label: str


def _columns(side: ChartSide) -> list[ChartColumn]:
    chart = combat_chart()
    return chart.attacker_column if side == "attacker" else chart.defender_column


def column_strength(strength: Fraction) -> int:
    """The whole strength used to pick a column: a half rounds up to the right (7.5 note)."""
    return math.ceil(strength)


def chart_column(side: ChartSide, strength: Fraction) -> Column:
    """The column a side's total strength falls in (7.5); halves move right."""
    if strength <= 0:
        raise InputError(
            _("{side} strength must be at least 1/2 to use the combat chart").format(side=side)
        )
    whole = column_strength(strength)
    for index, col in enumerate(_columns(side)):
        if whole >= col.low and (col.high is None or whole <= col.high):
            return Column(index, col.label)
    raise DataError(
        _("combat_chart.toml: no {side} column holds {strength}").format(
            side=side, strength=format_strength(strength)
        )
    )


def chart_row(differential: int) -> int:
    """The chart row of a differential: below -8 reads -8, above +10 reads +10 (7.5)."""
    return max(MIN_ROW, min(MAX_ROW, differential))


def row_label(differential: int) -> str:
    """The row's printed label, e.g. "≤-8", "+4", "≥+10"."""
    return combat_chart().row[chart_row(differential) - MIN_ROW].label


def chart_cell(side: ChartSide, differential: int, column: int) -> str:
    """The printed result for one side at a differential and a column index (7.5)."""
    row = combat_chart().row[chart_row(differential) - MIN_ROW]
    cells = row.attacker if side == "attacker" else row.defender
    return cells[column]


# --- what a result means (7.5) ---------------------------------------------------

LetterCode = Literal["D", "F", "f", "E", "r", "R", "R*", "a"]


@dataclass(frozen=True)
class LetterEffect:
    """What one letter does to each affected unit (7.5), as data for the engine."""

    code: LetterCode
    name: str
    disorganize: bool = False
    fatigue: int = 0  # levels added, never above 4
    ends_march: bool = False
    retreat: tuple[int, int] | None = None  # hexes (least, most)
    rout: bool = False
    demoralize_to: int | None = None  # 1 = add/flip a -1 marker; 2 = demoralized-2
    extra_loss_if_already_demoralized_2: int = 0
    advance: bool = False


LETTERS: dict[str, LetterEffect] = {
    "D": LetterEffect(
        "D", N_("disorganized and fatigued"), disorganize=True, fatigue=3, ends_march=True
    ),
    "F": LetterEffect("F", N_("fatigue +2"), fatigue=2, ends_march=True),
    "f": LetterEffect("f", N_("fatigue +1"), fatigue=1, ends_march=True),
    "E": LetterEffect("E", N_("end of action"), ends_march=True),
    "r": LetterEffect("r", N_("retreat"), retreat=(2, 4)),
    "R": LetterEffect(
        "R", N_("rout and demoralized-1"), retreat=(4, 6), rout=True, demoralize_to=1
    ),
    "R*": LetterEffect(
        "R*",
        N_("rout and demoralized-2"),
        retreat=(4, 6),
        rout=True,
        demoralize_to=2,
        extra_loss_if_already_demoralized_2=1,
    ),
    "a": LetterEffect("a", N_("may advance after combat"), advance=True),
}

_RESULT = re.compile(r"^(\d*)((?:R\*|[DFfErRa])*)$")
_LETTER = re.compile(r"R\*|[DFfErRa]")


@dataclass(frozen=True)
class ChartResult:
    """A printed result: strength loss plus letters ("-" is no effect)."""

    printed: str
    loss: int
    letters: tuple[LetterEffect, ...]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(letter.code for letter in self.letters)

    def has(self, code: str) -> bool:
        return code in self.codes

    @property
    def ends_march(self) -> bool:
        return any(letter.ends_march for letter in self.letters)

    @property
    def disorganizes(self) -> bool:
        """True when a numeric loss leaves the new marker disorganized (7.5: a D is present)."""
        return self.has("D")

    def describe(self) -> str:
        """A short English reading, e.g. "lose 1 strength; disorganized and fatigued; rout"."""
        return english("{parts}", {"parts": self.describe_parts(), "loss": self.loss})

    def describe_parts(self) -> list[str]:
        """The reading as message ids (`{loss}` filled from the loss), for a step's args."""
        if not self.loss and not self.letters:
            return [N_("no effect")]
        parts = [N_("lose {loss} strength")] if self.loss else []
        parts.extend(letter.name for letter in self.letters)
        return parts


def parse_result(text: str) -> ChartResult:
    """Read a printed cell ("-", "1", "Dr", "1fa", "2DR*") into a `ChartResult` (7.5)."""
    cleaned = text.strip()
    if cleaned in ("-", ""):
        return ChartResult("-", 0, ())
    match = _RESULT.match(cleaned)
    if not match or not cleaned:
        raise InputError(
            _("result: cannot read {text!r} as a combat chart result").format(text=text)
        )
    loss = int(match.group(1)) if match.group(1) else 0
    codes = _LETTER.findall(match.group(2))
    return ChartResult(cleaned, loss, tuple(LETTERS[c] for c in codes))


def with_extra_loss(result: ChartResult, extra: int) -> ChartResult:
    """The same result with `extra` strength loss added (grand assault, 7.2)."""
    if extra == 0:
        return result
    loss = result.loss + extra
    printed = f"{loss}{''.join(result.codes)}"
    return ChartResult(printed, loss, result.letters)
