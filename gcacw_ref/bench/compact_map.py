"""Benchmark part of the game screen: one frame of the compact map at each hex width.

`compact_frame_ms` (in `game_screen`): for the compact map at 160x45 (3 characters a
hex), 120x40 (2) and 45x40 (a phone: 1), over the first `STEPS` events of the longest
game, one frame with nothing remembered: every line of the map built again (its line
cache emptied first) and every line of the drawing rendered, numbers included; the
median, p95 and max in ms, keyed by the width the map chose there.
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from textual.pilot import Pilot

from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.mapview import MapView
from gcacw_ref.tui.game.pane import GamePane

STEPS = 300
SIZES = ((160, 45), (120, 40), (45, 40))


def _summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median": round(statistics.median(ordered), 3),
        "p95": round(ordered[max(0, int(len(ordered) * 0.95) - 1)], 3),
        "max": round(ordered[-1], 3),
    }


def _frame(view: MapView) -> float:
    """One frame of the map from nothing: its lines built and all of them rendered, ms."""
    view._line_cache.clear()  # noqa: SLF001 - the worst case: no line remembered
    t = time.perf_counter()
    view._build()  # noqa: SLF001
    for y in range(view.virtual_size.height):
        view.render_line(y)
    return (time.perf_counter() - t) * 1000


async def compact_frames(pilot: Pilot[Any], pane: GamePane, history: History) -> dict[str, Any]:
    """The compact map's frame at each terminal size of `SIZES`, keyed by hex width."""
    view = pane.query_one("#game-map", MapView)
    view.set_compact(True)
    out: dict[str, Any] = {}
    for size in SIZES:
        await pilot.resize_terminal(*size)
        await pilot.pause()
        times = []
        for target in range(min(STEPS, len(history.stops))):
            pane._go(target)  # noqa: SLF001 - the position, not timed
            view.scroll_to(0, 0, animate=False, immediate=True)
            times.append(_frame(view))
        out[str(view.hex_w)] = _summary(times) | {"size": f"{size[0]}x{size[1]}"}
    await pilot.resize_terminal(*SIZES[0])
    view.set_compact(False)
    await pilot.pause()
    return out
