"""Error types shared by every layer.

`InputError` is the one a user can cause (a bad file, an unknown rule number, an input
value out of range). The CLI turns it into one line on stderr and exit code 2; the TUI
shows its message. Anything else escaping to the CLI is a bug in this program.
"""


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
        self.rule = rule
