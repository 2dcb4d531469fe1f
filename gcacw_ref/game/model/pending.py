"""The pending decision as callers read it: a small, typed, read-only description.

Bots, the CLI and the TUI need to know what the game waits for (which kind of decision,
whose, and its public facts: the marching unit and its MP left, the units chosen for an
assault and their target, the hexes of a retreat so far...) without reading the engine's
frames. `pending_decision(state)` gives a `PendingDecision` (one model per kind, told
apart by `kind`); the legal actions come from `legal_actions(state)` as before.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from gcacw_ref.game.model.frames import (
    MP,
    RETREAT_RULES,
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


class _Decision(BaseModel):
    """What every pending decision says: its kind, who decides, the rule it follows."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    side: Side
    rule: str

    def acting(self) -> tuple[str | None, str | None]:
        """The unit and the leader the decision is for, where its kind names them."""
        unit, leader = self.__dict__.get("unit"), self.__dict__.get("leader")
        return (
            unit if isinstance(unit, str) else None,
            leader if isinstance(leader, str) else None,
        )


class PlainDecision(_Decision):
    """Take the initiative or pass (4.2); choose the action (5.0): no facts beyond whose."""

    kind: Literal["initiative", "choose"]


class MarchDecision(_Decision):
    """The marching unit's next step (5.1, 6.2, 7.1): the march so far (its start first),
    its MP left, and what it has done (moved, acted, how many attacks)."""

    kind: Literal["march"] = "march"
    unit: str
    hexes: tuple[str, ...] = ()
    mp: MP
    moved: bool = False
    acted: bool = False
    attacks: int = 0


class UnitDecision(_Decision):
    """Force-march the marching unit or not (5.1); where the flooded unit goes (12.0)."""

    kind: Literal["forced_march", "swamp_exit"]
    unit: str


class ActivationDecision(_Decision):
    """An activation (5.2) at its `step` (select, transfer, march): the activated leader,
    the units chosen so far, the MP once rolled."""

    kind: Literal["activation"] = "activation"
    step: str
    leader: str
    units: tuple[str, ...] = ()
    mp: MP | None = None


class AssaultDecision(_Decision):
    """An assault (7.1) at its `step` (select, target, roll, pick, grand, ga_hexes,
    ga_units): the leader, the units chosen, those that attack (grand assault units
    included), the hex assaulted and the grand assault hexes chosen."""

    kind: Literal["assault"] = "assault"
    step: str
    leader: str
    units: tuple[str, ...] = ()
    attackers: tuple[str, ...] = ()
    target: str | None = None
    hexes: tuple[str, ...] = ()


class AccompanyDecision(_Decision):
    """The army leader may go along with the activated leader to its unit (6.3)."""

    kind: Literal["accompany"] = "accompany"
    leader: str
    unit: str


class LossDecision(_Decision):
    """Allocate the loss points still due among the units (7.5)."""

    kind: Literal["loss"] = "loss"
    units: tuple[str, ...]
    points: int


class UnitsDecision(_Decision):
    """The defending units that may retreat (7.6, optional); the units that may advance
    into `target` (7.6)."""

    kind: Literal["optional_retreat", "advance"]
    units: tuple[str, ...]
    target: str | None = None


class RetreatDecision(_Decision):
    """The next hex of a retreat (7.6): the retreating units and the hexes so far."""

    kind: Literal["retreat"] = "retreat"
    units: tuple[str, ...]
    hexes: tuple[str, ...]


class CavalryRetreatDecision(_Decision):
    """Declare a cavalry retreat (7.7) before the enemy unit `unit`, from the cavalry's hex."""

    kind: Literal["cavalry_retreat"] = "cavalry_retreat"
    unit: str
    hexes: tuple[str, ...]


class LeadersSplitDecision(_Decision):
    """Leaders go with `unit` or stay (6.3): those already moved, the hex it left."""

    kind: Literal["leaders_split"] = "leaders_split"
    unit: str
    leaders: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()


class TransferDecision(_Decision):
    """Leader transfer phase (6.3): the leaders already moved."""

    kind: Literal["transfer"] = "transfer"
    leaders: tuple[str, ...] = ()


class DestroyDecision(_Decision):
    """Try to destroy a bridge or ferry (10.2): the unit and the far hexes it may try."""

    kind: Literal["destroy"] = "destroy"
    unit: str
    hexes: tuple[str, ...]


class BuildDecision(_Decision):
    """Recovery building (8.0): the units that have built this phase."""

    kind: Literal["build"] = "build"
    units: tuple[str, ...] = ()


PendingDecision = Annotated[
    PlainDecision
    | MarchDecision
    | UnitDecision
    | ActivationDecision
    | AssaultDecision
    | AccompanyDecision
    | LossDecision
    | UnitsDecision
    | RetreatDecision
    | CavalryRetreatDecision
    | LeadersSplitDecision
    | TransferDecision
    | DestroyDecision
    | BuildDecision,
    Field(discriminator="kind"),
]
"""What the game waits for, typed per kind: each kind carries only the facts it has."""
_PENDING: TypeAdapter[PendingDecision] = TypeAdapter(PendingDecision)


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
            facts = {
                "units": frame.units,
                "hexes": (frame.start, *frame.path),
                "rule": RETREAT_RULES[frame.retreat_kind],  # a cavalry retreat's is 7.7
            }
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
    return _PENDING.validate_python(
        {"kind": frame.kind, "side": frame.side, "rule": frame.RULE, **facts}
    )


def pending_decision(state: GameState) -> PendingDecision | None:
    """The decision `state` waits for, with its public facts; None once the game is over."""
    frame = state.pending
    return describe_frame(frame) if frame is not None else None
