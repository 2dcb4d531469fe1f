"""A command-line question run as its own process keeps what it loaded out of the
collector's sight until the exit (`gcpause.keep_until_exit`); called inside a longer-lived
process (`main([...])`, as tests and other code do) it never does."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from gcacw_ref.cli import main
from tests.child import last_line

QUESTION = "砲兵は単独で攻撃できる？"


def test_a_question_in_its_own_process_freezes_what_it_loaded(filled_home: Path) -> None:
    code = (
        "import gc, sys\n"
        "from gcacw_ref.cli import main\n"
        f"sys.argv = ['gcacw-ref', 'search', {QUESTION!r}]\n"
        "before = gc.get_freeze_count()\n"
        "assert main() == 0\n"
        "print(before, gc.get_freeze_count() > 10_000)\n"
    )
    assert last_line(code, filled_home) == "0 True"


def test_a_question_inside_a_longer_process_freezes_nothing(
    filled_home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = gc.get_freeze_count()
    assert main(["search", QUESTION]) == 0
    assert gc.get_freeze_count() == before
    assert capsys.readouterr().out
