"""Playing whole games, saving them, and replaying them.

A save is JSON: the scenario document (its map included), the seed, the bots, every
action in order, the final state hash and the final state itself. A replay rebuilds the
game from the scenario, the seed and the actions; `verify` proves the rebuilt state has
the saved hash. Saves are written atomically: a failed save never leaves half a file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from gcacw_ref.errors import DataError, InputError
from gcacw_ref.game.engine.core import legal_actions, step
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.log import Event
from gcacw_ref.game.model.scenario import Scenario, check_scenario
from gcacw_ref.game.model.state import GameState
from gcacw_ref.game.play.bots import make_bot
from gcacw_ref.i18n import _
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
    dice: dict[str, list[int]] | None = None
    final_state_hash: str
    result: dict[str, Any] | None = None


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
        )


def start_game(scenario: Scenario, seed: int, bots: list[str] | None = None) -> Game:
    from gcacw_ref.game.engine.core import initial_state, start

    state, events = start(initial_state(scenario, seed))
    return Game(scenario=scenario, seed=seed, bots=bots, state=state, events=list(events))


def play_action(
    game: Game, action: Action | dict[str, Any], dice: list[int] | None = None
) -> list[Event]:
    """Apply one action to `game` (in place), with `dice` typed at the table if any."""
    state, events = step(game.state, action, dice or None)
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
) -> Game:
    """A whole game between two bots; `scripted` actions (given by hand) are played first."""
    game = start_game(scenario, seed, [union, confederate])
    for i, action in enumerate(scripted or []):
        if game.state.over:
            raise InputError(f"action {i + 1} ({action.short()}): the game is already over")
        try:
            play_action(game, action)
        except InputError as exc:
            raise type(exc)(f"action {i + 1}: {exc}") from None
    bots = {
        "union": make_bot(union, seed * 2 + 1),
        "confederate": make_bot(confederate, seed * 2 + 2),
    }
    for _count in range(MAX_ACTIONS):
        if game.state.over:
            return game
        frame = game.state.pending
        assert frame is not None and frame.side is not None
        legal = legal_actions(game.state)
        play_action(game, bots[frame.side.value](game.state, legal))
    raise InputError(f"the game did not end within {MAX_ACTIONS} actions")


def save_game(game: Game, path: Path) -> None:
    text = json.dumps(game.to_save().model_dump(mode="json"), ensure_ascii=False, indent=1)
    atomic_write_text(path, text + "\n")


def read_save(path: Path) -> SaveFile:
    """A save file, validated; `DataError` naming the problem otherwise."""
    from gcacw_ref.i18n import _
    from gcacw_ref.jsonin import parse_json

    source = _("{path}: not a save file").format(path=path)
    data = parse_json(read_user_text(path), source, DataError)
    try:
        save = SaveFile.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise DataError(f"{path}: not a valid save: field '{where}': {err['msg']}") from None
    if save.format != SAVE_FORMAT:
        raise DataError(f"{path}: unknown save format {save.format!r} (expected {SAVE_FORMAT})")
    return save


def replay_save(save: SaveFile, where: str = "save") -> Game:
    """Rebuild the game of a save by replaying its actions from the seed."""
    try:
        scenario = Scenario.model_validate(save.scenario)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise DataError(f"{where}: scenario field '{field}': {err['msg']}") from None
    check_scenario(scenario, where)
    game = start_game(scenario, save.seed, save.bots)
    table_dice = save.dice or {}
    for i, action in enumerate(save.actions):
        try:
            play_action(game, action, table_dice.get(str(i)))
        except (InputError, ValueError) as exc:
            raise DataError(
                f"{where}: action {i + 1} ({action.short()}) cannot be replayed: {exc}"
            ) from None
    return game


def verify(save: SaveFile, game: Game, where: str = "save") -> None:
    """The replayed state must have the saved hash, and the result the replay reaches
    (winner, VP, turns played) must be the saved one."""
    got = game.state.state_hash()
    if got != save.final_state_hash:
        raise DataError(
            f"{where}: replay does not reproduce the saved game (hash {got[:12]} != "
            f"{save.final_state_hash[:12]}): the save is corrupt or was altered"
        )
    replayed = json.loads(json.dumps(game.state.result))
    if replayed != save.result:
        raise DataError(
            _(
                "{where}: the saved result {saved} is not the result the replay reaches "
                "({replayed}): the save is corrupt or was altered"
            ).format(
                where=where,
                saved=json.dumps(save.result, sort_keys=True),
                replayed=json.dumps(replayed, sort_keys=True),
            )
        )


def load_game(path: Path) -> Game:
    """A saved game rebuilt from its actions and checked against its hash (for the TUI)."""
    save = read_save(path)
    game = replay_save(save, str(path))
    verify(save, game, str(path))
    return game
