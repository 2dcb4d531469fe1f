"""Every calculator of `gcacw-ref calc NAME`, by name: the rules core's own
(`gcacw_ref.rules.io`) and the move calculator of the map layer (`gcacw_ref.game.play.io_move`).

This registry sits above both layers, so the rules core never loads the game layer.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _
from gcacw_ref.rules.io import RULES_CALCULATORS

CALCULATORS: dict[str, str] = {**RULES_CALCULATORS, "move": "gcacw_ref.game.play.io_move"}


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
