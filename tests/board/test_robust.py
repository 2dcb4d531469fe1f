"""Any mistake in a board file is exit 2 and one line, never a traceback (issue 39)."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gcacw_ref.cli import main
from tests.board.test_load import SHORT

FIELDS = {
    "units": ["id", "hex", "side", "kind", "strength", "fatigue", "entrenchment", "corps"],
    "leaders": ["id", "hex", "command", "with_unit", "rank", "commands"],
    "board": ["map", "turn", "rain", "active_unit", "refused", "view", "game"],
}
VALUES = st.one_of(
    st.integers(-5, 100),
    st.text(max_size=8),
    st.booleans(),
    st.sampled_from(["0504", "0605", "9999", "union", "cavalry", "abatis", "x"]),
    st.lists(st.sampled_from(["0504", "I", "zz"]), max_size=2),
    st.none(),
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.sampled_from(sorted(FIELDS)), st.data(), VALUES)
def test_a_mutated_board_is_exit_0_or_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    block: str,
    data: st.DataObject,
    value: Any,
) -> None:
    doc: dict[str, Any] = tomllib.loads(SHORT)
    field = data.draw(st.sampled_from(FIELDS[block]))
    target = doc[block] if block == "board" else doc[block][0]
    if value is None:
        target.pop(field, None)
    else:
        target[field] = value
    path = tmp_path / "b.json"
    text = json.dumps(doc)
    path.write_text(text, encoding="utf-8")
    capsys.readouterr()
    code = main(["board", "check", str(path)])
    err = capsys.readouterr().err
    assert code in (0, 2), err
    if code == 2:
        assert err.count("\n") == 1
    else:
        assert main(["board", "show", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == text


NAMES = st.one_of(
    st.sampled_from(["mccall", "anderson", "branch", "porter", "hill", "0404", "0403", "0101"]),
    st.text(max_size=6),
    st.sampled_from(["9999", "0000", "0A04", "", "1DR", "Dr", "r", "cavalry", "-"]),
)


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(st.sampled_from(["move", "attack", "retreat", "command"]), NAMES, NAMES)
def test_any_question_is_exit_0_or_2(
    capsys: pytest.CaptureFixture[str], question: str, a: str, b: str
) -> None:
    argv = {
        "move": ["move", "combat", a, "--to", b],
        "attack": ["attack", "combat", "--on", a, "--by", b],
        "retreat": ["retreat", "combat", a, "--result", b],
        "command": ["command", "combat", a],
    }[question]
    capsys.readouterr()
    code = main(["board", *argv])
    err = capsys.readouterr().err
    assert code in (0, 2), err
    if code == 2:
        assert err.count("\n") == 1
