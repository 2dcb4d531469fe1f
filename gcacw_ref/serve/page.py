"""The page a browser gets: a terminal (Textual's web client, from `textual-serve`) and no
link to anything outside this server (no web fonts, no scripts from elsewhere).

The client script is served from the installed `textual-serve` package with one change: the
terminal object is also kept as `window.gcacwTerminal`, so that a test (or a screen reader
script) can read the terminal's text from the page.
"""

from __future__ import annotations

import html
import re
from functools import lru_cache
from pathlib import Path

import textual_serve

from gcacw_ref.i18n import _, current_language

_TERMINAL = re.compile(r"this\.terminal=new (\w+)\.Terminal\(")


def static_dir() -> Path:
    """The static files (script, style, font) of the installed `textual-serve`."""
    return Path(textual_serve.__file__).parent / "static"


@lru_cache(maxsize=1)
def textual_js() -> str:
    """The web client's script, with the terminal kept as `window.gcacwTerminal`."""
    source = (static_dir() / "js" / "textual.js").read_text(encoding="utf-8")
    return _TERMINAL.sub(r"this.terminal=window.gcacwTerminal=new \1.Terminal(", source, 1)


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
body.-first-byte #starting {{ display: none; }}
.textual-terminal {{ opacity: 0; }}
body.-first-byte .textual-terminal {{ opacity: 1; }}
</style>
<script src="{static}js/textual.js{q}"></script>
</head>
<body>
<div id="starting" class="notice">{loading}</div>
<div id="ended" class="notice"><div>{ended}</div>
<button type="button" onclick="window.location.reload()">{again}</button></div>
<div id="terminal" class="textual-terminal"
     data-session-websocket-url="{socket}" data-font-size="{font_size}"></div>
</body>
</html>
"""
