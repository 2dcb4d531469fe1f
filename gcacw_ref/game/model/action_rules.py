"""The rule each kind of decision is made under: what a choice on the game screen cites
when a player asks for its rule (the engine's frames carry their own `RULE`)."""

from __future__ import annotations

from gcacw_ref.game.model.actions import Action

# the rule each type of decision is made under (see the types in `actions`)
ACTION_RULES = {
    "take": "4.2",
    "pass": "4.2",
    "march": "5.1",
    "activate": "5.2",
    "assault": "5.3",
    "raid": "5.4",
    "entrench": "5.5",
    "transfer": "6.3",
    "forced_march": "5.1",
    "move": "6.2",
    "attack": "7.1",
    "refuse": "7.8",
    "unrefuse": "7.8",
    "end": "6.1",
    "dismantle": "10.2",
    "destroy": "10.2",
    "surrender": "7.6",
    "cavalry_retreat": "7.7",
    "retreat": "7.6",
    "stop": "7.6",
    "loss": "7.5",
    "advance": "7.6",
    "grand_assault": "7.1",
    "build": "8.0",
}
# decisions whose `select` / `done` / `hex` actions belong to another rule
FRAME_RULES = {
    "activation": "5.2",
    "assault": "5.3",
    "advance": "7.6",
    "destroy": "10.2",
    "build": "8.0",
    "transfer": "6.3",
    "loss": "7.5",
}
BUILD_RULES = {"entrench": "9.0", "bridge": "10.1", "repair": "10.3"}
# choices that follow the rule of the decision they answer, as the engine cites it: the
# hexes of a retreat are 7.6's, of a cavalry retreat 7.7's
DECISION_RULED = frozenset({"retreat", "stop"})


def action_rule(action: Action, frame_kind: str | None, decision_rule: str = "") -> str:
    """The rule a choice applies; `decision_rule` is the engine's rule for the decision
    it answers (`PendingDecision.rule`), which some choices follow."""
    if decision_rule and action.type in DECISION_RULED:
        return decision_rule
    if action.type == "build" and action.option in BUILD_RULES:
        return BUILD_RULES[action.option]
    if action.type in ("select", "done", "hex") or action.type not in ACTION_RULES:
        fallback = decision_rule or ACTION_RULES.get(action.type, "5.0")
        return FRAME_RULES.get(frame_kind or "", fallback)
    return ACTION_RULES[action.type]
