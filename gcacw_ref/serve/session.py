"""One browser tab's app: a `gcacw-ref` process driven over Textual's web-driver protocol.

The process speaks the protocol of Textual's `WebDriver` (the one `textual-serve` uses):
after a line `__GANGLION__` on stdout it writes packets of one type byte (`D` data for the
terminal, `M` JSON meta, `P` packed), four bytes of big-endian length and the payload; it
reads the same framing on stdin (`D` keys and mouse as terminal input, `M` resize, focus,
blur, quit, and one of ours: `gcacw-tab`, the browser tab it serves, which names the tab's
autosave; our driver `tui/tabdriver.py` takes it).

Each process runs in a session of its own (its own process group), so a ctrl+c in the
server's terminal reaches the server only, and `stop()` can end the process and anything it
started: a polite quit first, then SIGTERM, then SIGKILL.

A session can start before its browser tab is connected (a warm spare, started when the page
is asked for, so the app boots while the browser loads the client): its output is kept until
`attach()` hands it a socket. Then only the terminal modes it set (mouse, alternate screen,
cursor, paste) are replayed, on a cleared screen; the resize that follows makes the app
paint the whole screen again at the tab's size. A session can also be detached from a socket
that dropped and attached to the tab's next one (`resume.py`): its modes are replayed the
same way, and what it wrote in between is not kept (the repaint shows it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

PRELUDE = b"__GANGLION__\n"
PRELUDE_LINES = 20  # lines read before giving up on the prelude (a crash prints a traceback)
QUIT_WAIT_S = 2.0  # how long a polite quit has before SIGTERM, and SIGTERM before SIGKILL
MAX_PACKET = 64 * 1024 * 1024  # a packet longer than this is a broken stream, not data
MAX_KEPT = 16 * 1024 * 1024  # output kept for a tab not yet connected; beyond it the app ends

MODES = re.compile(rb"\x1b\[\?([0-9;]+)[hl]")  # DEC private mode set/reset
CLEAR = b"\x1b[2J\x1b[H"
CURSOR_TO = re.compile(rb"\x1b\[\d+;\d+H")  # a frame (not only the modes set at start)
SURROGATE = re.compile("[\ud800-\udfff]")  # half a UTF-16 pair: no character, no UTF-8
DRIVER = "gcacw_ref.tui.tabdriver:TabDriver"  # Textual's WebDriver, told the tab's id too
TAB_META = "gcacw-tab"  # the meta packet that tells the app its tab (tui/tabdriver.py)
SendBytes = Callable[[bytes], Awaitable[None]]
SendText = Callable[[str], Awaitable[None]]
Closer = Callable[[], Awaitable[Any]]


def encode_packet(kind: bytes, payload: bytes) -> bytes:
    """One packet for the app's stdin: type byte, 4-byte big-endian length, payload."""
    return kind + len(payload).to_bytes(4, "big") + payload


def read_envelope(text: str) -> list[object] | None:
    """A browser's message as the list it should be (`["stdin", "…"]`, `["resize", {…}]`);
    None when it is not JSON, is nested deeper than the decoder follows, or is not a list
    headed by a string. (What is in the list is `AppSession.handle`'s to check.)"""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: `[[[…` a few thousand deep
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    return envelope


def app_environment(base: Mapping[str, str], width: int, height: int) -> dict[str, str]:
    """The environment of an app process: the server's, plus what selects the web driver."""
    env = dict(base)
    env.update(
        {
            "TEXTUAL_DRIVER": DRIVER,
            "TEXTUAL_FPS": "60",
            "TEXTUAL_COLOR_SYSTEM": "truecolor",
            "TERM_PROGRAM": "textual",
            "COLUMNS": str(width),
            "ROWS": str(height),
            "PYTHONDONTWRITEBYTECODE": "1",  # write nothing beside the package
        }
    )
    return env


