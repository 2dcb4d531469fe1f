"""A `gcacw-ref serve` process on 127.0.0.1 (a free port) for the serve tests, or a `Server`
in this process (`in_process`) with a fake app for the tests of abuse."""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import sys
import threading
from collections.abc import Coroutine, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from gcacw_ref.bench.browser import Served, start_server
from gcacw_ref.serve.server import ServeConfig, Server

T = TypeVar("T")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    home = tmp_path / "home"
    home.mkdir()
    server = start_server(home, "--max-sessions", "4")
    try:
        yield server
    finally:
        server.stop()


def children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (Linux /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def group_alive(pgid: int) -> bool:
    """Whether any process is left in process group `pgid`."""
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    for entry in Path("/proc").iterdir():  # zombies still count for killpg; look closer
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            return True
    return False


# An app for the in-process server: the web driver's prelude and one frame, then each
# terminal input packet it reads is sent back as terminal output (so a test sees what the
# app was given), until it is told to quit or its input ends.
FAKE_APP = """
import sys
out, read = sys.stdout.buffer, sys.stdin.buffer.read
def send(payload):
    out.write(b"D" + len(payload).to_bytes(4, "big") + payload)
    out.flush()
out.write(b"__GANGLION__\\n")
send(b"\\x1b[1;1Hhello")
while len(head := read(5)) == 5:
    payload = read(int.from_bytes(head[1:], "big"))
    if head[:1] == b"D":
        send(payload)
    elif b'"quit"' in payload:
        break
"""
TOKEN = "t0ken-" + "k" * 16


@dataclass
class InProcess:
    """A `Server` run by an event loop in a thread of the test process, on 127.0.0.1."""

    server: Server
    loop: asyncio.AbstractEventLoop
    port: int
    log: io.StringIO

    @property
    def token(self) -> str:
        return self.server.config.token

    def call(self, coroutine: Coroutine[object, object, T]) -> T:
        """Run `coroutine` on the server's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=60)


@contextlib.contextmanager
def in_process(**options: Any) -> Iterator[InProcess]:
    """A server in this process with a fake app (`ServeConfig` fields as keywords)."""
    log = io.StringIO()
    config = ServeConfig(token=TOKEN, app_argv=[sys.executable, "-c", FAKE_APP], log=log)
    for name, value in options.items():
        setattr(config, name, value)
    server = Server(config)
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    running = InProcess(server, loop, 0, log)
    try:
        running.port = running.call(server.listen("127.0.0.1", 0, shutdown_s=1.0))
        yield running
    finally:
        running.call(server.close())
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=60)
        loop.close()
