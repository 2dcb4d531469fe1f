"""The engine's public API: the one module bots, scenarios, the CLI and the TUI use.

Nothing outside the engine needs `gcacw_ref.game.engine.*`; everything a caller needs is
here, each name from its one home below (code inside the game imports from that home):

State and set-up
    `Scenario`, `load_scenario(id_or_path)`; `GameState` (immutable, JSON-ready);
    `builtin_scenarios()`: the shipped scenarios at a glance (`ScenarioSummary`);
    `initial_state(scenario, seed)` (nothing run yet), `start(state, dice=None) ->
    (state, events)` (run to the first decision), `new_game(scenario, seed, dice=None)`.
Decisions
    `Action` (one flat JSON-ready decision), `parse_action(data)`, `IllegalAction`;
    `legal_actions(state)`: the pending decision's choices (empty once over);
    `why_not(state, hex)`: the rules (`Refusal`: rule, reason) that keep a hex out of
    the pending decision's choices;
    `pending_side(state)`: "union" / "confederate" / None; `pending_decision(state)`:
    the pending decision as a typed, read-only `PendingDecision` (its `kind`, a
    `DecisionKind`; `side`, `rule`, and its public facts: the marching unit and its MP
    left, the units chosen for an assault and their target, a retreat's hexes...), None
    once over. Callers read this, never the engine's frames.
Playing
    `step(state, action, dice=None) -> (state, events)`: apply a legal action and run on
    to the next decision; `dice` are table dice (1-6) used before the seeded generator.
    `apply(state, action, dice=None) -> state`; `step_chance` is `step` keeping its
    chance requests and how many dice the seeded generator gave (`Stepped`). `Event` is
    a typed event (`type`, `turn`, `rule`, its details); `play --json` prints each with
    its `text` in one language (`model.log.event_json`).
Chance
    `dice_outcomes(n)`: every roll of n d6 with its probability; `chance_outcomes(state,
    action)`: every way the dice of one step can fall, each with its probability and the
    state and events it leads to (`ChanceOutcome`); `chance_requests(state, action)`: the
    rolls a step asks for (`ChanceRequest`: which roll, how many dice, whose, the rule;
    `die_owners(request)`: whose each of its dice is; `ROLL_NAMES`: how rolls are named),
    every die of the engine being the chance player's answer to one;
    `attack_outcomes(state, attackers, target, action, attack_type)`: the rules core's
    result distribution of an attack that the position allows, or None;
    `attack_inputs(state, action)`: the attacks a step resolves, each as `calc combat`'s
    input (`CombatInput`), known before its dice are rolled.
Serialising
    `state_hash(state)` (SHA-256 of the canonical JSON), `serialise(state) -> str`,
    `deserialise(text) -> GameState`; whole games: `Game`, `play_bots`, `save_game`,
    `read_save`, `replay_save`, `verify`, `load_game` (the save format of DESIGN.md),
    `copy_standing` (a save's scenario beside the shipped versions);
    `replay_from(state, actions, dice)`: the one loop that replays actions from a state.
For the TUI
    the model's types and look-ups the game screen shows (`HexMap`, `Unit`, `board_for`,
    `reachable`...), the read-only `Position` view and `action_rule` (the rule a choice
    cites); the TUI imports nothing else of
    `gcacw_ref.game` (an import contract in pyproject.toml).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from gcacw_ref.errors import DataError
from gcacw_ref.game.engine.common import disorganized_value
from gcacw_ref.game.engine.core import (
    Stepped,
    apply,
    initial_state,
    legal_actions,
    new_game,
    pending_side,
    start,
    step,
    step_chance,
)
from gcacw_ref.game.engine.position import Position
from gcacw_ref.game.engine.refusal import Refusal
from gcacw_ref.game.engine.whynot import why_not
from gcacw_ref.game.model.action_rules import action_rule
from gcacw_ref.game.model.actions import Action, IllegalAction, parse_action
from gcacw_ref.game.model.chance import (
    ROLL_NAMES,
    ChanceRequest,
    DieOwner,
    die_owners,
)
from gcacw_ref.game.model.events import ATTACK_WORDS, ENTRENCHMENT_WORDS, SIDE_WORDS
from gcacw_ref.game.model.geometry import direction, parse_hex
from gcacw_ref.game.model.hexmap import HexMap
from gcacw_ref.game.model.log import (
    Event,
    describe_decision,
    piece_names,
    render_text,
)
from gcacw_ref.game.model.pathing import MoveView, MovingUnit
from gcacw_ref.game.model.pending import (
    AssaultDecision,
    DecisionKind,
    MarchDecision,
    PendingDecision,
    TransferDecision,
    pending_decision,
)
from gcacw_ref.game.model.reach import reachable
from gcacw_ref.game.model.scenario import (
    SCENARIO_DIR,
    Scenario,
    board_for,
    check_scenario,
    japanese_names,
    load_scenario,
)
from gcacw_ref.game.model.scenario_list import ScenarioSummary, builtin_scenarios
from gcacw_ref.game.model.state import GameState, Unit
from gcacw_ref.game.play.bots import make_bot
from gcacw_ref.game.play.io_move import Output as MoveOutput
from gcacw_ref.game.play.replay import (
    Game,
    ReplayFailed,
    ReplayStep,
    SaveFile,
    load_game,
    play_bots,
    read_save,
    replay_from,
    replay_save,
    save_game,
    verify,
)
from gcacw_ref.game.play.save_checks import copy_standing
from gcacw_ref.rules.combat import CombatResult
from gcacw_ref.rules.combat_models import CombatInput
from gcacw_ref.rules.games import Side
from gcacw_ref.rules.zoc import ZocKind

__all__ = [
    "copy_standing",
    "action_rule",
    "ATTACK_WORDS",
    "ENTRENCHMENT_WORDS",
    "SIDE_WORDS",
    "why_not",
    "Action",
    "AssaultDecision",
    "ChanceOutcome",
    "ChanceRequest",
    "ROLL_NAMES",
    "DieOwner",
    "die_owners",
    "DecisionKind",
    "Event",
    "Game",
    "GameState",
    "IllegalAction",
    "MarchDecision",
    "MoveOutput",
    "PendingDecision",
    "Refusal",
    "ReplayFailed",
    "ReplayStep",
    "Scenario",
    "TransferDecision",
    "apply",
    "attack_inputs",
    "attack_outcomes",
    "CombatInput",
    "chance_outcomes",
    "chance_requests",
    "deserialise",
    "dice_outcomes",
    "initial_state",
    "legal_actions",
    "load_game",
    "load_scenario",
    "new_game",
    "parse_action",
    "pending_decision",
    "pending_side",
    "play_bots",
    "read_save",
    "replay_from",
    "replay_save",
    "save_game",
    "serialise",
    "start",
    "state_hash",
    "step",
    "step_chance",
    "Stepped",
    "verify",
    # for the TUI: the model's types and look-ups it shows
    "SCENARIO_DIR",
    "HexMap",
    "MovingUnit",
    "SaveFile",
    "Unit",
    "board_for",
    "builtin_scenarios",
    "ScenarioSummary",
    "check_scenario",
    "describe_decision",
    "direction",
    "japanese_names",
    "make_bot",
    "parse_hex",
    "piece_names",
    "reachable",
    "render_text",
    "MoveView",
    "Position",
    "ZocKind",
    "command_range",
    "disorganized_value",
    "move_view",
    "unit_combat_strength",
    "zoc_of",
]

MAX_CHANCE_DICE = 4


def state_hash(state: GameState) -> str:
    """SHA-256 of the state's canonical JSON (the same game gives the same hash)."""
    return state.state_hash()


