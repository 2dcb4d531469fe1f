"""The global options (`--lang`, `--game`) come out of a command line wherever they stand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.argv import MissingValue, take_global_option

WORDS = st.lists(st.sampled_from(["search", "7.4", "--json", "-n", "x", "--gamey", "="]))


@given(WORDS, WORDS, st.sampled_from(["OTR", "ja", "a=b"]), st.booleans())
def test_the_option_comes_out_anywhere_before_the_separator(
    before: list[str], after: list[str], value: str, joined: bool
) -> None:
    option = [f"--game={value}"] if joined else ["--game", value]
    line = before + option + after + ["--", "--game", "kept"]
    assert take_global_option(line, "--game") == (value, before + after + ["--", "--game", "kept"])


@given(WORDS)
def test_a_line_without_the_option_is_unchanged(words: list[str]) -> None:
    assert take_global_option(words, "--game") == (None, words)


def test_the_last_value_wins_and_a_missing_value_is_refused() -> None:
    assert take_global_option(["--lang", "en", "rule", "--lang=ja"], "--lang") == ("ja", ["rule"])
    with pytest.raises(MissingValue):
        take_global_option(["rule", "--lang"], "--lang")
