"""The game pane's overlays (ZOC, command radius, reachable hexes) and files (new game,
save, open): `GameExtras`, a part of `GamePane` (see `host`)."""

from __future__ import annotations

from pathlib import Path

from gcacw_ref.errors import InputError
from gcacw_ref.game.play.api import GameState, pending_decision
from gcacw_ref.i18n import _
from gcacw_ref.paths import data_dir
from gcacw_ref.tui.autosave import autosaves
from gcacw_ref.tui.game import overlays
from gcacw_ref.tui.game.dialogs import GameOptions, NewGameDialog, PathDialog
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.host import GameHost
from gcacw_ref.tui.game.mapstyle import (
    COMMAND_BG,
    REACH_BG,
    ZOC_BG,
    ZOC_LIMITED_BG,
    strength_text,
)
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.touchkit import hint, touch_mode


def autosave_path() -> Path | None:
    """Served (touch): the file the game in progress is written to after each decision,
    this tab's own (`tui/autosave.py`); None until the tab's id is known."""
    return autosaves().path()


def load_history(path: str) -> History | str:
    """The saved game at `path`, replayed and checked, or why it cannot be opened (this
    runs in a worker: nothing here touches the screen)."""
    try:
        return History.open(Path(path).expanduser())
    except InputError as exc:
        return str(exc)
    except Exception as exc:  # noqa: BLE001 - a foreign file: say so, keep the game
        return _("{path}: cannot be opened as a game ({error})").format(
            path=path, error=type(exc).__name__
        )


def overlay_layers(
    state: GameState, overlay: str, at: str, unit_id: str = ""
) -> tuple[dict[str, str], dict[str, str]]:
    """The map's background colours and labels for `overlay` (about the pieces in hex
    `at` for the command radius; about unit `unit_id`, else the first unit in `at`, for
    the reach)."""
    bg: dict[str, str] = {}
    labels: dict[str, str] = {}
    if overlay.startswith("zoc-"):
        side = overlay[4:]
        for h, kind in overlays.zoc_of(state, side).items():
            bg[h] = (ZOC_BG if str(kind) == "normal" else ZOC_LIMITED_BG)[side]
    elif overlay == "command":
        leaders = [
            ld.id for ld in state.leaders.values() if ld.unit and state.units[ld.unit].hex == at
        ]
        for lid in leaders:
            for h in overlays.command_range(state, lid):
                bg[h] = COMMAND_BG
    elif overlay == "reach":
        unit = state.units.get(unit_id) if unit_id else None
        units = [unit] if unit is not None else ([] if unit_id else state.units_at(at))
        if units:
            found, _mp, _real = overlays.reach(state, units[0])
            for h, cost in found.items():
                bg[h] = REACH_BG
                labels[h] = strength_text(cost) + "MP"
    return bg, labels


