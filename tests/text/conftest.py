"""Fixtures for the text layer: the three seed rulebooks imported once per session."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from gcacw_ref.text.library import Library


@pytest.fixture(scope="session")
def library_home(seeds: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data directory holding gcacw, wftu and brandywine (imported once)."""
    home = tmp_path_factory.mktemp("library")
    lib = Library(home=home)
    for key in ("gcacw", "wftu", "brandywine"):
        lib.import_book(seeds[key])
    return home


@pytest.fixture(scope="session")
def library(library_home: Path) -> Library:
    return Library(home=library_home)


@pytest.fixture
def filled_home(home: Path, library_home: Path) -> Path:
    """The per-test `home` ($GCACW_REF_HOME) with the three books copied in."""
    shutil.copytree(library_home / "books", home / "books")
    return home
