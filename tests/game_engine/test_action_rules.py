"""The rule each choice cites (`game.model.action_rules`): every action type has one, and the
choices that follow their decision or their frame cite that decision's rule."""

from __future__ import annotations

from typing import get_args

from gcacw_ref.game.model.action_rules import ACTION_RULES, action_rule
from gcacw_ref.game.model.actions import Action, ActionType


def test_every_action_type_but_the_generic_ones_names_its_rule() -> None:
    generic = {"select", "done", "hex"}
    assert set(get_args(ActionType)) - generic == set(ACTION_RULES)


def test_choices_cite_their_rule() -> None:
    assert action_rule(Action(type="march", unit="u1"), None) == "5.1"
    assert action_rule(Action(type="build", unit="u1", option="bridge"), "build") == "10.1"
    assert action_rule(Action(type="build", unit="u1", option="entrench"), "build") == "9.0"
    # a retreat hex follows the decision it answers (7.7 for a cavalry retreat's hexes)
    assert action_rule(Action(type="retreat", hex="0101"), "retreat", "7.7") == "7.7"
    assert action_rule(Action(type="retreat", hex="0101"), "retreat") == "7.6"
    # generic choices take their frame's rule, else the decision's, else 5.0
    assert action_rule(Action(type="select", unit="u1"), "assault") == "5.3"
    assert action_rule(Action(type="done"), "leaders_split", "6.3") == "6.3"
    assert action_rule(Action(type="done"), None) == "5.0"
