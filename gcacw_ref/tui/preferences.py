"""`Preferences`, a part of the app: the player's game and the interface language,
chosen, kept in the settings, and shown at once on every screen."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.css.query import NoMatches
from textual.widgets import TabbedContent

from gcacw_ref.i18n import N_, _, current_language, set_language
from gcacw_ref.settings import load_settings, save_settings
from gcacw_ref.tui.calcs.base import CalcPane
from gcacw_ref.tui.calcs.game_choice import GameScreen
from gcacw_ref.tui.messages import GamePlaying
from gcacw_ref.tui.navigate import Navigation
from gcacw_ref.tui.tabs import CALC_PANES, TABS, tab_title


class Preferences(Navigation):
    """The game choice (first run, the palette) and the language switch (F8)."""

    SUB_TITLE = N_("GCACW rules assistant")  # the header shows it before the game
    home: Path | None
    player_game: str

    playing: tuple[str, str] = ("", "")  # the game screen's game and scenario (`GamePlaying`)

    def header_line(self) -> str:
        """The header's second part: what the app is and the player's game; on the game
        screen, the game being played there and its scenario."""
        what = _(self.SUB_TITLE)
        game, title = self.playing
        if game and self._on_game_screen():
            return _("{what} · game {game}: {scenario}").format(
                what=what, game=game, scenario=title
            )
        return _("{what} · game {game}").format(what=what, game=self.player_game)

    def _on_game_screen(self) -> bool:
        try:
            return self.query_one("#tabs", TabbedContent).active == "game"
        except NoMatches:  # not composed yet
            return False

    @on(GamePlaying)
    def _playing(self, event: GamePlaying) -> None:
        self.playing = (event.game, event.title)
        self.sub_title = self.header_line()

    def action_choose_game(self, asking: bool = False) -> None:
        """Ask which game the player plays (first run: nothing marked as chosen; the palette)."""

        def chosen(game: str | None) -> None:
            if game:
                self.set_player_game(game)

        if not isinstance(self.screen, GameScreen):
            self.push_screen(GameScreen(None if asking else self.player_game), chosen)

    def set_player_game(self, game: str) -> None:
        """Use `game` from now on, keep it as the setting, and redo every calculation."""
        self.player_game = game
        self.sub_title = self.header_line()
        settings, _problem = load_settings(self.home)
        settings.game = game
        try:
            save_settings(settings, self.home)
        except OSError as exc:
            self.notify(
                _("Could not keep the game choice: {error}").format(error=exc.strerror or exc),
                severity="warning",
            )
        for pane in self.query(CalcPane):
            pane.set_game(game)
        self.notify(_("Game: {game}").format(game=game))

    # -- language ---------------------------------------------------------------------

    def action_switch_language(self) -> None:
        """Speak the other language from now on, keep the choice, and redraw every screen."""
        lang = "en" if current_language() == "ja" else "ja"
        set_language(lang)
        settings, _problem = load_settings(self.home)
        settings.language = lang
        try:
            save_settings(settings, self.home)
        except Exception as exc:  # noqa: BLE001 - any refused write: the switch still holds
            reason = (exc.strerror if isinstance(exc, OSError) else None) or exc
            self.notify(
                _("Could not keep the language choice: {error}").format(error=reason),
                severity="warning",
            )
        self.relabel()
        self.notify(_("Language: English"), title="日本語 / English")

    def relabel(self) -> None:
        """Redraw every text in the current language: tabs, hints, panes, open dialogs."""
        self.sub_title = self.header_line()
        tabs = self.query_one("#tabs", TabbedContent)
        for tab_id in TABS:
            tabs.get_tab(tab_id).label = tab_title(tab_id)
        calc_tabs = self.query_one("#calc-tabs", TabbedContent)
        for pane in CALC_PANES:
            calc_tabs.get_tab(f"calc-{pane.NAME}").label = _(pane.title())
        self._show_hints()
        for widget in self.query("*"):
            relabel = getattr(widget, "relabel", None)
            if callable(relabel):
                relabel()
        for calc in self.query(CalcPane):
            if calc.output is not None or calc.error is not None:
                calc.request_recalc()  # results and validation messages in the new language
        for screen in self.screen_stack[1:]:
            screen_relabel = getattr(screen, "relabel", None)
            if callable(screen_relabel):
                screen_relabel()
