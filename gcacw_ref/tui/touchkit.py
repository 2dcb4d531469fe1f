"""Touch helpers with no screen of their own: whether the app is served to a browser, a
hint that names keys only where there is a keyboard, and the buttons a dialog shows in their
place (a phone has no Escape or Enter key to close one).
"""

from __future__ import annotations

import os
import re

from textual.content import Content
from textual.markup import escape
from textual.widgets import Button, Static

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


KEY_NOTE = re.compile(r"\s*[(（]([^()（）]*)[)）]\s*$")
"""A closing note in brackets: "(F2)", "（ゲーム画面で b）"."""
KEY = re.compile(
    r"(?:^|\s)(?:F\d{1,2}|ctrl\+\S+|alt\+\S+|space|home|end|[a-zA-Z]|[→←<>.,])(?:\s|$)"
)
"""A key named in such a note: an F-key, a chord, a named key, one letter or sign."""


def unkeyed(text: str) -> str:
    """`text` (a palette entry's help, already translated) as it is at a keyboard; on a
    touch screen without its closing note of the key that does it ("(F2)", "(b on the
    game screen)"): the palette entry itself is what a finger taps."""
    note = KEY_NOTE.search(text)
    if touch_mode() and note and KEY.search(note.group(1)):
        return text[: note.start()]
    return text


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


def tap_words(tab: str, words: list[tuple[str, str]]) -> Content:
    """Words to tap in a line of text (touch screens): each (label, already translated;
    an action of a widget of screen `tab`) runs that action there, as the touch bar does."""
    markup = "".join(
        f" [@click=app.touch({tab!r}, {action!r})][b]{escape(label)}[/b][/]"
        for label, action in words
    )
    return Content.from_markup(markup)


class TapWords(Static):
    """Touch: a line saying `intro`, then words to tap (message ids, each with an action
    of a widget of screen `tab`), said again in the language of the moment."""

    def __init__(self, tab: str, intro: str, words: list[tuple[str, str]], classes: str) -> None:
        self.tab, self.intro, self.words = tab, intro, words
        super().__init__(self.said(), classes=classes)

    def said(self) -> Content:
        words = [(_(label), action) for label, action in self.words]
        return Content.assemble(_(self.intro), tap_words(self.tab, words))

    def relabel(self) -> None:
        self.update(self.said())


CLOSE = N_("✕ close")
NEXT = N_("next ›")
OK = N_("OK")
CANCEL = N_("Cancel")