class GameExtras:
    """Overlays and files for the game pane `host`."""

    def __init__(self, host: GameHost) -> None:
        self.host = host
        self.fresh = False  # the game on show is a new default one the tab's may replace

    def open_game(self, path: str) -> None:
        self.host.report(_("Opening {path}…").format(path=path))
        self.host.open_in_worker(path)

    def opened(self, history: History, path: str) -> None:
        self.fresh = False
        self.host.set_history(history)
        n = len(history.nodes) - 2
        if autosaves().holds(Path(path)):  # served: the tab's game, kept since it was left
            opened = _("The game in progress is back: {n} actions").format(n=n)
        else:
            opened = _("Opened {path}: {n} actions").format(path=path, n=n)
        if history.standing == "altered":  # the checks of `replay --verify`, told not refused
            opened += _(
                ". Its copy of the built-in scenario {id} matches no version we shipped: it "
                "was changed by hand, or made with a scenario file of your own"
            ).format(id=history.scenario.scenario.id)
        self.host.report(opened, history.standing == "altered")

    # -- overlays ----------------------------------------------------------------------

    def layers(self, state: GameState) -> tuple[dict[str, str], dict[str, str]]:
        host = self.host
        return overlay_layers(state, host.overlay, host.overlay_hex, host.overlay_unit)

    def cycle_zoc(self) -> None:
        order = ["", "zoc-union", "zoc-confederate"]
        current = order.index(self.host.overlay) if self.host.overlay in order else 0
        self.host.overlay = order[(current + 1) % len(order)]
        self.host.refresh_view()

    def overlay_at(self, kind: str, missing: str) -> None:
        """Overlay `kind` about the pieces under the map cursor (`missing`: none there)."""
        host, h = self.host, self.host.history
        if h is None:
            return
        hex_ = host.query_one("#game-map", MapView).cursor_hex
        state = h.state
        units = state.units_at(hex_)
        has = bool(units) and (
            kind == "reach"
            or any(ld.unit in {u.id for u in units} for ld in state.leaders.values())
        )
        if not has:
            host.report(missing)
            return
        host.overlay, host.overlay_hex, host.overlay_unit = kind, hex_, ""
        if kind == "reach":  # the unit deciding now when it is here, else the first one
            acting = self._acting_unit()
            ids = [u.id for u in units]
            host.overlay_unit = acting if acting in ids else ids[0]
        host.refresh_view()

    def _acting_unit(self) -> str:
        """The unit the open decision is about ("" when none is)."""
        h = self.host.history
        facts = pending_decision(h.last) if h is not None else None
        uid = facts.acting()[0] if facts is not None else None
        return uid or ""

    def after_decision(self) -> None:
        """A choice was made: a reach overlay belonged to it. It follows its unit while
        that unit still decides (a march goes on), else it goes (no stale hexes stay lit
        until `x`)."""
        host = self.host
        if host.overlay == "reach" and host.overlay_unit != self._acting_unit():
            host.overlay, host.overlay_unit = "", ""
        self.autosave()

    def autosave(self) -> None:
        """Served (touch): the game as it stands now, so a closed tab or a restarted server
        loses at most the decision being made; the tab's game screen opens it next time."""
        h, path = self.host.history, autosave_path()
        if not touch_mode() or h is None or path is None:
            return
        try:
            h.save(path)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            self.host.report(_("cannot keep the game ({error})").format(error=reason), True)

    def kept_game(self, options: GameOptions) -> str | None:
        """Served (touch): the autosaved game of this tab (or one no running tab holds) to
        open instead of a new one with the default `options`, if there is one."""
        if not touch_mode() or options != GameOptions():
            return None
        path = autosaves().kept()
        self.fresh = path is None  # the new game it starts gives way to the tab's own
        return str(path) if path is not None else None

    def tab_known(self) -> None:
        """Served: the tab's id came after the game screen opened a new default game; the
        tab's kept game replaces it while no decision of the player was made in it."""
        h = self.host.history
        if not self.fresh or h is None or self.host.options != GameOptions():
            return
        if any(node.by == "human" for node in h.nodes):
            self.fresh = False
            return
        kept = self.kept_game(self.host.options)
        if kept is not None:
            self.open_game(kept)

    def open_failed(self, reason: str, path: str) -> None:
        """The game at `path` could not be opened. An autosave is set aside (`.bad`, kept
        but not offered again) and a new game starts in its place."""
        store = autosaves()
        if not store.holds(Path(path)):
            self.host.report(reason, True)
            return
        bad = store.set_aside(Path(path))
        where = str(bad) if bad is not None else path
        if self.host.history is None:
            self.host.start_game(GameOptions())
        self.host.report(  # after the new game's start, which clears the status line
            _("{reason}; the file is kept as {path}").format(reason=reason, path=where), True
        )

    def clear_overlay(self) -> None:
        self.host.overlay, self.host.overlay_unit = "", ""
        self.host.refresh_view()

    def toggle_legend(self) -> None:
        self.host.show_legend = not self.host.show_legend
        self.host.show_info()

    def toggle_compact(self) -> None:
        """`m`: the whole map at once (one line a hex), or back to the full hexes."""
        host = self.host
        mapview = host.query_one("#game-map", MapView)
        mapview.set_compact(not mapview.compact)
        if mapview.compact:
            keys = _("Compact map: a line a hex, hex ids on the edges; m: full hexes")
            taps = _("Compact map; map: full hexes")
        else:
            keys = _("Full map: hex ids in each hex; m: the whole map at once")
            taps = _("Full map; map: the whole map at once")
        host.report(hint(keys, taps))
        host.refresh_view()

    # -- files -------------------------------------------------------------------------

    def new_game(self) -> None:
        def chosen(options: GameOptions | None) -> None:
            if options is not None:
                self.fresh = False
                self.host.start_game(options)

        self.host.stop_autoplay()
        self.host.app.push_screen(NewGameDialog(self.host.options), chosen)

    def default_save(self) -> str:
        name = "game.json"
        if self.host.history is not None:
            name = f"{self.host.history.scenario.id}-{self.host.history.seed}.json"
        return str(data_dir() / "games" / name)

    def save(self) -> None:
        if self.host.history is None:
            return
        dialog = PathDialog(_("Save the game to"), self.default_save())
        self.host.app.push_screen(dialog, self.save_to)

    def save_to(self, path: str | None) -> None:
        host, h = self.host, self.host.history
        if not path or h is None:
            return
        target = Path(path).expanduser()
        if target.is_dir():
            host.report(_("{path} is a folder: give a file name").format(path=target), True)
            return
        try:
            h.save(target)
        except Exception as exc:  # noqa: BLE001 - any refused write: say why, keep the game
            reason = (exc.strerror if isinstance(exc, OSError) else None) or str(exc)
            host.report(_("cannot write {path} ({error})").format(path=target, error=reason), True)
            return
        host.report(_("Saved to {path}").format(path=target))

    def open(self) -> None:
        def chosen(path: str | None) -> None:
            if path:
                self.open_game(path)

        self.host.stop_autoplay()
        dialog = PathDialog(_("Open a saved game"), self.default_save())
        self.host.app.push_screen(dialog, chosen)
