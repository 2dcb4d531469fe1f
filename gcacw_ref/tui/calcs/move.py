"""Movement (6.1, 6.2): what a path costs on a map, where the unit must stop, what it reaches.

Enemy units are given by hex (they exert ZOC); friendly stacks, whose strength decides
the 6.2 penalty, are left to `calc move` (the form would have to ask for each strength).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.tui.calcs.base import CalcPane, lines, pairs
from gcacw_ref.tui.widgets import Spec


class MovePane(CalcPane):
    NAME = "move"
    TITLE = "Move"
    SPECS = [
        Spec("map", N_("Map file or id"), "text", "example"),
        Spec("side", N_("Side"), "select", "union", options=["union", "confederate"]),
        Spec(
            "kind",
            N_("Unit kind"),
            "select",
            "infantry",
            options=["infantry", "cavalry", "artillery"],
        ),
        Spec("strength", N_("Strength"), "strength", "6"),
        Spec("path", N_("Path"), "hexes", "0101 0102 0201"),
        Spec("movement_allowance", N_("MP allowance"), "strength", "8", optional=True),
        Spec("rain", N_("Rain"), "bool", False),
        Spec("enemy", N_("Enemy units at"), "hexes", None, optional=True),
    ]

    def compose_result_extra(self) -> ComposeResult:
        yield Static("", id="move-reach", classes="calc-extra")

    def build(self, values: dict[str, Any]) -> dict[str, Any]:
        data = {k: v for k, v in values.items() if v is not None}
        data["unit"] = {
            "side": data.pop("side"),
            "kind": data.pop("kind"),
            "strength": data.pop("strength"),
        }
        data["enemy_units"] = [{"hex": h} for h in data.pop("enemy", [])]
        return data

    def summary(self, out: Any) -> Text:
        parts = [pairs(N_("Legal"), _("yes") if out.legal else _("no"), "bold reverse")]
        if out.cost is not None:
            parts.append(pairs(N_("Cost"), f"{_plain(out.cost)} MP"))
        if out.stops_at:
            parts.append(pairs(N_("Must stop at"), out.stops_at))
        if out.reason:
            parts.append(pairs(N_("Why"), out.reason))
        if out.disorganized:
            parts.append(pairs(N_("Disorganized"), _("yes")))
        return lines(*parts)

    def show_extra(self, out: Any) -> None:
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


def _plain(value: Any) -> str:

    return format_strength(value) if isinstance(value, Fraction | int) else str(value)
