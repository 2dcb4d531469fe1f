"""The suite's own shape (issue 45): every test checks something — an `assert`, a
`pytest.raises` / `pytest.warns`, or a helper named for checking (`check_…`, `_check…`)
that asserts in its turn."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CHECKS = ("raises", "warns")


def _checks(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for node in ast.walk(fn):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Call):
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if name in CHECKS or name.startswith(("check_", "_check")):
                return True
    return False


def unchecked(source: str) -> list[str]:
    """The test functions of a module's source that check nothing."""
    return [
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test")
        and not _checks(node)
    ]


def test_the_finder_tells_a_check_from_none() -> None:
    source = (
        "def test_a():\n    assert 1\n"
        "def test_b():\n    with pytest.raises(ValueError):\n        int('x')\n"
        "def test_c():\n    _check(1)\n"
        "def test_d():\n    run()\n"
        "async def test_e():\n    await go()\n"
    )
    assert unchecked(source) == ["test_d", "test_e"]


def test_every_test_checks_something() -> None:
    found = {
        str(path.relative_to(TESTS)): names
        for path in sorted(TESTS.rglob("test_*.py"))
        if (names := unchecked(path.read_text(encoding="utf-8")))
    }
    assert found == {}
