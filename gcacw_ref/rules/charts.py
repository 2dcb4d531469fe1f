"""Presentation helper for the Charts screen: every table in `tables/` as titled grids.

No rule logic lives here. Each table file is read with the shared TOML loader and laid
out as title + headers + rows; the combat chart and the artillery table get a layout that
looks like the printed chart, every other table a generic one (an array of records
becomes one row per record, a keyed group of records one row per key).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gcacw_ref.i18n import N_, _
from gcacw_ref.paths import tables_dir
from gcacw_ref.rules.tables import read_toml


@dataclass(frozen=True)
class Grid:
    """One browsable table: `rows[i][0]` is the row label when `label_column` is true."""

    key: str  # "<file>" or "<file>.<part>", stable for highlighting
    file: str  # table file stem, e.g. "combat_chart"
    title: str
    headers: list[str]
    rows: list[list[str]]
    source: str = ""
    rules: list[str] = field(default_factory=list)
    label_column: bool = True
    row_keys: list[str] = field(default_factory=list)  # stable keys of the rows, when known


def table_files() -> list[str]:
    """The stems of every table file, sorted."""
    return sorted(p.stem for p in tables_dir().glob("*.toml"))


def all_grids() -> list[Grid]:
    """Every table of every file, in file order."""
    grids: list[Grid] = []
    for stem in table_files():
        grids.extend(grids_for(stem))
    return grids


def grids_for(stem: str) -> list[Grid]:
    """The grids of `tables/<stem>.toml`."""
    data = read_toml(tables_dir() / f"{stem}.toml")
    source = data.pop("source", {})
    where, rules = "", []
    if isinstance(source, dict):
        where = f"{source.get('where', '')} — {source.get('seed', '')}".strip(" —")
        rules = [str(r) for r in source.get("rules", [])]
    builder = _SPECIAL.get(stem, _generic)
    grids = builder(stem, data)
    return [
        Grid(g.key, stem, g.title, g.headers, g.rows, where, rules, g.label_column, g.row_keys)
        for g in grids
    ]


# The words of the grids' titles and fixed headings (each part of a title between " — "),
# translated where the Charts screen shows them (`shown_title`, `shown_headers`).
TITLE_WORDS = (
    N_("Artillery"),
    N_("Attack types"),
    N_("Bridge markers"),
    N_("Cavalry retreat"),
    N_("Combat chart"),
    N_("Die modifiers"),
    N_("Entrenchment"),
    N_("Extended march"),
    N_("Forced march"),
    N_("Friendly occupied"),
    N_("Games"),
    N_("Movement allowance"),
    N_("Rain numbers"),
    N_("Ratio"),
    N_("Retreat tables"),
    N_("Strength caps"),
    N_("Terrain"),
    N_("as in rule 7.4 (used)"),
    N_("as on the chart"),
    N_("attack type"),
    N_("attacker"),
    N_("attacker result"),
    N_("band"),
    N_("caps"),
    N_("cavalry"),
    N_("chart none"),
    N_("columns"),
    N_("defender"),
    N_("defender result"),
    N_("earthworks"),
    N_("earthworks start"),
    N_("ferry"),
    N_("footnote"),
    N_("grand assault loss"),
    N_("hexside"),
    N_("infantry"),
    N_("lengths"),
    N_("level"),
    N_("major"),
    N_("max strength"),
    N_("minor"),
    N_("modifier"),
    N_("notes"),
    N_("other"),
    N_("procedure"),
    N_("roll"),
    N_("row"),
    N_("settings"),
    N_("table1"),
    N_("table2"),
    N_("terrain"),
    N_("trail"),
    N_("Differential"),
    N_("key"),
    N_("value"),
)


def shown_title(grid: Grid) -> str:
    """The grid's title in the current language (each " — " part translated)."""
    return " — ".join(_(part) for part in grid.title.split(" — "))


def shown_headers(grid: Grid) -> list[str]:
    """The column headings in the current language where the catalog knows them (table
    field names such as `infantry_mp` stay as written)."""
    return [_(h) if h in TITLE_WORDS else h for h in grid.headers]


def cell(value: object) -> str:
    """A TOML value as text in a cell."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(cell(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k}={cell(v)}" for k, v in value.items())
    return str(value)


def _nice(stem: str) -> str:
    return stem.replace("_", " ").capitalize()


def _records(stem: str, part: str, items: list[dict[str, Any]], title: str) -> Grid:
    headers: list[str] = []
    for item in items:
        for k in item:
            if k not in headers:
                headers.append(k)
    rows = [[cell(item.get(h)) for h in headers] for item in items]
    return Grid(f"{stem}.{part}", stem, title, headers, rows)


def _generic(stem: str, data: dict[str, Any]) -> list[Grid]:
    grids: list[Grid] = []
    scalars: list[list[str]] = []
    many = sum(1 for v in data.values() if isinstance(v, (list, dict))) > 1
    for part, value in data.items():
        title = f"{_nice(stem)} — {part.replace('_', ' ')}" if many else _nice(stem)
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            grids.append(_records(stem, part, value, title))
        elif isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            items = [{"key": k, **v} for k, v in value.items()]
            grids.append(_records(stem, part, items, title))
        elif isinstance(value, dict):
            rows = [[k, cell(v)] for k, v in value.items()]
            grids.append(Grid(f"{stem}.{part}", stem, title, ["key", "value"], rows))
        else:
            scalars.append([part, cell(value)])
    if scalars:
        grids.append(
            Grid(f"{stem}.settings", stem, f"{_nice(stem)} — settings", ["key", "value"], scalars)
        )
    return grids


def _combat_chart(stem: str, data: dict[str, Any]) -> list[Grid]:
    rows = data.get("row", [])
    grids = []
    for side in ("attacker", "defender"):
        labels = [str(c.get("label", "")) for c in data.get(f"{side}_column", [])]
        grid_rows = [[str(r.get("label", ""))] + [cell(x) for x in r.get(side, [])] for r in rows]
        grids.append(
            Grid(
                f"{stem}.{side}",
                stem,
                f"Combat chart — {side} result",
                ["Differential"] + labels,
                grid_rows,
            )
        )
    rest = {k: v for k, v in data.items() if k not in ("row", "attacker_column", "defender_column")}
    return grids + _generic(stem, rest)


def _artillery(stem: str, data: dict[str, Any]) -> list[Grid]:
    bands = [str(b.get("label", "")) for b in data.get("band", [])]
    grids = []
    for column, title in (("rules_text", "as in rule 7.4 (used)"), ("chart", "as on the chart")):
        grid_rows = [
            [cell(r.get("terrains", r.get("key")))] + [cell(x) for x in r.get(column, [])]
            for r in data.get("row", [])
        ]
        keys = [str(r.get("key", "")) for r in data.get("row", [])]
        grids.append(
            Grid(
                f"{stem}.{column}",
                stem,
                f"Artillery — {title}",
                ["Terrain"] + bands,
                grid_rows,
                row_keys=keys,
            )
        )
    rest = {k: v for k, v in data.items() if k not in ("row", "band")}
    return grids + _generic(stem, rest)


_SPECIAL = {"combat_chart": _combat_chart, "artillery": _artillery}
