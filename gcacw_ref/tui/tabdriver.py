"""The web driver of a served app: Textual's `WebDriver`, told also which browser tab it
serves.

`gcacw-ref serve` selects it (`TEXTUAL_DRIVER`) and sends it, each time a tab's socket is
attached to the app (a new app, a warm spare, a tab coming back), a meta packet of its own,
`{"type": "gcacw-tab", "id": ID}`. A spare app starts before any tab exists, so the id cannot
come by the environment. The id names the tab's autosave (`autosave.py`); the app is told
by a `TabKnown` message.
"""

from __future__ import annotations

from textual.drivers.web_driver import WebDriver
from textual.message import Message

from gcacw_ref.tui.autosave import TAB_ID, autosaves

TAB_META = "gcacw-tab"


class TabKnown(Message, bubble=False):
    """The app's tab is known: its autosave can be opened."""

    def __init__(self, tab: str) -> None:
        super().__init__()
        self.tab = tab


class TabDriver(WebDriver):
    """`WebDriver` that also takes the tab's id (`TAB_META`)."""

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type != TAB_META:
            super().on_meta(packet_type, payload)
            return
        tab, store = payload.get("id"), autosaves()
        if isinstance(tab, str) and TAB_ID.fullmatch(tab) and store.tab is None:
            # told again at every attach (a tab coming back): only the first one counts
            self._app.post_message(TabKnown(store.claim(tab)))
