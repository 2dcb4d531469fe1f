"""The package skeleton: strength parsing, CLI exit codes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.cli import main
from gcacw_ref.errors import InputError
from gcacw_ref.rules.numbers import format_strength, parse_strength


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (3, Fraction(3)),
        ("3", Fraction(3)),
        (3.5, Fraction(7, 2)),
        ("7/2", Fraction(7, 2)),
        ("3 1/2", Fraction(7, 2)),
        ("1/2", Fraction(1, 2)),
        ("½", Fraction(1, 2)),
        ("３", Fraction(3)),
        (0, Fraction(0)),
    ],
)
def test_parse_strength(raw: object, expected: Fraction) -> None:
    assert parse_strength(raw) == expected


@pytest.mark.parametrize("raw", [-1, "1/3", 2.25, "abc", True, None, "1/0"])
def test_parse_strength_rejects(raw: object) -> None:
    with pytest.raises(InputError):
        parse_strength(raw)


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(7, 2), "3 1/2"),
        (Fraction(1, 2), "1/2"),
        (Fraction(4), "4"),
        (Fraction(-3, 2), "-1 1/2"),
    ],
)
def test_format_strength(value: Fraction, text: str) -> None:
    assert format_strength(value) == text


@given(st.integers(min_value=0, max_value=400))
def test_strength_round_trip(halves: int) -> None:
    value = Fraction(halves, 2)
    assert parse_strength(format_strength(value)) == value


def test_unknown_command_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["no-such-command"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_unknown_calculator_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["calc", "nope", "--schema"]) == 2
