"""The web server of `gcacw-ref serve`: one page, its static files, one websocket per tab.

Every request must carry the access token (`?token=` on the page and static files, the path
`/ws/TOKEN` for the websocket): without it the answer is 401, with a wrong one 403, before
any route is looked at, so no page is sent and no app process starts. Each websocket gets an
`AppSession` (an app process) while fewer than `max_sessions` run; beyond that 503. A session
ends when its socket closes, when its app quits or dies, or after `idle_s` without input.

A page asked for with the token also starts one spare app (when there is room), which the
page's socket then takes: the app boots while the browser loads the client. When a tab takes
the spare, the next is started, so a second tab or a reload finds its app ready. A spare not
taken within `SPARE_S` is ended (it counts against no limit: it is started only while a tab
could still open, and is taken by the next one).
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import mimetypes
import secrets
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TextIO

from aiohttp import WSCloseCode, WSMsgType, web

from gcacw_ref.i18n import _
from gcacw_ref.serve.guard import (
    HEADER_S,
    ConnectionGuard,
    GuardedSite,
    connection_cap,
    loop_errors,
    request_log,
)
from gcacw_ref.serve.page import CSP, page_html, static_dir, textual_js, touch_js
from gcacw_ref.serve.resume import Parked, changed_since, resume_id, settings_file
from gcacw_ref.serve.session import AppSession, read_envelope

ENDED = 4000  # the close code of a session ended here (the page does not connect again)
IDLE_CHECK_S = 15.0
REPAINT_S = 5.0  # a tab come back: how long its app has to draw at another width
RESIZE_GAP_S = 0.1  # then a pause: Textual merges resizes closer than 1/120 s
SPARE_S = 120.0  # a spare app no tab has taken is ended after this long
SPARE_SIZE = (80, 24)  # a spare's terminal until its tab says its size
TOKEN_KEY: web.AppKey[str] = web.AppKey("token", str)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
STATIC_FILES = {  # the only files served: the terminal's script, its style, its font
    "js/textual.js",
    "js/touch.js",
    "css/xterm.css",
    "fonts/RobotoMono-VariableFont_wght.ttf",
}


@dataclass
class ServeConfig:
    """What `gcacw-ref serve` was asked for."""

    token: str
    max_sessions: int = 4
    idle_s: float = 30 * 60
    font_size: int = 16
    app_argv: list[str] = field(default_factory=lambda: [sys.executable, "-m", "gcacw_ref"])
    env: dict[str, str] | None = None  # the app processes' environment (else the server's)
    header_s: float = HEADER_S  # a request head must come this soon (see guard.py)
    max_connections: int | None = None  # connections open at once (else from the fd limit)
    log: TextIO | None = None  # where bad requests are written, one line each (else stderr)


class Sessions:
    """The running app sessions, at most `limit` at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.running: set[AppSession] = set()
        self.sockets: set[web.WebSocketResponse] = set()
        self.spare: AppSession | None = None  # started for a page, not yet taken by a tab
        self.spare_since = 0.0  # when the spare started (wall clock)

    def full(self) -> bool:
        return len(self.running) >= self.limit

    def take_spare(self, settings: Path) -> AppSession | None:
        """The spare app, if it is still alive and started after the last change of the
        `settings` file (it is no longer the spare)."""
        spare, self.spare = self.spare, None
        stale = changed_since(settings, self.spare_since)
        if spare is not None and (spare.ended.is_set() or stale):
            asyncio.get_running_loop().create_task(spare.stop())
            return None
        return spare

    async def stop_all(self) -> None:
        """End every session and close every socket (the server is stopping)."""
        apps = list(self.running)
        spare, self.spare = self.spare, None
        if spare is not None:
            apps.append(spare)
        await asyncio.gather(*(s.stop() for s in apps), return_exceptions=True)
        for ws in list(self.sockets):
            with contextlib.suppress(Exception):
                await ws.close(code=ENDED)


def token_of(request: web.Request) -> str | None:
    """The token a request carries: `?token=`, or the path `/ws/TOKEN`."""
    parts = request.path.split("/")
    if len(parts) == 3 and parts[1] == "ws" and parts[2]:
        return parts[2]
    return request.query.get("token")


