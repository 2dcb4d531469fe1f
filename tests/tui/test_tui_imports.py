"""The TUI reads the game only through the public API (`gcacw_ref.game.play.api`) and the
non-engine game modules: no module under `gcacw_ref/tui` imports `gcacw_ref.game.engine`,
and none reads a decision frame's `.data` or `state.pending` (AST scan, issue 14)."""

from __future__ import annotations

import ast
from pathlib import Path

import gcacw_ref.tui

TUI = Path(gcacw_ref.tui.__file__).resolve().parent
FILES = sorted(TUI.rglob("*.py"))


def _engine_imports(tree: ast.AST) -> list[str]:
    """One entry per import statement that reaches `gcacw_ref.game.engine`."""
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        if any(n.startswith("gcacw_ref.game.engine") for n in names):
            found.append(f"line {node.lineno}")
    return found


def _frame_reads(tree: ast.AST) -> list[str]:
    return [
        f"line {node.lineno}: .{node.attr}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and (
            node.attr == "pending"
            or (node.attr == "data" and isinstance(node.value, ast.Attribute))
            and node.value.attr in ("pending", "frame")
        )
    ]


def test_the_scan_sees_the_tui() -> None:
    assert len(FILES) > 20
    assert any(p.name == "overlays.py" for p in FILES)


def test_the_scan_catches_what_it_forbids() -> None:
    bad = ast.parse(
        "from gcacw_ref.game.engine.core import step\n"
        "import gcacw_ref.game.engine.work\n"
        "from gcacw_ref.game import engine\n"
        "x = state.pending.data\n"
    )
    assert _engine_imports(bad) == ["line 1", "line 2", "line 3"]
    assert _frame_reads(bad) == ["line 4: .data", "line 4: .pending"]


def test_no_tui_module_imports_the_engine() -> None:
    offenders = {
        str(p.relative_to(TUI)): hits
        for p in FILES
        if (hits := _engine_imports(ast.parse(p.read_text())))
    }
    assert offenders == {}


def test_no_tui_module_reads_a_frame() -> None:
    offenders = {
        str(p.relative_to(TUI)): hits
        for p in FILES
        if (hits := _frame_reads(ast.parse(p.read_text())))
    }
    assert offenders == {}
