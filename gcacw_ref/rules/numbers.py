"""Exact strengths: halves as `Fraction`, parsed leniently and printed the charts' way."""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction
from typing import Annotated, Any

from pydantic import BeforeValidator, PlainSerializer

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _

HALF = Fraction(1, 2)
_MIXED = re.compile(r"^\s*(\d+)\s+(\d+)\s*/\s*(\d+)\s*$")


def parse_strength(value: Any, field: str = "strength") -> Fraction:
    """Read 3, "3", 3.5, "7/2", "3 1/2", "1/2" or "½" as an exact, non-negative half."""
    if isinstance(value, bool):
        raise InputError(
            _("{field}: expected a number, got {value!r}").format(field=field, value=value)
        )
    if isinstance(value, Fraction):
        result = value
    elif isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, float):
        result = Fraction(value).limit_denominator(1000)
    elif isinstance(value, str):
        text = unicodedata.normalize("NFKC", value.replace("½", " 1/2")).replace("⁄", "/").strip()
        if text.startswith("0 1/2"):
            text = "1/2"
        match = _MIXED.match(text)
        try:
            if match:
                whole, num, den = (int(g) for g in match.groups())
                result = whole + Fraction(num, den)
            else:
                result = Fraction(text)
        except (ValueError, ZeroDivisionError):
            raise InputError(
                _("{field}: cannot read {value!r} as a strength").format(field=field, value=value)
            ) from None
    else:
        raise InputError(
            _("{field}: expected a number, got {name}").format(
                field=field, name=type(value).__name__
            )
        )
    if result < 0:
        raise InputError(
            _("{field}: must not be negative (got {result})").format(
                field=field, result=format_strength(result)
            )
        )
    if (result * 2).denominator != 1:
        raise InputError(
            _("{field}: strengths come in halves (got {value!r})").format(field=field, value=value)
        )
    return result


def format_strength(value: Fraction | int) -> str:
    """Print a strength as the charts do: `3`, `1/2`, `3 1/2` (negatives with a sign)."""
    value = Fraction(value)
    sign = "-" if value < 0 else ""
    value = abs(value)
    whole, rest = divmod(value, 1)
    if rest == 0:
        return f"{sign}{whole}"
    if whole == 0:
        return f"{sign}{rest.numerator}/{rest.denominator}"
    return f"{sign}{whole} {rest.numerator}/{rest.denominator}"


def format_signed(value: int) -> str:
    """A die modifier with its sign: `+2`, `0`, `-1`."""
    return f"+{value}" if value > 0 else str(value)


def _validate_strength(value: Any) -> Fraction:
    try:
        return parse_strength(value)
    except InputError as exc:
        # pydantic names the field itself; keep only the reason
        raise ValueError(str(exc).split(": ", 1)[-1]) from None


Strength = Annotated[
    Fraction,
    BeforeValidator(_validate_strength),
    PlainSerializer(format_strength, return_type=str),
]
"""A pydantic field type: accepts 3, 3.5, "7/2", "3 1/2"; serialises as "3 1/2"."""
