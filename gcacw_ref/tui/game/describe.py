"""Words for the game screen: legal actions, log lines, the hex under the cursor, the legend.

Nothing is decided here: the actions are the engine's `legal_actions`, the events the
engine's own (with their English and Japanese text); this module only puts them into
words (the rule each kind of decision is made under is the model's `action_rule`).
"""

from __future__ import annotations

from fractions import Fraction

from rich.text import Text

from gcacw_ref.game.play.api import (
    ATTACK_WORDS,
    ENTRENCHMENT_WORDS,
    SIDE_WORDS,
    Action,
    Event,
    GameState,
    HexMap,
    Scenario,
    Unit,
    ZocKind,
    describe_decision,
    direction,
    japanese_names,
    pending_decision,  # the engine: loaded with the game
    piece_names,
    render_text,
)
from gcacw_ref.game.play.api import (
    action_rule as action_rule,  # the rule a choice cites, for the panes
)
from gcacw_ref.i18n import N_, _, current_language, join_list, pgettext
from gcacw_ref.tui.game.mapstyle import strength_text

ACTION_WORDS = {
    "take": N_("Take the initiative"),
    "pass": N_("Pass"),
    "march": N_("March"),
    "activate": N_("Activate a leader"),
    "assault": N_("Assault"),
    "raid": N_("Raid a station"),
    "entrench": N_("Entrench"),
    "select": N_("Select"),
    "done": N_("Done"),
    "transfer": N_("Transfer a leader"),
    "forced_march": N_("Forced march"),
    "move": N_("Move"),
    "attack": N_("Attack"),
    "refuse": N_("Refuse the flank"),
    "unrefuse": N_("Remove the refused flank"),
    "end": N_("End the march"),
    "dismantle": N_("Dismantle the pontoon bridge"),
    "destroy": N_("Try to destroy the crossing"),
    "surrender": N_("Surrender"),
    "cavalry_retreat": N_("Cavalry retreat"),
    "retreat": N_("Retreat"),
    "stop": N_("Stop the retreat"),
    "loss": N_("Take the loss"),
    "advance": N_("Advance"),
    "grand_assault": N_("Grand assault"),
    "build": N_("Build"),
    "hex": N_("Target hex"),
}
OPTION_WORDS = {
    "yes": N_("yes"),
    "no": N_("no"),
    **{kind: word for kind, word in ATTACK_WORDS.items() if kind != "assault"},  # the log's
    "entrench": N_("entrenchment"),
    "bridge": N_("pontoon bridge"),
    "repair": N_("repair"),
}
PHASES = {
    "start": N_("set-up"),
    "random_event": N_("random events"),
    "leader_transfer": N_("leader transfer"),
    "action_cycle": N_("action cycle"),
    "recovery": N_("recovery"),
    "over": N_("game over"),
}
SIDES = {side: SIDE_WORDS[side] for side in ("union", "confederate")}  # the log's words
RANKS = {"army": N_("army"), "wing": N_("wing"), "corps": N_("corps"), "division": N_("division")}
ZOC_KINDS = {"normal": N_("normal"), "limited": N_("limited")}
LEVELS = {k: word for k, word in ENTRENCHMENT_WORDS.items() if k != "none"}  # the log's words
PLAYERS = {"human": N_("person"), "heuristic": N_("heuristic bot"), "random": N_("random bot")}
TERRAIN = {
    "clear": N_("clear"),
    "rolling": N_("rolling"),
    "rough": N_("rough"),
    "provisional_swamp": N_("provisional swamp"),
    "woods": N_("woods"),
    "city": N_("city"),
    "swamp": N_("swamp"),
    "mountain": N_("mountain"),
    "water": N_("water"),
    "village": N_("village"),
    "station": N_("station"),
    "earthworks": N_("earthworks"),
    "landing": N_("landing"),
    "road": N_("road"),
    "pike": N_("pike"),
    "railroad": N_("railroad"),
    "trail": N_("trail"),
    "creek": N_("creek"),
    "minor_river": N_("minor river"),
    "major_river": N_("major river"),
    "ford": N_("ford"),
    "bridge": N_("bridge"),
    "dam": N_("dam"),
    "ferry": N_("ferry"),
}


_ACTION_CYCLE = (
    "initiative pass march activation assault grand_assault combat retreat advance "
    "cavalry_retreat extended_march forced_march move loss station_raid refuse_flank march_end"
)  # not "surrender": a flooded unit surrenders in the random events (12.0) too
EVENT_PHASES = {t: "action_cycle" for t in _ACTION_CYCLE.split()} | {
    "recovery": "recovery",
    "turn_end": "recovery",
    "rain": "random_event",
    "game_end": "over",
}


