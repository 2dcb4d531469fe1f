"""The Textual app: screens and widgets only; every number comes from gcacw_ref.rules.

`run_app()` is what `gcacw-ref` (no arguments) calls. Heavy modules (the text layer's
index, the calculators, the tables) are imported lazily so the app is ready for keys fast.
"""

from __future__ import annotations


def run_app(settings_problem: str | None = None, game: str | None = None) -> int:
    """Launch the TUI and return the process exit code (`settings_problem`: shown as a
    notice; `game`: the `--game` given, else the saved game, else the player is asked)."""
    # lazy: textual loads only when the TUI starts
    from gcacw_ref.tui.app import GcacwApp

    app = GcacwApp(settings_problem=settings_problem, player_game=game, ask_game=True)
    app.run()
    return int(app.return_code or 0)
