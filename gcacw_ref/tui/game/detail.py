"""One event of the game in full, for the detail panel under the log.

The log keeps one line per event (cut at the panel's width); the event the log's cursor
is on is shown here whole: the turn and phase, the rule number with its title (from the
player's rulebook when one is imported), the event's own text wrapped, every die with
the side it belongs to, the modifiers and the differential of a combat, and the steps
the engine recorded with their rule numbers. Nothing is computed here: every figure is
the engine's, read from the event.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

from gcacw_ref.game.play.api import (
    ROLL_NAMES,
    Action,
    ChanceRequest,
    DieOwner,
    Event,
    GameState,
    die_owners,
)
from gcacw_ref.i18n import N_, _, join_list, ngettext
from gcacw_ref.rules.explain import LABEL_VALUE
from gcacw_ref.tui.game import describe as D

ROLES = {"attacker": N_("attacker"), "defender": N_("defender")}


def _side_of_units(state: GameState, ids: object) -> str:
    """The side of the first of the units `ids` (a list of ids, as an event holds them;
    from the scenario when a unit has left the board)."""
    for uid in ids if isinstance(ids, list | tuple) else []:
        unit = state.units.get(uid) if isinstance(uid, str) else None
        if unit is not None:
            return D.side_name(unit.side.value)
        for listed in state.scenario.units:
            if listed.id == uid:
                return D.side_name(listed.side.value)
    return ""


def _owner(event: Event, state: GameState) -> str:
    """Whose a single die is: the side of the unit, units or leader the event is about."""
    side = event.get("side")
    if isinstance(side, str) and D.side_name(side):
        return D.side_name(side)
    ids = [event.get("unit"), *(event.get("units") or [])]
    leader = state.leaders.get(str(event.get("leader", "")))
    if leader is not None and leader.unit:
        ids.append(leader.unit)
    return _side_of_units(state, ids)


def dice_words(event: Event, state: GameState) -> str:
    """Every die of the event with whose it is: "attacker 4 (Union), defender 2 (…)"."""
    dice: object = event.get("dice", event.get("die"))
    if dice is None:
        return ""
    if isinstance(dice, dict):
        parts = []
        for key, value in dice.items():
            if key in D.SIDES:
                parts.append(f"{D.side_name(key)} {value}")
                continue
            role = _(ROLES[key]) if key in ROLES else str(key)
            side = _side_of_units(state, event.get(f"{key}s"))
            if side:
                parts.append(_("{role} {value} ({side})").format(role=role, value=value, side=side))
            else:
                parts.append(f"{role} {value}")
        return join_list(parts)
    shown = " ".join(str(d) for d in dice) if isinstance(dice, list | tuple) else str(dice)
    owner = _owner(event, state) or _("the table")
    return _("{owner} die {value}").format(owner=owner, value=shown)


OWNERS = {**ROLES, "table": N_("the table")}


def owner_words(owner: DieOwner) -> str:
    """A die's owner as the player reads it: a side's name, a role, or the table."""
    return D.side_name(owner) or _(OWNERS[owner])


def roll_words(request: ChanceRequest, attacker: str | None = None) -> str:
    """A roll still to be made, named from the engine's chance request: its rule, what
    it is for and whose dice, in order: "[7.4] combat: attacker, defender"; with the
    attacking side known, each die by its side: "Union die (attacker), Confederate die
    (defender)"."""
    owners = die_owners(request)
    name = _(ROLL_NAMES[request.roll])
    if attacker in D.SIDES and set(owners) <= set(ROLES):
        defender = next(s for s in D.SIDES if s != attacker)
        sides = {"attacker": attacker, "defender": defender}
        whose = join_list(
            _("{side} die ({role})").format(side=D.side_name(sides[o]), role=_(ROLES[o]))
            for o in owners
        )
    elif len(set(owners)) == 1:
        whose = ngettext("{owner}: {n} die", "{owner}: {n} dice", len(owners)).format(
            owner=owner_words(owners[0]), n=len(owners)
        )
    else:
        whose = join_list(owner_words(o) for o in owners)
    return f"[{request.rule}] " + _(LABEL_VALUE).format(label=name, value=whose)


def roll_title(requests: tuple[ChanceRequest, ...] | list[ChanceRequest]) -> str:
    """The title of a dice prompt: the rolls it asks for, each by its name and rule
    ("Initiative roll (rule 4.2)"), never by the action that makes them."""
    title = " · ".join(
        _("{name} roll (rule {rule})").format(name=_(ROLL_NAMES[r.roll]), rule=r.rule)
        for r in requests
    )
    return title[:1].upper() + title[1:]


def _signed(value: object) -> str:
    return f"{value:+d}" if isinstance(value, int) else str(value)


def figure_words(event: Event) -> str:
    """The modifiers and results a combat (or any die roll) recorded, in one line."""
    bits = []
    if "attacker_drm" in event or "defender_drm" in event:
        bits.append(
            _("modifiers: attacker {a}, defender {d}").format(
                a=_signed(event.get("attacker_drm", 0)), d=_signed(event.get("defender_drm", 0))
            )
        )
    elif "drm" in event:
        bits.append(_("modifier {m}").format(m=_signed(event.get("drm"))))
    if "flank" in event:
        bits.append(_("flank {f}").format(f=_signed(event.get("flank"))))
    if "differential" in event:
        bits.append(_("differential {d}").format(d=_signed(event.get("differential"))))
    if "attacker_result" in event:
        bits.append(
            _("results: attacker {a}, defender {d}").format(
                a=event.get("attacker_result") or "-", d=event.get("defender_result") or "-"
            )
        )
    return " · ".join(bits)


def event_detail(
    event: Event | None,
    phase: str,
    action: Action | None,
    state: GameState,
    turn: int,
    node: int,
    title_of: Callable[[str], str] | None = None,
    kind: str = "",
    decision_rule: str = "",
) -> Text:
    """The whole of one log entry (an event, a silent decision, or the set-up) of node
    `node`; `state` gives names and sides (any state of the game), `turn` and `phase` are
    those the entry happened in."""
    out = Text()
    if event is None:
        if action is None:
            first = _("set-up") if node == 0 else _("start: the first decision")
            out.append(first, style="bold")
            return out
        out.append(f"T{turn} · {D.phase_name(phase)}\n", style="bold")
        rule = D.action_rule(action, kind or None, decision_rule)
        out.append(_("decision: {what}").format(what=D.action_words(action, state, False)))
        out.append(f"\n[{rule}] ", style="cyan")
        out.append(title_of(rule) if title_of else "")
        return out
    rule = str(event.get("rule", ""))
    out.append(f"T{event.get('turn', '?')} · {D.phase_name(phase)} · ", style="bold")
    out.append(f"[{rule}]", style="bold cyan")
    title = title_of(rule) if title_of and rule[:1].isdigit() else ""
    if title:
        out.append(" " + title, style="cyan")
    out.append("\n")
    text = D.event_text(event, state)
    out.append(text)
    rolled = dice_words(event, state)
    dice = _("dice: {dice}").format(dice=rolled) if rolled else ""
    said = "".join(text.split())  # not twice when the sentence names them already (4.2)
    if dice and "".join(dice.split()) not in said:
        out.append("\n" + dice, style="yellow")
    figures = figure_words(event)
    if figures:
        out.append("\n" + figures)
    for step in event.get("steps") or []:
        out.append("\n  " + str(step), style="dim")
    return out