def event_phases(events: tuple[Event, ...] | list[Event], before: str) -> list[str]:
    """The phase each event of one action happened in: from its type when the type
    belongs to one phase, else the phase of the event before it (`before` at first)."""
    out = []
    phase = before
    for e in events:
        phase = EVENT_PHASES.get(str(e.get("type")), phase)
        out.append(phase)
    return out


def side_name(side: str | None) -> str:
    return _(SIDES[side]) if side in SIDES else ""


def phase_name(phase: str) -> str:
    return _(PHASES[phase]) if phase in PHASES else phase


def name_of(state: GameState, ident: str, english: str) -> str:
    """A unit's or leader's name in the interface language: the scenario's `name_ja` in
    Japanese when it has one, else the English `name`."""
    if current_language() == "ja":
        return japanese_names(state.scenario).get(ident) or english
    return english


def scenario_title(scenario: Scenario) -> str:
    """The scenario's name in the interface language (`name_ja` in Japanese when given)."""
    info = scenario.scenario
    return info.name_ja if current_language() == "ja" and info.name_ja else info.name


def action_words(
    action: Action, state: GameState, defenders: bool = True, unit: bool = True
) -> str:
    """One legal action in words: what, who, where; with `defenders`, the other side's
    units in its hex by name (`state` must then be the position the action is chosen in,
    not a later one: the log, which has only the last position, leaves them out);
    without `unit`, not the unit's name (the choices box names the deciding unit once,
    in its title)."""
    parts = [_(ACTION_WORDS.get(action.type, action.type))]
    option = _(OPTION_WORDS.get(action.option, action.option)) if action.option else ""
    if action.type == "attack" and option:  # the kind first: it tells the choices apart
        parts.append(option)
        option = ""
    who = []
    if action.leader and action.leader in state.leaders:
        who.append(name_of(state, action.leader, state.leaders[action.leader].name))
    if unit and action.unit and action.unit in state.units:
        who.append(name_of(state, action.unit, state.units[action.unit].name))
    if who:
        parts.append(" → ".join(who))
    if action.type == "cavalry_retreat" and action.hex and not who:
        who = [name_of(state, u.id, u.name) for u in state.units_at(action.hex)]
        if who:
            parts.append(join_list(who))
    if action.hex:
        entry = (state.scenario.map_document or {}).get("hexes", {}).get(action.hex, {})
        name = (entry.get("name_ja") if current_language() == "ja" else None) or entry.get("name")
        place = f"{action.hex} {name}" if name else action.hex
        enemies = _enemies_in(action, state) if defenders else []
        if action.type == "cavalry_retreat":
            where = _("in {hex}").format(hex=place)
        elif action.type == "attack" or enemies:
            where = _("on {hex}").format(hex=place)
        else:
            where = _("to {hex}").format(hex=place)
        if enemies:  # what is attacked, not only where
            where = _("{where} ({defenders})").format(where=where, defenders=join_list(enemies))
        parts.append(where)
    if option:
        parts.append(option)
    return " · ".join(parts)


def _enemies_in(action: Action, state: GameState) -> list[str]:
    """The names of the units in the choice's hex that belong to the other side than the
    one deciding (the defenders of an attack); none for a retreat's or a march's hexes."""
    if action.hex is None or action.type == "cavalry_retreat":
        return []
    mover = state.units.get(action.unit) if action.unit else None
    facts = pending_decision(state)
    side = mover.side if mover is not None else (facts.side if facts else None)
    if side is None:
        return []
    return [name_of(state, u.id, u.name) for u in state.units_at(action.hex) if u.side != side]


def decision_text(state: GameState) -> str:
    facts = pending_decision(state)
    if facts is None:
        return _("the game is over")
    return describe_decision(facts.kind, facts.side, current_language())


def event_text(event: Event, state: GameState) -> str:
    """The event's sentence in the interface language (the same catalogs as the CLI)."""
    lang = current_language()
    return render_text(event, lang, piece_names(state.scenario, lang))


def _dice_of(event: Event) -> str:
    dice: object = event.get("dice", event.get("die"))
    if dice is None:
        return ""
    if isinstance(dice, dict):
        return " ".join(f"{side_name(k) or k} {v}" for k, v in dice.items())
    if isinstance(dice, list | tuple):
        return " ".join(str(d) for d in dice)
    return str(dice)


