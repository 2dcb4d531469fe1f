"""The server's connections under abuse: a deadline for headers, a cap, one line per error.

aiohttp waits for a request's headers as long as its keep-alive timeout (an hour by
default), however slowly they come, so a few hundred clients that each send a header line
now and then would hold every file descriptor and starve the owner's request. Here:

- **Headers and idle connections.** A connection must deliver a whole request head within
  `HEADER_S` of opening or of its previous answer, else it is closed. (aiohttp's keep-alive
  timer does this: it starts when the connection opens and again after each answer, is not
  put off by partial data, and never ends a request being answered.)
- **A cap.** At most `connection_cap()` connections are open at once. One more closes the
  oldest connection that has no request under way (a slow or idle client); when every
  connection is answering a request, the new one is closed instead. The owner's request is
  answered within moments of arriving, so a flood of slow clients delays it by at most the
  few milliseconds until its own head has arrived.
- **One line per error.** A malformed request or an error of the event loop is written as
  one line (where from, what was wrong), never a traceback, and with the access token and
  any `token=` value or websocket path replaced by `…`.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
from collections.abc import Callable
from typing import Any, TextIO

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError

from gcacw_ref.errors import one_line
from gcacw_ref.i18n import _

if sys.platform != "win32":
    import resource

HEADER_S = 15.0  # a request head must be complete this long after opening or the last answer
MIN_CONNECTIONS, MAX_CONNECTIONS = 16, 512
FDS_KEPT = 64  # file descriptors left to the server itself (its files, the loop, the logs)
FDS_PER_SESSION = 4  # an app's pipes and its websocket
ACCEPT_BATCH = 32  # connections accepted at a time (asyncio accepts up to the listen backlog
# before the first of them is seen, so that many may be open past the cap for a moment)
LOG_LINE = 240  # characters of a log line, at most
_SECRET = re.compile(r"(?i)(token=|/ws/)[^\s&?#/'\"\\]*")  # a token's place in a request


def connection_cap(max_sessions: int, fd_limit: int | None = None) -> int:
    """Connections open at once: half the file descriptors left once the server's own, its
    apps' and an accepted batch's are set aside, from `MIN_CONNECTIONS` to `MAX_CONNECTIONS`."""
    limit = _fd_limit() if fd_limit is None else fd_limit
    spare = limit - FDS_KEPT - FDS_PER_SESSION * max_sessions - ACCEPT_BATCH
    return max(MIN_CONNECTIONS, min(MAX_CONNECTIONS, spare // 2))


def _fd_limit() -> int:
    if sys.platform == "win32":  # pragma: no cover - no RLIMIT_NOFILE there
        return 2048
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


def redact(text: str, token: str) -> str:
    """Text fit for the log: the token, any `token=` value and any websocket path replaced
    by `…`, control characters escaped, on one line of at most `LOG_LINE` characters."""
    text = text.replace(token, "…") if token else text
    text = " ".join(_SECRET.sub(r"\1…", text).split())
    text = one_line(text)
    return text if len(text) <= LOG_LINE else text[: LOG_LINE - 1] + "…"


class _OneLine(logging.Formatter):
    """A record as one line: its message, then the error's kind and first words."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def format(self, record: logging.LogRecord) -> str:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):  # aiohttp's record names the peer first
            peer = record.args[0] if isinstance(record.args, tuple) and record.args else "?"
            text = _("bad request from {address}: {why}").format(address=peer, why=error.message)
        else:
            text = record.getMessage()
            if error is not None:
                text += f": {type(error).__name__}: {error}"
        return redact("gcacw-ref serve: " + text, self.token)


def request_log(token: str, stream: TextIO | None = None) -> logging.Logger:
    """The server's log: one line a record on `stream` (else stderr), never a traceback.

    aiohttp writes a malformed request at DEBUG level on a connection's first request and
    at ERROR level after; both are kept (one line each), other DEBUG records are not."""
    log = logging.Logger("gcacw_ref.serve", logging.DEBUG)
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.setFormatter(_OneLine(token))
    handler.addFilter(lambda record: record.levelno > logging.DEBUG or bool(record.exc_info))
    log.addHandler(handler)
    log.propagate = False
    return log


LoopErrors = Callable[[asyncio.AbstractEventLoop, dict[str, Any]], object]


def loop_errors(log: logging.Logger) -> LoopErrors:
    """An event loop exception handler writing one line to `log` (no traceback): a failed
    `accept()` when file descriptors run out, a task's error nobody awaited."""

    def handle(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        log.error(str(context.get("message", "")), exc_info=context.get("exception"))

    return handle


class ConnectionGuard:
    """The open connections, oldest first, and which of them are answering a request."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.open: dict[web.RequestHandler, None] = {}  # insertion order: oldest first
        self.busy: set[web.RequestHandler] = set()
        self.dropped = 0  # connections closed to make room (tests and the bench read it)

    def opened(self, handler: web.RequestHandler) -> None:
        """A connection opened: past the cap, the oldest idle one (or this one) is closed."""
        self.open[handler] = None
        if len(self.open) <= self.cap:
            return
        victim = next((h for h in self.open if h not in self.busy and h is not handler), handler)
        self.closed(victim)
        self.dropped += 1
        if victim.transport is not None:
            victim.transport.abort()  # at once: a slow reader cannot hold it open
        victim.force_close()

    def closed(self, handler: web.RequestHandler) -> None:
        self.open.pop(handler, None)
        self.busy.discard(handler)

    def started(self, handler: web.RequestHandler) -> None:
        """A request is being answered on this connection: it is not closed to make room."""
        if handler in self.open:
            self.busy.add(handler)

    def finished(self, handler: web.RequestHandler) -> None:
        self.busy.discard(handler)


class GuardedHandler(web.RequestHandler):
    """aiohttp's connection handler, reporting each connection to the guard."""

    def __init__(self, guard: ConnectionGuard, manager: web.Server, **kwargs: Any) -> None:
        super().__init__(manager, **kwargs)
        self.guard = guard

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.guard.opened(self)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.guard.closed(self)
        super().connection_lost(exc)


class GuardedSite(web.BaseSite):
    """A TCP site (as `web.TCPSite`) whose connections pass the guard and whose handlers
    keep the header deadline and write to the server's log."""

    __slots__ = ("_host", "_port", "_guard", "_log", "_header_s", "_bound")

    def __init__(
        self,
        runner: web.BaseRunner,
        host: str,
        port: int,
        *,
        guard: ConnectionGuard,
        log: logging.Logger,
        header_s: float = HEADER_S,
    ) -> None:
        super().__init__(runner)
        self._host, self._port, self._guard, self._log = host, port, guard, log
        self._header_s = header_s
        self._bound: int | None = None

    @property
    def name(self) -> str:
        return f"http://{self._host}:{self.port}"

    @property
    def port(self) -> int:
        """The port bound (the one asked for, until started)."""
        return self._port if self._bound is None else self._bound

    async def start(self) -> None:
        await super().start()
        loop = asyncio.get_running_loop()
        manager = self._runner.server
        assert manager is not None  # the runner was set up (BaseSite checks it)
        options: dict[str, Any] = {
            "loop": loop,
            "keepalive_timeout": self._header_s,
            "logger": self._log,
            "access_log": None,
        }

        def handler() -> GuardedHandler:
            return GuardedHandler(self._guard, manager, **options)

        server = await loop.create_server(handler, self._host, self._port, backlog=ACCEPT_BATCH)
        self._server = server
        for sock in server.sockets:
            self._bound = int(sock.getsockname()[1])
            break
