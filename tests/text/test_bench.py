"""The text section of `gcacw-ref bench` (shape only: speed is never asserted in tests)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gcacw_ref.bench import search as bench
from gcacw_ref.bench import search_timing


def test_bench_without_seeds_uses_user_books(
    filled_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(search_timing, "REPEATS", 1)
    monkeypatch.setattr(bench.paths, "seeds_dir", lambda: tmp_path / "no-seeds")
    result = bench.run()
    assert result["import_s"] is None
    assert "user books" in result["search"]["source"]
    assert "not measured" in bench.render(result)


def test_bench_without_anything(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bench.paths, "seeds_dir", lambda: tmp_path / "no-seeds")
    result = bench.run()
    assert "error" in result["search"]
    assert "search: not measured" in bench.render(result)


def test_a_child_s_memory_is_its_own_not_the_bench_s() -> None:
    # the bench's own peak made high (300 MB touched): a child measured through the
    # launcher reports its own peak (a bare Python: about 10 MB), not this process's
    grown = b"x" * (300 * 1024 * 1024)
    cpu, rss_mb = bench.cold.child_usage([sys.executable, "-c", "pass"], dict(os.environ))
    assert len(grown) and cpu > 0
    assert rss_mb < 100
    with pytest.raises(RuntimeError, match="exited 3"):
        bench.cold.child_usage([sys.executable, "-c", "raise SystemExit(3)"], dict(os.environ))
