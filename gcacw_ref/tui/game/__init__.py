"""The game screen: watch the engine play, travel in time, play a side (issue 11).

Imported only when the Game tab is first shown, so the app starts as fast as before.
"""

from __future__ import annotations

from typing import Any


def mount_game_pane(container: Any, options: Any = None) -> Any:
    """Put a `GamePane` into `container` (once); returns the pane."""
    from gcacw_ref.tui.game.pane import GamePane

    found = container.query(GamePane)
    if found:
        return found.first()
    pane = GamePane(options, id="game-pane")
    container.mount(pane)
    return pane
