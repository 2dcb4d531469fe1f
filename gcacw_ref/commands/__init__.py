"""Sub-commands of `gcacw-ref`. Each module has `register(subparsers)` and handlers.

Handlers return an exit code and raise `InputError` for a user's mistake; `cli.main`
turns that into one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse

from gcacw_ref.errors import one_line


class Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"gcacw-ref: {one_line(message)} (see --help)\n")
