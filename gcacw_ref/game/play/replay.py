"""Playing whole games, saving them, and replaying them.

A save is JSON: the scenario document (its map included), the seed, the bots, every
action in order, the final state hash and the final state itself. A replay rebuilds the
game from the scenario, the seed and the actions; `verify` proves the rebuilt state has
the saved hash. Saves are written atomically: a failed save never leaves half a file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictInt, ValidationError

from gcacw_ref.errors import DataError, InputError
from gcacw_ref.game.engine.core import initial_state, legal_actions, start, step
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.log import Event
from gcacw_ref.game.model.scenario import Scenario, check_scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots import BOT_NAMES, make_bot
from gcacw_ref.game.play.save_checks import (
    BOTS_VERSION,
    RULES_VERSION,
    BotCheck,
    ScenarioCheck,
    bots_changed,
    check_save_fields,
    check_scenario_copy,
    check_typed_dice,
    clip,
    rules_changed,
)
from gcacw_ref.i18n import _
from gcacw_ref.jsonin import parse_json
from gcacw_ref.paths import atomic_write_text, read_user_text

SAVE_FORMAT = "gcacw-ref-save/1"
MAX_ACTIONS = 200_000


class SaveFile(BaseModel):
    """What a save holds."""

    model_config = ConfigDict(extra="forbid")
    format: str
    scenario: dict[str, Any]
    seed: int
    bots: list[str] | None = None
    actions: list[Action]
    # dice typed at the table for some actions (action index as text -> the dice, 1-6),
    # passed to `step` before the seeded generator; absent when the engine rolled them all
    dice: dict[str, list[StrictInt]] | None = None
    final_state_hash: str
    result: dict[str, Any] | None = None
    # the rules version the game was played under (save_checks.RULES_VERSION); absent in
    # saves made before version 2
    rules: int | None = None
    # the version of the bots that played it (save_checks.BOTS_VERSION); absent in saves
    # made before version 2
    bots_version: int | None = None
    # how many of the first actions were given by hand before the bots played (play --actions)
    scripted: int = 0


class Game(BaseModel):
    """A game in progress or finished: the start, the actions, the events, the state."""

    model_config = ConfigDict(arbitrary_types_allowed=True)
    scenario: Scenario
    seed: int
    bots: list[str] | None = None
    actions: list[Action] = []
    dice: dict[str, list[int]] = {}  # action index (as text) -> dice typed at the table
    events: list[Event] = []
    state: GameState
    scripted: int = 0  # actions given by hand before the bots played

    def to_save(self) -> SaveFile:
        return SaveFile(
            format=SAVE_FORMAT,
            scenario=self.scenario.model_dump(mode="json"),
            seed=self.seed,
            bots=self.bots,
            actions=self.actions,
            dice=dict(self.dice) or None,
            final_state_hash=self.state.state_hash(),
            result=self.state.result,
            rules=RULES_VERSION,
            bots_version=BOTS_VERSION,
            scripted=self.scripted,
        )


@dataclass(frozen=True)
class ReplayStep:
    """One step of a replay, for a caller that keeps more than its end (the game screen's
    history): the state before, the action (None: the engine's start from the set-up),
    the dice typed at the table for it, the state after, and the events of the step."""

    before: GameState
    action: Action | None
    dice: list[int] | None
    after: GameState
    events: list[Event]


ReplayObserver = Callable[[ReplayStep], None]


@dataclass(frozen=True)
class BotStep:
    """One step of a bot game, for a caller that checks or counts steps (the oracle, the
    soak): the state before, the legal actions the bot chose from, its action (None: the
    engine's start from the set-up, with no choice), the events, the state after, and the
    action's index in the game's actions (-1 for the start)."""

    before: GameState
    legal: list[Action]
    action: Action | None
    events: list[Event]
    after: GameState
    index: int


BotObserver = Callable[[BotStep], None]


def start_game(
    scenario: Scenario,
    seed: int,
    bots: list[str] | None = None,
    observe: ReplayObserver | None = None,
) -> Game:
    setup = initial_state(scenario, seed)
    state, events = start(setup)
    if observe is not None:
        observe(ReplayStep(setup, None, None, state, list(events)))
    return Game(scenario=scenario, seed=seed, bots=bots, state=state, events=list(events))


def play_action(
    game: Game,
    action: Action | dict[str, Any],
    dice: list[int] | None = None,
    all_dice: bool = False,
) -> list[Event]:
    """Apply one action to `game` (in place), with `dice` typed at the table if any
    (`all_dice`: each of them must be used)."""
    state, events = step(game.state, action, dice or None, all_dice=all_dice)
    if dice:
        game.dice[str(len(game.actions))] = list(dice)
    game.state = state
    game.actions.append(Action.model_validate(action) if isinstance(action, dict) else action)
    game.events.extend(events)
    return events


def play_bots(
    scenario: Scenario,
    seed: int,
    union: str,
    confederate: str,
    scripted: list[Action] | None = None,
    observe: BotObserver | None = None,
) -> Game:
    """A whole game between two bots; `scripted` actions (given by hand) are played first;
    `observe` sees the start and then each bot's step."""
    game = start_game(scenario, seed, [union, confederate])
    if observe is not None:
        observe(BotStep(game.state, [], None, list(game.events), game.state, -1))
    for i, action in enumerate(scripted or []):
        if game.state.over:
            raise InputError(f"action {i + 1} ({action.short()}): the game is already over")
        try:
            play_action(game, action)
        except InputError as exc:
            raise type(exc)(f"action {i + 1}: {exc}") from None
    game.scripted = len(scripted or [])
    bots = {
        "union": make_bot(union, seed * 2 + 1),
        "confederate": make_bot(confederate, seed * 2 + 2),
    }
    for _count in range(MAX_ACTIONS):
        if game.state.over:
            return game
        frame = game.state.pending
        assert frame is not None and frame.side is not None
        before = game.state
        legal = legal_actions(before)
        action = bots[frame.side.value](before, legal)
        events = play_action(game, action)
        if observe is not None:
            observe(BotStep(before, list(legal), action, events, game.state, len(game.actions) - 1))
    raise InputError(f"the game did not end within {MAX_ACTIONS} actions")


def save_game(game: Game, path: Path) -> None:
    text = json.dumps(game.to_save().model_dump(mode="json"), ensure_ascii=False, indent=1)
    atomic_write_text(path, text + "\n")


def read_save(path: Path) -> SaveFile:
    """A save file, validated; `DataError` naming the problem otherwise."""
    source = _("{path}: not a save file").format(path=path)
    data = parse_json(read_user_text(path), source, DataError)
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        where = _cut(where, 40)
        raise DataError(f"{path}: not a valid save: field '{where}': {err['msg'][:80]}") from None
    if save.format != SAVE_FORMAT:
        raise DataError(f"{path}: unknown save format {clip(save.format)} (expected {SAVE_FORMAT})")
    return save


class ReplayFailed(InputError):
    """An action of a replay that the engine refuses now (illegal, or its typed dice
    wrong or not all used); the message names the action by its number in the game."""


def replay_from(
    state: GameState,
    actions: Sequence[Action],
    dice: Mapping[str, Sequence[int]] | None = None,
    observe: ReplayObserver | None = None,
    first: int = 0,
) -> tuple[GameState, list[Event]]:
    """Replay `actions` from `state`: the one loop that rebuilds a game from its actions
    (a save's replay, the game screen's states between checkpoints). `first` is the
    index in the game of `actions[0]`; `dice` holds the dice typed at the table, keyed
    by an action's index in the game as text (as a save keeps them), and every typed die
    must be used. `observe` is told of every step. Returns the last state and every
    event; `ReplayFailed` names an action the engine refuses."""
    table = dice or {}
    events: list[Event] = []
    for i, action in enumerate(actions, first):
        typed = table.get(str(i))
        rolled = list(typed) if typed else None
        try:
            after, new = step(state, action, rolled, all_dice=True)
        except (InputError, ValueError) as exc:
            detail = f"action {i + 1} ({action.short()}) cannot be replayed: {exc}"
            raise ReplayFailed(detail) from None
        if observe is not None:
            observe(ReplayStep(state, action, rolled, after, new))
        events.extend(new)
        state = after
    return state, events


def replay_save(save: SaveFile, where: str = "save", observe: ReplayObserver | None = None) -> Game:
    """Rebuild the game of a save by replaying its actions from the seed (`replay_from`);
    `observe` is told of every step (the start included) as it is replayed."""
    try:
        scenario = Scenario.model_validate(save.scenario)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise DataError(f"{where}: scenario field '{field}': {err['msg']}") from None
    check_scenario(scenario, where)
    check_typed_dice(save.dice, len(save.actions), where)
    game = start_game(scenario, save.seed, save.bots, observe)
    game.scripted = save.scripted
    try:
        game.state, events = replay_from(game.state, save.actions, save.dice, observe)
    except ReplayFailed as exc:
        detail = str(exc)
        raise rules_changed(save.rules, where, detail) or DataError(f"{where}: {detail}") from None
    game.actions = list(save.actions)
    game.dice = {key: list(dice) for key, dice in (save.dice or {}).items() if dice}
    game.events.extend(events)
    return game


def verify(save: SaveFile, game: Game, where: str = "save") -> None:
    """The replayed state must have the saved hash, and the result the replay reaches
    (winner, VP, turns played) must be the saved one."""
    got = game.state.state_hash()
    if got != save.final_state_hash:
        saved = _cut(save.final_state_hash, 13)
        detail = f"the replay ends at hash {got[:12]}, the save at {saved}"
        raise rules_changed(save.rules, where, detail) or DataError(
            f"{where}: replay does not reproduce the saved game (hash {got[:12]} != "
            f"{saved}): the save is corrupt or was altered"
        )
    replayed = json.loads(json.dumps(game.state.result))
    if replayed != save.result:
        raise DataError(
            _(
                "{where}: the saved result {saved} is not the result the replay reaches "
                "({replayed}): the save is corrupt or was altered"
            ).format(
                where=where,
                saved=_cut(json.dumps(save.result, sort_keys=True), 40),
                replayed=_cut(json.dumps(replayed, sort_keys=True), 40),
            )
        )


def _cut(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


def verify_save(
    save: SaveFile,
    game: Game,
    where: str = "save",
    given: Scenario | None = None,
    file: str = "",
) -> tuple[BotCheck, ScenarioCheck]:
    """Everything `replay --verify` proves of a replayed save: the hash and the result
    (`verify`), its fields in range, its scenario a shipped version or the file given,
    and the bots it names choosing its actions again. `DataError` says what failed."""
    verify(save, game, where)
    check_save_fields(
        save.rules, save.bots_version, save.bots, save.scripted, len(save.actions), where
    )
    copy = check_scenario_copy(game.scenario, where, given, file)
    bots = check_bots(
        game.scenario,
        save.seed,
        save.bots,
        save.actions,
        save.scripted,
        bool(save.dice),
        where,
        save.bots_version,
    )
    return bots, copy


def check_bots(
    scenario: Scenario,
    seed: int,
    bots: list[str] | None,
    actions: list[Action],
    scripted: int,
    typed: bool,
    where: str,
    bots_version: int | None = BOTS_VERSION,
) -> BotCheck:
    """Whether the bots the save names played its actions: "verified" when they choose
    every action again; "unverified" when people played or dice were typed. A bot that
    would choose otherwise is a `DataError` (saying the bots changed when the save was made
    by another `bots_version`)."""
    if not bots or len(bots) != 2 or typed or any(b not in BOT_NAMES for b in bots):
        return "unverified"
    if scripted >= len(actions):
        return "unverified"
    game = start_game(scenario, seed, bots)
    players = {
        "union": make_bot(bots[0], seed * 2 + 1),
        "confederate": make_bot(bots[1], seed * 2 + 2),
    }
    for i, action in enumerate(actions):
        if i >= scripted:
            frame = game.state.pending
            side = frame.side.value if frame is not None and frame.side is not None else None
            chosen = players[side](game.state, legal_actions(game.state)) if side else None
            if chosen != action:
                detail = _("they would not choose action {n} ({action})").format(
                    n=i + 1, action=action.short()
                )
                changed = bots_changed(bots_version, where, detail)
                if changed is not None:
                    raise changed
                raise DataError(
                    _(
                        "{where}: the bots the save names ({bots}) would not choose action "
                        "{n} ({action}): the bots field was altered or these bots did not "
                        "play this game"
                    ).format(where=where, bots=",".join(bots), n=i + 1, action=action.short())
                )
        play_action(game, action)
    return "verified"


def load_game(path: Path) -> Game:
    """A saved game rebuilt from its actions and checked against its hash (for the TUI)."""
    save = read_save(path)
    game = replay_save(save, str(path))
    verify(save, game, str(path))
    return game
