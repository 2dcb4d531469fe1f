"""The engine's stack frames, one pydantic model per kind (a union tagged by `kind`).

A frame is one step of play in progress: the phase of the turn being run, or the decision
a player owes, with the bookkeeping that step carries (the unit marching and its MP left,
the units chosen for an assault, the retreat paths open...). `GameState.stack` holds them.

On the wire a frame is `{"kind", "side", "data": {...}}`: the fields of the kind under
`data`, in the order they are declared. Some fields only appear once set (`LATE`: a
march that has advanced, a cycle whose activation limit is known...); they are written
in the order they were first set, so the JSON of a state (hence its hash) is the same as
the untyped engine that kept `data` as a dict wrote.

Frames inside a `GameState` never change: a state freezes its frames (changing a field
of a frozen frame raises `FrozenFrame`), and the working copy (`engine.work.Work`) changes
a `thawed()` copy.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from gcacw_ref.game.model.frame_base import MP, FrameBase, FrozenFrame, Units, frame_kind
from gcacw_ref.rules.games import Side

__all__ = [
    "AccompanyFrame",
    "ActivationFrame",
    "AdvanceFrame",
    "AnyFrame",
    "AssaultFrame",
    "AssaultPhase",
    "AttackGoFrame",
    "AutoFrame",
    "BuildFrame",
    "CavalryRetreatFrame",
    "ChooseFrame",
    "CycleFrame",
    "DecisionFrame",
    "DestroyFrame",
    "FRAME_TYPES",
    "ForcedMarchFrame",
    "Frame",
    "FrameBase",
    "FrozenFrame",
    "InitiativeFrame",
    "LeadersSplitFrame",
    "LossFrame",
    "MP",
    "MarchFrame",
    "OptionalRetreatFrame",
    "RETREAT_RULES",
    "RecoveryFrame",
    "RetreatFrame",
    "RetreatKind",
    "RetreatPathOption",
    "SwampExitFrame",
    "TransferFrame",
    "TurnFrame",
    "Units",
    "frame_kind",
]


# --- automatic steps ---------------------------------------------------------------------
class TurnFrame(FrameBase):
    """3.0: the phases of one turn; `step` indexes the next one."""

    RULE = "3.0"
    kind: Literal["turn"] = "turn"
    side: None = None
    step: int = 0


class CycleFrame(FrameBase):
    """4.0: the action cycle; `limit` is the OTR activation limit of the phase (5.2)."""

    RULE = "4.0"
    LATE = frozenset({"limit"})
    kind: Literal["cycle"] = "cycle"
    side: None = None
    ended: bool = False
    limit: int | None = None


class RecoveryFrame(FrameBase):
    """8.0: the recovery phase; `step` indexes the next step."""

    RULE = "8.0"
    kind: Literal["recovery"] = "recovery"
    side: None = None
    step: int = 0


class AttackGoFrame(FrameBase):
    """7.1: a marching unit's attack, paid for, run once any cavalry retreat is decided."""

    RULE = "7.1"
    KEYS = {"attack_type": "type"}
    kind: Literal["attack_go"] = "attack_go"
    side: Side
    unit: str
    target: str
    attack_type: str
    cost: int


# --- decisions ---------------------------------------------------------------------------
class TransferFrame(FrameBase):
    """6.3: the leader transfer phase; `moved`: leaders already moved."""

    RULE = "6.3"
    kind: Literal["transfer"] = "transfer"
    side: Side
    moved: Units = ()


class InitiativeFrame(FrameBase):
    """4.2: take the initiative or pass; `die`: the winner's initiative die, if rolled."""

    RULE = "4.2"
    LATE = frozenset({"die"})
    kind: Literal["initiative"] = "initiative"
    side: Side
    first: bool
    lone: bool
    die: int | None = None


class ChooseFrame(FrameBase):
    """5.0: pick an action and who does it."""

    RULE = "5.0"
    kind: Literal["choose"] = "choose"
    side: Side


class ForcedMarchFrame(FrameBase):
    """5.1 step 3: force-march `unit` or not."""

    RULE = "5.1"
    kind: Literal["forced_march"] = "forced_march"
    side: Side
    unit: str


class MarchFrame(FrameBase):
    """5.1, 6.1, 6.2: one unit's march: MP left, what it did, where it went."""

    RULE = "5.1"
    LATE = frozenset({"ended", "advanced"})
    kind: Literal["march"] = "march"
    side: Side
    unit: str
    mp: MP
    moved: bool = False
    acted: bool = False
    stop: bool = False
    start: str
    attacks: int = 0
    may_attack: bool = True
    path: Units
    ended: bool = False  # 6.2 ZOC to ZOC, or a combat result that ends the march
    advanced: bool = False  # 7.8: advanced after combat (no refused flank after it)


class ActivationFrame(FrameBase):
    """5.2: a leader's activation: choose units, roll, move the leader, march them."""

    RULE = "5.2"
    LATE = frozenset({"entrench"})
    kind: Literal["activation"] = "activation"
    side: Side
    leader: str
    phase: Literal["select", "transfer", "march"] = "select"
    selected: Units = ()
    candidates: Units = ()
    mp: int = 0
    done: Units = ()
    entrench: Units = ()  # selected to entrench instead of marching (5.2 step 2)


class AccompanyFrame(FrameBase):
    """6.3: move the army or wing leader `leader` with the activated leader to `unit`?"""

    RULE = "6.3"
    kind: Literal["accompany"] = "accompany"
    side: Side
    leader: str
    unit: str


