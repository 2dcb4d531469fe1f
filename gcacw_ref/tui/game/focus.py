"""The game screen's one focus model, and the detail panel of the selected event.

The focus model (tests: `tests/tui/test_pilot_game_focus.py`):

1. Three places take keys: the map, the choices (shown only while a person decides at
   the live end of the game) and the log. Tab and shift+Tab cycle them in that order,
   map → choices → log → map, skipping the choices when none are shown. Tab never
   leaves the game screen (not to the tab bar, not to another screen).
2. When a person's decision appears (after a bot's move, after stepping or jumping to
   the live end, after a new game or an opened save), the choices take the focus with
   the first choice highlighted, and `enter` makes the highlighted choice. When the
   choices go while they have the focus (the bot decides next), the map takes it. On the map,
   `enter` chooses the hex's choice (or says why that hex is not a choice).
3. `R` opens the rule of whatever is selected: the highlighted choice, the log's event,
   or the reason a hex cannot be chosen (also while the choices keep the focus, when
   the map cursor was moved with w a s d after the last choice was highlighted: the
   rule the hex panel offers). `enter` on the log opens the event's rule too.
4. The step keys (→ ← . , > < home end space) work wherever the focus is.
5. A key that can do nothing says why in the status line (at the live end, at the start,
   while the bot thinks, with nothing to undo …).
6. A reopened save shows the event where it was saved: the end of its history.
7. `[` and `]` scroll the detail panel up and down wherever the focus is (an attack's
   strength steps run past its bottom at 80x24); the panel never takes the focus.

The detail panel under the log shows the log's selected event whole (see `detail`).
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import OptionList, Static

from gcacw_ref.game.play.api import Action, Refusal, pending_decision, why_not
from gcacw_ref.i18n import _
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game.detail import event_detail
from gcacw_ref.tui.game.host import GameHost
from gcacw_ref.tui.game.logview import LogView
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.game.whyrule import refusal_place
from gcacw_ref.tui.messages import OpenRule
from gcacw_ref.tui.touchkit import hint

FOCUS_ORDER = ("#game-map", "#game-choices", "#game-log")


class GameFocus:
    """Focus cycling, the rule key, "why not?" and the detail panel for the game pane
    `host`."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self._titles: dict[str, str] = {}  # rule number -> its title in the rulebook
        # the player last pointed at the map (w a s d), not at a choice: `R` opens the
        # rule of the "why not?" on show even while the choices keep the focus
        self.pointed_at_map = False

    # -- focus -------------------------------------------------------------------------

    def _places(self) -> list[Widget]:
        places: list[Widget] = []
        for selector in FOCUS_ORDER:
            widget = self.host.query_one(selector, Widget)
            if selector == "#game-choices" and not widget.has_class("shown"):
                continue
            places.append(widget)
        return places

    def cycle(self, delta: int) -> None:
        """Tab / shift+Tab: map → choices → log, never out of the game screen."""
        places = self._places()
        focused = self.host.app.focused
        chain = [focused, *focused.ancestors] if focused is not None else []
        index = next((i for i, w in enumerate(places) if w in chain), -1)
        target = places[(index + delta) % len(places)] if index >= 0 else places[0]
        target.focus()

    def focus_choices(self) -> None:
        """A person's decision takes the focus (rule 2 of the focus model)."""
        box = self.host.query_one("#game-choices", OptionList)
        if box.has_class("shown"):
            box.focus()

    def focus_default(self) -> None:
        """The choices when a person decides, else the map."""
        box = self.host.query_one("#game-choices", OptionList)
        if box.has_class("shown"):
            box.focus()
        else:
            self.host.query_one("#game-map", MapView).focus()

    # -- the acting unit and the highlighted choice ---------------------------------------

    def acting_hexes(self) -> list[str]:
        """Where the unit (or the leader) the person decides for stands; in a retreat, the
        hexes retreated through so far, the latest first (the units move at its end)."""
        h = self.host.history
        facts = pending_decision(h.last) if h is not None else None
        if h is None or facts is None:
            return []
        if facts.kind == "retreat":
            return list(reversed(facts.hexes))
        state = h.last
        uid, leader = facts.acting()
        if uid is None and leader and leader in state.leaders:
            uid = state.leaders[leader].unit
        unit = state.units.get(uid) if uid else None
        return [unit.hex] if unit is not None and unit.hex else []

    def choice_hexes(self, action: Action) -> list[str]:
        """The hexes one choice is about: its unit's (or leader's) hex and its target."""
        h = self.host.history
        if h is None:
            return []
        state = h.last
        uid = action.unit
        if uid is None and action.leader and action.leader in state.leaders:
            uid = state.leaders[action.leader].unit
        unit = state.units.get(uid) if uid else None
        out = [unit.hex] if unit is not None and unit.hex else []
        return out + ([action.hex] if action.hex else [])

    def choice_pointed(self, option_id: str) -> None:
        """Show and scroll to the unit and the hex of the highlighted choice."""
        host = self.host
        if not (option_id.startswith("a") and int(option_id[1:]) < len(host._choices)):
            return
        action = host._choices[int(option_id[1:])]
        if self.pointed_at_map:  # back from the map: the hex panel to the acting unit, so
            acting = self.acting_hexes()  # its "why not?" of the hex left goes (at 80x24
            if acting:  # it pushed the choice's detail off the screen)
                host.query_one("#game-map", MapView).move_cursor(acting[0])
        self.pointed_at_map = False
        pointed = self.choice_hexes(action)
        if pointed != host.pointed:
            host.pointed = pointed
            host.refresh_view()
        self.show_choice_detail(action)

    # -- the rule key ------------------------------------------------------------------

    def rule_here(self) -> None:
        """`R`: the rule of the highlighted choice, of the log's event, or of a reason."""
        host, h = self.host, self.host.history
        if h is None:
            return
        focused = host.app.focused
        rule = ""
        why = host.why_rule
        if isinstance(focused, OptionList) and host._choices:
            # the hex panel's "why not?" when the player just pointed at the map
            why = host.why_rule if self.pointed_at_map else ""
            rule = why or self._highlighted_rule(focused)
        elif isinstance(focused, LogView):
            why = ""
            rule = self.rule_of_stop(focused.browse)
        else:
            rule = why
        if not rule or not rule[0].isdigit():
            host.report(_("no rule to open here"))
            return
        refusal = host.why_refusal
        if why and refusal is not None and refusal.rule == why:  # at the part it cites
            section, paragraph = refusal_place(refusal, host.services.books)
            host.post_message(OpenRule(section, anchor=paragraph, from_game=True))
            return
        host.post_message(OpenRule(rule, from_game=True))

    def _highlighted_rule(self, box: OptionList) -> str:
        """The rule of the choice highlighted in `box` ("" when none is)."""
        host = self.host
        option = box.highlighted_option
        option_id = option.id if option is not None else None
        if option_id and option_id.startswith("a") and int(option_id[1:]) < len(host._choices):
            action = host._choices[int(option_id[1:])]
            return D.action_rule(action, *self._frame_kind_rule())
        return ""

    def _frame_kind_rule(self) -> tuple[str | None, str]:
        """The kind of the decision a person makes now and its rule (as the engine cites it)."""
        h = self.host.history
        facts = pending_decision(h.last) if h is not None else None
        return (facts.kind, facts.rule) if facts else (None, "")

    def rule_of_stop(self, index: int) -> str:
        """The rule of log entry `index` ("" when it has none)."""
        h = self.host.history
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
        host, h = self.host, self.host.history
        if h is None or not host._choices or not h.at_last_node:
            return []
        target = hex_ or host.query_one("#game-map", MapView).cursor_hex
        if any(a.hex == target for a in host._choices):
            return []
        try:
            return why_not(h.last, target)
        except Exception:  # noqa: BLE001 - an answer we cannot give only leaves it unsaid
            return []

    @staticmethod
    def why_words(target: str, refusals: list[Refusal]) -> Text:
        """ "Why not 1107?" and each rule that forbids it; `R` opens the first rule."""
        out = Text()
        out.append(_("Why not {hex}?").format(hex=target), style="bold red")
        for r in refusals:
            out.append(f" [{r.rule}] ", style="bold cyan")
            out.append(r.reason)
        said = hint(_("R: rule {rule}"), _("rule (on the bar): {rule}"))
        out.append("  " + said.format(rule=refusals[0].rule), style="dim")
        return out

    # -- the detail panel --------------------------------------------------------------

    def _rule_title(self, number: str) -> str:
        """The rule's title in the player's rulebook ("" when none is imported)."""
        if number not in self._titles:
            title = ""
            books = self.host.services.books
            if books.ready and books.infos:
                try:
                    title = str(books.rule(number).title)
                except Exception:  # noqa: BLE001 - a missing title only shortens the line
                    title = ""
            self._titles[number] = title
        return self._titles[number]

    def show_choice_detail(self, action: Action) -> None:
        """The highlighted choice whole in the detail panel (its line in the box may be
        cut): its words, its rule number and the rule's title."""
        h = self.host.history
        if h is None:
            return
        rule = D.action_rule(action, *self._frame_kind_rule())
        text = Text()
        text.append(D.action_words(action, h.last), style="bold")
        text.append(f"\n[{rule}] ", style="cyan")
        text.append(self._rule_title(rule))
        self._set_detail(text)

    def _set_detail(self, text: Text | str) -> None:
        """Show `text` in the detail panel, from its top."""
        self.host.query_one("#game-detail", Static).update(text, layout=True)
        self.host.query_one("#game-detail-box", VerticalScroll).scroll_home(animate=False)

    def scroll_detail(self, delta: int) -> None:
        """`[` / `]`: the detail panel a page up / down (rule 7 of the focus model); when
        it is already shown whole or at that end, the status line says so."""
        box = self.host.query_one("#game-detail-box", VerticalScroll)
        if box.max_scroll_y == 0:
            self.host.report(_("the detail is shown whole: nothing to scroll"))
            return
        if (delta < 0 and box.scroll_y <= 0) or (delta > 0 and box.scroll_y >= box.max_scroll_y):
            self.host.report(
                _("already at the top of the detail")
                if delta < 0
                else _("already at the end of the detail")
            )
            return
        page = max(1, box.scrollable_content_region.height - 1)
        box.scroll_to(y=box.scroll_y + delta * page, animate=False, immediate=True)

    def show_current_detail(self, index: int, new_decision: bool) -> None:
        """The detail panel after the view is redrawn: the highlighted choice while the
        choices have the focus or a new decision is about to take it, else log entry
        `index` (autoplay stopping at a person's decision showed the last event there)."""
        host = self.host
        box = host.query_one("#game-choices", OptionList)
        option = box.highlighted_option if box.has_class("shown") else None
        option_id = option.id if option is not None else None
        current = (
            option_id is not None
            and option_id.startswith("a")
            and int(option_id[1:]) < len(host._choices)
            and (box.has_focus or new_decision)
            and not self.pointed_at_map
        )
        if current and option_id is not None:
            self.show_choice_detail(host._choices[int(option_id[1:])])
        else:
            self.show_detail(index)

    def show_detail(self, index: int) -> None:
        """The log entry `index` in full in the detail panel."""
        h = self.host.history
        if h is None or not 0 <= index < len(h.stops):
            self._set_detail("")
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
        self._set_detail(text)
