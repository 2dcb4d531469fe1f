"""Drive the served app in a real browser: `gcacw-ref serve` in a child process and the
system's Chromium through Playwright (the `test` extra; it never downloads a browser).

The page keeps the terminal as `window.gcacwTerminal` (see `gcacw_ref.serve.page`), so the
text on screen is read from the terminal's buffer, and a tap goes to the pixel of a cell.
Used by the browser test and by `gcacw-ref bench --serve`.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Page, ViewportSize

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# at the page's 16 px: a phone held upright has about 43 columns, a tablet sideways about 130
PHONE: ViewportSize = {"width": 390, "height": 844}
TABLET: ViewportSize = {"width": 1180, "height": 820}
WAIT_S = 30.0  # failure bound only
START_DEADLINE_S = 60.0  # failure bound only: the server prints its address at once
URL = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]+)")

SCREEN_JS = """() => {
  const t = window.gcacwTerminal;
  if (!t) return null;
  const b = t.buffer.active, out = [];
  for (let i = 0; i < t.rows; i++) {
    const line = b.getLine(b.viewportY + i);
    out.push(line ? line.translateToString(true) : "");
  }
  return out.join("\\n");
}"""
REGION_JS = """([first, last]) => {
  const t = window.gcacwTerminal;
  const b = t.buffer.active, out = [];
  for (let i = 0; i < t.rows; i++) {
    const line = b.getLine(b.viewportY + i);
    out.push(line ? line.translateToString(true, first, last) : "");
  }
  return out;
}"""
CELL_JS = """() => {
  const t = window.gcacwTerminal;
  const r = t.element.querySelector(".xterm-screen").getBoundingClientRect();
  return [r.left, r.top, r.width / t.cols, r.height / t.rows, t.cols, t.rows];
}"""


def chromium_path() -> str | None:
    """The system's Chromium, if installed."""
    for path in CHROMIUM:
        if os.path.exists(path):
            return path
    return shutil.which("chromium")


@contextmanager
def browser_context(viewport: ViewportSize, executable: str) -> Iterator[BrowserContext]:
    """A fresh Chromium profile with a touch screen at this size (closed afterwards)."""
    # lazy: playwright comes with the `test` extra, needed only where a browser is driven
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="chromium-profile-")
    try:
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                profile,
                executable_path=executable,
                headless=True,
                args=CHROMIUM_ARGS,
                viewport=viewport,
                has_touch=True,
                is_mobile=viewport["width"] < 600,
                device_scale_factor=1,
            )
            try:
                yield context
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)


