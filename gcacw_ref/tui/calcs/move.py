"""Movement (6.1, 6.2): what a path costs on a map, where the unit must stop, what it reaches.

Enemy units are given by hex (they exert ZOC); friendly stacks, whose strength decides
the 6.2 penalty, are left to `calc move` (the form would have to ask for each strength).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.summary import lines, pairs

if TYPE_CHECKING:  # the calculator loads when first used (start-up stays fast)
    from gcacw_ref.game.play.api import MoveOutput


class MovePane(CalcPane["MoveOutput"]):
    NAME = "move"

    def compose_result_extra(self) -> ComposeResult:
        yield Static("", id="move-reach", classes="calc-extra")

    def summary(self, out: MoveOutput) -> Text:
        parts = [pairs(N_("Legal"), _("yes") if out.legal else _("no"), "bold reverse")]
        if out.cost is not None:
            parts.append(pairs(N_("Cost"), f"{_plain(out.cost)} MP"))
        if out.stops_at:
            parts.append(pairs(N_("Must stop at"), out.stops_at))
        if out.reason:
            parts.append(pairs(N_("Why"), out.reason_text()))
        if out.disorganized:
            parts.append(pairs(N_("Disorganized"), _("yes")))
        return lines(*parts)

    def show_extra(self, out: MoveOutput) -> None:
        reach = getattr(out, "reachable", None)
        if not reach:
            self.query_one("#move-reach", Static).update("")
            return
        text = Text(
            _("Reachable with this allowance ({count} hexes, least MP):").format(count=len(reach))
            + "\n",
            style="bold",
        )
        text.append("  ".join(f"{h}:{_plain(c)}" for h, c in sorted(reach.items())))
        self.query_one("#move-reach", Static).update(text)

    def clear_extra(self) -> None:
        self.query_one("#move-reach", Static).update("")


def _plain(value: object) -> str:

    return format_strength(value) if isinstance(value, Fraction | int) else str(value)
