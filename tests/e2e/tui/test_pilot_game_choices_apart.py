"""The end-to-end case of tests/tui/test_pilot_game_choices_apart.py: every choice list of a
whole harrow game, at two sizes and in two languages, reads apart."""

from __future__ import annotations

from tests.tui.test_pilot_game_choices_apart import walk, widths  # noqa: F401


def test_every_choice_list_of_a_whole_game(widths: dict[str, list[int]]) -> None:  # noqa: F811
    assert walk(99, widths) > 1000
