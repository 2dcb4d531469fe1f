"""The contents show a rule number before its title, and no id for a part without one."""

from __future__ import annotations

from gcacw_ref.tui.browser import toc_number


def test_a_rule_keeps_its_number_and_a_part_shows_only_its_title() -> None:
    assert toc_number("7.4") == "7.4 "
    assert toc_number("10.2") == "10.2 "
    assert toc_number("intro") == ""  # a review found 「intro はじめに」 in the contents
    assert toc_number("setup") == ""
    assert toc_number("5.1#延長行軍") == ""
