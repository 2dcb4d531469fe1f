"""Whole combat (7.1–7.5): the form, the chart lookup and the exact result distribution."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Collapsible, Static

from gcacw_ref.i18n import N_, _, join_list
from gcacw_ref.rules.charts import grids_for
from gcacw_ref.rules.combat_result import row_chances
from gcacw_ref.rules.io.combat import GAME_MODIFIERS, GAME_SPECIFIC, game_fields
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.dist import distribution_chart
from gcacw_ref.tui.calcs.summary import lines, pairs, signed
from gcacw_ref.tui.messages import ChartMarks
from gcacw_ref.tui.widgets import Spec, form_widgets

if TYPE_CHECKING:  # the calculator loads when first used (start-up stays fast)
    from gcacw_ref.rules.io.combat import Output as CombatOutput

MODIFIER_NAMES = {
    "ratio": N_("ratio"),
    "tactical": N_("tactical"),
    "artillery": N_("artillery"),
    "attack_type": N_("attack type"),
    "flank": N_("flank"),
    "leader": N_("leader"),
    "rain": N_("rain"),
    "game": N_("game rule"),
    "terrain": N_("terrain"),
    "demoralized": N_("demoralized"),
}


class CombatPane(CalcPane["CombatOutput"]):
    NAME = "combat"

    @staticmethod
    def chart_marks(out: CombatOutput) -> ChartMarks:
        return ChartMarks(
            ratio=out.ratio.label,
            attacker_column=out.attacker_column.label,
            defender_column=out.defender_column.label,
            combat_row=out.row,
        )

    def main_specs(self) -> list[Spec]:
        return [s for s in self.specs() if s.key not in GAME_SPECIFIC]

    def compose_form_bottom(self) -> ComposeResult:
        folded = [s for s in self.specs() if s.key in GAME_SPECIFIC]
        with (
            Collapsible(title=self.fold_title(), id="combat-more"),
            Grid(classes="form-grid"),
        ):
            for spec in folded:
                yield from form_widgets(spec, self.NAME)

    def setup(self) -> None:
        self.game_changed()

    def game_changed(self) -> None:
        """Show only the game-specific fields the player's game uses (the rules core says
        which); the others are left out of the attack (`build`)."""
        used = game_fields(self.game)
        for key in [*GAME_MODIFIERS, "longstreet"]:
            shown = key in used
            for widget in self.query(f"#combat-{key}, #combat-{key}-label"):
                widget.display = shown
        self.relabel()

    def fold_title(self) -> str:
        return _("Game-specific rules ({game})").format(game=self.game)

    def relabel(self) -> None:
        """The fold's title in the language and game of the moment."""
        super().relabel()
        for fold in self.query("#combat-more"):
            if isinstance(fold, Collapsible):
                fold.title = self.fold_title()

    def compose_result_extra(self) -> ComposeResult:
        yield Static("", id="combat-chart", classes="calc-extra")
        yield Static("", id="combat-dist", classes="calc-extra")

    def summary(self, out: CombatOutput) -> Text:
        parts = [
            pairs(N_("Ratio"), out.ratio.label),
            pairs(
                N_("Columns"),
                _("attacker {a} · defender {d}").format(
                    a=out.attacker_column.label, d=out.defender_column.label
                ),
            ),
            pairs(_("Modifiers"), modifiers_line(out)),
            pairs(
                N_("Totals"),
                _("attacker {a}, defender {d}").format(
                    a=signed(out.attacker_drm), d=signed(out.defender_drm)
                ),
            ),
        ]
        if out.differential is not None and out.attacker_result and out.defender_result:
            parts.append(pairs(N_("Differential"), signed(out.differential)))
            parts.append(
                pairs(
                    N_("Result"),
                    _("attacker {a} · defender {d}").format(
                        a=out.attacker_result.printed, d=out.defender_result.printed
                    ),
                    style="bold reverse",
                )
            )
        return lines(*parts)

    def show_extra(self, out: CombatOutput) -> None:
        highlight = None
        if out.attacker_result is not None and out.defender_result is not None:
            highlight = [out.attacker_result.printed, out.defender_result.printed]
        dist = out.distribution
        columns = [("attacker_result", _("Att.")), ("defender_result", _("Def."))]
        body: RenderableType = ""
        if dist:
            body = Group(
                Text(_("Exact chance of each pair of results (Att. attacker, Def. defender):")),
                distribution_chart(dist, columns, highlight),
            )
        self.query_one("#combat-dist", Static).update(body)
        self.query_one("#combat-chart", Static).update(chart_excerpt(out))

    def clear_extra(self) -> None:
        self.query_one("#combat-dist", Static).update("")
        self.query_one("#combat-chart", Static).update("")


def chart_excerpt(out: CombatOutput) -> RenderableType:
    """The two chart columns this attack reads, row by row, with each row's exact chance;
    the row the given dice landed on is lit. (Layout only: figures come from the chart
    file and the calculator's output.)"""

    try:
        grids = {g.key: g for g in grids_for("combat_chart")}
        attacker = grids["combat_chart.attacker"]
        defender = grids["combat_chart.defender"]
        a_col = attacker.headers.index(out.attacker_column.label)
        d_col = defender.headers.index(out.defender_column.label)
    except (KeyError, ValueError, OSError):
        return ""
    chances = row_chances(out.row_probabilities)
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column(_("Row"), no_wrap=True)
    table.add_column(_("chance"), justify="right", no_wrap=True)
    table.add_column(_("Att. {col}").format(col=out.attacker_column.label), no_wrap=True)
    table.add_column(_("Def. {col}").format(col=out.defender_column.label), no_wrap=True)
    for a_row, d_row in zip(attacker.rows, defender.rows, strict=False):
        label = a_row[0]
        lit = label == out.row
        chance = chances.get(label) or chances.get(label.lstrip("≤≥"), "")
        table.add_row(
            label,
            str(chance or "·"),
            a_row[a_col],
            d_row[d_col],
            style="black on yellow" if lit else None,
        )
    return Group(Text(_("The chart columns this attack reads (lit: the dice's row):")), table)


def modifiers_line(out: CombatOutput) -> str:
    """Every modifier in the two totals, by name (artillery: its value or the die's say)."""
    others = {k: v for k, v in out.attacker_modifiers.items() if k not in ("ratio", "tactical")}
    words = [
        f"{_('ratio')} {signed(out.ratio_drm)}",
        f"{_('tactical')} {signed(out.tactical_drm)}",
        f"{_('artillery')} {_art(out.artillery_drm)}",
    ]
    words += [f"{_(MODIFIER_NAMES.get(k, k))} {signed(v)}" for k, v in others.items()]
    defender = [
        f"{_(MODIFIER_NAMES.get(k, k))} {signed(v)}" for k, v in out.defender_modifiers.items()
    ]
    line = _("attacker: {mods}").format(mods=join_list(words))
    if defender:
        line += " · " + _("defender: {mods}").format(mods=join_list(defender))
    return line


def _art(value: int | None) -> str:
    return _("(a die decides)") if value is None else signed(value)
