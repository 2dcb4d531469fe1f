"""The TUI area's fixtures (tests/tui/conftest.py) for its end-to-end cases, the
automatic ones included."""

from __future__ import annotations

from tests.tui.conftest import (  # noqa: F401
    app_home,
    library_home,
    no_search_warm_up,
    practice_home,
    quick_idle_check,
    snap_home,
)
