"""The page a browser gets: a terminal (Textual's web client, from `textual-serve`) and no
link to anything outside this server (no web fonts, no scripts from elsewhere).

The client script is served from the installed `textual-serve` package with a few changes
(`PATCHES`): the terminal object is also kept as `window.gcacwTerminal` (and its client as
`window.gcacwClient`), so that a test (or a screen reader script) can read the terminal's text
from the page; the rows' height can be set
by the page; the socket's address may carry a query of its own; a closed socket is handed to
the page's own script (`touch.js`: swipes, the on-screen keyboard, reconnecting), which
connects again when the socket dropped rather than was closed by the server.

The page runs no inline script and loads nothing from elsewhere, so its Content-Security-Policy
(`CSP`, sent with every answer by the server) allows scripts from this server only.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

import textual_serve

from gcacw_ref.i18n import _, current_language

_TERMINAL = re.compile(r"this\.terminal=new (\w+)\.Terminal\(")
PATCHES = [  # (text in textual.js, what it becomes); each must be there exactly once
    ("fontSize:i,scrollback:0", "fontSize:i,lineHeight:+(e.dataset.lineHeight||1),scrollback:0"),
    (
        'this.websocket_url+"?width="',
        'this.websocket_url+(this.websocket_url.indexOf("?")<0?"?":"&")+"width="',
    ),
    (
        'console.log("CLOSED"),document.querySelector("body").classList.add("-closed")',
        "window.gcacwClosed(this,e)",
    ),
    ("t=new w(e,{ping:r})", "t=window.gcacwClient=new w(e,{ping:r})"),
    (
        'this.element.classList.add("-connected"),',
        'window.gcacwOpened(),this.element.classList.add("-connected"),',
    ),
]
CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",  # xterm.js sets styles of its own
        "font-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    ]
)


def static_dir() -> Path:
    """The static files (script, style, font) of the installed `textual-serve`."""
    return Path(textual_serve.__file__).parent / "static"


@lru_cache(maxsize=1)
def textual_js() -> str:
    """The web client's script, with the terminal kept as `window.gcacwTerminal`."""
    source = (static_dir() / "js" / "textual.js").read_text(encoding="utf-8")
    source, found = _TERMINAL.subn(r"this.terminal=window.gcacwTerminal=new \1.Terminal(", source)
    counts = [found] + [source.count(old) for old, _new in PATCHES]
    if counts != [1] * len(counts):
        raise RuntimeError("textual-serve's client script is not the one gcacw-ref knows")
    for old, new in PATCHES:
        source = source.replace(old, new)
    return source


def touch_js() -> str:
    """The page's own script (swipes, the on-screen keyboard, reconnecting)."""
    return (Path(__file__).parent / "touch.js").read_text(encoding="utf-8")


def page_html(*, token: str, host: str, font_size: int) -> str:
    """The whole page for one tab; `host` is the Host the browser asked for."""
    q = "?token=" + html.escape(token, quote=True)
    static = "/static/"
    socket = html.escape(f"ws://{host}/ws/{token}", quote=True)
    title = html.escape(_("GCACW rules assistant"))
    ended = html.escape(
        _("Session ended (the app quit, the tab was idle too long, or too many were open).")
    )
    again = html.escape(_("Start again"))
    loading = html.escape(_("Starting…"))
    reconnecting = html.escape(_("Connection lost; connecting again…"))
    return f"""<!DOCTYPE html>
<html lang="{current_language()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="referrer" content="no-referrer">
<title>{title}</title>
<link rel="stylesheet" href="{static}css/xterm.css{q}">
<style>
@font-face {{
  font-family: "Roboto Mono";
  src: url("{static}fonts/RobotoMono-VariableFont_wght.ttf{q}") format("truetype");
}}
html, body {{ margin: 0; padding: 0; background: #0c181f; overflow: hidden; }}
body {{ font-family: "Roboto Mono", monospace; color: #eee; }}
.notice {{
  position: absolute; inset: 0; display: flex; flex-direction: column;
  align-items: center; justify-content: center; text-align: center; padding: 1em; z-index: 10;
}}
.notice button {{
  font: inherit; font-size: 1.1em; padding: 0.8em 1.6em; margin-top: 1em;
  background: #5e0ba7; color: #fff; border: none; border-radius: 6px;
}}
#ended {{ display: none; background: #0c181f; }}
body.-closed #ended {{ display: flex; }}
#reconnecting {{ display: none; background: rgba(12, 24, 31, 0.85); }}
body.-reconnecting:not(.-closed) #reconnecting {{ display: flex; }}
body.-first-byte #starting {{ display: none; }}
.textual-terminal {{ opacity: 0; }}
body.-first-byte .textual-terminal {{ opacity: 1; }}
</style>
<script src="{static}js/textual.js{q}"></script>
<script src="{static}js/touch.js{q}"></script>
</head>
<body>
<div id="starting" class="notice">{loading}</div>
<div id="ended" class="notice"><div>{ended}</div>
<button type="button" id="again">{again}</button></div>
<div id="reconnecting" class="notice">{reconnecting}</div>
<div id="terminal" class="textual-terminal"
     data-session-websocket-url="{socket}" data-font-size="{font_size}"></div>
</body>
</html>
"""
