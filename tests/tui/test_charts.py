"""The Charts screen's grids: every table file is browsable; used cells are found."""

from __future__ import annotations

from gcacw_ref.calculators import calculator
from gcacw_ref.paths import tables_dir
from gcacw_ref.rules.charts import all_grids, grids_for
from gcacw_ref.tui.calcs.simple import ArtilleryPane, OddsPane
from gcacw_ref.tui.charts_pane import used_cells
from gcacw_ref.tui.keys import APP_BINDINGS, TAB_KEYS
from gcacw_ref.tui.messages import ChartMarks
from gcacw_ref.tui.tabs import hints


def test_every_table_file_has_a_grid() -> None:
    grids = all_grids()
    files = {p.stem for p in tables_dir().glob("*.toml")}
    assert {g.file for g in grids} == files
    for grid in grids:
        assert grid.rows, grid.key
        assert all(len(row) == len(grid.headers) for row in grid.rows), grid.key
        assert grid.source, grid.key


def test_combat_chart_grids_read_like_the_chart() -> None:
    by_key = {g.key: g for g in grids_for("combat_chart")}
    attacker, defender = by_key["combat_chart.attacker"], by_key["combat_chart.defender"]
    assert attacker.headers[1:] == [
        "1/2-3",
        "4-6",
        "7-11",
        "12-18",
        "19-26",
        "27-37",
        "38-49",
        "50-59",
        "60-69",
        "70+",
    ]
    assert defender.headers[1:] == [
        "1/2-3",
        "4-6",
        "7-11",
        "12-18",
        "19-26",
        "27-37",
        "38-49",
        "50+",
    ]
    plus4 = next(r for r in attacker.rows if r[0] == "+4")
    assert plus4[attacker.headers.index("12-18")] == "1fa"


def test_cells_used_by_a_calculation() -> None:
    odds = calculator("odds")
    out = odds.run(odds.Input.model_validate({"attacker": 30, "defender": 9}))
    ratio = grids_for("ratio")[0]
    lit = used_cells(ratio, OddsPane.chart_marks(out))
    assert {ratio.rows[r][0] for r, _ in lit} == {"3-1"}
    art = calculator("artillery")
    out = art.run(
        art.Input.model_validate(
            {"attacker_artillery": 8, "defender_artillery": 2, "defender_terrain": "clear"}
        )
    )
    grid = next(g for g in grids_for("artillery") if g.key == "artillery.rules_text")
    ((row, col),) = used_cells(grid, ArtilleryPane.chart_marks(out))
    assert grid.rows[row][col] == "+1" and grid.headers[col] == "+5 to +7"


def test_marks_light_the_retreat_and_march_tables() -> None:
    retreat = next(g for g in grids_for("retreat_tables") if g.key.endswith("table1"))
    col = retreat.headers.index("priority")
    lit = used_cells(retreat, ChartMarks(retreat_table=1, retreat_priorities=frozenset({"1"})))
    assert lit and {retreat.rows[r][col] for r, _c in lit} == {"1"}
    assert (
        used_cells(retreat, ChartMarks(retreat_table=2, retreat_priorities=frozenset({"1"})))
        == set()
    )
    assert used_cells(retreat, ChartMarks()) == set()


def test_bench_section_renders() -> None:
    from gcacw_ref.bench import tui as bench

    text = bench.render(
        {
            "startup_s": 0.6,
            "tui": {
                "startup_runs_s": [0.6],
                "startup_max_s": 0.7,
                "books_loaded_s": 0.8,
                "library": "seed rulebooks (temporary)",
                "runs": 1,
            },
        }
    )
    assert "0.60 s" in text and "target 1.5 s" in text
    assert "not measured" in bench.render({"startup_s": None, "tui": {"error": "x"}})


def test_rule_text_emphasis_and_links() -> None:
    from gcacw_ref.text.marks import strip_bold
    from gcacw_ref.tui.ruletext import linked_text

    plain, spans = strip_bold("x **bold** 2DR* and 3DR*; odd **")
    assert plain == "x bold 2DR* and 3DR*; odd "  # a lone ** is dropped, never shown raw
    assert spans == [(2, 6)]
    text = linked_text("7.6を参照、７．７も。8.0は違う", {"7.6", "7.7"}, "gcacw")
    links = [
        text.plain[span.start : span.end]
        for span in text.spans
        if getattr(span.style, "meta", None) and "@click" in span.style.meta
    ]
    assert links == ["7.6", "７．７"]


def test_help_lists_every_key() -> None:
    """Every binding the app, the rule browser and the hex pictures declare is in the help."""
    from textual.binding import Binding

    from gcacw_ref.tui.app import GcacwApp
    from gcacw_ref.tui.browser import RulesPane
    from gcacw_ref.tui.calcs.sixhex import FlankPicker, RetreatPicker
    from gcacw_ref.tui.keys import KEYS

    names = {"question_mark": "?", "slash": "/", "comma": ",", "full_stop": "."}
    listed = " ".join(keys for _, keys, _ in KEYS).split()
    declared: set[str] = set()
    for cls in (GcacwApp, RulesPane, FlankPicker, RetreatPicker):
        for binding in cls.BINDINGS:
            key = binding.key if isinstance(binding, Binding) else binding[0]
            declared.update(k.strip() for k in key.split(","))
    hidden = {"escape", "enter", "up", "down", "left", "right"} | {str(n) for n in range(1, 7)}
    for key in sorted(declared - hidden):
        shown = names.get(key, key)
        assert shown.lower() in [k.lower() for k in listed] or key.upper() in listed, key


def test_the_reminder_line_is_the_apps_shown_bindings() -> None:
    from gcacw_ref.tui.app import GcacwApp
    from gcacw_ref.tui.tabs import hints, tab_title

    assert GcacwApp.BINDINGS is APP_BINDINGS
    line = hints("search").plain
    assert line.startswith(" F1 help  F2 search  F3 rules  F4 calc  F5 charts  F6 game ")
    assert "^p palette  ^q quit" in line and "F7" not in line
    assert TAB_KEYS == {
        "search": "F2",
        "rules": "F3",
        "calc": "F4",
        "charts": "F5",
        "game": "F6",
        "board": "F10",
    }
    assert tab_title("charts") == "Charts F5"


def test_a_narrower_reminder_line_keeps_what_fits() -> None:
    """Too narrow for every global key: help and the palette stay, the language and quit
    come back as room allows, the screens' keys only all together (each is on its tab)."""
    own = " │ type to search · ↓ results · enter opens"
    assert hints("search", 120).plain == " F1 help  F8 日本語  ^p palette  ^q quit" + own
    assert hints("search", 80).plain == " F1 help  F8 日本語  ^p palette" + own
    assert hints("search", 45).plain == " F1 help  ^p palette" + own
    game = hints("game", 120).plain
    assert game.startswith(" F1 help  ^p palette │ →← event") and "F8" not in game
    assert hints("search", 200).plain == hints("search").plain  # all of it fits
