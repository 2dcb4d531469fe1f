"""Touch helpers with no screen of their own: whether the app is served to a browser, a
hint that names keys only where there is a keyboard, and the buttons a dialog shows in their
place (a phone has no Escape or Enter key to close one).
"""

from __future__ import annotations

import os

from textual.widgets import Button

from gcacw_ref.i18n import N_, _

ENV_VAR = "GCACW_REF_TOUCH"
TEXT_FIELD = "\x1b]7766;text\x07"
"""Said to the page when a text field takes the focus: the on-screen keyboard may come up."""
NO_TEXT_FIELD = "\x1b]7766;none\x07"
"""Said when the focus leaves text fields: a tap elsewhere brings up no keyboard."""


def touch_mode() -> bool:
    """True when the app is served to a browser (the server sets `GCACW_REF_TOUCH=1`)."""
    return os.environ.get(ENV_VAR) == "1"


def hint(keys: str, touch: str) -> str:
    """`keys` (a hint naming keys, already translated) at a keyboard; `touch` (the same told
    by taps) on a touch screen, which may lack those keys."""
    return touch if touch_mode() else keys


class DialogButton(Button):
    """A dialog's choice as a button: `ok` runs the dialog's `action_ok`, else `action_cancel`
    or, lacking it, the dialog is dismissed with nothing (what escape does)."""

    def __init__(self, label: str, *, ok: bool = False) -> None:
        super().__init__(label, variant="primary" if ok else "default", classes="dialog-button")
        self.ok = ok

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        screen = self.screen
        name = "ok" if self.ok else "cancel"
        if hasattr(screen, f"action_{name}"):
            await screen.run_action(name)
        elif not self.ok:
            screen.dismiss(None)


def close_button() -> DialogButton:
    """The button that closes a dialog (touch screens: in place of escape)."""
    return DialogButton(_(CLOSE))


CLOSE = N_("✕ close")
OK = N_("OK")
CANCEL = N_("Cancel")