AssaultPhase = Literal["select", "target", "roll", "pick", "grand", "ga_hexes", "ga_units"]


class AssaultFrame(FrameBase):
    """5.3, 7.1: an assault: units, target, command roll, grand assault, combat."""

    RULE = "7.1"
    LATE = frozenset({"target", "max"})
    kind: Literal["assault"] = "assault"
    side: Side
    leader: str
    phase: AssaultPhase = "select"
    selected: Units = ()
    candidates: Units = ()
    attackers: Units = ()
    ga_hexes: Units = ()
    ga_units: Units = ()
    number: int = 0  # the grand assault number (7.1)
    target: str | None = None
    max: int = 0  # how many units the command roll lets attack


class LossFrame(FrameBase):
    """7.5: allocate `points` of strength loss among `units`, one at a time."""

    RULE = "7.5"
    kind: Literal["loss"] = "loss"
    side: Side
    units: Units
    points: int
    disorganize: bool
    rule: str


class OptionalRetreatFrame(FrameBase):
    """7.6: the defender may retreat any of `units` (`no_effect`: after a "-" result)."""

    RULE = "7.6"
    kind: Literal["optional_retreat"] = "optional_retreat"
    side: Side
    units: Units
    active: str
    no_effect: bool


class AdvanceFrame(FrameBase):
    """7.6: advance after combat into `target`."""

    RULE = "7.6"
    kind: Literal["advance"] = "advance"
    side: Side
    units: Units
    target: str
    march: bool
    limit: int | None = None  # 7.7 step 6: how many more units may advance (None: all)


class RetreatPathOption(BaseModel):
    """One legal retreat: its hexes, the loss entering each, whether it ends the units."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    hexes: Units
    losses: tuple[int, ...]
    dies: bool


RetreatKind = Literal["retreat", "rout", "optional", "cavalry"]
RETREAT_RULES: dict[str, str] = {
    "cavalry": "7.7",
    "retreat": "7.6",
    "rout": "7.6",
    "optional": "7.6",
}
"""The rule each kind of retreat follows: a cavalry retreat's hexes are 7.7's."""


class RetreatFrame(FrameBase):
    """7.6, 7.7: a retreat hex by hex along one of `paths`; `path`: the hexes taken."""

    RULE = "7.6"
    LATE = frozenset({"active_hex"})
    KEYS = {"retreat_kind": "kind"}
    kind: Literal["retreat"] = "retreat"
    side: Side
    units: Units
    retreat_kind: RetreatKind
    start: str
    path: Units = ()
    paths: tuple[RetreatPathOption, ...]
    override: bool
    surrender: bool
    active_hex: str | None = None


class CavalryRetreatFrame(FrameBase):
    """7.7: the cavalry in `hex` may retreat before the enemy unit `active`."""

    RULE = "7.7"
    kind: Literal["cavalry_retreat"] = "cavalry_retreat"
    side: Side
    hex: str
    active: str
    assault: bool


class LeadersSplitFrame(FrameBase):
    """6.3: `unit` left `frm`; leaders go with it or stay (`moved`: already moved)."""

    RULE = "6.3"
    kind: Literal["leaders_split"] = "leaders_split"
    side: Side
    frm: str
    unit: str
    moved: Units = ()


class DestroyFrame(FrameBase):
    """10.2: after its march `unit` may try to destroy a bridge or ferry to `targets`."""

    RULE = "10.2"
    kind: Literal["destroy"] = "destroy"
    side: Side
    unit: str
    targets: Units
    idle: bool


class BuildFrame(FrameBase):
    """8.0 step 1: entrench, lay pontoon bridges (10.1), repair crossings (10.3)."""

    RULE = "8.0"
    LATE = frozenset({"repaired", "bridge_hexes"})
    kind: Literal["build"] = "build"
    side: Side
    built: Units = ()
    repaired: bool = False  # 10.3: one repair per side and phase
    bridge_hexes: Units = ()  # 10.1: one bridge attempt per hex and phase


class SwampExitFrame(FrameBase):
    """12.0: move `unit` out of a flooded provisional swamp."""

    RULE = "12.0"
    kind: Literal["swamp_exit"] = "swamp_exit"
    side: Side
    unit: str


DecisionFrame = (
    TransferFrame
    | InitiativeFrame
    | ChooseFrame
    | ForcedMarchFrame
    | MarchFrame
    | ActivationFrame
    | AccompanyFrame
    | AssaultFrame
    | LossFrame
    | OptionalRetreatFrame
    | AdvanceFrame
    | RetreatFrame
    | CavalryRetreatFrame
    | LeadersSplitFrame
    | DestroyFrame
    | BuildFrame
    | SwampExitFrame
)
AutoFrame = TurnFrame | CycleFrame | RecoveryFrame | AttackGoFrame
AnyFrame = DecisionFrame | AutoFrame
Frame = Annotated[AnyFrame, Field(discriminator="kind")]
"""A frame of any kind, read from the wire by its `kind`."""

FRAME_TYPES: tuple[type[FrameBase], ...] = (
    TurnFrame,
    CycleFrame,
    RecoveryFrame,
    AttackGoFrame,
    TransferFrame,
    InitiativeFrame,
    ChooseFrame,
    ForcedMarchFrame,
    MarchFrame,
    ActivationFrame,
    AccompanyFrame,
    AssaultFrame,
    LossFrame,
    OptionalRetreatFrame,
    AdvanceFrame,
    RetreatFrame,
    CavalryRetreatFrame,
    LeadersSplitFrame,
    DestroyFrame,
    BuildFrame,
    SwampExitFrame,
)
