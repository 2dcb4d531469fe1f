"""Coming back: a tab whose socket dropped finds its app where it left it, and a tab never
gets a spare app that started before the player's last change of settings.

A page makes a resume id for its tab (kept in the tab's `sessionStorage`, so a reload keeps
it too) and sends it as `?resume=` with its socket. When that socket closes while the app
still runs and has had input within the idle window, the session is parked under that id
instead of ended; a socket with the same id within the window takes it back (the page
connects again by itself when its socket drops). A parked session still counts against the
session limit; a new tab that finds the limit reached ends the longest parked one first.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import time
from collections.abc import Callable, Coroutine, Mapping
from pathlib import Path
from typing import Any

from aiohttp import web

from gcacw_ref.serve.session import AppSession
from gcacw_ref.settings import settings_path

RESUME_ID = re.compile(r"[0-9a-f]{32}")
HANDOVER_S = 5.0  # how long a tab coming back waits for its old socket to let go


def resume_id(request: web.Request) -> str | None:
    """The tab's resume id, when the socket's query carries a well-formed one."""
    given = request.query.get("resume", "")
    return given if RESUME_ID.fullmatch(given) else None


def settings_file(environ: Mapping[str, str] | None) -> Path:
    """The settings file the app processes read (their `GCACW_REF_HOME`, else the default)."""
    home = (os.environ if environ is None else environ).get("GCACW_REF_HOME")
    return settings_path(Path(home).expanduser() if home else None)


def changed_since(path: Path, moment: float) -> bool:
    """Whether `path` was written at or after `moment` (wall clock): an app started before
    then read the settings as they were."""
    try:
        return path.stat().st_mtime >= moment
    except OSError:
        return False


class Parked:
    """Sessions kept for their tab to come back, by resume id; and the sockets live now."""

    def __init__(self, end: Callable[[AppSession], Coroutine[Any, Any, None]]) -> None:
        self.end = end  # ends a session that is given up (its window ran out)
        self.sessions: dict[str, AppSession] = {}
        self._since: dict[str, float] = {}
        self._live: dict[str, tuple[web.WebSocketResponse, asyncio.Event]] = {}

    async def take(self, rid: str | None) -> AppSession | None:
        """The session parked under `rid` (no longer parked); a socket still open under the
        same id (a reload's new page arrived first) is closed and waited for."""
        if rid is None:
            return None
        live = self._live.get(rid)
        if live is not None:
            ws, let_go = live
            with contextlib.suppress(Exception):
                await ws.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(let_go.wait(), HANDOVER_S)
        self._since.pop(rid, None)
        session = self.sessions.pop(rid, None)
        if session is not None and session.ended.is_set():
            return None
        return session

    def opened(self, rid: str | None, ws: web.WebSocketResponse) -> None:
        if rid is not None:
            self._live[rid] = (ws, asyncio.Event())

    def closed(
        self, rid: str | None, ws: web.WebSocketResponse, session: AppSession, idle_s: float
    ) -> bool:
        """The socket of `rid` closed: park its session (True) when the app still runs and
        had input within the idle window; then it is ended when the window runs out."""
        live = self._live.get(rid or "")
        if live is not None and live[0] is ws:
            del self._live[rid or ""]
            live[1].set()
        left = idle_s - (time.monotonic() - session.last_input)
        if rid is None or session.ended.is_set() or left <= 0 or rid in self.sessions:
            return False
        session.detach()
        self.sessions[rid] = session
        self._since[rid] = time.monotonic()
        asyncio.get_running_loop().call_later(left, self._expire, rid, session)
        return True

    def _expire(self, rid: str, session: AppSession) -> None:
        if self.sessions.get(rid) is session:
            del self.sessions[rid]
            self._since.pop(rid, None)
            asyncio.get_running_loop().create_task(self.end(session))

    def oldest(self) -> AppSession | None:
        """The session parked longest (no longer parked), to make room for a new tab."""
        if not self._since:
            return None
        rid = min(self._since, key=self._since.__getitem__)
        del self._since[rid]
        return self.sessions.pop(rid, None)
