"""The game pane's overlays (ZOC, command radius, reachable hexes) and files (new game,
save, open), as a mixin of `GamePane` to keep each module short."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual import work
from textual.widget import Widget

from gcacw_ref.errors import InputError
from gcacw_ref.game.play.api import GameState
from gcacw_ref.i18n import _
from gcacw_ref.paths import data_dir
from gcacw_ref.tui.game import describe as D
from gcacw_ref.tui.game import overlays
from gcacw_ref.tui.game.dialogs import GameOptions, NewGameDialog, PathDialog
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.mapview import COMMAND_BG, REACH_BG, ZOC_BG, ZOC_LIMITED_BG, MapView
from gcacw_ref.tui.threads import deliver


class PaneExtras(Widget):
    """Overlays and files for `GamePane` (which defines what is declared here)."""

    if TYPE_CHECKING:
        history: History | None
        options: GameOptions
        overlay: str
        overlay_hex: str
        show_legend: bool

        def report(self, text: str, error: bool = False) -> None: ...
        def refresh_view(self) -> None: ...
        def set_history(self, history: History) -> None: ...
        def start_game(self, options: GameOptions) -> None: ...
        def _stop_autoplay(self) -> None: ...
        def _show_info(self) -> None: ...

    def open_game(self, path: str) -> None:
        self.report(_("Opening {path}…").format(path=path))
        self._open_worker(path)

    @work(thread=True, exclusive=True, group="game-open")
    def _open_worker(self, path: str) -> None:
        try:
            history = History.open(Path(path).expanduser())
        except InputError as exc:
            deliver(self, self.report, str(exc), True)
            return
        except Exception as exc:  # noqa: BLE001 - a foreign file: say so, keep the game
            text = _("{path}: cannot be opened as a game ({error})").format(
                path=path, error=type(exc).__name__
            )
            deliver(self, self.report, text, True)
            return
        deliver(self, self._opened, history, path)

    def _opened(self, history: History, path: str) -> None:
        self.set_history(history)
        self.report(_("Opened {path}: {n} actions").format(path=path, n=len(history.nodes) - 2))

    def _overlay(self, state: GameState) -> tuple[dict[str, str], dict[str, str]]:
        bg: dict[str, str] = {}
        labels: dict[str, str] = {}
        if self.overlay.startswith("zoc-"):
            side = self.overlay[4:]
            for h, kind in overlays.zoc_of(state, side).items():
                bg[h] = (ZOC_BG if str(kind) == "normal" else ZOC_LIMITED_BG)[side]
        elif self.overlay == "command":
            leaders = [
                ld.id
                for ld in state.leaders.values()
                if ld.unit and state.units[ld.unit].hex == self.overlay_hex
            ]
            for lid in leaders:
                for h in overlays.command_range(state, lid):
                    bg[h] = COMMAND_BG
        elif self.overlay == "reach":
            units = state.units_at(self.overlay_hex)
            if units:
                found, _mp, _real = overlays.reach(state, units[0])
                for h, cost in found.items():
                    bg[h] = REACH_BG
                    labels[h] = D.strength_text(cost) + "MP"
        return bg, labels

    # -- overlays ----------------------------------------------------------------------

    def action_cursor(self, direction: str) -> None:
        self.query_one(MapView).action_cursor(direction)

    def action_overlay_zoc(self) -> None:
        order = ["", "zoc-union", "zoc-confederate"]
        current = order.index(self.overlay) if self.overlay in order else 0
        self.overlay = order[(current + 1) % len(order)]
        self.refresh_view()

    def action_overlay_command(self) -> None:
        self._overlay_at("command", _("no leader in this hex"))

    def action_overlay_reach(self) -> None:
        self._overlay_at("reach", _("no unit in this hex"))

    def _overlay_at(self, kind: str, missing: str) -> None:
        h = self.history
        if h is None:
            return
        hex_ = self.query_one(MapView).cursor_hex
        state = h.state
        units = state.units_at(hex_)
        has = bool(units) and (
            kind == "reach"
            or any(ld.unit in {u.id for u in units} for ld in state.leaders.values())
        )
        if not has:
            self.report(missing)
            return
        self.overlay, self.overlay_hex = kind, hex_
        self.refresh_view()

    def action_overlay_clear(self) -> None:
        self.overlay = ""
        self.refresh_view()

    def action_legend(self) -> None:
        self.show_legend = not self.show_legend
        self._show_info()

    def action_map_compact(self) -> None:
        """`m`: the whole map at once (one line a hex), or back to the full hexes."""
        mapview = self.query_one(MapView)
        mapview.set_compact(not mapview.compact)
        if mapview.compact:
            self.report(_("Compact map: a line a hex, hex ids on the edges; m: full hexes"))
        else:
            self.report(_("Full map: hex ids in each hex; m: the whole map at once"))
        self.refresh_view()

    # -- files -------------------------------------------------------------------------

    def action_new_game(self) -> None:
        def chosen(options: GameOptions | None) -> None:
            if options is not None:
                self.start_game(options)

        self._stop_autoplay()
        self.app.push_screen(NewGameDialog(self.options), chosen)

    def default_save(self) -> str:
        name = "game.json"
        if self.history is not None:
            name = f"{self.history.scenario.id}-{self.history.seed}.json"
        return str(data_dir() / "games" / name)

    def action_save(self) -> None:
        if self.history is None:
            return
        self.app.push_screen(PathDialog(_("Save the game to"), self.default_save()), self.save_to)

    def save_to(self, path: str | None) -> None:
        if not path or self.history is None:
            return
        target = Path(path).expanduser()
        if target.is_dir():
            self.report(_("{path} is a folder: give a file name").format(path=target), True)
            return
        try:
            self.history.save(target)
        except Exception as exc:  # noqa: BLE001 - any refused write: say why, keep the game
            reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
            self.report(_("cannot write {path} ({error})").format(path=target, error=reason), True)
            return
        self.report(_("Saved to {path}").format(path=target))

    def action_open(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.open_game(path)

        self._stop_autoplay()
        self.app.push_screen(PathDialog(_("Open a saved game"), self.default_save()), chosen)