class AppSession:
    """The app process behind one websocket: start, feed it the browser's messages, stop."""

    def __init__(self, argv: list[str], *, environ: Mapping[str, str] | None = None) -> None:
        self.argv = argv
        self._send_bytes: SendBytes | None = None
        self._send_text: SendText | None = None
        self._close: Closer | None = None
        self._kept: list[bytes] = []  # output before a socket is attached
        self._kept_size = 0
        self._modes: dict[bytes, bytes] = {}  # each terminal mode's last set/reset
        self._was_attached = False
        self._sending = asyncio.Lock()  # keeps the kept output before what follows it
        self._environ = os.environ if environ is None else environ
        self.process: asyncio.subprocess.Process | None = None
        self._reader: asyncio.Task[None] | None = None
        self.last_input = time.monotonic()
        self.ended = asyncio.Event()  # set when the process's output has ended
        self.painted = asyncio.Event()  # set at the app's first frame (its start is done)
        self.tab: str | None = None  # the browser tab it serves (its autosave's name)

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    @property
    def attached(self) -> bool:
        return self._send_bytes is not None

    async def attach(self, *, send_bytes: SendBytes, send_text: SendText, close: Closer) -> None:
        """Connect the session to a browser's socket: the terminal modes set so far first."""
        async with self._sending:
            kept, self._kept, self._kept_size = self._kept, [], 0
            if kept or self._was_attached:
                await send_bytes(b"".join(self._modes.values()) + CLEAR)
            self._send_bytes, self._send_text, self._close = send_bytes, send_text, close
            self._was_attached = True
        self.last_input = time.monotonic()
        if self.ended.is_set():
            await close()

    def detach(self) -> None:
        """The socket dropped: the app runs on, its output not sent, until `attach()`."""
        self._send_bytes = self._send_text = self._close = None

    async def start(self, width: int, height: int) -> None:
        """Start the app process at this terminal size and begin relaying its output."""
        self.process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=None,  # the app's own errors go to the server's terminal
            env=app_environment(self._environ, width, height),
            start_new_session=True,
        )
        self._reader = asyncio.create_task(self._relay())

    async def handle(self, envelope: object) -> None:
        """One message from the browser: `["stdin", text]`, `["resize", {...}]`, `["ping", x]`,
        `["focus"]` or `["blur"]`; anything else is ignored. Typed text holding half a
        UTF-16 pair (which no keyboard sends) gets U+FFFD in its place."""
        if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
            return
        kind = envelope[0]
        data = envelope[1] if len(envelope) > 1 else None
        if kind == "stdin" and isinstance(data, str):
            self.last_input = time.monotonic()
            await self._write(b"D", SURROGATE.sub("\ufffd", data).encode("utf-8"))
        elif kind == "resize" and isinstance(data, dict):
            width, height = _size(data.get("width"), 80), _size(data.get("height"), 24)
            self.last_input = time.monotonic()
            await self._meta({"type": "resize", "width": width, "height": height})
        elif kind == "ping" and isinstance(data, str) and self._send_text is not None:
            await self._send_text(json.dumps(["pong", data[:32]]))
        elif kind in ("focus", "blur"):
            await self._meta({"type": kind})

    async def tell_tab(self, tab: str) -> None:
        """Tell the app which tab it serves (at every attach: a new app, a spare, a tab
        coming back); the first tab it was told stays its tab."""
        self.tab = self.tab or tab
        await self._meta({"type": TAB_META, "id": self.tab})

    async def _meta(self, data: dict[str, Any]) -> None:
        await self._write(b"M", json.dumps(data).encode("utf-8"))

    async def _write(self, kind: bytes, payload: bytes) -> None:
        process = self.process
        if process is None or process.stdin is None or process.returncode is not None:
            return
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            process.stdin.write(encode_packet(kind, payload))
            await process.stdin.drain()

    async def _relay(self) -> None:
        """Copy the app's output to the browser until the app ends; then close the socket."""
        assert self.process is not None and self.process.stdout is not None
        stdout = self.process.stdout
        try:
            for _ in range(PRELUDE_LINES):
                line = await stdout.readline()
                if not line or line == PRELUDE:
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                if size > MAX_PACKET:
                    break
                payload = await stdout.readexactly(size)
                if kind == b"D":
                    if not await self._output(payload):
                        break
                elif kind == b"M":
                    await self._on_meta(payload)
                # "P" (packed: file deliveries) is not used by this app
        except (asyncio.IncompleteReadError, ConnectionError, ValueError):
            pass
        finally:
            self.ended.set()
            if self._close is not None:
                with contextlib.suppress(Exception):
                    await self._close()

    async def _output(self, payload: bytes) -> bool:
        """Terminal output to the browser, or kept until one is attached; False: too much
        kept for a tab that never came."""
        if not self.painted.is_set() and CURSOR_TO.search(payload):
            self.painted.set()
        for mode in MODES.finditer(payload):
            self._modes[mode.group(1)] = mode.group(0)
        async with self._sending:
            if self._send_bytes is not None:
                try:
                    await self._send_bytes(payload)
                except (ConnectionError, RuntimeError):  # the socket is going: keep the app
                    self.detach()
                return True
            if self._was_attached:  # detached: the repaint at the next attach shows it
                return True
            self._kept.append(payload)
            self._kept_size += len(payload)
            return self._kept_size <= MAX_KEPT

    async def _on_meta(self, payload: bytes) -> None:
        meta = json.loads(payload)
        if isinstance(meta, dict) and meta.get("type") == "exit":
            raise ConnectionError("the app quit")

    async def stop(self) -> None:
        """End the app: ask it to quit, then SIGTERM its process group, then SIGKILL."""
        process = self.process
        if process is None:
            return
        if process.returncode is None:
            await self._meta({"type": "quit"})
            for sig in (None, signal.SIGTERM, signal.SIGKILL):
                if sig is not None:
                    _signal_group(process.pid, sig)
                try:
                    await asyncio.wait_for(process.wait(), QUIT_WAIT_S)
                    break
                except TimeoutError:
                    continue
        # the process group may hold children of the app: end them too
        _signal_group(process.pid, signal.SIGKILL)
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
            self._reader = None
        if process.stdin is not None:
            process.stdin.close()


def _signal_group(pid: int, sig: int) -> None:
    if sys.platform == "win32":  # pragma: no cover - no process groups there
        with contextlib.suppress(OSError):
            os.kill(pid, sig)
        return
    with contextlib.suppress(OSError):
        os.killpg(pid, sig)


def _size(value: object, default: int) -> int:
    """A terminal dimension from the browser, kept to 1..1000."""
    if isinstance(value, bool) or not isinstance(value, int):
        return default
    return max(1, min(1000, value))
