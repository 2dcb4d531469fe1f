"""What a question costs from a cold start: a new command-line process, and the TUI.

* `cli_question`: `gcacw-ref search "<question>"` run as a new process over the seed
  books (the encoder's files and the books' vectors already made by an earlier run, as
  for a player's second question ever, and the modules' bytecode compiled by that run, as
  an installed package has it): its CPU seconds (user + system, the whole process with
  Python's start-up and imports) and its peak memory (max RSS), best of `RUNS`. The
  process is started by a small launcher process, not by the bench itself (`_LAUNCHER`).
* `tui_first_question`: the TUI started headless in a new process; as soon as the screen
  is ready and the books are listed, a question is asked as if typed. Seconds from the
  screen being ready to the answer shown, best and median of `RUNS`.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

RUNS = 3
QUESTION = "砲兵は単独で攻撃できる？"
_TUI_CHILD = r"""
import json, sys, time
from textual.widgets import Input
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.search import SearchPane

QUESTION = sys.argv[1]
out = {}
shown = SearchPane._show

def _show(self, query, hits, error):
    shown(self, query, hits, error)
    if query == QUESTION and "shown" not in out:
        out["shown"] = time.perf_counter()
        out["shown_cpu"] = time.process_time()
        out["hits"] = len(hits)
        self.app.exit()

SearchPane._show = _show

class BenchApp(GcacwApp):
    def on_ready(self):
        out["ready"] = time.perf_counter()
        out["ready_cpu"] = time.process_time()
        self._poll = self.set_interval(0.005, self._ask)

    def _ask(self):
        if "asked" in out or not self.books.ready:
            return
        self._poll.stop()  # the bench's own timer: not ticking while the app answers
        out["asked"] = time.perf_counter()
        pane = self.query_one(SearchPane)
        box = pane.query_one("#search-input", Input)
        with box.prevent(Input.Changed):  # one search, as after typing (no second, debounced)
            box.value = QUESTION
        pane.run_search(QUESTION)

BenchApp().run(headless=True, size=(140, 45))
print(json.dumps(out))
"""


def _env(home: Path) -> dict[str, str]:
    """The children's environment: the bench's data directory, and compiled bytecode kept
    (in the bench's own folder, never beside the sources) as an installed package has it,
    even where the caller's environment turns writing it off (compiling every module from
    source costs about 0.1 s of CPU per process)."""
    env = dict(os.environ)
    env["GCACW_REF_HOME"] = str(home)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(home / "pycache")
    return env


# Starts argv[1:] (output to /dev/null), waits, prints its exit code, CPU and max RSS.
_LAUNCHER = r"""
import json, os, sys
null = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_WRONLY, 0) for fd in (1, 2)]
pid = os.posix_spawn(sys.argv[1], sys.argv[1:], os.environ, file_actions=null)
_pid, status, usage = os.wait4(pid, 0)
code = os.waitstatus_to_exitcode(status)
print(json.dumps([code, usage.ru_utime + usage.ru_stime, usage.ru_maxrss]))
"""


def child_usage(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, max RSS in MB) of one process running `argv`; RuntimeError if it fails.

    Started by a small launcher, because a child's max RSS as the kernel reports it
    (`wait4`, `getrusage`) is at least the peak of the process that started it: the
    child is made by `vfork` (Python's `subprocess`, `posix_spawn`), and `exec` keeps the
    high-water mark of the memory it leaves, which is the parent's. Started by the bench,
    a question after the bench's own searches (the encoder prepared in this process:
    about 210 MB at its peak) was reported at 206-214 MB, while the question's own peak
    (`VmHWM`) was 97-100 MB. The launcher is a bare Python (about 10 MB)."""
    done = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, *argv],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    try:
        code, cpu, rss_kb = json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError) as exc:
        raise RuntimeError(f"the launcher failed: {done.stderr.strip()[-300:]}") from exc
    if code != 0:
        raise RuntimeError(f"the measured process exited {code}")
    return float(cpu), rss_kb / 1024.0


def _cli_once(home: Path) -> tuple[float, float]:
    """(CPU seconds, max RSS in MB) of one `search` process."""
    return child_usage([sys.executable, "-m", "gcacw_ref", "search", QUESTION], _env(home))


def cli_question(home: Path) -> dict[str, Any]:
    _cli_once(home)  # the first question in a data directory prepares the encoder's files
    runs = [_cli_once(home) for _ in range(RUNS)]
    return {
        "question": QUESTION,
        "cpu_s": round(min(c for c, _ in runs), 3),
        "cpu_median_s": round(statistics.median(c for c, _ in runs), 3),
        "max_rss_mb": round(max(m for _, m in runs), 1),
        "runs": RUNS,
    }


def tui_first_question(home: Path) -> dict[str, Any]:
    waits: list[float] = []
    cpu: list[float] = []
    for _ in range(RUNS):
        done = subprocess.run(
            [sys.executable, "-c", _TUI_CHILD, QUESTION],
            env=_env(home),
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
        data = json.loads(lines[-1]) if lines else {}
        if done.returncode != 0 or "shown" not in data or not data.get("hits"):
            return {"error": f"the TUI did not answer: {done.stderr.strip()[-300:]}"}
        waits.append(data["shown"] - data["ready"])
        cpu.append(data["shown_cpu"] - data["ready_cpu"])
    return {
        "question": QUESTION,
        "after_ready_s": round(min(waits), 3),
        "after_ready_median_s": round(statistics.median(waits), 3),
        # the app's CPU in that time (its every thread: the warm-up, the search, the screen)
        "after_ready_cpu_s": round(min(cpu), 3),
        "runs": RUNS,
    }


def run(home: Path) -> dict[str, Any]:
    out: dict[str, Any] = {}
    try:
        out["cli_question"] = cli_question(home)
    except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
        out["cli_question"] = {"error": str(exc)}
    try:
        out["tui_first_question"] = tui_first_question(home)
    except (OSError, subprocess.SubprocessError, ValueError) as exc:
        out["tui_first_question"] = {"error": str(exc)}
    return out
