"""The bot's summary fits its box: at a narrow width it names fewer units and attacks
(the rest counted, the log has them all) rather than being cut off mid-line."""

from __future__ import annotations

from gcacw_ref.i18n import set_language
from gcacw_ref.layout_rich import wrap_text
from gcacw_ref.tui.game.summary import bot_summary, fitted_summary

from .conftest import bot_history

HEAD = "The bot since your decision (40 actions): moved: "


def test_a_long_summary_names_fewer_to_fit_and_counts_the_rest() -> None:
    h = bot_history(40)  # its bots moved three units in 40 actions and passed once
    whole = bot_summary(h)
    assert whole.plain == (
        HEAD + "Reserve Artillery 0205→0505, Abbott (1/I) 0305→0604, Barker (2/I) 0304→0605"
        " / 1 pass"
    )
    assert len(wrap_text(whole, 38, words=True)) == 4  # a line too many for a box of three
    fitted = fitted_summary(h, 38, 3)
    assert fitted.plain == HEAD + "Reserve Artillery 0205→0505 (+2 more) / 1 pass"
    assert len(wrap_text(fitted, 38, words=True)) == 3
    assert fitted_summary(h, 38, 4).plain == whole.plain  # room: all of it


def test_with_no_room_to_name_any_the_counts_remain() -> None:
    h = bot_history(40)
    assert bot_summary(h, 0).plain == HEAD + "3 / 1 pass"
    assert fitted_summary(h, 10, 1).plain == HEAD + "3 / 1 pass"  # the least


def test_a_japanese_summary_wraps_by_the_line_rules() -> None:
    """No line of the box opens with 「：」 or 「、」 (it is wrapped as shown, by `layout`)."""
    set_language("ja")
    try:
        h = bot_history(40)
        for width in range(16, 60):
            fitted = fitted_summary(h, width, 3)
            lines = [line.plain for line in wrap_text(fitted, width, words=True)]
            assert fitted.plain.startswith("前回の決定以降のボット（40アクション）：")
            assert not [line for line in lines if line[:1] in "：、）"], (width, lines)
    finally:
        set_language("en")
