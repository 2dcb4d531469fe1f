"""Which lines of the engine (`gcacw_ref/game/engine`) a soak executes, measured with
`coverage` (a test dependency: `pip install -e '.[test]'`).

The engine is usually imported before the measurement starts, so the statements that ran
at import (module and class bodies: imports, `def` lines, constants, registrations) are
counted as executed from the compiled module; every line inside a function counts only
when the soak ran it. Lines marked `# pragma: no cover` are left out, as coverage does.
"""

from __future__ import annotations

import types
from pathlib import Path
from typing import Any

ENGINE_DIR = Path(__file__).resolve().parent.parent / "game" / "engine"
_FUNCTION = 0x0002  # CO_NEWLOCALS: a function's (or comprehension's) code object


def import_time_lines(path: Path) -> set[int]:
    """The lines of a module that run when it is imported (module and class bodies)."""
    code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
    out: set[int] = set()
    todo = [code]
    while todo:
        co = todo.pop()
        if co is code or not co.co_flags & _FUNCTION:
            out.update(line for _, _, line in co.co_lines() if line is not None)
            todo.extend(c for c in co.co_consts if isinstance(c, types.CodeType))
    return out


class EngineCoverage:
    """Start, stop and report: lines executed per engine file, the percentage, and the
    lines never reached (as ranges). `available` is False without `coverage`."""

    def __init__(self) -> None:
        try:
            # lazy: optional (the test extra); only the soak measures coverage
            import coverage
        except ImportError:
            self.cov: Any = None
            return
        self.cov = coverage.Coverage(
            data_file=None, include=[str(ENGINE_DIR / "*.py")], branch=False
        )

    @property
    def available(self) -> bool:
        return self.cov is not None

    def start(self) -> None:
        if self.cov is not None:
            self.cov.start()

    def stop(self) -> None:
        if self.cov is not None:
            self.cov.stop()

    def report(self) -> dict[str, Any] | None:
        """`{"percent", "statements", "executed", "files": {name: {"percent", "missing"}}}`,
        or None when `coverage` is not installed."""
        if self.cov is None:
            return None
        data = self.cov.get_data()
        files: dict[str, Any] = {}
        total = hit = 0
        for path in sorted(ENGINE_DIR.glob("*.py")):
            _, statements, _, _, _ = self.cov.analysis2(str(path))
            ran = set(data.lines(str(path)) or ()) | import_time_lines(path)
            missing = sorted(set(statements) - ran)
            total += len(statements)
            hit += len(statements) - len(missing)
            files[path.name] = {
                "statements": len(statements),
                "percent": _pct(len(statements) - len(missing), len(statements)),
                "missing": ranges(missing),
            }
        return {"percent": _pct(hit, total), "statements": total, "executed": hit, "files": files}


def _pct(part: int, whole: int) -> float:
    return round(100.0 * part / whole, 1) if whole else 100.0


def ranges(lines: list[int]) -> str:
    """`[1, 2, 3, 7, 9, 10]` -> `"1-3, 7, 9-10"`."""
    out: list[str] = []
    start = prev = None
    for n in lines:
        if start is None:
            start = prev = n
        elif prev is not None and n == prev + 1:
            prev = n
        else:
            out.append(f"{start}-{prev}" if start != prev else str(start))
            start = prev = n
    if start is not None:
        out.append(f"{start}-{prev}" if start != prev else str(start))
    return ", ".join(out)
