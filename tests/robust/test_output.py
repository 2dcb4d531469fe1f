"""What reaches the terminal: no control character from a file, and every output
failure (an encoding that cannot hold the text, a closed or full stream) is exit 2 with
one line where one can be written, never exit 1 or a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.errors import printable
from gcacw_ref.text.importer import read_text_file
from gcacw_ref.text.library import Library
from tests.robust.conftest import CONTROL, PRACTICE_BOOK, run_cli
from tests.robust.test_fuzz import FUZZ

Capsys = pytest.CaptureFixture[str]
ROOT = Path(__file__).parents[2]
HOSTILE = "\x1b]0;owned\x07\x1b[2J\x9b31m\x90q\r"
CONTROLS_SHOWN = "[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # newline and tab may be shown


def _hostile_home(tmp_path: Path) -> Path:
    text = PRACTICE_BOOK.read_text("utf-8").split("\n", 1)
    book = tmp_path / "hostile.txt"
    body = text[1].replace("一つのターンは", f"一つの{HOSTILE}ターンは", 1)
    book.write_text(f"{text[0]}{HOSTILE}\n{body}", encoding="utf-8")
    home = tmp_path / "home"
    Library(home=home).import_book(book, book_id="gcacw")
    return home


@pytest.mark.parametrize(
    "argv",
    [
        ["books", "list"],
        ["rule", "3.0"],
        ["search", "ターン"],
        ["search", "手順"],
        ["books", "list", "--json"],
        ["rule", "3.0", "--json"],
        ["search", "ターン", "--json"],
    ],
)
def test_no_control_character_from_a_book_reaches_the_terminal(
    argv: list[str], tmp_path: Path, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GCACW_REF_HOME", str(_hostile_home(tmp_path)))
    code, out, err = run_cli(capsys, *argv)
    assert code == 0, err
    import re

    assert not re.search(CONTROLS_SHOWN, out), repr(out)
    assert not CONTROL.search(err.replace("\n", "")), repr(err)


def test_control_characters_are_counted_over_the_whole_file(tmp_path: Path) -> None:
    from gcacw_ref.errors import InputError

    text = PRACTICE_BOOK.read_text("utf-8") + "あ" * 70_000 + "\x1b" * 25
    book = tmp_path / "late.txt"
    book.write_text(text, encoding="utf-8")
    with pytest.raises(InputError):
        read_text_file(book)


@FUZZ
@given(st.text(alphabet=st.characters(max_codepoint=0x2FF), max_size=60))
def test_printable_leaves_no_control_but_newline_and_tab(text: str) -> None:
    import re

    shown = printable(text)
    assert not re.search(CONTROLS_SHOWN, shown)
    assert shown.count("\n") == text.count("\n") and shown.count("\t") == text.count("\t")
    if not re.search(CONTROLS_SHOWN, text):
        assert shown == text


# -- output encodings and closed streams (a real process: the streams are its own) -------


def _run(args: list[str], env: dict[str, str], **kw: object) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIO", "LANG"))}
    full.update(PYTHONPATH=str(ROOT), **env)
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-m", "gcacw_ref", "--lang", "en", *args],
        env=full,
        capture_output=kw.pop("capture_output", True),
        text=True,
        timeout=120,
        **kw,
    )


@pytest.fixture(scope="module")
def practice_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("out-home")
    Library(home=home).import_book(PRACTICE_BOOK, book_id="gcacw")
    return home


def _one_line(err: str) -> str:
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    return err


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
def test_an_output_encoding_that_cannot_hold_the_text(encoding: str, practice_home: Path) -> None:
    for args in (["search", "ターン"], ["ref"]):
        env = {"GCACW_REF_HOME": str(practice_home), "PYTHONIOENCODING": encoding}
        done = _run([*args, "--lang", "ja"], env)
        assert done.returncode == 2, done.stderr
        assert "PYTHONIOENCODING" in _one_line(done.stderr)


def _shell(command: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "GCACW_REF_HOME": str(home)}
    line = f"{sys.executable} -m gcacw_ref --lang en {command}"
    return subprocess.run(
        ["sh", "-c", line], env=env, capture_output=True, text=True, timeout=120, check=False
    )


@pytest.mark.parametrize(
    "command",
    ["rule 3.0 >&-", "rule 3.0 >/dev/full", "calc odds --input - <&-", "ref >/dev/full"],
)
def test_closed_and_full_streams(command: str, practice_home: Path) -> None:
    done = _shell(command, practice_home)
    assert done.returncode == 2, done.stderr
    _one_line(done.stderr)


def test_closed_stderr_keeps_the_error_off_standard_output(practice_home: Path) -> None:
    done = _shell("rule 99.9 2>&-", practice_home)
    assert done.returncode == 2 and done.stdout == ""


def test_a_c_locale_reads_japanese_arguments(practice_home: Path) -> None:
    env = {
        "GCACW_REF_HOME": str(practice_home),
        "LC_ALL": "C",
        "PYTHONUTF8": "0",
        "PYTHONCOERCECLOCALE": "0",
        "PYTHONIOENCODING": "utf-8",
    }
    done = _run(["search", "ターン", "--json"], env)
    assert done.returncode == 0, done.stderr
    assert '"section"' in done.stdout  # found, not "no matches"
    plain = {k: v for k, v in env.items() if k != "PYTHONIOENCODING"}
    done = _run(["search", "ターン"], plain)
    assert done.returncode in (0, 2), done.stderr
    if done.returncode == 2:
        assert "PYTHONIOENCODING" in _one_line(done.stderr)
    else:
        assert "no matches" not in done.stdout


MARKUP_CHARS = st.sampled_from(list("[]/@=:;.()ab 部\x1b\x07\x9b\n\t\\"))


@FUZZ
@given(st.lists(MARKUP_CHARS, max_size=60).map("".join))
def test_displayed_text_is_never_markup(text: str) -> None:
    """Whatever a title, a path or a setting holds, the TUI shows it as it is: `plain`
    gives a Text with no style read from it, and Textual shows that Text unchanged."""
    import re

    from textual.content import Content

    from gcacw_ref.tui.plain import plain

    shown = plain(text)
    assert shown.plain == printable(text) and not shown.spans
    assert Content.from_rich_text(shown).plain == shown.plain
    assert not re.search(CONTROLS_SHOWN, shown.plain)
