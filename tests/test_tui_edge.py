"""The TUI's edge stays typed: no `type: ignore` in gcacw_ref/tui, no pane reaches into
the app for a service (`getattr(self.app, …)`): services are handed down
(`tui.services.Services`), requests go up as messages (`tui.messages`); no class declares
what another class defines under `if TYPE_CHECKING:` (the game pane's parts hold a typed
`GameHost`), and no parameter or return is typed `Any` (ruff's ANN401)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import gcacw_ref

TUI = Path(gcacw_ref.__file__).resolve().parent / "tui"

IGNORE = re.compile(r"#\s*type:\s*ignore")
APP_LOOKUP = re.compile(r"getattr\(\s*self\.app\b")


def offenders(pattern: re.Pattern[str], base: Path = TUI) -> list[str]:
    """`path:line` of every line under `base` that `pattern` finds."""
    found = []
    for path in sorted(base.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(base.parent)}:{n}")
    return found


def test_no_type_ignore_in_the_tui() -> None:
    assert offenders(IGNORE) == []


def test_no_pane_looks_the_app_up() -> None:
    assert offenders(APP_LOOKUP) == []


def test_the_counts_find_what_they_look_for(tmp_path: Path) -> None:
    (tmp_path / "pane.py").write_text(
        "x = self.app.books  # type: ignore[attr-defined]\n"
        "books = getattr(self.app, 'books', None)\n"
        "y = 1  # a type is not ignored here\n",
        encoding="utf-8",
    )
    assert offenders(IGNORE, tmp_path) == [f"{tmp_path.name}/pane.py:1"]
    assert offenders(APP_LOOKUP, tmp_path) == [f"{tmp_path.name}/pane.py:2"]


def stub_classes(base: Path = TUI) -> list[str]:
    """Classes whose body holds an `if TYPE_CHECKING:` block (declarations made for mypy
    only, of what some other class defines)."""
    found = []
    for path in sorted(base.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for cls in ast.walk(tree):
            if not isinstance(cls, ast.ClassDef):
                continue
            for node in cls.body:
                test = node.test if isinstance(node, ast.If) else None
                if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING":
                    found.append(f"{path.relative_to(base.parent)}:{cls.name}")
    return found


def any_signatures(base: Path = TUI) -> list[str]:
    """Parameters (not *args/**kwargs) and returns annotated `Any`."""
    found = []
    for path in sorted(base.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            args = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
            notes = [(a.arg, a.annotation) for a in args] + [("return", fn.returns)]
            for name, note in notes:
                if isinstance(note, ast.Name) and note.id == "Any":
                    found.append(f"{path.relative_to(base.parent)}:{fn.lineno}:{name}")
    return found


def test_no_stub_class_in_the_tui() -> None:
    assert stub_classes() == []


def test_no_any_in_a_tui_signature() -> None:
    assert any_signatures() == []


def test_the_ast_checks_find_what_they_look_for(tmp_path: Path) -> None:
    (tmp_path / "mixin.py").write_text(
        "from typing import TYPE_CHECKING, Any\n"
        "class Part:\n"
        "    if TYPE_CHECKING:\n"
        "        history: int\n"
        "    def take(self, value: Any, *rest: Any) -> Any: ...\n",
        encoding="utf-8",
    )
    assert stub_classes(tmp_path) == [f"{tmp_path.name}/mixin.py:Part"]
    assert any_signatures(tmp_path) == [
        f"{tmp_path.name}/mixin.py:5:value",
        f"{tmp_path.name}/mixin.py:5:return",
    ]
