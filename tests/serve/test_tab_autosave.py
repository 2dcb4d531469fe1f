"""`gcacw-ref serve` and the tabs' autosaves: each app is told its tab (a meta packet of our
own driver) and holds that tab's autosave while it runs, two tabs two files; after a restart
a tab coming back holds its own again. And a parked session gives way to a new tab when the
session limit is reached."""

from __future__ import annotations

import asyncio
import fcntl
import os
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from gcacw_ref.bench.browser import Served, start_server
from tests.serve.conftest import in_process

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fcntl, /proc")

DEADLINE_S = 60.0  # failure bounds only
A, B = "a" * 32, "b" * 32


def held(lock: Path) -> bool:
    """Whether a running process holds the lock file `lock` (False when it is missing)."""
    try:
        fd = os.open(lock, os.O_RDWR)
    except FileNotFoundError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def wait_until(check: object, what: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError(f"not reached: {what}")


async def first_frame(client: aiohttp.ClientSession, url: str) -> aiohttp.ClientWebSocketResponse:
    ws = await client.ws_connect(url)
    while (await asyncio.wait_for(ws.receive(), DEADLINE_S)).type != aiohttp.WSMsgType.BINARY:
        pass
    return ws


def test_two_tabs_hold_two_autosaves_and_keep_them_over_a_restart(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    folder = home / "games" / "autosave"

    def two_tabs(served: Served, then: str) -> None:
        async def scenario() -> None:
            async with aiohttp.ClientSession() as client:
                tabs = [
                    await first_frame(client, served.ws_url + f"?resume={rid}&width=80&height=24")
                    for rid in (A, B)
                ]
                await asyncio.to_thread(
                    wait_until, lambda: held(folder / f"{A}.lock"), f"{then}: A's app holds A"
                )
                await asyncio.to_thread(
                    wait_until, lambda: held(folder / f"{B}.lock"), f"{then}: B's app holds B"
                )
                for ws in tabs:
                    await ws.close()

        asyncio.run(scenario())

    served = start_server(home, "--max-sessions", "4")
    try:
        two_tabs(served, "first")
    finally:
        served.stop()
    assert not held(folder / f"{A}.lock") and not held(folder / f"{B}.lock")  # apps gone
    served = start_server(home, "--max-sessions", "4")  # the server restarted
    try:
        two_tabs(served, "after the restart")
    finally:
        served.stop()


def test_a_new_tab_at_the_limit_ends_the_longest_parked_session() -> None:
    """The limit is one session; a tab's socket drops (its app parked, still running and
    counted); a new tab is let in all the same, and the parked app is the one ended."""
    with in_process(max_sessions=1) as running:
        url = f"ws://127.0.0.1:{running.port}/ws/{running.token}"

        async def scenario() -> tuple[int | None, bool, bool]:
            async with aiohttp.ClientSession() as client:
                first = await first_frame(client, url + f"?resume={A}")
                await first.send_str('["stdin", "x"]')  # input: within the idle window
                await asyncio.sleep(0.2)
                await first.close()
                await asyncio.sleep(0.3)
                parked = running.server.parked.sessions.get(A)
                pid = parked.pid if parked is not None else None
                second = await first_frame(client, url + f"?resume={B}")  # not a 503
                await asyncio.sleep(0.3)
                gone = A not in running.server.parked.sessions
                ended = parked is not None and parked.ended.is_set()
                await second.close()
                return pid, gone, ended

        pid, gone, ended = asyncio.run(scenario())
        assert pid is not None  # it was parked, not ended, when its socket dropped
        assert gone and ended
