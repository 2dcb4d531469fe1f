"""What the game pane writes: its status line, its log lines and its choices, built from
the history alone (no widget here; `GamePane` puts them on screen)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets.option_list import Option

from gcacw_ref.game.play.api import Action, pending_decision
from gcacw_ref.i18n import _, join_list
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.choiceline import ChoiceLine
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.touchkit import hint

SPEEDS = (2.0, 1.0, 0.5, 0.25, 0.1, 0.05)
"""Autoplay's seconds per step, from slow to fast."""


def status_line(
    h: History,
    message: str,
    autoplay: bool,
    speed: int,
    table_dice: bool,
    dice_wait: bool,
    busy: bool,
) -> Text:
    """The two status lines: turn, phase, VP, the cursor, the modes; then the last note
    `message` (first, so a cut line keeps it) and who decides what (or the result)."""
    s = h.state
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append(
        _("turn {t}/{n}").format(t=s.turn, n=s.scenario.scenario.turns) + " · ", style="bold"
    )
    line.append(D.phase_name(s.phase) + " · ")
    line.append(
        _("VP {u}–{c}").format(u=s.vp.get("union", 0), c=s.vp.get("confederate", 0)) + " · "
    )
    line.append(_("event {i}/{n}").format(i=h.cursor, n=len(h.stops) - 1))
    if autoplay:
        line.append("  ▶ " + _("autoplay {s}s").format(s=SPEEDS[speed]), style="green")
    if table_dice:
        line.append("  " + _("table dice"), style="yellow")
    if dice_wait:
        line.append("  " + _("waiting for your dice"), style="bold yellow")
    elif busy:
        line.append("  " + _("the bot is thinking…"), style="italic")
    line.append(f"  {D.scenario_title(s.scenario)}", style="dim")
    line.append("\n")
    if message:  # first: the answer to the key just pressed, read even at 80 columns
        line.append(message + "  ", style="italic")
    if s.result is not None and h.at_end:
        line.append(
            _("Game over: {winner} wins").format(
                winner=D.side_name(s.result.get("winner")) or _("nobody")
            ),
            style="bold yellow",
        )
    elif h.cursor == 0:
        keys = _("The set-up. → steps through the game, n starts a new one.")
        line.append(hint(keys, _("The set-up. ▶ steps through the game, new starts a new one.")))
    else:
        side = h.to_move(h.state)
        player = h.players.get(side or "", "")
        who = D.PLAYERS.get(player, "")
        decision = D.decision_text(h.state)
        if who:
            decision = _("{decision} ({player})").format(decision=decision, player=_(who))
        line.append(decision)
        if h.at_end and player not in ("", "human") and not (busy or autoplay or dice_wait):
            said = hint(_("→: the bot decides"), _("▶: the bot decides"))
            line.append("  " + said, style="bold")  # it waits for the key
    return line


def log_lines(h: History, start: int) -> list[Text]:
    """The log's lines for stops `start` onwards (names only: no state is rebuilt)."""
    new = []
    phases: dict[int, list[str]] = {}
    names = h.last
    for i in range(start, len(h.stops)):
        stop = h.stops[i]
        node = h.nodes[stop.node]
        before = h.nodes[stop.node - 1] if stop.node > 0 else node
        event = None
        phase = before.phase
        if stop.event is not None:
            event = node.events[stop.event]
            if stop.node not in phases:
                phases[stop.node] = D.event_phases(node.events, before.phase)
            phase = phases[stop.node][stop.event]
        if event is None and node.action is None:
            first = _("set-up") if stop.node == 0 else _("start: the first decision")
            new.append(Text(first, style="bold"))
            continue
        line = D.log_line(event, phase, node.action, names, before.turn, node.kind, node.rule)
        new.append(line)
    return new


def choices_title(h: History) -> str:
    """The choices box's title: the decision, and the deciding side's unit(s) it is for
    (its choices leave the unit's name out: "Union: move, attack … · Birch (2/I)"; a
    retreat names the retreating units; a cavalry retreat's enemy unit is not named)."""
    title = D.decision_text(h.last)
    facts = pending_decision(h.last)
    if facts is None:
        return title
    state = h.last
    retreating = facts.kind == "retreat"  # a retreat's facts list its units
    ids = list(getattr(facts, "units", ())) if retreating else [facts.acting()[0]]
    units = [state.units[u] for u in ids if u in state.units]
    names = [D.name_of(state, u.id, u.name) for u in units if u.side == facts.side]
    return f"{title} · {join_list(names)}" if names else title


def choice_options(h: History, legal: list[Action]) -> list[Option | None]:
    """The person's choices grouped by kind under a title each (none for a choice that is
    the title's words alone: "Pass", "Done"), without the deciding unit's name (in the
    box's title, `choices_title`); option `a<i>` is `legal[i]`, with its rule."""
    facts = pending_decision(h.last)
    kind, rule = (facts.kind, facts.rule) if facts else (None, "")
    acting = facts.acting()[0] if facts else None  # named once, in the box's title
    groups: dict[str, list[int]] = {}
    for i, a in enumerate(legal):
        groups.setdefault(a.type, []).append(i)
    options: list[Option | None] = []
    for kind_name, indexes in groups.items():
        title = _(D.ACTION_WORDS.get(kind_name, kind_name))
        lines = []
        alone = False
        for i in indexes:
            a = legal[i]
            words = D.action_words(a, h.last, unit=a.unit is None or a.unit != acting)
            alone = len(indexes) == 1 and words == title
            # the group's title need not repeat
            words = words.removeprefix(title + " · ") if words != title else words
            lines.append(Option(ChoiceLine(words, D.action_rule(a, kind, rule)), id=f"a{i}"))
        if not alone:  # a lone "Pass" under the title "Pass" would say it twice
            options.append(Option(Text(title, style="bold underline"), disabled=True))
        options.extend(lines)
    return options