@web.middleware
async def require_token(request: web.Request, handler: Handler) -> web.StreamResponse:
    """401 without a token, 403 with a wrong one, whatever the path."""
    given = token_of(request)
    response: web.StreamResponse
    if not given:
        response = web.Response(status=401, text=_("an access token is needed") + "\n")
    elif not hmac.compare_digest(given.encode(), request.app[TOKEN_KEY].encode()):
        response = web.Response(status=403, text=_("wrong access token") + "\n")
    else:
        try:
            response = await handler(request)
        except web.HTTPException as error:  # 404 and the like: the same headers
            response = web.Response(status=error.status, text=error.text)
    secure_headers(response)
    return response


def secure_headers(response: web.StreamResponse) -> None:
    """What every answer says: not cached, no referrer, no sniffing, scripts from this
    server only, never inside another site's frame."""
    if response.prepared:  # a websocket's headers went out with its upgrade
        return
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Content-Security-Policy"] = CSP
    response.headers["X-Frame-Options"] = "DENY"


class Server:
    """The aiohttp application and its sessions."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.sessions = Sessions(config.max_sessions)
        self.started = 0  # app processes started, ever (tests and the bench read it)
        self.parked = Parked(self._end)
        self.settings = settings_file(config.env)
        cap = config.max_connections or connection_cap(config.max_sessions)
        self.guard = ConnectionGuard(cap)
        self.log = request_log(config.token, config.log)
        self.runner: web.AppRunner | None = None

    async def listen(self, host: str, port: int, *, shutdown_s: float = 5.0) -> int:
        """Start serving on `host`:`port` (0: any free port); the port bound."""
        asyncio.get_running_loop().set_exception_handler(loop_errors(self.log))
        self.runner = web.AppRunner(
            self.make_app(), handle_signals=False, access_log=None, shutdown_timeout=shutdown_s
        )
        await self.runner.setup()
        site = GuardedSite(
            self.runner, host, port, guard=self.guard, log=self.log, header_s=self.config.header_s
        )
        await site.start()
        return site.port

    async def close(self) -> None:
        """End every app session, then every connection."""
        await self.sessions.stop_all()
        if self.runner is not None:
            await self.runner.cleanup()

    @web.middleware
    async def _hold(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """A connection answering a request is not closed to make room for another."""
        self.guard.started(request.protocol)
        try:
            return await handler(request)
        finally:
            self.guard.finished(request.protocol)

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._hold, require_token])
        app[TOKEN_KEY] = self.config.token
        app.router.add_get("/", self.handle_page)
        app.router.add_get("/ws/{token}", self.handle_socket)
        app.router.add_get("/static/{path:.+}", self.handle_static)
        app.on_shutdown.append(self._on_shutdown)
        return app

    async def _on_shutdown(self, app: web.Application) -> None:
        await self.sessions.stop_all()

    async def handle_page(self, request: web.Request) -> web.Response:
        size = _int(request.query.get("fontsize"), self.config.font_size, 8, 40)
        html = page_html(token=self.config.token, host=request.host, font_size=size)
        await self._start_spare()
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def _start_spare(self) -> None:
        """One spare app, when there is none and a tab could still open."""
        if self.sessions.spare is not None or self.sessions.full():
            return
        spare = self.sessions.spare = AppSession(self.config.app_argv, environ=self.config.env)
        self.sessions.spare_since = time.time()
        await spare.start(*SPARE_SIZE)
        self.started += 1
        asyncio.get_running_loop().call_later(SPARE_S, self._end_spare, spare)

    def _end_spare(self, spare: AppSession) -> None:
        if self.sessions.spare is spare:
            self.sessions.spare = None
            asyncio.get_running_loop().create_task(spare.stop())

    async def handle_static(self, request: web.Request) -> web.Response:
        path = request.match_info["path"]
        if path not in STATIC_FILES:
            raise web.HTTPNotFound()
        if path == "js/textual.js":
            body = textual_js().encode("utf-8")
        elif path == "js/touch.js":
            body = touch_js().encode("utf-8")
        else:
            body = (static_dir() / path).read_bytes()
        kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return web.Response(body=body, content_type=kind)

    async def handle_socket(self, request: web.Request) -> web.StreamResponse:
        if not _same_origin(request):
            return web.Response(status=403, text=_("the page came from another site") + "\n")
        rid = resume_id(request)
        back = await self.parked.take(rid)  # the tab's app, kept since its socket dropped
        if back is None and self.sessions.full() and not await self._make_room():
            return web.Response(status=503, text=_("too many sessions at once") + "\n")
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=1024 * 1024)
        spare = None if back else self.sessions.take_spare(self.settings)
        session = back or spare or AppSession(self.config.app_argv, environ=self.config.env)
        self.parked.opened(rid, ws)
        self.sessions.running.add(session)  # before any await: the limit holds under a rush
        self.sessions.sockets.add(ws)
        watchdog: asyncio.Task[None] | None = None
        try:
            await ws.prepare(request)
            width = _int(request.query.get("width"), 80, 10, 1000)
            height = _int(request.query.get("height"), 24, 5, 1000)
            if spare is None and back is None:
                await session.start(width, height)
                self.started += 1
            ended = partial(ws.close, code=ENDED)
            await session.attach(send_bytes=ws.send_bytes, send_text=ws.send_str, close=ended)
            await session.tell_tab(rid or secrets.token_hex(16))  # its autosave's name
            if (
                spare is not None or back is not None
            ):  # a full paint at the tab's size (a new size forces one),
                # once the app runs (a resize before that is overridden by its start)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(session.painted.wait(), SPARE_S)
                if back is not None:  # another width first: every line is drawn again
                    session.painted.clear()
                    await session.handle(["resize", {"width": width - 1, "height": height}])
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(session.painted.wait(), REPAINT_S)
                    await asyncio.sleep(RESIZE_GAP_S)
                elif (width, height) == SPARE_SIZE:
                    await session.handle(["resize", {"width": width, "height": height + 1}])
                await session.handle(["resize", {"width": width, "height": height}])
            if spare is not None:
                await self._start_spare()  # the next tab (or this one reloaded) starts warm
            watchdog = asyncio.create_task(self._watch_idle(session, ws))
            async for message in ws:
                envelope = read_envelope(message.data) if message.type == WSMsgType.TEXT else None
                if envelope is None:  # not what the page sends: binary, not JSON, too deep
                    await ws.close(code=WSCloseCode.UNSUPPORTED_DATA, message=b"unexpected")
                    break
                await session.handle(envelope)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            if watchdog is not None:
                watchdog.cancel()
            if not self.parked.closed(rid, ws, session, self.config.idle_s):
                await self._end(session)
            self.sessions.sockets.discard(ws)
            with contextlib.suppress(Exception):
                await ws.close()
        return ws

    async def _end(self, session: AppSession) -> None:
        await session.stop()
        self.sessions.running.discard(session)

    async def _make_room(self) -> bool:
        """End the session parked longest, if any, for a new tab (the limit is reached)."""
        oldest = self.parked.oldest()
        if oldest is not None:
            await self._end(oldest)
        return oldest is not None

    async def _watch_idle(self, session: AppSession, ws: web.WebSocketResponse) -> None:
        """Close the socket (which ends the session) after `idle_s` without input."""
        while not ws.closed and not session.ended.is_set():
            idle = time.monotonic() - session.last_input
            if idle >= self.config.idle_s:
                await ws.close(code=ENDED)
                return
            await asyncio.sleep(min(IDLE_CHECK_S, self.config.idle_s - idle + 0.05))


def _same_origin(request: web.Request) -> bool:
    """A browser's websocket from a page of this server (other clients send no Origin)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return True
    return origin.split("://", 1)[-1].rstrip("/") == request.host


def _int(value: str | None, default: int, low: int, high: int) -> int:
    try:
        number = int(value) if value is not None else default
    except ValueError:
        number = default
    return max(low, min(high, number))
