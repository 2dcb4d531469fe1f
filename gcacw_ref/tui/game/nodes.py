"""The records of a game's history: a node per action and a stop per cursor place."""

from __future__ import annotations

from dataclasses import dataclass, field

from gcacw_ref.game.play.api import Action, Event, GameState


@dataclass(frozen=True)
class Node:
    """The game after one action (or the set-up / the start).

    `state` is None where it is not kept (see `history`'s docstring: `History.state_of`
    rebuilds it); `turn` and `phase` are the state's, kept for the log and the turn keys.
    """

    state: GameState | None = field(compare=False)  # kept or not, the same node
    events: tuple[Event, ...] = ()
    action: Action | None = None
    dice: tuple[int, ...] = ()  # dice typed at the table for this action
    by: str = ""  # who chose the action: "human" or a bot's name
    turn: int = 0
    phase: str = ""
    kind: str = ""  # the kind of decision the action answered (its rule in the log)
    rule: str = ""  # the rule of that decision, as the engine cites it (7.7 for a cavalry retreat)


def node_of(
    state: GameState,
    events: tuple[Event, ...] = (),
    action: Action | None = None,
    dice: tuple[int, ...] = (),
    by: str = "",
    kind: str = "",
    rule: str = "",
) -> Node:
    """A node for `state`, with the facts the screen reads without the state."""
    return Node(state, events, action, dice, by, state.turn, state.phase, kind, rule)


@dataclass(frozen=True)
class Stop:
    """One cursor position: event `event` of node `node` (None: the node itself)."""

    node: int
    event: int | None
