"""`gcacw-ref bench --serve`: the app served to a real browser (the system's Chromium).

- `first_screen_s`: from the page being requested to the search box on screen, in a fresh
  tab at a phone's size: `cold` for the first tab (its app starts when the page is asked
  for), `warm` for the next ones (each finds the spare app started after the previous tab);
- `question_ms`: from the last key of a question typed into the search box to the last
  change of the screen's text that follows (the results shown), measured in the page, for
  questions typed one after another in one tab (`first`: the tab's first question);
- `session_mb`: resident memory of each app process after a search, and of the server.

The library is the standard rulebook imported into a temporary data directory.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from gcacw_ref import paths
from gcacw_ref.bench.browser import (
    PHONE,
    Screen,
    Served,
    browser_context,
    chromium_path,
    start_server,
)
from gcacw_ref.i18n import _
from gcacw_ref.text.library import Library

LOADS = 4
SPARE_WAIT_S = 8.0  # between tabs: time for the next spare app to boot
QUESTIONS = ["延長行軍", "強行軍の条件", "退却", "砲兵の射撃"]
QUIET_MS = 1500  # the screen unchanged this long after the last key: the answer is complete
STANDARD = "000_eb3241535f1c3a1c.txt"

# in the page: note the time of every key and input, and of every change of the text
WATCH_JS = """() => {
  const w = window.gcacwWatch = {lastKey: 0, lastChange: 0, text: ""};
  const key = () => { w.lastKey = performance.now(); };
  document.addEventListener("keydown", key, true);
  document.addEventListener("input", key, true);
  const screenText = () => {
    const t = window.gcacwTerminal, b = t.buffer.active, out = [];
    for (let i = 0; i < t.rows; i++) {
      const line = b.getLine(b.viewportY + i);
      out.push(line ? line.translateToString(true) : "");
    }
    return out.join("\\n");
  };
  const frame = () => {
    const now = screenText();
    if (now !== w.text) { w.text = now; w.lastChange = performance.now(); }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""
SETTLED_JS = f"""() => new Promise(done => {{
  const w = window.gcacwWatch;
  const check = () => {{
    const now = performance.now();
    if (now - w.lastKey > {QUIET_MS} && now - w.lastChange > {QUIET_MS}) {{
      done(w.lastChange - w.lastKey);
    }} else {{ setTimeout(check, 50); }}
  }};
  check();
}})"""


def run() -> dict[str, Any]:
    executable = chromium_path()
    if executable is None:
        return {"serve": {"skipped": "no Chromium (apt-get install chromium)"}}
    with tempfile.TemporaryDirectory(prefix="gcacw-serve-bench-") as tmp:
        home = Path(tmp)
        Library(home=home).import_book(paths.seeds_dir() / STANDARD)
        server = start_server(home, "--max-sessions", str(LOADS + 1))
        try:
            return {"serve": _measure(server, executable)}
        finally:
            server.stop()


def _measure(server: Served, executable: str) -> dict[str, Any]:
    first: list[float] = []
    question: list[float] = []
    memory: list[float] = []
    with browser_context(PHONE, executable) as context:
        pages = []
        for n in range(LOADS):
            if n:
                time.sleep(SPARE_WAIT_S)
            page = context.new_page()
            start = time.perf_counter()
            page.goto(server.url)
            screen = Screen(page)
            screen.wait_for("Search rules", "Books:")
            first.append(time.perf_counter() - start)
            pages.append(screen)
            if "Your game" in screen.settle():  # a first run asks for the player's game
                screen.tap("OTR  On to Richmond!")
                screen.wait_gone("Your game")
        screen = pages[-1]  # questions one after another in one tab, as at the table
        screen.tap("Search rules")
        screen.settle()
        screen.page.evaluate(WATCH_JS)
        for words in QUESTIONS * 2:
            screen.type(words, one_by_one=True)
            screen.wait_for(words)  # the keys reached the search box
            question.append(float(screen.page.evaluate(SETTLED_JS)))
            screen.press("Backspace", times=len(words))
        memory = [_rss_mb(pid) for pid in _children(server.process.pid)]
        server_mb = _rss_mb(server.process.pid)
    return {
        "first_screen_s": {
            "cold": round(first[0], 2),
            "warm_median": round(statistics.median(first[1:]), 2),
            "warm_max": round(max(first[1:]), 2),
        },
        "question_ms": {
            "first": round(question[0]),
            "median": round(statistics.median(question[1:])),
            "max": round(max(question[1:])),
            "n": len(question) - 1,
        },
        "session_mb": {
            "median": round(statistics.median(memory), 1) if memory else None,
            "max": round(max(memory), 1) if memory else None,
            "sessions": len(memory),
            "server": round(server_mb, 1),
        },
    }


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def render(result: dict[str, Any]) -> str:
    res = result["serve"]
    if "skipped" in res:
        return _("Browser: not measured ({why}).").format(why=res["skipped"])
    first, question, memory = res["first_screen_s"], res["question_ms"], res["session_mb"]
    return _(
        "Browser (Chromium, gcacw-ref serve): first screen {cold:.2f} s for the first tab, "
        "{median:.2f} s for the next (max {max:.2f} s); a typed question's results "
        "{q_median} ms after the last key (median; max {q_max} ms; a tab's first {q_first} "
        "ms); memory per session {mb} MB (server {server} MB)"
    ).format(
        cold=first["cold"],
        median=first["warm_median"],
        max=first["warm_max"],
        q_median=question["median"],
        q_max=question["max"],
        q_first=question["first"],
        mb=memory["median"],
        server=memory["server"],
    )
