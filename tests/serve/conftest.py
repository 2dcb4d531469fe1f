"""A `gcacw-ref serve` process on 127.0.0.1 (a free port) for the serve tests."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

START_DEADLINE_S = 60.0  # a failure bound only: the server prints its address at once
URL = re.compile(r"http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]+)")


@dataclass
class Served:
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
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return int(self.process.returncode)


def start_server(home: Path, *args: str, env: dict[str, str] | None = None) -> Served:
    """Start `gcacw-ref serve --port 0 ARGS` and wait for the address it prints."""
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
