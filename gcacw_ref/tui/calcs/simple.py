"""Odds, artillery and march: calculators whose input is a flat form."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Input, Static

from gcacw_ref.i18n import N_, _, join_list
from gcacw_ref.rules.numbers import format_strength
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.dist import distribution_chart
from gcacw_ref.tui.calcs.summary import lines, pairs, signed
from gcacw_ref.tui.messages import ChartMarks

if TYPE_CHECKING:  # the calculators load when first used (start-up stays fast)
    from gcacw_ref.rules.io.artillery import Output as ArtilleryOutput
    from gcacw_ref.rules.io.march import Output as MarchOutput
    from gcacw_ref.rules.io.odds import Output as OddsOutput

# the extended-march table's printed columns (5.1), by the value the rules core names them
MARCH_COLUMNS = {
    "organized": N_("organized (any strength)"),
    "disorganized_le5": N_("disorganized, strength 5 or less"),
}


class OddsPane(CalcPane["OddsOutput"]):
    NAME = "odds"

    @staticmethod
    def chart_marks(out: OddsOutput) -> ChartMarks:
        return ChartMarks(
            ratio=out.ratio,
            attacker_column=out.attacker_column,
            defender_column=out.defender_column,
        )

    def summary(self, out: OddsOutput) -> Text:
        return lines(
            pairs(N_("Ratio"), out.ratio),
            pairs(N_("Die modifier"), signed(out.drm)),
            pairs(N_("Attacker column"), out.attacker_column),
            pairs(N_("Defender column"), out.defender_column),
        )


class ArtilleryPane(CalcPane["ArtilleryOutput"]):
    NAME = "artillery"

    @staticmethod
    def chart_marks(out: ArtilleryOutput) -> ChartMarks:
        return ChartMarks(artillery=(out.row, out.column))

    def summary(self, out: ArtilleryOutput) -> Text:
        parts = [
            pairs(N_("Difference"), out.difference),
            pairs(
                N_("Modifier"),
                "decided by a die" if out.modifier is None else signed(out.modifier),
            ),
        ]
        if out.needs_die:
            parts.append(Text("A die decides this modifier.", style="italic"))
        outcomes = getattr(out, "outcomes", None)
        if outcomes:
            parts.append(pairs(N_("By die"), _plain(outcomes)))
        return lines(*parts)


class MarchPane(CalcPane["MarchOutput"]):
    NAME = "march"

    @staticmethod
    def chart_marks(out: MarchOutput) -> ChartMarks:
        return ChartMarks(march_column=out.column)

    def compose_result_extra(self) -> ComposeResult:
        yield Static("", id="march-dist", classes="calc-extra")

    def summary(self, out: MarchOutput) -> Text:
        parts = [
            pairs(N_("Extended march"), _("yes") if out.extended else _("no")),
            pairs(N_("Die modifier"), signed(out.drm)),
        ]
        if out.column:
            column = MARCH_COLUMNS.get(out.column)
            parts.append(pairs(N_("Chart column"), _(column) if column else out.column))
        if out.result is not None or self._given("die"):
            result = out.result if out.result is not None else _("not given by the source")
            parts.append(pairs(N_("Result"), result, "bold reverse"))
        parts.append(pairs(N_("Fatigue after"), out.fatigue_after))
        if out.strength_after is not None:
            parts.append(pairs(N_("Strength after"), _plain(out.strength_after)))
        if out.organized_after is not None:
            parts.append(pairs(N_("Organized after"), _("yes") if out.organized_after else _("no")))
        if out.movement_allowance is not None:
            parts.append(pairs(N_("Movement allowance"), out.movement_allowance))
        if out.forced_march is not None:
            fm = out.forced_march
            parts.append(
                pairs(
                    N_("Forced march"),
                    f"+{fm.bonus} MP, loses {fm.strength_loss}, strength after "
                    f"{_plain(fm.strength_after)}" + (" — eliminated" if fm.eliminated else ""),
                )
            )
        if out.final_movement_allowance is not None:
            parts.append(pairs(N_("Final movement allowance"), out.final_movement_allowance))
        return lines(*parts)

    def _given(self, key: str) -> bool:
        return bool(self.query_one(f"#march-{key}", Input).value.strip())

    def show_extra(self, out: MarchOutput) -> None:
        dist = getattr(out, "distribution", None)
        highlight = [str(out.result)] if out.result is not None else None
        self.query_one("#march-dist", Static).update(
            distribution_chart(dist, [("result", N_("Result"))], highlight) if dist else ""
        )

    def clear_extra(self) -> None:
        self.query_one("#march-dist", Static).update("")


def _plain(value: object) -> str:
    if isinstance(value, dict):
        return join_list(f"{k}: {signed(v)}" for k, v in value.items())
    if isinstance(value, list):
        return join_list(_plain(v) for v in value)
    if isinstance(value, Fraction):
        return format_strength(value)
    if hasattr(value, "model_dump"):
        return _plain(value.model_dump())
    return str(value)
