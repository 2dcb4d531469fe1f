"""Shared fixtures. Seed-based tests read `../shared/seeds` (or `$GCACW_REF_SEEDS`).

When the seeds are missing, seed tests fail under CI (GCACW_REF_REQUIRE_SEEDS=1 or
CI=true) and are skipped only on a developer machine without them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from gcacw_ref import i18n
from gcacw_ref.paths import seeds_dir

SEED_FILES = {
    "gcacw": "000_eb3241535f1c3a1c.txt",
    "wftu": "001_4ba28d007348ce01.txt",
    "brandywine": "002_a66910e0110754c0.txt",
    "charts": "003_56b5f71750bd5483.txt",
}


def _require_seeds() -> bool:
    return bool(os.environ.get("GCACW_REF_REQUIRE_SEEDS") or os.environ.get("CI"))


# The end-to-end tier: whole bot games, the question sets, a real browser, walks through
# every field or every decision. `pytest` leaves it out (pyproject's addopts deselect the
# marker) so the suite stays quick; CI and the README's test command run it as well, with
# `pytest -m end_to_end`. Node id prefixes, each with why it is long.
END_TO_END: dict[str, str] = {
    "tests/tui/test_pilot_game_choices_apart.py::test_every_choice_list_of_a_whole_game": (
        "every choice list of a harrow game, 2 sizes x 2 languages"
    ),
    "tests/serve/test_browser.py": "the app in a real Chromium",
    "tests/serve/test_slow_clients.py": "a thousand slow clients, dropped after 15 s",
    "tests/serve/test_http_abuse.py::test_fuzzed_requests_long": "1,500 fuzzed HTTP requests",
    "tests/serve/test_ws_abuse.py::test_fuzzed_messages_long": "1,000 fuzzed websocket messages",
    "tests/serve/test_browser_touch.py": "the app in a real Chromium, by swipes and taps",
    "tests/text/test_questions.py::test_questions_find_their_rule": "2,688 questions ranked",
    "tests/text/test_second_reading.py::test_the_first_answer_under_either_reading": (
        "1,139 questions ranked"
    ),
    "tests/text/test_bench.py::test_bench_over_seeds": "the bench over every seed book",
    "tests/text/test_answer_marks.py::test_passages_show_the_marked_sentence": (
        "590 questions' passages"
    ),
    "tests/text/test_encoder.py::test_any_text_gets_the_package_s_ids": "encoder property test",
    "tests/text/test_search.py::test_long_query": "a query of the whole rulebook's length",
    "tests/text/test_cli.py::test_import_list_remove": "a CLI process per step",
    "tests/game_engine/test_soak_full.py::test_eight_game_soak": "eight whole games",
    "tests/game_engine/test_harrow_paths.py": "whole heuristic harrow games",
    "tests/game_engine/test_balance.py": "whole games for the balance figures",
    "tests/game_engine/test_surrender_and_march_loss.py::test_no_march_of_any_unit_loses_three": (
        "every march of whole games"
    ),
    "tests/oracle/test_games.py": "whole games under the oracle",
    "tests/tui/test_pilot_game.py::test_bots_to_the_end_then_back_and_forth": "a whole game",
    "tests/tui/test_pilot_game_focus.py::test_every_decision_takes_the_focus_and_enter_chooses": (
        "every kind of decision, played to"
    ),
    "tests/tui/test_pilot_calc_forms.py::test_tab_walks_each_form_in_its_documented_order": (
        "every field of every form"
    ),
    "tests/tui/test_robustness.py::test_every_field_survives_odd_input": "every field, odd input",
    "tests/tui/test_sturdy.py::test_a_rule_open_then_shrunk_to_tiny_sizes": "many sizes",
    "tests/tui/test_sturdy.py::test_starting_on_tiny_terminals": "many sizes",
}


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the end-to-end tier (before `-m` deselects by marker)."""
    for item in items:
        if any(item.nodeid.startswith(prefix) for prefix in END_TO_END):
            item.add_marker(pytest.mark.end_to_end)


@pytest.fixture(scope="session")
def seeds() -> dict[str, Path]:
    """Paths of the four seed files by short name."""
    folder = seeds_dir()
    paths = {k: folder / v for k, v in SEED_FILES.items()}
    missing = [str(p) for p in paths.values() if not p.is_file()]
    if missing:
        if _require_seeds():
            pytest.fail(f"seed files missing: {missing}")
        pytest.skip(f"seed files missing: {missing}")
    return paths


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty data directory for this test (GCACW_REF_HOME)."""
    d = tmp_path / "home"
    d.mkdir()
    monkeypatch.setenv("GCACW_REF_HOME", str(d))
    return d


@pytest.fixture
def japanese() -> Iterator[None]:
    """The interface in Japanese for one test."""
    i18n.set_language("ja")
    try:
        yield
    finally:
        i18n.set_language("en")
