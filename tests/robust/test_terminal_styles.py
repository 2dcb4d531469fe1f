"""The output guard passes only the styles the program itself wrote (issue 41, item 9):
an escape sequence from a file, an argument or a scenario is shown, never obeyed."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gcacw_ref.terminal import OWN_STYLES, guarded, style
from tests.robust.conftest import run_cli
from tests.robust.test_files import TRAINING
from tests.robust.test_fuzz import FUZZ

Capsys = pytest.CaptureFixture[str]
ESC = "\x1b"


@pytest.mark.parametrize("code", OWN_STYLES)
def test_a_style_written_as_text_is_escaped(code: str) -> None:
    assert guarded(f"a\x1b[{code}mb") == f"a\\u001b[{code}mb"


@pytest.mark.parametrize("code", OWN_STYLES)
def test_our_own_style_is_written_as_its_escape_sequence(code: str) -> None:
    assert guarded(f"a{style(code)}b") == f"a\x1b[{code}mb"


def test_only_our_styles_can_be_asked_for() -> None:
    with pytest.raises(ValueError):
        style("31")


@FUZZ
@given(
    st.lists(
        st.one_of(
            st.text(alphabet=st.characters(max_codepoint=0x2FF), max_size=12),
            st.sampled_from([f"\x1b[{c}m" for c in (*OWN_STYLES, "31", "2J")]),
        ),
        max_size=8,
    )
)
def test_no_escape_from_outside_survives_the_guard(pieces: list[str]) -> None:
    """Whatever outside text holds, the guard's output holds no escape character; with
    our own styles between the pieces, exactly those escapes come out."""
    assert ESC not in guarded("".join(pieces))
    mixed = style("1").join(pieces)
    assert guarded(mixed).count(ESC) == max(len(pieces) - 1, 0)


def _scenario(tmp_path: Path, scenario_id: str) -> Path:
    data: dict[str, Any] = copy.deepcopy(TRAINING)
    data["scenario"]["id"] = scenario_id
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("sequence", ["\x1b[1m", "\x1b[7m", "\x1b]0;owned\x07", "\x9b2J"])
def test_scenario_check_shows_an_id_escape_as_text(
    sequence: str, tmp_path: Path, capsys: Capsys
) -> None:
    path = _scenario(tmp_path, f"x{sequence}y")
    code, out, err = run_cli(capsys, "scenario", "check", str(path))
    if code == 2:  # refused as a bad id: one clean line, nothing on stdout
        assert out == "" and ESC not in err
        return
    assert code == 0, err
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]", out), repr(out)
    assert "\\x1b" in out or "\\x9b" in out, out
