"""What a dice prompt shows before any die is typed: the roll's own context (the attack
it decides, or the turn and phase it belongs to, never merely the decision before it)
and, for an attack, its whole breakdown as `calc combat` gives it (odds, every modifier,
the chances of each result), from the engine's own input of that attack
(`api.attack_inputs`)."""

from __future__ import annotations

from gcacw_ref.calculators import calculator
from gcacw_ref.game.play.api import Action, ChanceRequest, CombatInput, GameState
from gcacw_ref.i18n import _
from gcacw_ref.tui.game import describe as D

MODIFIER_STEPS = "[7.4]"  # the die modifiers' lines, shown before the strengths' own

ROLL_PHASES = {"initiative": "action_cycle", "rain": "random_event"}
"""Rolls made when a phase begins: the phase they are rolled for."""


def attack_breakdown(attack: CombatInput) -> str:
    """The attack's odds, modifiers and result chances: `calc combat`'s own lines, those
    a player looks at before rolling first (the odds and columns, the die modifiers of
    7.4, the chances), the strength steps that lead to them after."""
    calc = calculator("combat")
    lines = str(calc.render(calc.run(attack))).splitlines()
    blank = [i for i, line in enumerate(lines) if not line.strip()]
    if len(blank) < 2:
        return "\n".join(lines)
    head, steps, chances = lines[: blank[0]], lines[blank[0] + 1 : blank[1]], lines[blank[1] + 1 :]
    modifiers = [line for line in steps if line.startswith(MODIFIER_STEPS)]
    strengths = [line for line in steps if not line.startswith(MODIFIER_STEPS)]
    return "\n".join([*head, *modifiers, "", *chances, "", *strengths])


def roll_context(action: Action, state: GameState, requests: tuple[ChanceRequest, ...]) -> str:
    """What the dice decide: the attack or the move the action makes ("for: Attack ·
    normal attack · on 1117 (Fork)"), or, for a bare decision after which a phase's roll
    comes ("Done" before the initiative), the turn and the phase rolled for."""
    words = D.action_words(action, state)
    if words != _(D.ACTION_WORDS.get(action.type, action.type)):
        return _("for: {action}").format(action=words)
    first = requests[0].roll if requests else ""
    phase = ROLL_PHASES.get(first, state.phase)
    return _("turn {t} · {phase}").format(t=state.turn, phase=D.phase_name(phase))
