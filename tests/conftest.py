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


# The end-to-end tier is a folder: every test under tests/e2e/ (whole games, the question
# sets, a real browser, walks through every field or every decision; tests/README.md).
# `pytest` leaves it out (pyproject's addopts deselect the marker) so the suite stays quick;
# CI and the README's test command run it as well, with `pytest -m end_to_end`.
E2E = Path(__file__).resolve().parent / "e2e"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the end-to-end tier by its folder (before `-m` deselects by marker)."""
    for item in items:
        if E2E in item.path.parents:
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
