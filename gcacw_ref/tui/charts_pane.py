"""Charts: every table from `tables/` browsable; cells the last calculation used are lit."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, OptionList, Static
from textual.widgets.option_list import Option

from gcacw_ref.i18n import _
from gcacw_ref.layout_rich import KinsokuText
from gcacw_ref.rules.charts import Grid, all_grids, shown_headers, shown_title
from gcacw_ref.tui.messages import ChartMarks

HIT = "bold black on yellow"


def used_cells(grid: Grid, marks: ChartMarks) -> set[tuple[int, int]]:
    """Cells (row, column) of `grid` that the last result read, by the labels it reported
    (`ChartMarks`: the ratio, chart columns and row, retreat priorities); nothing is
    recomputed or re-derived here."""
    cells: set[tuple[int, int]] = set()
    headers = grid.headers
    if grid.file == "combat_chart":
        side = grid.key.rsplit(".", 1)[-1]
        column = marks.attacker_column if side == "attacker" else marks.defender_column
        if column not in headers:
            return cells
        col = headers.index(column)
        lit = marks.combat_row  # the chart row reported (none: no dice given)
        for r, row in enumerate(grid.rows):
            if lit is None or row[0] == lit:
                cells.add((r, col))
        return cells
    if grid.file == "ratio" and marks.ratio is not None:
        for r, row in enumerate(grid.rows):
            if row and row[0] == marks.ratio:
                cells.update((r, c) for c in range(len(row)))
        return cells
    if grid.file == "artillery" and grid.row_keys and marks.artillery is not None:
        row_key, column = marks.artillery
        if row_key in grid.row_keys and column in headers:
            cells.add((grid.row_keys.index(row_key), headers.index(column)))
        return cells
    if grid.file == "extended_march" and marks.march_column:
        wanted = marks.march_column
        matches = [h for h in headers if h == wanted or h.startswith(f"{wanted}_")]
        if matches:
            col = headers.index(matches[0])
            cells.update((r, col) for r in range(len(grid.rows)))
        return cells
    if grid.file == "retreat_tables" and marks.retreat_table is not None:
        if not grid.key.endswith(f"table{marks.retreat_table}") or "priority" not in headers:
            return cells
        col = headers.index("priority")
        for r, row in enumerate(grid.rows):
            if row[col] in marks.retreat_priorities:
                cells.update((r, c) for c in range(len(row)))
    return cells


class ChartsPane(Horizontal):
    """The list of tables and the chosen table."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.grids: list[Grid] = []
        self.last: ChartMarks | None = None

    def compose(self) -> ComposeResult:
        yield OptionList(id="chart-list")
        with Vertical(id="chart-view"):
            yield Static("", id="chart-title")
            yield DataTable(id="chart-table", zebra_stripes=True, cursor_type="cell")
            yield Static("", id="chart-source")

    def relabel(self) -> None:
        """Redraw the list and the shown table in the current language."""
        if not self.grids:
            return
        listing = self.query_one("#chart-list", OptionList)
        highlighted = listing.highlighted
        listing.clear_options()
        for n, grid in enumerate(self.grids):
            listing.add_option(Option(KinsokuText(shown_title(grid)), id=f"grid-{n}"))
        if highlighted is not None:
            listing.highlighted = highlighted
            self.show(highlighted)

    def load(self) -> None:
        """Read the tables (first time the Charts screen is shown)."""
        if self.grids:
            return
        listing = self.query_one("#chart-list", OptionList)
        try:
            self.grids = all_grids()
        except Exception as exc:  # noqa: BLE001 - a broken table must not end the app
            self.query_one("#chart-title", Static).update(Text(f"⚠ {exc}", style="red"))
            return
        listing.clear_options()
        for n, grid in enumerate(self.grids):
            listing.add_option(Option(KinsokuText(shown_title(grid)), id=f"grid-{n}"))
        if self.grids:
            listing.highlighted = 0
            self.show(0)

    def remember(self, marks: ChartMarks) -> None:
        """Light the cells the last result read (`marks`) in the shown table."""
        self.last = marks
        listing = self.query_one("#chart-list", OptionList)
        if self.grids and listing.highlighted is not None:
            self.show(listing.highlighted)

    def focus_grid(self, key_prefix: str) -> None:
        for n, grid in enumerate(self.grids):
            if grid.key.startswith(key_prefix):
                self.query_one("#chart-list", OptionList).highlighted = n
                self.show(n)
                return

    @on(OptionList.OptionHighlighted, "#chart-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.show(event.option_index)

    def show(self, index: int) -> None:
        if not 0 <= index < len(self.grids):
            return
        grid = self.grids[index]
        lit = used_cells(grid, self.last) if self.last else set()
        title = Text(shown_title(grid), style="bold")
        if lit:
            title.append(
                "   " + _("highlighted: cells the last calculation used"), style="black on yellow"
            )
        self.query_one("#chart-title", Static).update(title)
        table = self.query_one("#chart-table", DataTable)
        table.clear(columns=True)
        for c, heading in enumerate(shown_headers(grid)):  # widths in cells (Japanese headings)
            width = max(
                [cell_len(heading), *(cell_len(row[c]) for row in grid.rows if c < len(row))]
            )
            table.add_column(heading, width=width)
        for r, row in enumerate(grid.rows):
            cells = [
                Text(value, style=HIT if (r, c) in lit else ("bold" if c == 0 else ""))
                for c, value in enumerate(row)
            ]
            table.add_row(*cells)
        rules = " · " + _("rules {rules}").format(rules=", ".join(grid.rules)) if grid.rules else ""
        self.query_one("#chart-source", Static).update(
            Text(_("Source: {source}").format(source=grid.source) + rules, style="dim")
        )
