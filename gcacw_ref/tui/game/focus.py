"""The game screen's one focus model, and the detail panel of the selected event.

The focus model (tests: `tests/tui/test_pilot_game_focus.py`):

1. Three places take keys: the map, the choices (shown only while a person decides at
   the live end of the game) and the log. Tab and shift+Tab cycle them in that order,
   map → choices → log → map, skipping the choices when none are shown. Tab never
   leaves the game screen (not to the tab bar, not to another screen).
2. When a person's decision appears (after a bot's move, after stepping or jumping to
   the live end, after a new game or an opened save), the choices take the focus with
   the first choice highlighted, and `enter` makes the highlighted choice. On the map,
   `enter` chooses the hex's choice (or says why that hex is not a choice).
3. `R` opens the rule of whatever is selected: the highlighted choice, the log's event,
   or the reason a hex cannot be chosen. `enter` on the log opens the event's rule too.
4. The step keys (→ ← . , > < home end space) work wherever the focus is.
5. A key that can do nothing says why in the status line (at the live end, at the start,
   while the bot thinks, with nothing to undo …).
6. A reopened save shows the event where it was saved: the end of its history.

The detail panel under the log shows the log's selected event whole (see `detail`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.widget import Widget
from textual.widgets import OptionList, Static

from gcacw_ref.game.play.api import Action, Refusal, pending_decision, why_not
from gcacw_ref.i18n import _
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.detail import event_detail
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.messages import OpenRule
from gcacw_ref.tui.services import Services

FOCUS_ORDER = ("#game-map", "#game-choices", "#game-log")


class PaneFocus(Widget):
    """Focus cycling, the rule key and the detail panel for `GamePane`."""

    if TYPE_CHECKING:
        services: Services
        history: History | None
        _choices: list[Action]
        why_rule: str
        pointed: list[str]

        def report(self, text: str, error: bool = False) -> None: ...
        def refresh_view(self) -> None: ...

    _titles: dict[str, str]

    # -- focus -------------------------------------------------------------------------

    def _focus_places(self) -> list[Widget]:
        places: list[Widget] = []
        for selector in FOCUS_ORDER:
            widget = self.query_one(selector)
            if selector == "#game-choices" and not widget.has_class("shown"):
                continue
            places.append(widget)
        return places

    def action_cycle_focus(self, delta: int) -> None:
        """Tab / shift+Tab: map → choices → log, never out of the game screen."""
        places = self._focus_places()
        focused = self.app.focused
        chain = [focused, *focused.ancestors] if focused is not None else []
        index = next((i for i, w in enumerate(places) if w in chain), -1)
        target = places[(index + delta) % len(places)] if index >= 0 else places[0]
        target.focus()

    def focus_choices(self) -> None:
        """A person's decision takes the focus (rule 2 of the focus model)."""
        box = self.query_one("#game-choices", OptionList)
        if box.has_class("shown"):
            box.focus()

    def focus_default(self) -> None:
        """The choices when a person decides, else the map."""
        box = self.query_one("#game-choices", OptionList)
        if box.has_class("shown"):
            box.focus()
        else:
            self.query_one(MapView).focus()

    # -- the acting unit and the highlighted choice ---------------------------------------

    def acting_hexes(self) -> list[str]:
        """Where the unit (or the leader) the person decides for stands."""
        h = self.history
        facts = pending_decision(h.last) if h is not None else None
        if h is None or facts is None:
            return []
        state = h.last
        uid, leader = facts.acting()
        if uid is None and leader and leader in state.leaders:
            uid = state.leaders[leader].unit
        unit = state.units.get(uid) if uid else None
        return [unit.hex] if unit is not None and unit.hex else []

    def choice_hexes(self, action: Action) -> list[str]:
        """The hexes one choice is about: its unit's (or leader's) hex and its target."""
        h = self.history
        if h is None:
            return []
        state = h.last
        uid = action.unit
        if uid is None and action.leader and action.leader in state.leaders:
            uid = state.leaders[action.leader].unit
        unit = state.units.get(uid) if uid else None
        out = [unit.hex] if unit is not None and unit.hex else []
        return out + ([action.hex] if action.hex else [])

    @on(OptionList.OptionHighlighted, "#game-choices")
    def _choice_pointed(self, event: OptionList.OptionHighlighted) -> None:
        """Show and scroll to the unit and the hex of the highlighted choice."""
        option_id = event.option.id or ""
        if not (option_id.startswith("a") and int(option_id[1:]) < len(self._choices)):
            return
        action = self._choices[int(option_id[1:])]
        pointed = self.choice_hexes(action)
        if pointed != self.pointed:
            self.pointed = pointed
            self.refresh_view()
        self.show_choice_detail(action)

    # -- the rule key ------------------------------------------------------------------

    def action_rule_here(self) -> None:
        """`R`: the rule of the highlighted choice, of the log's event, or of a reason."""
        h = self.history
        if h is None:
            return
        focused = self.app.focused
        rule = ""
        if isinstance(focused, OptionList) and self._choices:
            option = focused.highlighted_option
            option_id = option.id if option is not None else None
            if option_id and option_id.startswith("a") and int(option_id[1:]) < len(self._choices):
                action = self._choices[int(option_id[1:])]
                rule = D.action_rule(action, *self._frame_kind_rule())
        elif isinstance(focused, LogView):
            rule = self._rule_of_stop(focused.browse)
        else:
            rule = self.why_rule
        if not rule or not rule[0].isdigit():
            self.report(_("no rule to open here"))
            return
        self.post_message(OpenRule(rule, from_game=True))

    def _frame_kind_rule(self) -> tuple[str | None, str]:
        """The kind of the decision a person makes now and its rule (as the engine cites it)."""
        h = self.history
        facts = pending_decision(h.last) if h is not None else None
        return (facts.kind, facts.rule) if facts else (None, "")

    def _rule_of_stop(self, index: int) -> str:
        h = self.history
        if h is None or not 0 <= index < len(h.stops):
            return ""
        stop = h.stops[index]
        node = h.nodes[stop.node]
        if stop.event is not None:
            return str(node.events[stop.event].get("rule", ""))
        if node.action is not None:
            return D.action_rule(node.action, node.kind or None, node.rule)
        return ""

    # -- why not? ---------------------------------------------------------------------

    def why_not_here(self, hex_: str | None = None) -> list[Refusal]:
        """The rules that keep the map cursor's hex out of a person's open choices (the
        engine's own checks, `api.why_not`); empty when no person decides at the live
        end or the hex is a choice."""
        h = self.history
        if h is None or not self._choices or not h.at_last_node:
            return []
        target = hex_ or self.query_one(MapView).cursor_hex
        if any(a.hex == target for a in self._choices):
            return []
        try:
            return why_not(h.last, target)
        except Exception:  # noqa: BLE001 - an answer we cannot give only leaves it unsaid
            return []

    def why_words(self, target: str, refusals: list[Refusal]) -> Text:
        """ "Why not 1107?" and each rule that forbids it; `R` opens the first rule."""
        out = Text()
        out.append(_("Why not {hex}?").format(hex=target), style="bold red")
        for r in refusals:
            out.append(f" [{r.rule}] ", style="bold cyan")
            out.append(r.reason)
        out.append("  " + _("R: rule {rule}").format(rule=refusals[0].rule), style="dim")
        return out

    # -- the detail panel --------------------------------------------------------------

    def _rule_title(self, number: str) -> str:
        """The rule's title in the player's rulebook ("" when none is imported)."""
        titles = self.__dict__.setdefault("_titles", {})
        if number not in titles:
            title = ""
            books = self.services.books
            if books.ready and books.infos:
                try:
                    title = str(books.rule(number).title)
                except Exception:  # noqa: BLE001 - a missing title only shortens the line
                    title = ""
            titles[number] = title
        return str(titles[number])

    def show_choice_detail(self, action: Action) -> None:
        """The highlighted choice whole in the detail panel (its line in the box may be
        cut): its words, its rule number and the rule's title."""
        h = self.history
        if h is None:
            return
        rule = D.action_rule(action, *self._frame_kind_rule())
        text = Text()
        text.append(D.action_words(action, h.last), style="bold")
        text.append(f"\n[{rule}] ", style="cyan")
        text.append(self._rule_title(rule))
        self.query_one("#game-detail", Static).update(text, layout=True)

    def show_detail(self, index: int) -> None:
        """The log entry `index` in full in the detail panel."""
        h = self.history
        panel = self.query_one("#game-detail", Static)
        if h is None or not 0 <= index < len(h.stops):
            panel.update("", layout=True)
            return
        stop = h.stops[index]
        node = h.nodes[stop.node]
        before = h.nodes[stop.node - 1] if stop.node > 0 else node
        event = node.events[stop.event] if stop.event is not None else None
        phase = before.phase
        if event is not None:
            phase = D.event_phases(node.events, before.phase)[stop.event or 0]
        names = h.state  # names and sides only: the position on screen, already built
        if event is None and node.action is None:
            text = event_detail(None, phase, None, names, node.turn, stop.node)
        else:
            text = event_detail(
                event,
                phase,
                node.action,
                names,
                before.turn,
                stop.node,
                self._rule_title,
                node.kind,
                node.rule,
            )
        panel.update(text, layout=True)
