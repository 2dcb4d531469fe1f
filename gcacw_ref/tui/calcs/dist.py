"""Show a calculator's exact distribution as a table with bars.

The probabilities come from the calculator as exact fractions; this only lays them out
(the bar length and the percentage are for reading, the exact fraction is shown too).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pydantic import BaseModel
from rich.table import Table
from rich.text import Text

from gcacw_ref.i18n import _

BAR = 12


def _as_fraction(value: object) -> Fraction | None:
    try:
        if isinstance(value, Fraction):
            return value
        if isinstance(value, float):
            return Fraction(value).limit_denominator(10_000)
        return Fraction(str(value).strip())
    except (ValueError, ZeroDivisionError, TypeError):
        return None


def _cell(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


def distribution_chart(
    entries: Sequence[BaseModel],
    columns: list[tuple[str, str]],
    highlight: list[str] | None = None,
) -> Table | Text:
    """A table of `entries` (models with a `probability`), one row each.

    `columns` are (field, heading) pairs for the outcome; `highlight` lights the row whose
    first cells equal it (the result the given dice produced).
    """
    rows: list[tuple[list[str], Fraction]] = []
    for entry in entries or []:
        item = entry.model_dump()
        prob = _as_fraction(item.get("probability"))
        if prob is None:
            continue
        rows.append(([_cell(item.get(field)) for field, _heading in columns], prob))
    if not rows:
        return Text("")
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    for _field, heading in columns:
        table.add_column(_(heading), no_wrap=True)
    table.add_column(_("exact"), justify="right", no_wrap=True)
    table.add_column("%", justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    top = max(p for _, p in rows) or Fraction(1)
    for cells, prob in rows:
        width = round(prob / top * BAR)
        bar = Text("█" * width + "·" * (BAR - width), style="green")
        lit = highlight is not None and cells[: len(highlight)] == highlight
        table.add_row(
            *cells, str(prob), f"{float(prob) * 100:.1f}", bar, style="reverse" if lit else None
        )
    return table
