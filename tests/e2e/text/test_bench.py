"""The end-to-end cases of tests/text/test_bench.py (tests/README.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gcacw_ref.bench import search as bench
from gcacw_ref.bench import search_timing


def test_bench_over_seeds(seeds: dict[str, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(search_timing, "REPEATS", 1)
    monkeypatch.setattr(bench.cold, "RUNS", 1)
    every = bench.load_questions()  # the players' lines: no evaluation question is read
    assert len(every) >= 160 and all(isinstance(q, str) and q for q in every)
    # here, the first 40
    monkeypatch.setattr(bench, "load_questions", lambda: every[:40])
    result = bench.run()
    assert isinstance(result["import_s"], float)
    cli = result["cli_question"]
    assert cli["cpu_s"] > 0 and cli["max_rss_mb"] > 0 and cli["runs"] == 1
    # the question's own memory, though this process prepared the encoder (about 100 MB;
    # it was reported as this process's peak, 200 MB and more, before)
    assert cli["max_rss_mb"] < 150
    tui = result["tui_first_question"]
    assert tui["after_ready_s"] > 0 and tui["after_ready_cpu_s"] > 0
    search = result["search"]
    assert search["source"] == "seeds"
    assert sorted(search["books"]) == ["brandywine", "gcacw", "wftu"]
    assert search["queries"] == len(search_timing.QUERIES) >= 40
    for key in ("median_ms", "p95_ms", "cpu_p95_ms"):
        assert search[key] >= 0
    text = bench.render(result)
    assert "import (standard rules)" in text and "p95" in text
    questions = result["questions"]
    assert questions["count"] == 40 and set(questions) == {"count", "search", "meaning"}
    for key in ("p95_ms", "cpu_p95_ms", "best_of_p95_ms", "first_cpu_p95_ms"):
        assert questions["search"][key] > 0
    assert "asked for the first time" in text
    assert "new command-line process" in text and "first question" in text
