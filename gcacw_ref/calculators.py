"""Every calculator, by name, in one typed registry: its title, input model, result model,
`run`, `render` and form. The CLI (`calc NAME`) and the TUI's calculator panes read it.

The rules core's calculators live in `gcacw_ref.rules.io`, the map layer's `move` in
`gcacw_ref.game.play.io_move`; this registry sits above both, so the rules core never loads the
game layer. A calculator's module is imported the first time it is asked for (start-up
stays fast); its entry (name, title, summary) is known without importing it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import N_, _
from gcacw_ref.rules.io import RULES_CALCULATORS, Entry
from gcacw_ref.rules.io.fields import Form

ENTRIES: tuple[Entry, ...] = (
    *RULES_CALCULATORS,
    Entry(
        "move",
        N_("Move"),
        N_("what a path costs, where the unit must stop, what it can reach (6.1, 6.2)"),
        "gcacw_ref.game.play.io_move",
    ),
)
CALCULATORS: dict[str, Entry] = {e.name: e for e in ENTRIES}
"""The calculators by name, in menu order."""

In = TypeVar("In", bound=BaseModel)
Out = TypeVar("Out", bound=BaseModel)


@dataclass(frozen=True)
class Calculator(Generic[In, Out]):
    """One calculator: `run` turns a validated `Input` into an `Output` (with its steps),
    `render` writes that output for the terminal, `form` is what a player fills in."""

    name: str
    title: str
    summary: str
    Input: type[In]
    Output: type[Out]
    run: Callable[[In], Out]
    render: Callable[[Out], str]
    form: Form


@cache
def calculator(name: str) -> Calculator[Any, Any]:
    """Calculator `name`, or an `InputError` listing the known names."""
    entry = CALCULATORS.get(name)
    if entry is None:
        raise InputError(
            _("unknown calculator {name!r}; choose one of: {CALCULATORS}").format(
                name=name, CALCULATORS=", ".join(CALCULATORS)
            )
        )
    module = importlib.import_module(entry.module)
    return Calculator(
        name=entry.name,
        title=entry.title,
        summary=entry.summary,
        Input=module.Input,
        Output=module.Output,
        run=module.run,
        render=module.render,
        form=module.FORM,
    )