class Screen:
    """The app's terminal in one page."""

    def __init__(self, page: Page) -> None:
        self.page = page

    def text(self) -> str:
        return str(self.page.evaluate(SCREEN_JS) or "")

    def wait_for(self, *needles: str, timeout: float = WAIT_S) -> str:
        """Wait until every needle is on screen; the screen's text."""
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline:
            text = self.text()
            if all(n in text for n in needles):
                return text
            time.sleep(0.05)
        raise AssertionError(f"not on screen: {needles!r}\n--- screen ---\n{text}")

    def wait_gone(self, needle: str, timeout: float = WAIT_S) -> str:
        """Wait until `needle` is no longer on screen; the screen's text."""
        deadline = time.monotonic() + timeout
        text = self.text()
        while needle in text:
            if time.monotonic() > deadline:
                raise AssertionError(f"still on screen: {needle!r}\n--- screen ---\n{text}")
            time.sleep(0.05)
            text = self.text()
        return text

    def find(self, needle: str, after_row: int = 0, timeout: float = WAIT_S) -> tuple[int, int]:
        """Row and column (cells) of the first `needle` on screen at or below `after_row`
        (waiting for it to appear)."""
        deadline = time.monotonic() + timeout
        while True:
            for row, line in enumerate(self.text().split("\n")):
                index = line.find(needle) if row >= after_row else -1
                if index >= 0:
                    return row, _cells(line[:index])
            if time.monotonic() > deadline:
                raise AssertionError(f"not on screen: {needle!r}\n--- screen ---\n{self.text()}")
            time.sleep(0.05)

    def settle(self, quiet: float = 0.3, timeout: float = WAIT_S) -> str:
        """Wait until the screen has not changed for `quiet` seconds; its text."""
        deadline = time.monotonic() + timeout
        text, since = self.text(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.text()
            if now != text:
                text, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                break
        return text

    def tap_cell(self, row: int, col: int) -> None:
        left, top, width, height, _cols, _rows = self.page.evaluate(CELL_JS)
        self.page.touchscreen.tap(left + (col + 0.5) * width, top + (row + 0.5) * height)

    def tap(self, needle: str, after_row: int = 0, *, end: bool = False) -> None:
        """Tap the middle of the first `needle` on screen (`end`: the cell just after it,
        where a tap puts a text field's cursor after the text)."""
        self.find(needle, after_row)
        self.settle()
        row, col = self.find(needle, after_row)
        self.tap_cell(row, col + (_cells(needle) if end else max(0, _cells(needle) // 2)))

    def columns(self, first: int, last: int) -> list[str]:
        """Each row's text in cells `first` up to `last` (one column of a two-part screen)."""
        return [str(line) for line in self.page.evaluate(REGION_JS, [first, last])]

    def row_height(self) -> float:
        """A row's height on the page, in CSS pixels (a finger's target)."""
        return float(self.page.evaluate(CELL_JS)[3])

    def swipe(self, row: int, col: int, rows: float, cols: float = 0.0, steps: int = 12) -> None:
        """A finger put on cell (`row`, `col`), moved `rows` rows down and `cols` columns
        right in `steps` moves, then lifted (a negative count: up or left)."""
        left, top, width, height, _cols, _rows = self.page.evaluate(CELL_JS)
        x, y = left + (col + 0.5) * width, top + (row + 0.5) * height
        cdp = self.page.context.new_cdp_session(self.page)
        touch = "Input.dispatchTouchEvent"
        cdp.send(touch, {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        for step in range(1, steps + 1):
            point = {"x": x + cols * width * step / steps, "y": y + rows * height * step / steps}
            cdp.send(touch, {"type": "touchMove", "touchPoints": [point]})
            time.sleep(0.02)
        cdp.send(touch, {"type": "touchEnd", "touchPoints": []})
        cdp.detach()

    def type(self, text: str, *, one_by_one: bool = False) -> None:
        """Type `text` (`one_by_one`: each key once the screen has settled, like a thumb)."""
        if not one_by_one:
            self.page.keyboard.type(text)
            return
        for char in text:
            self.page.keyboard.type(char)
            self.settle(quiet=0.15)

    def ime(self, reading: str, text: str) -> None:
        """Type `text` as a Japanese input method does: the reading composed a key at a time
        (shown under the cursor, not yet sent), then `text` committed (Chromium only)."""
        cdp = self.page.context.new_cdp_session(self.page)
        for end in range(1, len(reading) + 1):
            part = reading[:end]
            cdp.send(
                "Input.imeSetComposition",
                {"text": part, "selectionStart": end, "selectionEnd": end},
            )
            self.settle(quiet=0.15)
        cdp.send("Input.insertText", {"text": text})
        cdp.detach()

    def press(self, key: str, times: int = 1) -> None:
        """Press `key` `times` times, each once the screen has settled."""
        for _ in range(times):
            self.page.keyboard.press(key)
            self.settle(quiet=0.15)

    def size(self) -> tuple[int, int]:
        cols, rows = self.page.evaluate(CELL_JS)[4:6]
        return int(cols), int(rows)


def _cells(text: str) -> int:
    """Cells taken by `text` (the buffer's string holds a wide character once)."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


@dataclass
class Served:
    """A `gcacw-ref serve` child process on 127.0.0.1."""

    process: subprocess.Popen[str]
    port: int
    token: str
    home: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"{self.base}/?token={self.token}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{self.token}"

    def stop(self) -> int:
        """ctrl+c, then wait (a kill only if it does not stop); the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return int(self.process.returncode)


def start_server(home: Path, *args: str, env: dict[str, str] | None = None) -> Served:
    """Start `gcacw-ref serve --port 0 ARGS` on data directory `home` (English unless
    `GCACW_REF_LANG` says otherwise) and wait for the address it prints."""
    environ = dict(os.environ if env is None else env)
    environ["GCACW_REF_HOME"] = str(home)
    environ.setdefault("GCACW_REF_LANG", "en")
    process = subprocess.Popen(
        [sys.executable, "-m", "gcacw_ref", "serve", "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        env=environ,
    )
    assert process.stdout is not None
    deadline = time.monotonic() + START_DEADLINE_S
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        found = URL.search(line)
        if found:
            return Served(process, int(found.group(1)), found.group(2), home)
    process.kill()
    raise AssertionError("the server printed no address: " + "".join(seen))
