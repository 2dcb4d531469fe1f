"""The end-to-end cases of tests/text/test_cli.py (tests/README.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gcacw_ref.cli import main
from gcacw_ref.text.library import Library

Capsys = pytest.CaptureFixture[str]


def _run(capsys: Capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_list_remove(home: Path, seeds: dict[str, Path], capsys: Capsys) -> None:
    code, out, _ = _run(capsys, "books", "import", str(seeds["gcacw"]))
    assert code == 0 and "gcacw" in out
    code, out, _ = _run(capsys, "books", "import", str(seeds["wftu"]), "--id", "war")
    assert code == 0
    code, out, _ = _run(capsys, "books", "list", "--json")
    listed = {b["id"]: b for b in json.loads(out)}
    assert set(listed) == {"gcacw", "war"}
    assert listed["war"]["kind"] == "wftu" and listed["gcacw"]["sections"] > 100
    code, out, _ = _run(capsys, "books", "list")
    lines = out.splitlines()  # a header, then one line per book
    assert code == 0 and lines[0].split() == ["id", "kind", "sections", "title"]
    assert lines[1].startswith("gcacw")
    code, _out, _ = _run(
        capsys, "search", "which way does a beaten unit fall back?", "--book", "war"
    )
    assert code == 0 and (home / "books" / "war.sem").exists()  # the encoder's vectors
    assert _run(capsys, "books", "remove", "war")[0] == 0
    assert not (home / "books" / "war.bm25").exists()  # its search indexes went with it
    assert not (home / "books" / "war.sem").exists()
    assert [b.id for b in Library().books()] == ["gcacw"]
