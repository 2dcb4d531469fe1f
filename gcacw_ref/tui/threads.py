"""Handing a worker thread's result back to the screen, safely.

A search or a bot move runs in a thread; by the time it ends the player may have
closed the screen or quit the app. The result is then dropped, not shown on
widgets that no longer exist.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ParamSpec

from textual.dom import DOMNode

P = ParamSpec("P")


def deliver(
    widget: DOMNode, callback: Callable[P, object], *args: P.args, **kwargs: P.kwargs
) -> None:
    """From a worker thread, run `callback(*args, **kwargs)` on the UI thread.

    Only while `widget` (a widget, a screen or the app itself) is still on show.
    """
    try:
        app = widget.app
    except RuntimeError:  # textual's NoActiveAppError: the widget left an app that stopped
        return

    def run() -> None:
        if app._running and widget.is_attached and not widget._closing:
            callback(*args, **kwargs)

    try:
        app.call_from_thread(run)
    except RuntimeError:
        if app._running:
            raise
        # else the app has stopped: nobody is left to show the result to