def log_line(
    event: Event | None,
    phase: str,
    action: Action | None,
    state: GameState,
    turn: int | None = None,
    kind: str | None = None,
    decision_rule: str = "",
) -> Text:
    """One line of the log: turn, phase, rule, the event's text, its dice. `state` gives
    the names (any state of the game); `turn` the turn of a decision (else the state's)."""
    line = Text(no_wrap=True, overflow="ellipsis")
    if event is None:
        if action is None:
            line.append(_("set-up"), style="bold")
            return line
        line.append(f"T{state.turn if turn is None else turn} ", style="dim")
        what = action_words(action, state, defenders=False)
        line.append(_("decision: {what}").format(what=what), style="dim")
        line.append(f"  [{action_rule(action, kind, decision_rule)}]", style="dim cyan")
        return line
    line.append(f"T{event.get('turn', '?')} ", style="bold")
    line.append(f"{phase_name(phase)} ", style="dim")
    line.append(f"[{event.get('rule', '')}] ", style="cyan")
    line.append(event_text(event, state))
    dice = _dice_of(event)
    if dice:
        line.append("  " + _("dice {dice}").format(dice=dice), style="yellow")
    return line


def event_hexes(event: Event | None, state: GameState) -> list[str]:
    """The hexes an event is about: where a unit moved from and to, the combat hex, ..."""
    if event is None:
        return []
    out: list[str] = []
    for key in ("frm", "to", "hex", "target", "defender_hex", "attacker_hex"):
        value = event.get(key)
        if isinstance(value, str) and len(value) == 4 and value.isdigit():
            out.append(value)
    units = [event.get("unit")] + list(event.get("units") or [])
    for uid in units:
        unit = state.units.get(uid) if isinstance(uid, str) else None
        if unit is not None and unit.hex and not out:
            out.append(unit.hex)
    return list(dict.fromkeys(out))


def unit_words(unit: Unit, state: GameState | None = None) -> str:
    name = unit.name if state is None else name_of(state, unit.id, unit.name)
    bits = [
        _("{unit} ({side})").format(unit=name, side=side_name(unit.side.value)),
        _("strength {s}").format(s=strength_text(Fraction(unit.strength))),
    ]
    if not unit.organized:
        bits.append(_("disorganized"))
    if unit.demoralized:
        bits.append(_("demoralized {n}").format(n=unit.demoralized))
    if unit.fatigue:
        bits.append(_("fatigue {n}").format(n=unit.fatigue))
    if unit.entrenchment != "none":
        level = LEVELS.get(unit.entrenchment)
        bits.append(_("entrenched: {level}").format(level=_(level) if level else unit.entrenchment))
    return join_list(bits)


def compass(name: str) -> str:
    """A direction's name ("NE", from `direction`) in the interface's language."""
    names = {
        "N": pgettext("compass", "N"),
        "NE": pgettext("compass", "NE"),
        "SE": pgettext("compass", "SE"),
        "S": pgettext("compass", "S"),
        "SW": pgettext("compass", "SW"),
        "NW": pgettext("compass", "NW"),
    }
    return names.get(name, name)


def hex_words(h: str, hexmap: HexMap, state: GameState, zoc: dict[str, dict[str, ZocKind]]) -> Text:
    """What is in hex `h`: terrain, features, hexsides, units, leaders, ZOC, VP."""
    out = Text()
    out.append(hexmap.label(h, current_language() == "ja"), style="bold")
    feats = [_(TERRAIN.get(str(f), str(f))) for f in sorted(hexmap.hex_features(h))]
    terrain = str(hexmap.terrain(h))
    out.append(" · " + join_list([_(TERRAIN.get(terrain, terrain)), *feats]))
    for n in hexmap.neighbors(h):
        hexside = hexmap.hexside(h, n)
        if hexside:
            names = join_list(_(TERRAIN.get(str(f), str(f))) for f in sorted(hexside))
            out.append(f"\n  {compass(direction(h, n))} {n}: {names}", style="dim")
    for vh in state.scenario.victory.hexes:
        if vh.hex == h:
            held = side_name(state.hex_control.get(h))
            out.append("\n" + _("VP hex: {vp} VP, held by {side}").format(vp=vh.vp, side=held))
    if h in state.stations:
        out.append("\n" + _("station: {status}").format(status=state.stations[h]))
    for side, kinds in zoc.items():
        kind = kinds.get(h)
        if kind is not None:
            out.append(
                "\n"
                + _("in the ZOC of the {side} ({kind})").format(
                    side=side_name(side), kind=_(ZOC_KINDS.get(str(kind), str(kind)))
                ),
                style="italic",
            )
    units = state.units_at(h)
    for u in units:
        out.append("\n" + unit_words(u, state))
    ids = {u.id for u in units}
    for ld in state.leaders.values():
        if ld.unit in ids:
            out.append(
                "\n* "
                + _("leader {name} ({rank}, command {c})").format(
                    name=name_of(state, ld.id, ld.name),
                    rank=_(RANKS.get(ld.rank, ld.rank)),
                    c=ld.command,
                ),
                style="bold",
            )
    return out
