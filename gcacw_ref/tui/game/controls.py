"""The game pane's keys: `GameControls`, the bindings and their actions, each handing
over to a part of the pane (`play`, `extras`, `focusing`). Textual looks for a key's action
on the widget that has the binding, so the pane takes these as a base class."""

from __future__ import annotations

from textual.binding import Binding
from textual.widget import Widget

from gcacw_ref.i18n import _
from gcacw_ref.tui.game.extras import GameExtras
from gcacw_ref.tui.game.focus import GameFocus
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.game.play import GamePlay


class GameControls(Widget):
    """Every key of the game screen; the parts they reach are set up by `GamePane`."""

    play: GamePlay
    extras: GameExtras
    focusing: GameFocus

    BINDINGS = [
        Binding("tab", "cycle_focus(1)", "Next place", show=False, priority=True),
        Binding("shift+tab", "cycle_focus(-1)", "Previous place", show=False, priority=True),
        Binding("R", "rule_here", "Rule"),
        Binding("right", "step(1)", "Event ▶", priority=True),
        Binding("left", "step(-1)", "◀ Event", priority=True),
        Binding("full_stop", "action_step(1)", "Action ▶"),
        Binding("comma", "action_step(-1)", "◀ Action"),
        Binding("greater_than_sign", "turn_step(1)", "Turn ▶"),
        Binding("less_than_sign", "turn_step(-1)", "◀ Turn"),
        Binding("home", "jump_start", "Start", priority=True),
        Binding("end", "jump_end", "End", priority=True),
        Binding("g", "jump_log", "Go to event"),
        Binding("left_square_bracket", "scroll_detail(-1)", "Detail up"),
        Binding("right_square_bracket", "scroll_detail(1)", "Detail down"),
        Binding("space", "autoplay", "Autoplay"),
        Binding("plus,plus_sign,equals_sign", "speed(1)", "Faster"),
        Binding("minus", "speed(-1)", "Slower"),
        Binding("w", "cursor('N')", "Cursor up", show=False),
        Binding("s", "cursor('S')", "Cursor down", show=False),
        Binding("a", "cursor('W')", "Cursor left", show=False),
        Binding("d", "cursor('E')", "Cursor right", show=False),
        Binding("z", "overlay_zoc", "ZOC"),
        Binding("c", "overlay_command", "Command"),
        Binding("r", "overlay_reach", "Reach"),
        Binding("x", "overlay_clear", "Clear"),
        Binding("l", "legend", "Legend"),
        Binding("m", "map_compact", "Compact map"),
        Binding("u", "undo", "Undo"),
        Binding("t", "table_dice", "Table dice"),
        Binding("n", "new_game", "New"),
        Binding("ctrl+s", "save", "Save"),
        Binding("o", "open", "Open"),
        Binding("b", "app.argue", "Argue about this", show=False),
    ]

    def action_step(self, delta: int) -> None:
        self.play.step(delta, by_action=False)

    def action_action_step(self, delta: int) -> None:
        self.play.step(delta, by_action=True)

    def action_turn_step(self, delta: int) -> None:
        self.play.turn_step(delta)

    def action_jump_start(self) -> None:
        self.play.go(0)

    def action_jump_end(self) -> None:
        self.play.jump_end()

    def action_jump_log(self) -> None:
        self.play.jump_log()

    def action_autoplay(self) -> None:
        self.play.toggle_autoplay()

    def action_speed(self, delta: int) -> None:
        self.play.change_speed(delta)

    def action_cycle_focus(self, delta: int) -> None:
        self.focusing.cycle(delta)

    def action_scroll_detail(self, delta: int) -> None:
        self.focusing.scroll_detail(delta)

    def action_rule_here(self) -> None:
        self.focusing.rule_here()

    def action_cursor(self, direction: str) -> None:
        self.focusing.pointed_at_map = True  # `R`: the "why not?" of the hex pointed at
        self.query_one(MapView).action_cursor(direction)

    def action_overlay_zoc(self) -> None:
        self.extras.cycle_zoc()

    def action_overlay_command(self) -> None:
        self.extras.overlay_at("command", _("no leader in this hex"))

    def action_overlay_reach(self) -> None:
        self.extras.overlay_at("reach", _("no unit in this hex"))

    def action_overlay_clear(self) -> None:
        self.extras.clear_overlay()

    def action_legend(self) -> None:
        self.extras.toggle_legend()

    def action_map_compact(self) -> None:
        self.extras.toggle_compact()

    def action_new_game(self) -> None:
        self.extras.new_game()

    def action_save(self) -> None:
        self.extras.save()

    def action_open(self) -> None:
        self.extras.open()

    def action_undo(self) -> None:
        self.play.undo()

    def action_table_dice(self) -> None:
        self.play.toggle_table_dice()
