"""What the bot did since the person's last decision, in a few lines: the units it moved
(from where to where), its attacks and their results, the units lost, its passes.

Read from the history's events alone (the engine's own facts); each of them is still a
stop of the log, so any line of the summary can be looked at in full there.
"""

from __future__ import annotations

from rich.text import Text

from gcacw_ref.game.play.api import Event, piece_names
from gcacw_ref.i18n import _, current_language, join_list, ngettext
from gcacw_ref.layout_rich import wrap_text
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.history import History

MOVED_SHOWN = 4  # units named in the moves line (the rest counted)
COMBATS_SHOWN = 3  # attacks named (the rest counted)
DECISIONS_SHOWN = 3  # a part with no move, attack or loss: its decisions named
MOVING = ("move", "advance")  # events that take a unit from `frm` to `to`


def since_last_decision(h: History) -> int:
    """The first node played after the person's last decision (the start when none)."""
    for i in range(len(h.nodes) - 1, 1, -1):
        if h.nodes[i].by == "human":
            return i + 1
    return 1


def _moves(events: list[Event]) -> dict[str, tuple[str, str]]:
    """Each unit moved: where it started and where it ended (a retreat's last hex)."""
    moved: dict[str, tuple[str, str]] = {}
    for e in events:
        kind = e.get("type")
        if kind in MOVING and isinstance(e.get("unit"), str):
            uid = str(e.get("unit"))
            start = moved.get(uid, (str(e.get("frm")), ""))[0]
            moved[uid] = (start, str(e.get("to")))
        elif kind == "retreat":
            path = [str(x) for x in e.get("path") or []]
            for uid in e.get("units") or []:
                if path:
                    start = moved.get(str(uid), (path[0], ""))[0]
                    moved[str(uid)] = (start, path[-1])
    return {u: fr for u, fr in moved.items() if fr[0] != fr[1]}


def _more(shown: list[str], total: int) -> str:
    if not shown:  # no room to name any: how many
        return str(total)
    words = join_list(shown)
    if total > len(shown):
        words += " " + _("(+{n} more)").format(n=total - len(shown))
    return words


def bot_summary(h: History, named: int = MOVED_SHOWN) -> Text:
    """The bot's part since the person's last decision ("" when it did nothing), naming
    at most `named` units moved and attacks (the rest counted)."""
    first = since_last_decision(h)
    nodes = [n for n in h.nodes[first:] if n.by not in ("", "human", "saved")]
    if not nodes:
        return Text()
    events = [e for n in nodes for e in n.events]
    names = piece_names(h.scenario, current_language())
    lines: list[str] = []
    moved = _moves(events)
    if moved:
        shown = [f"{names.get(u, u)} {fr}→{to}" for u, (fr, to) in list(moved.items())[:named]]
        lines.append(_("moved: {units}").format(units=_more(shown, len(moved))))
    combats = [e for e in events if e.get("type") == "combat"]
    if combats:
        shown = [
            _("on {hex}: attacker {a}, defender {d}").format(
                hex=e.get("hex"),
                a=e.get("attacker_result") or "-",
                d=e.get("defender_result") or "-",
            )
            for e in combats[: min(named, COMBATS_SHOWN)]
        ]
        lines.append(_("attacks: {attacks}").format(attacks=_more(shown, len(combats))))
    gone = [str(e.get("unit")) for e in events if e.get("type") in ("eliminated", "surrender")]
    lost = [names.get(u, u) for u in gone]
    if lost:
        lines.append(_("lost: {units}").format(units=join_list(lost)))
    passes = sum(1 for e in events if e.get("type") == "pass")
    if passes:
        lines.append(ngettext("{n} pass", "{n} passes", passes).format(n=passes))
    if not lines:  # a quiet part ("Done", a pass): its decisions by name
        said = [D.action_words(n.action, h.last, defenders=False) for n in nodes if n.action]
        shown = said[: min(named, DECISIONS_SHOWN)]
        lines.append(_("decisions: {list}").format(list=_more(shown, len(said))))
    out = Text()
    out.append(
        ngettext(
            "The bot since your decision ({n} action):",
            "The bot since your decision ({n} actions):",
            len(nodes),
        ).format(n=len(nodes)),
        style="bold",
    )
    out.append(" " + " / ".join(lines))
    return out


def fitted_summary(h: History, width: int, rows: int) -> Text:
    """The bot's summary naming as many units and attacks as `rows` lines of `width`
    cells hold, wrapped by the Japanese line rules as the box shows it (each one left out
    is counted, and the log has them all); at the least, none named."""
    words = Text()
    for named in range(MOVED_SHOWN, -1, -1):
        words = bot_summary(h, named)
        if width <= 0 or len(wrap_text(words, width, words=True)) <= rows:
            break
    return words
