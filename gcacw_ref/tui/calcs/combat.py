"""Whole combat (7.1–7.5): the form, the chart lookup and the exact result distribution."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Grid
from textual.widgets import Collapsible, Static

from gcacw_ref.i18n import N_, _, join_list
from gcacw_ref.rules.charts import grids_for
from gcacw_ref.rules.combat_models import CombatDice, CombatInput, DefendingUnit
from gcacw_ref.rules.io.combat import GAME_MODIFIERS, game_fields
from gcacw_ref.tui.calcs.base import CalcPane, lines, pairs
from gcacw_ref.tui.calcs.dist import distribution_chart
from gcacw_ref.tui.calcs.form import spec_for, specs_for
from gcacw_ref.tui.calcs.simple import _signed
from gcacw_ref.tui.widgets import Choice, Spec, form_widgets

MAIN = [
    "game",
    "action",
    "attack_type",
    "attackers",
    "attacker_leader_tactical",
    "defenders",
    "defender_leader_tactical",
    "defender_terrain",
    "hexside",
    "road_across_hexside",
    "attacker_terrain",
    "flank_bonus",
    "rain",
    "grand_assault",
]
"""What a usual attack needs (the fields of `CombatInput` shown unfolded)."""
GAME_SPECIFIC = [
    "attacker_side",
    "gunboat",
    "union_panic",
    "hooker_lost_confidence",
    "lee",
    "longstreet",
    "year",
    "attacker_in_mountain",
]
"""Folded under one toggle; the game choice hides those its game has no use for."""
DICE = ["artillery_die"]

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


class CombatPane(CalcPane):
    NAME = "combat"
    TITLE = "Combat"

    @classmethod
    def make_specs(cls) -> list[Spec]:
        specs = specs_for(CombatInput, MAIN)
        at = MAIN.index("defender_terrain")
        specs[at:at] = [
            spec_for(DefendingUnit, "entrenchment"),
            spec_for(DefendingUnit, "earthworks"),
        ]
        for key in ("attacker", "defender"):
            die = spec_for(CombatDice, key, name=f"{key}_die")
            die.optional = True  # no dice: the whole distribution
            specs.append(die)
        specs += specs_for(CombatInput, DICE)
        specs += specs_for(CombatInput, GAME_SPECIFIC)
        return specs

    def main_specs(self) -> list[Spec]:
        return [s for s in self.specs() if s.key not in GAME_SPECIFIC]

    def compose_form_bottom(self) -> ComposeResult:
        folded = [s for s in self.specs() if s.key in GAME_SPECIFIC]
        with (
            Collapsible(title=_("Game-specific rules"), id="combat-more"),
            Grid(classes="form-grid"),
        ):
            for spec in folded:
                yield from form_widgets(spec, self.NAME)

    def setup(self) -> None:
        self.show_game_fields()

    @on(Choice.Changed, "#combat-game")
    def _game_changed(self) -> None:
        self.show_game_fields()

    def show_game_fields(self) -> None:
        """Show only the game-specific fields the chosen game uses (the rules core says which)."""
        if not self.query("#combat-game"):
            return
        used = game_fields(self.query_one("#combat-game", Choice).value)
        for key in [*GAME_MODIFIERS, "longstreet"]:
            shown = key in used
            for widget in self.query(f"#combat-{key}, #combat-{key}-label"):
                widget.display = shown

    def compose_result_extra(self) -> ComposeResult:
        yield Static("", id="combat-chart", classes="calc-extra")
        yield Static("", id="combat-dist", classes="calc-extra")

    def build(self, values: dict[str, Any]) -> dict[str, Any]:
        data = {k: v for k, v in values.items() if v is not None}
        works = data.pop("entrenchment", "none")
        earthworks = data.pop("earthworks", False)
        for unit in data.get("defenders", []):
            unit["entrenchment"] = works
            unit["earthworks"] = earthworks
        if data.get("action") == "assault":
            data.pop("attack_type", None)

        used = game_fields(str(data.get("game", "")))
        for key in [*GAME_MODIFIERS, "longstreet"]:
            if key not in used:  # hidden for this game: not part of the attack
                data.pop(key, None)
        a_die, d_die = data.pop("attacker_die", None), data.pop("defender_die", None)
        if (a_die is None) != (d_die is None):
            raise ValueError(_("Dice: give both dice or neither"))
        if a_die is not None:
            data["dice"] = {"attacker": a_die, "defender": d_die}
        return data

    def summary(self, out: Any) -> Text:
        parts = [
            pairs(N_("Ratio"), out.ratio),
            pairs(
                N_("Columns"),
                _("attacker {a} · defender {d}").format(
                    a=out.attacker_column, d=out.defender_column
                ),
            ),
            pairs(_("Modifiers"), modifiers_line(out)),
            pairs(
                N_("Totals"),
                _("attacker {a}, defender {d}").format(
                    a=_signed(out.attacker_drm), d=_signed(out.defender_drm)
                ),
            ),
        ]
        if getattr(out, "differential", None) is not None:
            parts.append(pairs(N_("Differential"), _signed(out.differential)))
            parts.append(
                pairs(
                    N_("Result"),
                    _("attacker {a} · defender {d}").format(
                        a=out.attacker_result, d=out.defender_result
                    ),
                    style="bold reverse",
                )
            )
        return lines(*parts)

    def show_extra(self, out: Any) -> None:
        highlight = None
        if getattr(out, "attacker_result", None) is not None:
            highlight = [str(out.attacker_result), str(out.defender_result)]
        dist = getattr(out, "distribution", None)
        columns = [("attacker_result", _("Att.")), ("defender_result", _("Def."))]
        body: Any = ""
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


def chart_excerpt(out: Any) -> Any:
    """The two chart columns this attack reads, row by row, with each row's exact chance;
    the row the given dice landed on is lit. (Layout only: figures come from the chart
    file and the calculator's output.)"""

    try:
        grids = {g.key: g for g in grids_for("combat_chart")}
        attacker = grids["combat_chart.attacker"]
        defender = grids["combat_chart.defender"]
        a_col = attacker.headers.index(out.attacker_column)
        d_col = defender.headers.index(out.defender_column)
    except (KeyError, ValueError, OSError):
        return ""
    chances = getattr(out, "row_probabilities", {}) or {}
    table = Table(box=None, pad_edge=False, show_edge=False, header_style="bold")
    table.add_column(_("Row"), no_wrap=True)
    table.add_column(_("chance"), justify="right", no_wrap=True)
    table.add_column(_("Att. {col}").format(col=out.attacker_column), no_wrap=True)
    table.add_column(_("Def. {col}").format(col=out.defender_column), no_wrap=True)
    for a_row, d_row in zip(attacker.rows, defender.rows, strict=False):
        label = a_row[0]
        lit = label == getattr(out, "row", None)
        chance = chances.get(label) or chances.get(label.lstrip("≤≥"), "")
        table.add_row(
            label,
            str(chance or "·"),
            a_row[a_col],
            d_row[d_col],
            style="black on yellow" if lit else None,
        )
    return Group(Text(_("The chart columns this attack reads (lit: the dice's row):")), table)


def modifiers_line(out: Any) -> str:
    """Every modifier in the two totals, by name (artillery: its value or the die's say)."""
    others = {k: v for k, v in out.attacker_modifiers.items() if k not in ("ratio", "tactical")}
    words = [
        f"{_('ratio')} {_signed(out.ratio_drm)}",
        f"{_('tactical')} {_signed(out.tactical_drm)}",
        f"{_('artillery')} {_art(out.artillery_drm)}",
    ]
    words += [f"{_(MODIFIER_NAMES.get(k, k))} {_signed(v)}" for k, v in others.items()]
    defender = [
        f"{_(MODIFIER_NAMES.get(k, k))} {_signed(v)}" for k, v in out.defender_modifiers.items()
    ]
    line = _("attacker: {mods}").format(mods=join_list(words))
    if defender:
        line += " · " + _("defender: {mods}").format(mods=join_list(defender))
    return line


def _art(value: int | None) -> str:
    return _("(a die decides)") if value is None else _signed(value)
