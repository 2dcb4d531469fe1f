"""Text that did not come from this program's own code, made safe to display.

A rulebook title, a settings file, a file name, a save's unit id or a typed path is shown
as it is: never parsed as Textual/Rich markup (`[@click=app.quit]` stays text, `[/]`
cannot crash a widget) and with control characters escaped (`errors.printable`). Every
widget that shows such text gets it through `plain`, or as a `Text` built from it.
"""

from __future__ import annotations

from rich.text import Text

from gcacw_ref.errors import printable


def plain(text: object, style: str = "") -> Text:
    """`text` as a `Text` shown literally: no markup, no control codes."""
    return Text(printable(str(text)), style=style)
