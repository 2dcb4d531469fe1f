"""Error types shared by every layer.

`InputError` is the one a user can cause (a bad file, an unknown rule number, an input
value out of range). The CLI turns it into one line on stderr and exit code 2; the TUI
shows its message. Anything else escaping to the CLI is a bug in this program.

`quoted()` is how a message shows text the user wrote (a key, an id, a path): quoted,
with line breaks, escape codes and other control characters written as escapes, and cut
short when long, so that an error stays one clean line whatever the input held.
"""

import re

_UNSAFE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
MAX_QUOTED = 80


def quoted(value: object, limit: int = MAX_QUOTED) -> str:
    """User text fit for a one-line message: `'abc'`, `'a\\nb'`, `'long…'` (at most ~`limit`)."""
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    return repr(text)


def one_line(message: str) -> str:
    """A message with any control character escaped: the last guard before it is printed."""
    return _UNSAFE.sub(lambda m: repr(m.group())[1:-1], message)


_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    """Text from outside this program (a book, a file, a save, a user) fit for a terminal:
    every C0 and C1 control character other than newline and tab is written as an
    escape (`\\x1b`), so no escape sequence in a rulebook can move, clear or retitle
    the user's terminal."""
    if not _CONTROLS.search(text):
        return text
    return _CONTROLS.sub(lambda m: repr(m.group())[1:-1], text)


class GcacwError(Exception):
    """Base class of every error this package raises on purpose."""


class InputError(GcacwError):
    """A user's input cannot be used. The message is one line, fit to show as it is."""


class DataError(InputError):
    """A data file (table, map, scenario, save, stored book) is invalid or unreadable."""


class RuleError(InputError):
    """The rules forbid what was asked (an attack across a ford in rain, ...)."""

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} (rule {rule})" if rule else message)
        self.message = message
        self.rule = rule
