"""Exact strengths: halves as `Fraction`, parsed leniently and printed the charts' way."""

from __future__ import annotations

import math
import re
import unicodedata
from fractions import Fraction
from typing import Annotated

from pydantic import BeforeValidator, PlainSerializer

from gcacw_ref.errors import InputError, quoted
from gcacw_ref.i18n import _

HALF = Fraction(1, 2)
MAX_STRENGTH = 999  # far above any counter or stack; refuses 1e999 and 4,300-digit numbers
# the forms a strength is written in, ASCII digits only (after NFKC): "3", "3.5", "7/2",
# "3 1/2", with an optional "-" so that a negative value gets its own message
_PLAIN = re.compile(r"-?[0-9]{1,6}(?:\.[0-9]{1,6})?")
_RATIO = re.compile(r"-?[0-9]{1,6}\s*/\s*[0-9]{1,6}")
_MIXED = re.compile(r"(-?[0-9]{1,6})\s+([0-9]{1,6})\s*/\s*([0-9]{1,6})")


def parse_strength(value: object, field: str = "strength") -> Fraction:
    """Read 3, "3", 3.5, "7/2", "3 1/2", "1/2" or "½" as an exact, non-negative half.

    Anything else (Infinity, NaN, 1e999, "²", a number of thousands of digits) is an
    `InputError`, never an OverflowError or a long computation."""
    shown = quoted(value if isinstance(value, str) else type(value).__name__, 20)
    if isinstance(value, bool):
        raise InputError(
            _("{field}: expected a number, got {value}").format(field=field, value=value)
        )
    if isinstance(value, Fraction):
        result = value
    elif isinstance(value, int):
        if abs(value) > MAX_STRENGTH:
            raise InputError(_too_large(field))
        result = Fraction(value)
    elif isinstance(value, float):
        if not math.isfinite(value):
            raise InputError(
                _("{field}: {value} is not a number").format(field=field, value=quoted(value))
            )
        if abs(value) > MAX_STRENGTH:
            raise InputError(_too_large(field))
        result = Fraction(value).limit_denominator(1000)
    elif isinstance(value, str):
        text = unicodedata.normalize("NFKC", value.replace("½", " 1/2")).replace("⁄", "/").strip()
        if text.startswith("0 1/2"):
            text = "1/2"
        try:
            if match := _MIXED.fullmatch(text):
                whole, num, den = (int(g) for g in match.groups())
                result = whole + Fraction(num, den)
            elif _PLAIN.fullmatch(text) or _RATIO.fullmatch(text):
                result = Fraction(text.replace(" ", ""))
            else:
                raise ValueError(text)
        except (ValueError, ZeroDivisionError):
            raise InputError(
                _("{field}: cannot read {value} as a strength").format(field=field, value=shown)
            ) from None
    else:
        raise InputError(
            _("{field}: expected a number, got {type}").format(
                field=field, type=type(value).__name__
            )
        )
    if result < 0:
        raise InputError(
            _("{field}: must not be negative (got {value})").format(
                field=field, value=format_strength(result)
            )
        )
    if result > MAX_STRENGTH:
        raise InputError(_too_large(field))
    if (result * 2).denominator != 1:
        raise InputError(
            _("{field}: strengths come in halves (got {value})").format(
                field=field, value=format_strength(result)
            )
        )
    return result


def _too_large(field: str) -> str:

    return _("{field}: too large for a strength (at most {most})").format(
        field=field, most=MAX_STRENGTH
    )


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


def _validate_strength(value: object) -> Fraction:
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

Probability = Annotated[
    Fraction,
    PlainSerializer(lambda f: f"{f.numerator}/{f.denominator}", return_type=str),
]
"""An exact probability, serialised as "numerator/denominator"."""

ShownStrength = Annotated[Fraction, PlainSerializer(format_strength, return_type=str)]
"""A result's exact strength, serialised as the charts print it ("3 1/2")."""
