"""`gcacw-ref serve` on 127.0.0.1: the token, the session limit, a killed app, a clean stop.

Each test runs the real server (`python -m gcacw_ref serve --port 0`) and real app processes.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import aiohttp
import pytest

from gcacw_ref.bench.browser import Served, start_server
from tests.serve.conftest import children, group_alive

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")

DEADLINE_S = 60.0  # failure bounds only; nothing here measures time
PATHS = [
    "/",
    "/index.html",
    "/ws",
    "/ws/",
    "/static/js/textual.js",
    "/static/css/xterm.css",
    "/static/fonts/RobotoMono-VariableFont_wght.ttf",
    "/static/../../etc/passwd",
    "/download/abc",
    "/favicon.ico",
]


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


def wait_until(check: object, what: str) -> None:
    deadline = time.monotonic() + DEADLINE_S
    while time.monotonic() < deadline:
        if check():  # type: ignore[operator]
            return
        time.sleep(0.05)
    raise AssertionError(f"not reached: {what}")


async def open_session(served: Served) -> aiohttp.ClientWebSocketResponse:
    """A websocket with its app started and its first screen under way."""
    client = aiohttp.ClientSession()
    ws = await client.ws_connect(served.ws_url + "?width=80&height=24")
    ws._test_client = client  # type: ignore[attr-defined]  # closed with the socket
    while True:
        message = await asyncio.wait_for(ws.receive(), DEADLINE_S)
        if message.type == aiohttp.WSMsgType.BINARY:
            return ws
        assert message.type in (aiohttp.WSMsgType.TEXT,), message


async def close_session(ws: aiohttp.ClientWebSocketResponse) -> None:
    await ws.close()
    await ws._test_client.close()  # type: ignore[attr-defined]


def test_every_path_refused_without_the_token(served: Served) -> None:
    for path in PATHS:
        sep = "&" if "?" in path else "?"
        assert status(served.base + path) == 401, path
        assert status(served.base + path + sep + "token=") == 401, path
        assert status(served.base + path + sep + "token=" + "x" * 22) == 403, path
    assert status(served.base + "/ws/" + "y" * 22) == 403
    assert status(served.base + "/ws/" + served.token[:-1]) == 403

    async def websocket_without_token() -> list[int]:
        codes = []
        async with aiohttp.ClientSession() as client:
            for url in (f"ws://127.0.0.1:{served.port}/ws/", served.ws_url[:-2] + "zz"):
                with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                    await client.ws_connect(url)
                codes.append(refused.value.status)
        return codes

    assert asyncio.run(websocket_without_token()) == [401, 403]
    assert children(served.process.pid) == []  # no app process was started
    # with the token: the page and its files
    assert status(served.url) == 200
    assert status(served.base + "/static/js/textual.js?token=" + served.token) == 200
    assert status(served.base + "/static/../../etc/passwd?token=" + served.token) == 404
    # the page starts one spare app for its tab, however often it is asked for
    assert status(served.url) == 200
    assert len(children(served.process.pid)) == 1


def headers(url: str) -> dict[str, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return dict(response.headers)
    except urllib.error.HTTPError as error:
        return dict(error.headers)


def test_every_answer_forbids_frames_and_foreign_scripts(served: Served) -> None:
    for path in [*PATHS, "/static/js/touch.js"]:
        for query in ("", "?token=" + "x" * 22, "?token=" + served.token):
            got = headers(served.base + path + query)
            policy = got.get("Content-Security-Policy", "")
            assert "frame-ancestors 'none'" in policy, (path, query, got)
            assert "script-src 'self'" in policy and "default-src 'none'" in policy
            assert got.get("X-Frame-Options") == "DENY", (path, query)
    page = urllib.request.urlopen(served.url, timeout=30).read().decode("utf-8")
    assert "onclick" not in page and "<script>" not in page  # no inline script to allow


def test_twenty_parallel_connections_hold_the_limit(served: Served) -> None:
    async def rush() -> tuple[int, list[int]]:
        async def one(client: aiohttp.ClientSession) -> aiohttp.ClientWebSocketResponse | int:
            try:
                return await client.ws_connect(served.ws_url + "?width=80&height=24")
            except aiohttp.WSServerHandshakeError as refused:
                return refused.status

        async with aiohttp.ClientSession() as client:
            results = await asyncio.gather(*(one(client) for _ in range(20)))
            sockets = [r for r in results if not isinstance(r, int)]
            refused = sorted(r for r in results if isinstance(r, int))
            for ws in sockets:  # each app has started (its first bytes arrived)
                while (await asyncio.wait_for(ws.receive(), DEADLINE_S)).type != (
                    aiohttp.WSMsgType.BINARY
                ):
                    pass
            running = len(children(served.process.pid))
            for ws in sockets:
                await ws.close()
            return running, refused + [101] * len(sockets)

    running, codes = asyncio.run(rush())
    assert running == 4
    assert codes.count(101) == 4
    assert codes.count(503) == 16
    wait_until(lambda: children(served.process.pid) == [], "every app ended after its tab")

    async def again() -> None:  # the slots are free again
        ws = await open_session(served)
        await close_session(ws)

    asyncio.run(again())


def test_a_killed_app_leaves_the_server_up(served: Served) -> None:
    async def scenario() -> None:
        ws = await open_session(served)
        (pid,) = children(served.process.pid)
        os.kill(pid, signal.SIGKILL)
        message = await asyncio.wait_for(ws.receive(), DEADLINE_S)
        while message.type == aiohttp.WSMsgType.BINARY:
            message = await asyncio.wait_for(ws.receive(), DEADLINE_S)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
        await close_session(ws)
        assert served.process.poll() is None
        second = await open_session(served)  # a new tab gets a new app
        assert len(children(served.process.pid)) == 1
        await close_session(second)

    asyncio.run(scenario())
    wait_until(lambda: children(served.process.pid) == [], "the second app ended")
    assert status(served.url) == 200


def test_ctrl_c_stops_cleanly_with_no_orphans(served: Served) -> None:
    async def scenario() -> list[int]:
        first = await open_session(served)
        second = await open_session(served)
        apps = children(served.process.pid)
        assert len(apps) == 2
        served.process.send_signal(signal.SIGINT)
        for ws in (first, second):  # the server closes the tabs' sockets
            while not ws.closed:
                await asyncio.wait_for(ws.receive(), DEADLINE_S)
            await close_session(ws)
        return apps

    apps = asyncio.run(scenario())
    assert served.process.wait(timeout=DEADLINE_S) == 0
    for pid in apps:  # each app led its own process group: nothing of it is left
        assert not group_alive(pid), pid
    assert served.process.stdout is not None
    said = served.process.stdout.read()
    assert "Stopping" in said
    assert "Traceback" not in said


def test_an_idle_session_ends_and_nothing_is_written_outside_the_data_dir(
    tmp_path: Path,
) -> None:
    home, elsewhere = tmp_path / "data", tmp_path / "home"
    home.mkdir()
    elsewhere.mkdir()
    env = dict(os.environ, HOME=str(elsewhere), XDG_CONFIG_HOME=str(elsewhere / ".config"))
    env.update(XDG_CACHE_HOME=str(elsewhere / ".cache"), XDG_DATA_HOME=str(elsewhere / ".data"))
    env["TMPDIR"] = str(elsewhere)
    server = start_server(home, "--idle-minutes", "0.05", env=env)  # 3 s without input
    try:

        async def idle() -> None:
            ws = await open_session(server)
            while not ws.closed:  # the server closes it: no input came
                await asyncio.wait_for(ws.receive(), DEADLINE_S)
            await close_session(ws)

        asyncio.run(idle())
        wait_until(lambda: children(server.process.pid) == [], "the idle app ended")
        assert server.process.poll() is None
    finally:
        assert server.stop() == 0
    assert list(elsewhere.iterdir()) == []


def test_a_dropped_tab_comes_back_to_its_app(served: Served) -> None:
    """A socket with a resume id that closes leaves its app running (parked); the same id
    takes it back; a socket closed by the server (the idle end, the app quitting) says
    so with code 4000, which the page does not reconnect after."""
    rid = "0123456789abcdef0123456789abcdef"

    async def scenario() -> tuple[list[int], list[int]]:
        client = aiohttp.ClientSession()
        url = served.ws_url + f"?resume={rid}&width=80&height=24"
        try:
            ws = await client.ws_connect(url)
            while (await asyncio.wait_for(ws.receive(), DEADLINE_S)).type != (
                aiohttp.WSMsgType.BINARY
            ):
                pass
            first = children(served.process.pid)
            await ws.close()  # the network went: the app stays
            await asyncio.sleep(0.5)
            assert children(served.process.pid) == first
            back = await client.ws_connect(url)
            message = await asyncio.wait_for(back.receive(), DEADLINE_S)
            assert message.type == aiohttp.WSMsgType.BINARY  # drawn again, at once
            again = children(served.process.pid)
            await back.send_str('["stdin", "\\u0011"]')  # ctrl+q: the app quits
            frames = []
            while not back.closed:
                message = await asyncio.wait_for(back.receive(), DEADLINE_S)
                if message.type == aiohttp.WSMsgType.CLOSE:
                    frames.append(message.data)
            # the code the page reads is the one in the server's close frame (RFC 6455 7.1.5).
            # Not `back.close_code`: aiohttp ends the connection right after its close frame
            # when it closes from another task than the one receiving (here the app's relay),
            # so this client's reply may fail, which aiohttp's client counts as 1006
            assert frames == [4000]
            return first, again
        finally:
            await client.close()

    first, again = asyncio.run(scenario())
    assert len(first) == 1 and again == first
    wait_until(lambda: children(served.process.pid) == [], "the app ended when it quit")
