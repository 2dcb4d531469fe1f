"""Whole combat (7.1–7.5): the form, the chart lookup and the exact result distribution."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.text import Text
from textual.app import ComposeResult
from textual.widgets import Static

from gcacw_ref.rules.entrenchment import LEVELS
from gcacw_ref.tui.calcs.base import CalcPane, lines, pairs
from gcacw_ref.tui.calcs.dist import distribution_chart
from gcacw_ref.tui.calcs.simple import GAMES, TERRAIN, _signed
from gcacw_ref.tui.widgets import Spec

ENTRENCHMENT = list(LEVELS)
HEXSIDES = ["none", "creek", "bridge", "dam", "ferry", "ford"]


class CombatPane(CalcPane):
    NAME = "combat"
    TITLE = "Combat"
    SPECS = [
        Spec("game", "Game", "select", "OTR", options=GAMES),
        Spec("action", "Action", "select", "march", options=["march", "assault"]),
        Spec(
            "attack_type",
            "Attack type (march)",
            "select",
            "hasty",
            options=["column", "hasty", "normal", "prepared"],
        ),
        Spec("attackers", "Attackers", "units", "17 a2 t2"),
        Spec("attacker_leader_tactical", "Attacker leader tac.", "int", 4, low=0, high=9),
        Spec("defenders", "Defenders", "units", "9 a2 t2"),
        Spec("defender_leader_tactical", "Defender leader tac.", "int", 3, low=0, high=9),
        Spec("entrenchment", "Defenders' works", "select", "none", options=ENTRENCHMENT),
        Spec("earthworks", "Earthworks hex", "bool", False),
        Spec("defender_terrain", "Defender terrain", "select", "rolling", options=TERRAIN),
        Spec("hexside", "Hexside", "select", "none", options=HEXSIDES),
        Spec("road_across_hexside", "Road across it", "select", "-", options=["-", "yes", "no"]),
        Spec("attacker_terrain", "Attacker terrain", "select", "-", options=["-", *TERRAIN]),
        Spec("flank_bonus", "Flank bonus", "int", 2, low=0, high=9),
        Spec("rain", "Rain", "bool", False),
        Spec("attacker_in_mountain", "Att. in mountain", "bool", False),
        Spec("grand_assault", "Grand assault", "bool", False),
        Spec(
            "attacker_side", "Attacker side", "select", "-", options=["-", "union", "confederate"]
        ),
        Spec("gunboat", "Gunboat support", "int", 0, low=0, high=2),
        Spec("union_panic", "Union panic (SJW)", "bool", False),
        Spec("hooker_lost_confidence", "Hooker shaken (SLB)", "bool", False),
        Spec("lee", "Lee", "bool", False),
        Spec("longstreet", "Longstreet", "bool", False),
        Spec("year", "Year (optional)", "int", None, low=1861, high=1865, optional=True),
        Spec("attacker_die", "Attacker die (opt.)", "int", 5, low=1, high=6, optional=True),
        Spec("defender_die", "Defender die (opt.)", "int", 2, low=1, high=6, optional=True),
        Spec("artillery_die", "Artillery die (opt.)", "int", None, low=1, high=6, optional=True),
    ]

    def compose_result_extra(self) -> ComposeResult:
        yield Static("", id="combat-chart", classes="calc-extra")
        yield Static("", id="combat-dist", classes="calc-extra")

    def build(self, values: dict[str, Any]) -> dict[str, Any]:
        data = {k: v for k, v in values.items() if v is not None}
        road = data.pop("road_across_hexside", None)
        if road is not None:
            data["road_across_hexside"] = road == "yes"
        works = data.pop("entrenchment", "none")
        earthworks = data.pop("earthworks", False)
        for unit in data.get("defenders", []):
            unit["entrenchment"] = works
            unit["earthworks"] = earthworks
        if data.get("action") == "assault":
            data.pop("attack_type", None)
        a_die, d_die = data.pop("attacker_die", None), data.pop("defender_die", None)
        if (a_die is None) != (d_die is None):
            raise ValueError("Dice: give both dice or neither")
        if a_die is not None:
            data["dice"] = {"attacker": a_die, "defender": d_die}
        return data

    def summary(self, out: Any) -> Text:
        parts = [
            pairs("Ratio", out.ratio),
            pairs("Columns", f"attacker {out.attacker_column} · defender {out.defender_column}"),
            pairs(
                "Modifiers",
                f"ratio {_signed(out.ratio_drm)}, tactical {_signed(out.tactical_drm)}, "
                f"artillery {_art(out.artillery_drm)}",
            ),
            pairs(
                "Totals",
                f"attacker {_signed(out.attacker_drm)}, defender {_signed(out.defender_drm)}",
            ),
        ]
        if getattr(out, "differential", None) is not None:
            parts.append(pairs("Differential", _signed(out.differential)))
            parts.append(
                pairs(
                    "Result",
                    f"attacker {out.attacker_result} · defender {out.defender_result}",
                    style="bold reverse",
                )
            )
        return lines(*parts)

    def show_extra(self, out: Any) -> None:
        highlight = None
        if getattr(out, "attacker_result", None) is not None:
            highlight = [str(out.attacker_result), str(out.defender_result)]
        dist = getattr(out, "distribution", None)
        columns = [("attacker_result", "Att."), ("defender_result", "Def.")]
        body: Any = ""
        if dist:
            body = Group(
                Text("Exact chance of each pair of results (Att. attacker, Def. defender):"),
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
    from rich.table import Table

    from gcacw_ref.rules.charts import grids_for

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
    table.add_column("Row", no_wrap=True)
    table.add_column("chance", justify="right", no_wrap=True)
    table.add_column(f"Att. {out.attacker_column}", no_wrap=True)
    table.add_column(f"Def. {out.defender_column}", no_wrap=True)
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
    return Group(Text("The chart columns this attack reads (lit: the dice's row):"), table)


def _art(value: int | None) -> str:
    return "(a die decides)" if value is None else _signed(value)
