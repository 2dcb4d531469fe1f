"""The game screen: watch the engine play, travel in time, play a side (issue 11).

Imported only when the Game tab is first shown, so the app starts as fast as before;
even then only after the first paint (a "loading" line shows meanwhile). Importing in a
thread was measured slower on both counts: it fights the first paint for the GIL.
"""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Static

from gcacw_ref.i18n import _
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.pane import GamePane  # the engine: slow the first time
from gcacw_ref.tui.services import Services


def mount_game_pane(
    container: Widget, services: Services, options: GameOptions | None = None
) -> None:
    """Put a `GamePane` into `container` (once), after the screen is painted."""
    if container.query("#game-pane") or container.query("#game-loading"):
        return

    container.mount(Static(_("Loading the game…"), id="game-loading"))

    def finish() -> None:
        for placeholder in container.query("#game-loading"):
            placeholder.remove()
        container.mount(GamePane(services, options, id="game-pane"))

    container.app.set_timer(0.05, finish)
