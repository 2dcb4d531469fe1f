"""A person's decision on the game screen: the choices box filled from the engine's legal
actions, and a choice taken from the box or from the map: `GameChoices`, a part of
`GamePane` (see `host`)."""

from __future__ import annotations

from textual.widgets import OptionList

from gcacw_ref.game.play.api import Action
from gcacw_ref.i18n import _
from gcacw_ref.tui.game.focus import GameFocus
from gcacw_ref.tui.game.host import GameHost
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.game.view import choice_options, choices_title
from gcacw_ref.tui.plain import plain
from gcacw_ref.tui.touchkit import hint


class GameChoices:
    """The choices box of the game pane `host`; `focusing` says why a hex is no choice."""

    def __init__(self, host: GameHost, focusing: GameFocus) -> None:
        self.host = host
        self.focusing = focusing
        self.new = False  # the choices were just (re)built: they take the focus

    def show(self) -> list[Action]:
        """The person's legal actions, when a person decides at the end of the history."""
        host, h = self.host, self.host.history
        box = host.query_one("#game-choices", OptionList)
        wanted = (
            h is not None
            and h.at_last_node
            and not host.busy
            and h.human_to_move()
            and not h.last.over
        )
        if not wanted or h is None:
            host.pointed = []
            if host._choices:
                box.clear_options()
                host._choices = []
            if box.has_focus:  # the map, not whatever comes next (the log: enter = rule)
                host.query_one("#game-map", MapView).focus()
            box.set_class(False, "shown")
            host.set_class(False, "deciding")
            return []
        legal = h.legal()
        if legal == host._choices:
            return legal
        host._choices = legal
        self.new = True
        host.pointed = []
        box.clear_options()
        options = choice_options(h, legal)
        box.add_options(options)
        box.border_title = plain(choices_title(h))  # unit names come from a scenario file
        box.set_class(True, "shown")
        host.set_class(True, "deciding")  # a phone gives the choices the room (pane.py)
        box.highlighted = next(  # the first choice (not a group's title)
            i for i, o in enumerate(options) if o is not None and not o.disabled
        )
        return legal

    def take(self, option_id: str) -> None:
        """Enter on a line of the box: that choice is the person's decision."""
        choices = self.host._choices
        if option_id.startswith("a") and choices:
            index = int(option_id[1:])
            if index < len(choices):
                self.host.decide(choices[index])

    def at_hex(self, hex_id: str) -> None:
        """Enter on the map: the hex's one choice is made; several are offered in the box;
        none: the status line says why."""
        host, choices = self.host, self.host._choices
        matches = [i for i, a in enumerate(choices) if a.hex == hex_id]
        if len(matches) == 1:
            host.decide(choices[matches[0]])
        elif matches:
            box = host.query_one("#game-choices", OptionList)
            box.highlighted = box.get_option_index(f"a{matches[0]}")
            box.focus()
            host.report(_("several choices use hex {hex}: pick one").format(hex=hex_id))
        elif not choices:
            host.report(
                hint(
                    _("no decision of yours is open: → lets the game go on"),
                    _("no decision of yours is open: ▶ lets the game go on"),
                )
            )
        elif refusals := self.focusing.why_not_here(hex_id):
            host.why_rule = refusals[0].rule
            host.why_refusal = refusals[0]
            host.report(self.focusing.why_words(hex_id, refusals).plain)
        else:
            host.report(_("no choice uses hex {hex}").format(hex=hex_id))
