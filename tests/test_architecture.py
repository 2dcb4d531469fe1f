"""The package's import graph (every import statement: module level, under TYPE_CHECKING and
inside functions) has no circle, and an import inside a function says why it is deferred.

The layers themselves (game: model < engine < play; the rules core alone; the TUI through
the game's api) are import-linter contracts in pyproject.toml, checked by `lint-imports`."""

from __future__ import annotations

import ast
from pathlib import Path

import gcacw_ref

PACKAGE = Path(gcacw_ref.__file__).resolve().parent
ROOT = "gcacw_ref"


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules(base: Path) -> dict[str, Path]:
    found = {}
    for p in sorted(base.rglob("*.py")):
        parts = p.relative_to(base.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = p
    return found


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The modules one import statement names (a `from pkg import name` names `pkg.name`
    when that is a module, `pkg` otherwise)."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        pkg = module.split(".") if is_package else module.split(".")[:-1]
        pkg = pkg[: len(pkg) - (node.level - 1)]
        base = ".".join([*pkg, *([base] if base else [])])
    return [base, *(f"{base}.{a.name}" for a in node.names)]


def _resolve(names: list[str], modules: dict[str, Path]) -> set[str]:
    """The package's modules among `names`: `pkg.name` where it is a module, else `pkg`."""
    first, rest = names[0], names[1:]
    found = {n for n in rest if n in modules}
    if (not rest or len(found) < len(rest)) and first in modules:
        found.add(first)
    return found


def _imports(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement, with whether it sits inside a function."""
    out: list[tuple[ast.Import | ast.ImportFrom, bool]] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                out.append((child, in_function))
            inner = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            walk(child, inner)

    walk(tree, False)
    return out


def _explained(lines: list[str], index: int) -> bool:
    """A `# lazy:` reason on the import's line, or on the comment line above the run of
    import lines it belongs to."""
    if "lazy:" in lines[index]:
        return True
    i = index - 1
    while i >= 0 and lines[i].lstrip().startswith(("from ", "import ")):
        i -= 1
    return i >= 0 and lines[i].lstrip().startswith("#") and "lazy:" in lines[i]


def import_graph(base: Path) -> tuple[dict[str, set[str]], list[str]]:
    """Module -> the package's modules it imports; and every function-local import that
    carries no `# lazy:` reason on its line or the line above."""
    modules = _modules(base)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    unexplained: list[str] = []
    for name, path in modules.items():
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node, in_function in _imports(ast.parse(text)):
            names = _targets(node, name, path.name == "__init__.py")
            if isinstance(node, ast.Import):
                graph[name].update(n for n in names if n in modules and n != name)
            else:
                graph[name].update(t for t in _resolve(names, modules) if t != name)
            if in_function and not _explained(lines, node.lineno - 1):
                unexplained.append(f"{path.relative_to(base.parent)}:{node.lineno}")
    return graph, unexplained


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, list[str]]] = [(start, sorted(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, todo = work[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, sorted(graph[nxt])))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_package_has_no_import_circle() -> None:
    graph, _ = import_graph(PACKAGE)
    assert len(graph) > 150
    assert circles(graph) == []


def test_every_function_local_import_says_why() -> None:
    _, unexplained = import_graph(PACKAGE)
    assert unexplained == []


def test_the_check_finds_a_circle_through_a_function_local_import(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.b import f\n")
    (pkg / "b.py").write_text("def f():\n    from pkg import a\n    return a\n")
    (pkg / "c.py").write_text("from . import a\n")
    graph, unexplained = import_graph(pkg)
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.c"] == {"pkg.a"}
    assert circles(graph) == [["pkg.a", "pkg.b"]]
    assert unexplained == ["pkg/b.py:2"]
