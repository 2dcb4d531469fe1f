"""The web server of `gcacw-ref serve`: one page, its static files, one websocket per tab.

Every request must carry the access token (`?token=` on the page and static files, the path
`/ws/TOKEN` for the websocket): without it the answer is 401, with a wrong one 403, before
any route is looked at, so no page is sent and no app process starts. Each websocket gets an
`AppSession` (an app process) while fewer than `max_sessions` run; beyond that 503. A session
ends when its socket closes, when its app quits or dies, or after `idle_s` without input.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import mimetypes
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import WSMsgType, web

from gcacw_ref.i18n import _
from gcacw_ref.serve.page import page_html, static_dir, textual_js
from gcacw_ref.serve.session import AppSession

IDLE_CHECK_S = 15.0
TOKEN_KEY: web.AppKey[str] = web.AppKey("token", str)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
STATIC_FILES = {  # the only files served: the terminal's script, its style, its font
    "js/textual.js",
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


class Sessions:
    """The running app sessions, at most `limit` at once."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.running: set[AppSession] = set()
        self.sockets: set[web.WebSocketResponse] = set()

    def full(self) -> bool:
        return len(self.running) >= self.limit

    async def stop_all(self) -> None:
        """End every session and close every socket (the server is stopping)."""
        await asyncio.gather(*(s.stop() for s in list(self.running)), return_exceptions=True)
        for ws in list(self.sockets):
            with contextlib.suppress(Exception):
                await ws.close()


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
    if not given:
        return web.Response(status=401, text=_("an access token is needed") + "\n")
    if not hmac.compare_digest(given.encode(), request.app[TOKEN_KEY].encode()):
        return web.Response(status=403, text=_("wrong access token") + "\n")
    response = await handler(request)
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Content-Type-Options"] = "nosniff"
    return response


class Server:
    """The aiohttp application and its sessions."""

    def __init__(self, config: ServeConfig) -> None:
        self.config = config
        self.sessions = Sessions(config.max_sessions)
        self.started = 0  # app processes started, ever (tests and the bench read it)

    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[require_token])
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
        return web.Response(text=html, content_type="text/html", charset="utf-8")

    async def handle_static(self, request: web.Request) -> web.Response:
        path = request.match_info["path"]
        if path not in STATIC_FILES:
            raise web.HTTPNotFound()
        if path == "js/textual.js":
            body = textual_js().encode("utf-8")
        else:
            body = (static_dir() / path).read_bytes()
        kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
        return web.Response(body=body, content_type=kind)

    async def handle_socket(self, request: web.Request) -> web.StreamResponse:
        if not _same_origin(request):
            return web.Response(status=403, text=_("the page came from another site") + "\n")
        if self.sessions.full():
            return web.Response(status=503, text=_("too many sessions at once") + "\n")
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=1024 * 1024)
        session = AppSession(
            self.config.app_argv,
            send_bytes=ws.send_bytes,
            send_text=ws.send_str,
            close=ws.close,
            environ=self.config.env,
        )
        self.sessions.running.add(session)  # before any await: the limit holds under a rush
        self.sessions.sockets.add(ws)
        watchdog: asyncio.Task[None] | None = None
        try:
            await ws.prepare(request)
            width = _int(request.query.get("width"), 80, 10, 1000)
            height = _int(request.query.get("height"), 24, 5, 1000)
            await session.start(width, height)
            self.started += 1
            watchdog = asyncio.create_task(self._watch_idle(session, ws))
            async for message in ws:
                if message.type != WSMsgType.TEXT:
                    continue
                try:
                    envelope = json.loads(message.data)
                except ValueError:
                    continue
                await session.handle(envelope)
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            if watchdog is not None:
                watchdog.cancel()
            await session.stop()
            self.sessions.running.discard(session)
            self.sessions.sockets.discard(ws)
            with contextlib.suppress(Exception):
                await ws.close()
        return ws

    async def _watch_idle(self, session: AppSession, ws: web.WebSocketResponse) -> None:
        """Close the socket (which ends the session) after `idle_s` without input."""
        while not ws.closed and not session.ended.is_set():
            idle = time.monotonic() - session.last_input
            if idle >= self.config.idle_s:
                await ws.close()
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