def serialise(state: GameState) -> str:
    """The state as JSON text (scenario and map included: self-contained)."""
    return state.model_dump_json()


def deserialise(text: str) -> GameState:
    """A state from `serialise`'s text; `DataError` naming the problem otherwise."""
    try:
        return GameState.model_validate_json(text)
    except ValueError as exc:
        raise DataError(f"not a game state: {str(exc).splitlines()[0]}") from None


def dice_outcomes(n: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every roll of `n` six-sided dice, in order, each with its probability."""
    p = Fraction(1, 6**n)
    return [(roll, p) for roll in product(range(1, 7), repeat=n)]


@dataclass(frozen=True)
class ChanceOutcome:
    """One way the dice of a step can fall: the dice used, in order, their probability,
    where they lead, and the rolls (`ChanceRequest`) that asked for them. `exhaustive` is
    False when the step wanted more dice than `chance_outcomes` enumerates (the rest then
    came from the seeded generator)."""

    dice: tuple[int, ...]
    probability: Fraction
    state: GameState
    events: list[Event]
    exhaustive: bool = True
    requests: tuple[ChanceRequest, ...] = ()


def chance_outcomes(
    state: GameState, action: Action | dict[str, object], max_dice: int = MAX_CHANCE_DICE
) -> list[ChanceOutcome]:
    """Every way the dice of `step(state, action)` can fall, with probabilities summing
    to 1: the chance player is given each sequence of typed dice, lengthened one die at
    a time while the step still asks the seeded generator for more (up to `max_dice`)."""
    out: list[ChanceOutcome] = []
    frontier: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while frontier:
        prefix, p = frontier.pop(0)
        done = step_chance(state, action, list(prefix))
        if not done.seeded or len(prefix) >= max_dice:
            out.append(
                ChanceOutcome(prefix, p, done.state, done.events, not done.seeded, done.requests)
            )
        else:
            frontier.extend((prefix + (d,), p / 6) for d in range(1, 7))
    return out


def chance_requests(
    state: GameState, action: Action | dict[str, object]
) -> tuple[ChanceRequest, ...]:
    """The rolls `step(state, action)` asks the chance player for when the seeded
    generator answers (a later roll may depend on an earlier one's dice): which roll,
    how many dice, whose, and the rule. Nothing is kept."""
    return step_chance(state, action).requests


def attack_outcomes(
    state: GameState,
    attackers: list[str],
    target: str,
    action: str,
    attack_type: str | None,
) -> CombatResult | None:
    """The rules core's verdict on an attack by `attackers` on the hex `target` as the
    position stands (`Position.attack_outcomes`), or None when it is not allowed."""
    return Position(state).attack_outcomes(attackers, target, action, attack_type)


def attack_inputs(state: GameState, action: Action | dict[str, object]) -> tuple[CombatInput, ...]:
    """7.1-7.4: every attack `step(state, action)` resolves, each as the rules core's input
    (the same as `calc combat`'s: units, terrain, hexside, flank, leaders, assault), its
    dice left out, from a dry run (nothing is kept). When the step's first roll decides
    whether an attack happens at all (7.1's assault command die), each of its values is
    tried until one leads to the attack; none found: empty."""
    done = step_chance(state, action)
    if done.attacks or not done.requests or done.requests[0].roll == "combat":
        return done.attacks
    first = done.requests[0]
    for die in range(1, 7):
        tried = step_chance(state, action, [die] * first.dice)
        if tried.attacks:
            return tried.attacks
    return ()


# --- for the TUI ---
# What the game screen reads from a position beside `pending_decision`, so that no TUI
# module imports the engine or reads a frame.


def unit_combat_strength(state: GameState, uid: str) -> Fraction:
    """7.2: unit `uid`'s combat strength now (printed when organized, else
    `disorganized_value`)."""
    return Position(state).combat_strength(uid)


def zoc_of(state: GameState, side: str) -> dict[str, ZocKind]:
    """2.4 (10.2, 12.0): the hexes in the ZOC of `side`'s units (`Position.zoc_of`)."""
    return Position(state).zoc_of(Side(side))


def command_range(state: GameState, leader_id: str) -> dict[str, list[str]]:
    """2.5: the hexes within the leader's command radius, each with its path."""
    return Position(state).command_range(leader_id)


def move_view(state: GameState, side: str) -> MoveView:
    """6.2: the position as a moving unit of `side` sees it (`Position.move_view`)."""
    return Position(state).move_view(Side(side))
