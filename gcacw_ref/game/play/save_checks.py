"""What a replay checks in a save besides the final hash: the dice typed at the table, the
rules version the game was played under, and the bots the save names.

Typed dice: each entry sits at the index of an action of the save (written as a plain
number), holds 1 to `MAX_TYPED_DICE` dice of 1-6, and is used up by that action (the
replay passes `all_dice`); the state chains every typed die (`Rng.with_typed`), so the final
hash covers them even where another die would have given the same outcome. The bots a
save names are checked by `replay.check_bots`.

Fields: `rules` must be this version (the hash does not cover it, so another value cannot
be proved), `bots_version` one that existed, `bots` two known players, `scripted` no more
than the actions. The scenario stored in a save is either a version of a built-in scenario
that we shipped (`shipped_scenarios.json`, written by scripts/scenario_digests.py from the
git history) or, for any other, the scenario file the user gives. Every value of a save
echoed in an error is cut short (`clip`), so an error stays one short line.
"""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path
from typing import Literal

from gcacw_ref.errors import DataError
from gcacw_ref.game.model.scenario import SCENARIO_DIR, Scenario, load_scenario
from gcacw_ref.game.model.scenario_limits import MAP_ID
from gcacw_ref.game.play.bots import BOT_NAMES
from gcacw_ref.i18n import _

RULES_VERSION = 3
"""Raised whenever a rules fix changes what saved games replay to. Saves without a `rules`
field were made before version 2 (the fixes of the rules audit: 7.1, 7.4, 7.7); version 3:
a pontoon bridge of either side joins a flank hex to the defender (7.4 step 1d, issue 40)."""

BOTS_VERSION = 3
"""Raised whenever the bots' choices change (a save's bots are checked by playing them
again). Saves without a `bots_version` field were made by the bots of version 1 (before
the heuristic bot stopped forcing extended marches and ZOC-to-ZOC moves, issue 24);
version 3: the heuristic bot marches a unit only when it is next to the enemy or has a
legal first move nearer its goal, and ends a march rather than step sideways or back."""

MAX_TYPED_DICE = 64  # dice typed for one action; no step rolls nearly so many
_INDEX = re.compile(r"0|[1-9][0-9]{0,8}")

BotCheck = Literal["verified", "unverified"]
ScenarioCheck = Literal["shipped", "changed", "file"]
CopyStanding = Literal["shipped", "changed", "altered", "custom"]

PLAYER_NAMES = ("human", *BOT_NAMES)  # who may play a side: a person or a bot
SHIPPED_DIGESTS = Path(__file__).resolve().parent / "shipped_scenarios.json"
CLIP = 40  # characters of a save's value an error echoes at most


def clip(value: object, most: int = CLIP) -> str:
    """A value of a save as an error shows it: its `repr`, cut to `most` characters with "…"."""
    text = repr(value)
    return text if len(text) <= most else text[: most - 1] + "…"


def check_save_fields(
    rules: int | None,
    bots_version: int | None,
    bots: list[str] | None,
    scripted: int,
    actions: int,
    where: str,
) -> None:
    """The fields of a save a verified replay relies on, each in range (`DataError` naming
    the first that is not): the rules version this one, a bots version that existed, two
    known players, and no more actions given by hand than the save holds."""
    if rules != RULES_VERSION:
        raise DataError(
            _(
                "{where}: rules: the save says rules version {got}; only a game saved under "
                "these rules (version {new}) can be verified"
            ).format(where=where, got=clip(rules or 1), new=RULES_VERSION)
        )
    if bots_version is not None and not 1 <= bots_version <= BOTS_VERSION:
        raise DataError(
            _("{where}: bots_version: {got} is not a version of the bots (1 to {new})").format(
                where=where, got=clip(bots_version), new=BOTS_VERSION
            )
        )
    if bots is None or len(bots) != 2:
        raise DataError(
            _("{where}: bots: {got} does not name the two players (e.g. {example})").format(
                where=where, got=clip(bots), example='["heuristic", "random"]'
            )
        )
    for name in bots:
        if name not in PLAYER_NAMES:
            raise DataError(
                _("{where}: bots: {got} is not a player ({names})").format(
                    where=where, got=clip(name), names=", ".join(PLAYER_NAMES)
                )
            )
    if not 0 <= scripted <= actions:
        raise DataError(
            _("{where}: scripted: {got} is not a number of actions of this save (0 to {n})").format(
                where=where, got=clip(scripted), n=actions
            )
        )


def scenario_digest(scenario: Scenario) -> str:
    """SHA-256 of a scenario's canonical JSON (its map included)."""
    doc = scenario.model_dump(mode="json")
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@cache
def shipped_digests() -> dict[str, frozenset[str]]:
    """Built-in scenario id -> the digests of every version of it we shipped."""
    doc = json.loads(SHIPPED_DIGESTS.read_text(encoding="utf-8"))
    return {sid: frozenset(versions) for sid, versions in doc.items()}


def copy_standing(scenario: Scenario) -> CopyStanding:
    """How a save's stored scenario stands beside the built-in ones: the version shipped now
    ("shipped"), an earlier shipped version ("changed"), a built-in id whose copy matches no
    version we shipped ("altered"), or an id that is no built-in scenario's ("custom")."""
    sid = scenario.scenario.id
    if not MAP_ID.fullmatch(sid) or not (SCENARIO_DIR / f"{sid}.toml").is_file():
        return "custom"
    digest = scenario_digest(scenario)
    if digest == scenario_digest(load_scenario(sid)):
        return "shipped"
    if digest in shipped_digests().get(sid, frozenset()):
        return "changed"
    return "altered"


def check_scenario_copy(
    scenario: Scenario, where: str = "save", given: Scenario | None = None, file: str = ""
) -> ScenarioCheck:
    """How the scenario stored in a save stands: the one in the file the user gave
    ("file"), the built-in one of the same id as shipped now ("shipped"), or an earlier
    shipped version of it ("changed": the save replays under its own copy). Anything else
    cannot be verified: a `DataError` says why."""
    sid = scenario.scenario.id
    if given is not None:
        if scenario_digest(given) != scenario_digest(scenario):
            raise DataError(
                _(
                    "{where}: the scenario stored in the save is not the one in {file}: the "
                    "save was made with another scenario or was altered"
                ).format(where=where, file=file)
            )
        return "file"
    standing = copy_standing(scenario)
    if standing == "custom":
        raise DataError(
            _(
                "{where}: scenario {id} is not a built-in one: give its file with "
                "--scenario FILE to verify the save against it"
            ).format(where=where, id=clip(sid))
        )
    if standing != "altered":
        return standing
    raise DataError(
        _(
            "{where}: the save's copy of the built-in scenario {id} matches no version we "
            "shipped: the save was altered"
        ).format(where=where, id=sid)
    )


def check_typed_dice(dice: dict[str, list[int]] | None, actions: int, where: str) -> None:
    """Every typed-dice entry well formed, before anything is replayed."""
    for key, values in (dice or {}).items():
        if not _INDEX.fullmatch(key) or int(key) >= actions:
            raise DataError(
                _(
                    "{where}: dice: {key} is not the index of an action of this save "
                    "(0 to {last}, written as a plain number)"
                ).format(where=where, key=clip(key, 24), last=actions - 1)
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
