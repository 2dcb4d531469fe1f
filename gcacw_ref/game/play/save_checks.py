"""What a replay checks in a save besides the final hash: the dice typed at the table, the
rules version the game was played under, and the bots the save names.

Typed dice: each entry sits at the index of an action of the save (written as a plain
number), holds 1 to `MAX_TYPED_DICE` dice of 1-6, and is used up by that action (the
replay passes `all_dice`); the state chains every typed die (`Rng.with_typed`), so the final
hash covers them even where another die would have given the same outcome. The bots a
save names are checked by `replay.check_bots`.
"""

from __future__ import annotations

import re
from typing import Literal

from gcacw_ref.errors import DataError
from gcacw_ref.i18n import _

RULES_VERSION = 2
"""Raised whenever a rules fix changes what saved games replay to. Saves without a `rules`
field were made before version 2 (the fixes of the rules audit: 7.1, 7.4, 7.7)."""

BOTS_VERSION = 3
"""Raised whenever the bots' choices change (a save's bots are checked by playing them
again). Saves without a `bots_version` field were made by the bots of version 1 (before
the heuristic bot stopped forcing extended marches and ZOC-to-ZOC moves, issue 24);
version 3: the heuristic bot marches a unit only when it is next to the enemy or has a
legal first move nearer its goal, and ends a march rather than step sideways or back."""

MAX_TYPED_DICE = 64  # dice typed for one action; no step rolls nearly so many
_INDEX = re.compile(r"0|[1-9][0-9]{0,8}")

BotCheck = Literal["verified", "unverified", "absent"]


def check_typed_dice(dice: dict[str, list[int]] | None, actions: int, where: str) -> None:
    """Every typed-dice entry well formed, before anything is replayed."""
    for key, values in (dice or {}).items():
        if not _INDEX.fullmatch(key) or int(key) >= actions:
            raise DataError(
                _(
                    "{where}: dice: {key} is not the index of an action of this save "
                    "(0 to {last}, written as a plain number)"
                ).format(where=where, key=repr(key)[:40], last=actions - 1)
            )
        if not 1 <= len(values) <= MAX_TYPED_DICE:
            raise DataError(
                _("{where}: dice at action {key}: {n} dice (1 to {most} are allowed)").format(
                    where=where, key=key, n=len(values), most=MAX_TYPED_DICE
                )
            )
        for value in values:
            if type(value) is not int or not 1 <= value <= 6:
                raise DataError(
                    _("{where}: dice at action {key}: {value} is not a die of 1 to 6").format(
                        where=where, key=key, value=repr(value)[:20]
                    )
                )


def rules_changed(saved: int | None, where: str, detail: str) -> DataError | None:
    """The error to give when a save made under other rules no longer replays (None when
    the save was made under these rules)."""
    version = saved or 1
    if version == RULES_VERSION:
        return None
    return DataError(
        _(
            "{where}: the rules changed since this game was saved (rules version {old}, now "
            "{new}), so it cannot be verified under the current rules: {detail}"
        ).format(where=where, old=version, new=RULES_VERSION, detail=detail)
    )


def bots_changed(saved: int | None, where: str, detail: str) -> DataError | None:
    """The error to give when the bots a save names would now choose otherwise because
    they changed since it was saved (None when the save was made by these bots)."""
    version = saved or 1
    if version == BOTS_VERSION:
        return None
    return DataError(
        _(
            "{where}: the bots changed since this game was saved (bots version {old}, now "
            "{new}), so their choices cannot be verified: {detail}"
        ).format(where=where, old=version, new=BOTS_VERSION, detail=detail)
    )
