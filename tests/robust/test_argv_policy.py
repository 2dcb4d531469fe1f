"""One decoding policy for every command-line argument (issue 41, item 4): bytes that are
not UTF-8 become U+FFFD before any command sees them, so a question or a rule name with
a stray byte is answered or refused in one line (exit 0 or 2), never exit 1."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.argv import argument, well_formed
from tests.robust.conftest import CONTROL, assert_clean_failure, run_cli
from tests.robust.test_fuzz import FUZZ

Capsys = pytest.CaptureFixture[str]
SURROGATE = "[\ud800-\udfff]"


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


def test_the_policy_by_hand() -> None:
    assert argument("how does a leader move\udcff?") == "how does a leader move\ufffd?"
    assert argument("\udce2\udc85\udca67.2") == "Ⅶ7.2"  # UTF-8 read as bytes (a C locale)
    assert argument("\udced\udcb3\udcbf") == "\ufffd\ufffd\ufffd"  # an encoded surrogate
    assert argument("a\ud800b") == "a\ufffdb"  # a lone surrogate handed in directly
    assert argument("延長行軍 7.4") == "延長行軍 7.4"
    assert well_formed("x\udfffy") == "x\ufffdy"


@given(st.binary(max_size=40))
def test_any_bytes_read_as_utf8_with_replacement(raw: bytes) -> None:
    """What the shell passes (bytes, decoded by Python with escaped surrogates) comes
    out as those bytes read as UTF-8, each bad byte replaced."""
    arg = raw.decode("utf-8", errors="surrogateescape")
    assert argument(arg) == raw.decode("utf-8", errors="replace")


@given(st.text())
def test_text_without_surrogates_is_unchanged_and_none_survives(text: str) -> None:
    out = argument(text)
    assert not _has_surrogate(out)
    if not _has_surrogate(text):
        assert out == text


@pytest.fixture
def practice_home(books_home: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GCACW_REF_HOME", str(books_home))
    return books_home


@pytest.mark.parametrize(
    "argv",
    [
        ["search", "how does a leader move\udcff?"],
        ["search", "how does a leader move\udcff?", "--json"],
        ["rule", "Ⅶ\udcff7.2 …"],
        ["rule", "\udcff"],
        ["search", "x", "--book", "\udcff"],
        ["books", "import", "\udcff.txt"],
        ["calc", "odds", "3", "\udcff"],
    ],
)
def test_a_bad_byte_is_answered_or_refused_in_one_line(
    argv: list[str], practice_home: Path, capsys: Capsys
) -> None:
    code, out, err = run_cli(capsys, *argv)
    assert code in (0, 2), err
    if code == 2:
        assert_clean_failure(code, err)
    assert not _has_surrogate(out + err)


def test_a_real_process_with_a_bad_byte(practice_home: Path) -> None:
    """As a shell passes it: the byte \\xff in argv, under a UTF-8 and a C locale."""
    for locale in ("C.UTF-8", "C"):
        env = {**os.environ, "GCACW_REF_LANG": "en", "LC_ALL": locale}
        res = subprocess.run(
            [sys.executable, "-m", "gcacw_ref", "rule", os.fsdecode(b"\xe2\x85\xa6\xff7.2")],
            capture_output=True,
            env=env,
            timeout=120,
            stdin=subprocess.DEVNULL,
        )
        assert res.returncode in (0, 2), res.stderr
        assert res.stderr.count(b"\n") <= 1 and b"Traceback" not in res.stderr, res.stderr


@FUZZ
@given(
    command=st.sampled_from([["search"], ["rule"], ["search", "--json"], ["books", "import"]]),
    raw=st.lists(st.binary(min_size=1, max_size=12), min_size=1, max_size=3),
)
def test_fuzz_argv_bytes(
    command: list[str], raw: list[bytes], practice_home: Path, capsys: Capsys
) -> None:
    """Any bytes as arguments: exit 0 or 2, one clean line on failure, no surrogate and
    no control character reaching the output."""
    args = [b.decode("utf-8", errors="surrogateescape") for b in raw]
    code, out, err = run_cli(capsys, *command, *args)
    assert code in (0, 2), err
    if code == 2:
        assert_clean_failure(code, err)
    assert not _has_surrogate(out + err)
    assert not CONTROL.search(out.replace("\n", "").replace("\t", "")), repr(out)
