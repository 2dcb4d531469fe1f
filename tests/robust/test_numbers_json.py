"""Numbers a user may type or send: nothing but a clean InputError for what is not one."""

from __future__ import annotations

import time
from fractions import Fraction

import pytest

from gcacw_ref.errors import InputError
from gcacw_ref.jsonin import MAX_DEPTH, parse_json
from gcacw_ref.rules.numbers import parse_strength

NOT_NUMBERS = [
    float("inf"),
    float("-inf"),
    float("nan"),
    "Infinity",
    "-Infinity",
    "NaN",
    "inf",
    "1e999",
    "1e99999999",
    "9" * 5000,
    10**5000,
    "1/0",
    "٣",
    "3 1/0",
    "1" + "0" * 400 + "/2",
]


@pytest.mark.parametrize("value", NOT_NUMBERS, ids=[f"v{i}" for i in range(len(NOT_NUMBERS))])
def test_parse_strength_refuses_with_input_error(value: object) -> None:
    start = time.process_time()
    with pytest.raises(InputError):
        parse_strength(value)
    assert time.process_time() - start < 1


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("3", 3),
        ("3.5", Fraction(7, 2)),
        ("7/2", Fraction(7, 2)),
        ("3 1/2", Fraction(7, 2)),
        ("½", Fraction(1, 2)),
        ("３", 3),
        (2.5, Fraction(5, 2)),
        (21, 21),
    ],
)
def test_parse_strength_still_reads_strengths(text: object, want: Fraction) -> None:
    assert parse_strength(text) == want


@pytest.mark.parametrize(
    "text",
    [
        "NaN",
        "Infinity",
        "-Infinity",
        '{"a": 1e999}',
        '{"a": -1e400}',
        "[" + "9" * 5000 + "]",
        "[" * 100_000,
        '{"a":' * 50_000,
        "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5),
    ],
)
def test_parse_json_refuses_in_one_line(text: str) -> None:
    with pytest.raises(InputError) as info:
        parse_json(text, "input\n.json")
    message = str(info.value)
    assert "\n" not in message and message.startswith("input\\n.json: ")


def test_parse_json_reads_ordinary_documents() -> None:
    assert parse_json('{"a": [1, 2.5, "x"]}', "x") == {"a": [1, 2.5, "x"]}
