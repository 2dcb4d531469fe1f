"""The pending decision as callers read it: a small, typed, read-only description.

Bots, the CLI and the TUI need to know what the game waits for (which kind of decision,
whose, and its public facts: the marching unit and its MP left, the units chosen for an
assault and their target, the hexes of a retreat so far...) without reading the engine's
frames. `pending_decision(state)` gives a `PendingDecision`; the legal actions come from
`legal_actions(state)` as before.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict

from gcacw_ref.game.model.frames import (
    MP,
    AccompanyFrame,
    ActivationFrame,
    AdvanceFrame,
    AnyFrame,
    AssaultFrame,
    BuildFrame,
    CavalryRetreatFrame,
    ChooseFrame,
    DestroyFrame,
    ForcedMarchFrame,
    InitiativeFrame,
    LeadersSplitFrame,
    LossFrame,
    MarchFrame,
    OptionalRetreatFrame,
    RetreatFrame,
    SwampExitFrame,
    TransferFrame,
)
from gcacw_ref.game.model.state import GameState
from gcacw_ref.rules.games import Side

DecisionKind = Literal[
    "transfer",
    "initiative",
    "choose",
    "forced_march",
    "march",
    "activation",
    "accompany",
    "assault",
    "loss",
    "optional_retreat",
    "advance",
    "retreat",
    "cavalry_retreat",
    "leaders_split",
    "destroy",
    "build",
    "swamp_exit",
]


class PendingDecision(BaseModel):
    """What the game waits for. Fields a kind has no use for keep their defaults.

    - `kind`, `side`: the decision and who makes it; `rule`: the rule it follows.
    - `step`: the step inside an `activation` (select, transfer, march) or an `assault`
      (select, target, roll, pick, grand, ga_hexes, ga_units).
    - `unit`: the unit it is about: the marching unit (`march`, `forced_march`), the unit
      that may destroy a crossing (`destroy`), the flooded unit (`swamp_exit`), the unit
      leaders may go with (`leaders_split`, `accompany`), the enemy unit the cavalry would
      retreat before (`cavalry_retreat`).
    - `leader`: the activated or assaulting leader; the leader who may go along (`accompany`).
    - `units`: the units chosen so far (`activation`, `assault`); the units that take the
      loss, may retreat, advance or are retreating (`loss`, `optional_retreat`, `advance`,
      `retreat`); the leaders already moved (`transfer`, `leaders_split`) are in `leaders`.
    - `attackers`: the units that attack in an assault (grand assault units included).
    - `target`: the hex assaulted, or advanced into.
    - `hexes`: the march or retreat so far (its start first); the far hexes of the
      crossings `destroy` may try; the grand assault hexes chosen; the cavalry's hex.
    - `mp`: a march's MP left; an activation's MP once rolled. `moved`, `acted`,
      `attacks`: what the marching unit has done (6.2, 7.1).
    - `points`: loss points still to allocate (`loss`).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind: DecisionKind
    side: Side
    rule: str
    step: str | None = None
    unit: str | None = None
    leader: str | None = None
    units: tuple[str, ...] = ()
    leaders: tuple[str, ...] = ()
    attackers: tuple[str, ...] = ()
    target: str | None = None
    hexes: tuple[str, ...] = ()
    mp: MP | None = None
    moved: bool = False
    acted: bool = False
    attacks: int = 0
    points: int | None = None


def describe_frame(frame: AnyFrame) -> PendingDecision | None:
    """The public facts of a decision frame (None for a step that runs by itself)."""
    facts: dict[str, object]
    match frame:
        case MarchFrame():
            facts = {
                "unit": frame.unit,
                "hexes": frame.path,
                "mp": Fraction(frame.mp),
                "moved": frame.moved,
                "acted": frame.acted,
                "attacks": frame.attacks,
            }
        case ForcedMarchFrame() | SwampExitFrame():
            facts = {"unit": frame.unit}
        case ActivationFrame():
            facts = {"step": frame.phase, "leader": frame.leader, "units": frame.selected}
            if frame.phase != "select":
                facts["mp"] = Fraction(frame.mp)
        case AssaultFrame():
            facts = {
                "step": frame.phase,
                "leader": frame.leader,
                "units": frame.selected,
                "attackers": (*frame.attackers, *frame.ga_units),
                "target": frame.target,
                "hexes": frame.ga_hexes,
            }
        case AccompanyFrame():
            facts = {"leader": frame.leader, "unit": frame.unit}
        case LossFrame():
            facts = {"units": frame.units, "points": frame.points}
        case OptionalRetreatFrame():
            facts = {"units": frame.units}
        case AdvanceFrame():
            facts = {"units": frame.units, "target": frame.target}
        case RetreatFrame():
            facts = {"units": frame.units, "hexes": (frame.start, *frame.path)}
        case CavalryRetreatFrame():
            facts = {"unit": frame.active, "hexes": (frame.hex,)}
        case LeadersSplitFrame():
            facts = {"unit": frame.unit, "leaders": frame.moved, "hexes": (frame.frm,)}
        case TransferFrame():
            facts = {"leaders": frame.moved}
        case DestroyFrame():
            facts = {"unit": frame.unit, "hexes": frame.targets}
        case BuildFrame():
            facts = {"units": frame.built}
        case InitiativeFrame() | ChooseFrame():
            facts = {}
        case _:  # turn, cycle, recovery, attack_go: no decision
            return None
    return PendingDecision.model_validate(
        {"kind": frame.kind, "side": frame.side, "rule": frame.RULE, **facts}
    )


def pending_decision(state: GameState) -> PendingDecision | None:
    """The decision `state` waits for, with its public facts; None once the game is over."""
    frame = state.pending
    return describe_frame(frame) if frame is not None else None
