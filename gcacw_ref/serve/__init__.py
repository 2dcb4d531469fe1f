"""`gcacw-ref serve`: the whole app in a browser, one app process per tab.

`run()` starts the server, prints the address (with its access token, and a QR code when
the server can be reached from other machines), and serves until ctrl+c or SIGTERM, then
ends every app process before it returns.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import re
import secrets
import signal
import socket
import sys
import webbrowser
from typing import TextIO

import segno

from gcacw_ref.i18n import _
from gcacw_ref.serve.server import ServeConfig, Server

SHUTDOWN_S = 5.0
MAX_HOST_NAME = 253  # the longest host name DNS carries (RFC 1035)
_LABEL = re.compile(r"[A-Za-z0-9_-]{1,63}")  # one label of a host name, as DNS sends it


def new_token() -> str:
    """A fresh random access token (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def is_loopback(host: str) -> bool:
    """True when `host` (an address or name) can be reached from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def valid_host(host: str) -> bool:
    """Whether `--host` can be listened on: empty (every address), an IP address, or a host
    name whose labels (after IDNA encoding) are 1 to 63 letters, digits, `-` or `_`."""
    if host == "":
        return True
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    try:
        name = host.encode("idna").decode("ascii")
    except UnicodeError:  # an empty or too long label, a character IDNA refuses, a surrogate
        return False
    name = name[:-1] if name.endswith(".") else name
    return len(name) <= MAX_HOST_NAME and all(_LABEL.fullmatch(x) for x in name.split("."))


def lan_address() -> str:
    """This machine's address on its network (no packet is sent), else 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def url_host(host: str) -> str:
    """The host to print in the address: a wildcard becomes this machine's address."""
    if host in ("0.0.0.0", "::", ""):
        return lan_address()
    return f"[{host}]" if ":" in host else host


def page_url(host: str, port: int, token: str) -> str:
    return f"http://{url_host(host)}:{port}/?token={token}"


def print_qr(url: str, out: TextIO) -> None:
    """The address as a QR code drawn with block characters (for a phone's camera)."""
    segno.make(url, error="l").terminal(out=out, compact=True)


async def serve(
    config: ServeConfig, host: str, port: int, *, open_browser: bool, out: TextIO
) -> None:
    """Serve until SIGINT/SIGTERM; every app process is ended before this returns."""
    server = Server(config)
    aiohttp_log = logging.getLogger("aiohttp")  # its other records: one line each as well
    aiohttp_log.handlers[:] = server.log.handlers
    aiohttp_log.propagate = False
    bound = await server.listen(host, port, shutdown_s=SHUTDOWN_S)
    url = page_url(host, bound, config.token)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stop.set)
    print(_("Serving gcacw-ref at {url}").format(url=url), file=out, flush=True)
    if not is_loopback(host):
        print(_("Open it on a phone on the same network (scan the code):"), file=out)
        print_qr(url, out)
        print(_("Anyone with this address can use the app; it changes at each start."), file=out)
    print(_("Press ctrl+c to stop."), file=out, flush=True)
    if open_browser:
        webbrowser.open(url)
    try:
        await stop.wait()
    finally:
        print(_("Stopping…"), file=out, flush=True)
        await server.close()


def run(config: ServeConfig, host: str, port: int, *, open_browser: bool = False) -> int:
    """Run the server in this process until it is told to stop; the exit code."""
    asyncio.run(serve(config, host, port, open_browser=open_browser, out=sys.stdout))
    return 0
