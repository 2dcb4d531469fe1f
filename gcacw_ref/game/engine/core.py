"""The engine's public face: `new_game`, `legal_actions`, `apply`.

`apply` validates the action against `legal_actions`, applies it to a working copy, then
runs every step that needs no decision (including decisions with a single choice) until
a real decision is pending or the game is over. Every roll is a `ChanceRequest` answered
by the chance player (`engine.chance`): the typed dice first, then the seeded generator
kept in the state.
"""

from __future__ import annotations

from dataclasses import dataclass

from gcacw_ref.game.engine import (  # noqa: F401  (registers frame kinds)
    activation,
    assault,
    combat,
    march,
    misc,
    recovery,
    retreat,
    turn,
)
from gcacw_ref.game.engine.registry import HANDLERS
from gcacw_ref.game.engine.weather import check_rain_events
from gcacw_ref.game.engine.work import EngineBug, Work
from gcacw_ref.game.model.actions import Action, IllegalAction, parse_action
from gcacw_ref.game.model.chance import ChanceRequest
from gcacw_ref.game.model.frames import TurnFrame
from gcacw_ref.game.model.log import Event
from gcacw_ref.game.model.scenario import Scenario
from gcacw_ref.game.model.state import GameState, Leader, Rng, Unit
from gcacw_ref.rules.combat_models import CombatInput

MAX_AUTO_STEPS = 100_000


def initial_state(scenario: Scenario, seed: int) -> GameState:
    """The scenario's set-up, before anything has run (its rain results checked, 12.0)."""
    check_rain_events(scenario)
    units = {
        u.id: Unit(
            id=u.id,
            name=u.name,
            side=u.side,
            kind=u.kind,
            size=u.size,
            corps=u.corps,
            division=u.division,
            tactical=u.tactical,
            artillery=u.artillery,
            strength=u.strength,
            organized=u.organized,
            fatigue=u.fatigue,
            exhausted=u.exhausted,
            demoralized=u.demoralized,
            entrenchment=u.entrenchment,
            hex=u.hex,
            army_of_the_potomac=u.army_of_the_potomac,
        )
        for u in scenario.units
    }
    leaders = {
        ld.id: Leader(
            id=ld.id,
            name=ld.name,
            side=ld.side,
            rank=ld.rank,
            cavalry=ld.cavalry,
            command=ld.command,
            tactical=ld.tactical,
            commands=tuple(ld.commands),
            unit=ld.with_unit,
        )
        for ld in scenario.leaders
    }
    control = {vh.hex: vh.owner.value for vh in scenario.victory.hexes}
    return GameState(
        scenario=scenario,
        units=units,
        leaders=leaders,
        rng=Rng(seed=seed),
        hex_control=control,
        stack=(),
    )


def new_game(scenario: Scenario, seed: int, dice: list[int] | None = None) -> GameState:
    """A new game of `scenario`, run up to its first decision."""
    state = initial_state(scenario, seed)
    state, _ = start(state, dice)
    return state


def start(state: GameState, dice: list[int] | None = None) -> tuple[GameState, list[Event]]:
    """Put the first turn on the stack and run to the first decision."""
    w = Work(state, dice)
    w.push(TurnFrame(step=0))
    run(w)
    return w.freeze(), w.events


def options_of(w: Work) -> list[Action]:
    if not w.stack or w.result is not None:
        return []
    frame = w.top()
    handler = HANDLERS.get(frame.kind)
    if handler is None or handler.automatic:
        raise EngineBug(f"frame {frame.kind} is not a decision")
    return handler.options(w, frame)


def run(w: Work) -> None:
    """Run automatic steps (and single-choice decisions) until a real decision is pending."""
    w.offered = None
    for _ in range(MAX_AUTO_STEPS):
        if not w.stack or w.result is not None:
            return
        frame = w.top()
        handler = HANDLERS.get(frame.kind)
        if handler is None:
            raise EngineBug(f"no handler for frame {frame.kind}")
        if handler.automatic:
            handler.run(w, frame)
            continue
        opts = handler.options(w, frame)
        if not opts:
            raise EngineBug(f"decision {frame.kind} has no legal action")
        if len(opts) == 1:
            handler.decide(w, frame, opts[0])
            continue
        w.offered = tuple(opts)  # the new state's legal actions: not worked out twice
        return
    raise EngineBug("the engine ran too many automatic steps")


def legal_actions(state: GameState) -> list[Action]:
    """Every action the pending decision allows (empty once the game is over)."""
    if state._legal is None:
        state._legal = tuple(options_of(Work(state)))
    return list(state._legal)


@dataclass(frozen=True)
class Stepped:
    """One step's outcome with its chance: the new state, the events, every roll the
    step asked the chance player for, and how many dice the seeded generator supplied
    (0: the typed dice decided everything)."""

    state: GameState
    events: list[Event]
    requests: tuple[ChanceRequest, ...]
    seeded: int
    attacks: tuple[CombatInput, ...] = ()
    """Every attack the step resolved, as `calc combat`'s input (its dice left out)."""


def step_chance(
    state: GameState,
    action: Action | dict[str, object],
    dice: list[int] | None = None,
    *,
    all_dice: bool = False,
) -> Stepped:
    """Apply `action` and run on to the next decision (`step`), keeping the chance
    requests. With `all_dice`, typed dice the step did not use are an error (a replay's
    check)."""
    act = parse_action(action)
    if state.result is not None:
        raise IllegalAction("the game is over: no more actions")
    legal = legal_actions(state)
    w = Work(state, dice)
    # a bot hands back one of the legal actions themselves: found without comparing fields
    if not any(a is act for a in legal) and act not in legal:
        raise IllegalAction(
            f"illegal action {act.short()!r} for the pending decision {w.stack[-1].kind!r}"
            f" ({len(legal)} legal actions)"
        )
    frame = w.top()
    HANDLERS[frame.kind].decide(w, frame, act)
    run(w)
    if all_dice and w.chance.typed:
        raise ValueError(f"{len(w.chance.typed)} of the {len(dice or [])} typed dice were not used")
    return Stepped(
        w.freeze(), w.events, tuple(w.chance.requests), w.chance.seeded, tuple(w.attacks)
    )


def step(
    state: GameState,
    action: Action | dict[str, object],
    dice: list[int] | None = None,
    *,
    all_dice: bool = False,
) -> tuple[GameState, list[Event]]:
    """Apply `action` and run on to the next decision; returns the new state and events.
    With `all_dice`, typed dice the step did not use are an error (a replay's check)."""
    done = step_chance(state, action, dice, all_dice=all_dice)
    return done.state, done.events


def apply(
    state: GameState, action: Action | dict[str, object], dice: list[int] | None = None
) -> GameState:
    """The state after `action` (see `step` for the events too)."""
    return step(state, action, dice)[0]


def pending_side(state: GameState) -> str | None:
    """Which side must decide now (None when the game is over)."""
    frame = state.pending
    return frame.side.value if frame is not None and frame.side is not None else None
