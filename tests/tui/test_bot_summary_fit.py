"""The bot's summary fits its box: at a narrow width it names fewer units and attacks
(the rest counted, the log has them all) rather than being cut off mid-line."""

from __future__ import annotations

from rich.console import Console

from gcacw_ref.tui.game.summary import bot_summary, fitted_summary

from .conftest import bot_history

CONSOLE = Console(width=200)
HEAD = "The bot since your decision (40 actions): moved: "


def test_a_long_summary_names_fewer_to_fit_and_counts_the_rest() -> None:
    h = bot_history(40)  # its bots moved three units in 40 actions and passed once
    whole = bot_summary(h)
    assert whole.plain == (
        HEAD + "Reserve Artillery 0205→0505, Abbott (1/I) 0305→0604, Barker (2/I) 0304→0605"
        " / 1 pass"
    )
    assert len(whole.wrap(CONSOLE, 38)) == 4  # a line too many for a box of three
    fitted = fitted_summary(h, 38, 3, CONSOLE)
    assert fitted.plain == HEAD + "Reserve Artillery 0205→0505 (+2 more) / 1 pass"
    assert len(fitted.wrap(CONSOLE, 38)) == 3
    assert fitted_summary(h, 38, 4, CONSOLE).plain == whole.plain  # room: all of it


def test_with_no_room_to_name_any_the_counts_remain() -> None:
    h = bot_history(40)
    assert bot_summary(h, 0).plain == HEAD + "3 / 1 pass"
    assert fitted_summary(h, 10, 1, CONSOLE).plain == HEAD + "3 / 1 pass"  # the least
