"""Benchmark section for the TUI: time from launch until the app is ready for keys.

Each run starts a fresh Python process (cold imports, as a player launching
`gcacw-ref` would), runs the app headless at 140x45 and reports when the first screen
is painted with the cursor in the search box (`startup_s`) and when the rulebooks are
loaded behind it (`books_loaded_s`). The library is the seed rulebooks imported into a
temporary data directory (the user's own data is not touched); without seeds it is the
user's data directory.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gcacw_ref import paths
from gcacw_ref.i18n import _
from gcacw_ref.text.library import Library

RUNS = 5
_CHILD = r"""
import json, sys, time
from gcacw_ref.tui.app import GcacwApp

class BenchApp(GcacwApp):
    ready_at = None
    def on_ready(self):
        self.ready_at = time.time()
        focused = self.focused.id if self.focused else None
        self.focused_at_ready = focused
    def _books_loaded(self):
        super()._books_loaded()
        self.books_at = time.time()
        self.set_timer(0.05, self.exit)

app = BenchApp()
app.run(headless=True, size=(140, 45))
print(json.dumps({"ready": app.ready_at, "books": getattr(app, "books_at", None),
                  "focused": getattr(app, "focused_at_ready", None)}))
"""


def _seeded_home(folder: Path) -> Path | None:
    """Import the seed rulebooks into `folder`; None when the seeds are not there."""
    seeds = sorted(paths.seeds_dir().glob("00[012]_*.txt"))
    if len(seeds) < 3:
        return None
    library = Library(home=folder)
    for seed in seeds:
        library.import_book(seed)
    return folder


def _one_run(home: Path | None) -> dict[str, float]:
    env = dict(os.environ)
    if home is not None:
        env["GCACW_REF_HOME"] = str(home)
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", _CHILD],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the app did not start: {done.stderr.strip()[-300:]}")
    data = json.loads(lines[-1])
    if data["focused"] != "search-input":
        raise RuntimeError(f"the cursor was not in the search box at start ({data['focused']})")
    return {"ready": data["ready"] - start, "books": (data["books"] or data["ready"]) - start}


def run() -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="gcacw-tui-bench-") as tmp:
        try:
            home = _seeded_home(Path(tmp))
        except Exception:  # noqa: BLE001 - fall back to the user's library
            home = None
        try:
            runs = [_one_run(home) for _ in range(RUNS)]
        except (RuntimeError, subprocess.TimeoutExpired, OSError) as exc:
            return {"startup_s": None, "tui": {"error": str(exc)}}
    ready = [r["ready"] for r in runs]
    books = [r["books"] for r in runs]
    return {
        "startup_s": round(statistics.median(ready), 3),
        "tui": {
            "startup_runs_s": [round(r, 3) for r in ready],
            "startup_max_s": round(max(ready), 3),
            "books_loaded_s": round(statistics.median(books), 3),
            "library": "seed rulebooks (temporary)" if home else "user data directory",
            "runs": RUNS,
        },
    }


def render(result: dict[str, Any]) -> str:
    if result.get("startup_s") is None:
        error = result.get("tui", {}).get("error", "unknown")
        return _("TUI startup: not measured ({error})").format(error=error)
    tui = result["tui"]
    return _(
        "TUI ready for keys: {s:.2f} s median of {runs} cold starts (max {max:.2f} s; "
        "target 1.5 s); rulebooks loaded behind it at {books:.2f} s ({library})"
    ).format(
        s=result["startup_s"],
        runs=tui["runs"],
        max=tui["startup_max_s"],
        books=tui["books_loaded_s"],
        library=tui["library"],
    )
