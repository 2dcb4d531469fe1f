"""Small helpers shared by the manoeuvre calculators (flank, march, retreat)."""

from __future__ import annotations

from fractions import Fraction

from pydantic import BaseModel, ConfigDict

from gcacw_ref.rules.numbers import Probability


class Chance(BaseModel):
    """One outcome and its exact probability (`p` is the same as a float, for display)."""

    model_config = ConfigDict(frozen=True)

    result: str | None
    probability: Probability
    p: float


def chances(dist: dict[str | None, Fraction]) -> list[Chance]:
    """A distribution as a list, in a stable order (NE, D, 1, 2, 3, then unknown)."""
    order = {"NE": 0, "D": 1, "1": 2, "2": 3, "3": 4, None: 9}
    keys = sorted(dist, key=lambda k: (order.get(k, 5), str(k)))
    return [Chance(result=k, probability=dist[k], p=float(dist[k])) for k in keys]


def percent(f: Fraction) -> str:
    return f"{f.numerator}/{f.denominator} ({float(f) * 100:.1f}%)"
