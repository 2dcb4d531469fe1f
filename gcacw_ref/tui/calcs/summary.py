"""The words of a calculator's answer: what it rests on besides the fields, and the
summary's labelled values, one to a line."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from gcacw_ref.i18n import N_, _, join_list
from gcacw_ref.rules.io.fields import Form, left_at_default
from gcacw_ref.rules.numbers import format_signed
from gcacw_ref.tui.touchkit import hint

EXAMPLE_NOTE = N_("The rulebook's example, loaded on request (ctrl+l clears the form).")
EXAMPLE_NOTE_TOUCH = N_("The rulebook's example, loaded on request (“clear form” empties it).")


def context_line(form: Form, data: dict[str, Any], game: str, example_loaded: bool) -> Text:
    """What the answer rests on besides the fields: the rulebook's example (when loaded),
    the player's `game`, and the optional inputs left at their rule default."""
    text = Text()
    if example_loaded:
        note = hint(_(EXAMPLE_NOTE), _(EXAMPLE_NOTE_TOUCH))
        text.append(note + "\n", style="bold yellow")
    if form.uses_game:
        text.append(_("Game: {game}").format(game=game) + "\n", style="dim")
    left = left_at_default(form, data)
    if left:
        text.append(
            _("Left at the rule default: {items}").format(items=join_list(left)), style="dim"
        )
    return text


def pairs(label: str, value: object, style: str = "bold") -> Text:
    """`label value` with the value emphasised (for summaries)."""
    text = Text(f"{_(label)} ")  # labels are marked N_() where written
    text.append("—" if value is None else str(value), style=style)
    return text


def signed(value: object) -> str:
    """A whole number with its sign (+2, 0, -1); none: a dash."""
    if isinstance(value, int) and not isinstance(value, bool):
        return format_signed(value)
    return "—" if value is None else str(value)


def lines(*parts: Text) -> Text:
    return Text("\n").join(parts)
