"""The calculators' machine interface (DESIGN.md, `calc NAME`).

Each module here is one calculator and defines:

- `TITLE: str` — a short English name for menus;
- `Input` — a pydantic model of the JSON input (its JSON schema is `calc NAME --schema`);
- `Output` — a pydantic model of the JSON output (always with `steps: list[Step]`);
- `run(inp: Input) -> Output` — calls the pure rules functions, raises `InputError`/`RuleError`;
- `render(out: Output) -> str` — the readable breakdown for the terminal.

The CLI and the TUI both go through these modules; the rule logic lives in the
modules of `gcacw_ref.rules` that they call.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _

CALCULATORS: dict[str, str] = {
    "odds": "gcacw_ref.rules.io.odds",
    "combat": "gcacw_ref.rules.io.combat",
    "artillery": "gcacw_ref.rules.io.artillery",
    "flank": "gcacw_ref.rules.io.flank",
    "march": "gcacw_ref.rules.io.march",
    "retreat": "gcacw_ref.rules.io.retreat",
    "move": "gcacw_ref.game.io_move",
}


def calculator(name: str) -> ModuleType:
    """The module of calculator `name`, or an `InputError` listing the known names."""
    target = CALCULATORS.get(name)
    if target is None:
        raise InputError(
            _("unknown calculator {name!r}; choose one of: {CALCULATORS}").format(
                name=name, CALCULATORS=", ".join(CALCULATORS)
            )
        )
    return importlib.import_module(target)
