"""Player decisions as data: one flat, JSON-ready `Action` model.

Every decision a player makes is an `Action` with a `type` and the fields that type needs
(`unit`, `leader`, `hex`, `option`). `legal_actions(state)` lists them; `apply(state,
action)` checks that the action is one of them before doing anything. A replay is the
scenario, the seed and the list of actions.

Types (the decision they answer):
  take, pass                          initiative (4.2)
  march, activate, assault, raid, entrench   choose the action (5.0)
  select, done                        pick units for an activation, assault, grand assault
  transfer                            move a leader to another unit (6.3; leader, unit)
  forced_march (option yes/no)        5.1 step 3
  move (hex), attack (hex, option=column|hasty|normal|prepared), refuse, unrefuse, end,
  dismantle (hex)                     during a march
  destroy (hex), done                 try to destroy a bridge or ferry after a march (10.2)
  surrender                           no way out (retreat, flooded swamp)
  cavalry_retreat (option yes/no)     7.7, decided by the cavalry's owner
  retreat (hex), stop                 one hex of a retreat or rout (7.6)
  loss (unit)                         allocate one strength point of loss (7.5)
  advance (unit), done                advance after combat (7.6)
  grand_assault (option yes/no), hex  7.1 grand assault
  build (unit, option=entrench|bridge|repair, hex)  recovery step 1 (8.0)
"""

from __future__ import annotations

from typing import Literal, get_args

from pydantic import BaseModel, ConfigDict

from gcacw_ref.errors import InputError

ActionType = Literal[
    "take",
    "pass",
    "march",
    "activate",
    "assault",
    "raid",
    "entrench",
    "select",
    "done",
    "transfer",
    "forced_march",
    "move",
    "attack",
    "refuse",
    "unrefuse",
    "end",
    "dismantle",
    "destroy",
    "surrender",
    "cavalry_retreat",
    "retreat",
    "stop",
    "loss",
    "advance",
    "grand_assault",
    "hex",
    "build",
]
"""Every kind of decision (the closed set: an action of another type is refused)."""
ACTION_TYPES: tuple[str, ...] = get_args(ActionType)

ActionOption = Literal[
    "yes",
    "no",
    "march",
    "entrench",
    "bridge",
    "repair",
    "column",
    "hasty",
    "normal",
    "prepared",
]
"""The options an action may carry: yes/no answers, what a selected unit will do (march,
entrench), what a recovery build is (entrench, bridge, repair), an attack type."""


class Action(BaseModel):
    """One decision."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    type: ActionType
    unit: str | None = None
    leader: str | None = None
    hex: str | None = None
    option: ActionOption | None = None

    def short(self) -> str:
        """A compact readable form, e.g. `move u-1-I 0405`."""
        parts: list[str] = [self.type]
        parts += [p for p in (self.leader, self.unit, self.hex, self.option) if p]
        return " ".join(parts)


class IllegalAction(InputError):
    """An action that is not among the legal actions of the state it was given to."""


def parse_action(data: object) -> Action:
    """An `Action` from a JSON-like dict; `IllegalAction` naming the problem otherwise."""
    if isinstance(data, Action):
        return data
    if not isinstance(data, dict):
        raise IllegalAction(f"action: expected an object, got {type(data).__name__}")
    if data.get("type") not in ACTION_TYPES:
        raise IllegalAction(f"illegal action {str(data.get('type'))!r}: no such action type")
    try:
        return Action.model_validate(data)
    except Exception as exc:  # pydantic ValidationError: keep one line
        raise IllegalAction(f"action {data!r}: {str(exc).splitlines()[0]}") from None
