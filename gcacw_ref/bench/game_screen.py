"""Benchmark section for the game screen (issue 11).

- `game_step_ms`: one step forward (move the cursor one event, rebuild the map, the log
  highlight, the status and the hex panel, and render every visible line of the map and
  the log) at 160x45, over the whole of the longest built-in game (heuristic bots, seed 1);
- `game_back_ms`: the same stepping back from the end to the start;
- `ready_s`: `gcacw-ref game` from launch (cold process) to the app ready for keys, and
  `game_shown_s` to the game of the training scenario on screen (the engine is imported
  in a thread after the first paint).

- `jump_ms`: random jumps anywhere in the history; `*_cpu_ms`: the same in CPU time of
  the thread that steps (the wall times count every other process on a busy machine; the
  process's CPU time would count the app's worker threads too, such as a book's warm-up);
- `new_game_ms`: a new harrow game asked for on the open screen until it is drawn;
- `compact_frame_ms`: one frame of the compact map at 3, 2 and 1 characters a hex
  (`bench.compact_map`).

The history keeps a state every 16 actions and rebuilds the others by replaying the
engine from the one before (`tui.game.history`); `history_kb` is what it holds.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from typing import Any

from textual.geometry import Region

from gcacw_ref.bench.compact_map import compact_frames
from gcacw_ref.game.play.api import SCENARIO_DIR, load_scenario, replay_save
from gcacw_ref.i18n import _
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions
from gcacw_ref.tui.game.history import History
from gcacw_ref.tui.game.pane import GamePane

RUNS = 3
JUMPS = 300  # random jumps anywhere in the history (seeded)
_CHILD = r"""
import json, time
start = time.time()
from gcacw_ref.tui.app import GcacwApp
from gcacw_ref.tui.game.dialogs import GameOptions

class BenchApp(GcacwApp):
    def on_ready(self):
        self.ready_at = time.time()
        self.set_interval(0.01, self._check)
    def _check(self):
        pane = self.query("#game-pane")
        if pane and pane.first().history is not None and getattr(self, "done", None) is None:
            self.done = time.time()
            self.exit()

app = BenchApp(game=GameOptions("training", 1, "heuristic", "heuristic"))
app.run(headless=True, size=(160, 45))
print(json.dumps({"ready": app.ready_at, "shown": app.done}))
"""


memory: dict[int, int] = {}  # id of a history -> KB it holds (tracemalloc)
held_kb: dict[str, int] = {}  # scenario -> KB its whole game's history holds


def _longest_game() -> tuple[str, Any]:
    """The longest built-in game between heuristic bots (seed 1), and what each game's
    history holds: the memory freed when the history is dropped (tracemalloc), so the
    engine's own bounded caches, which stay, are not counted."""
    best: tuple[str, Any, int] | None = None
    for path in sorted(SCENARIO_DIR.glob("*.toml")):
        scenario = load_scenario(path.stem)
        tracemalloc.start()
        h = History.new(scenario, 1, {"union": "heuristic", "confederate": "heuristic"})
        while h.to_move() is not None:
            action, by = h.bot_choice()
            h.go(len(h.stops) - 1)
            h.play(action, by=by)
        held = tracemalloc.get_traced_memory()[0]
        save, stops = h.game().to_save(), len(h.stops)
        del h
        gc.collect()
        held_kb[path.stem] = (held - tracemalloc.get_traced_memory()[0]) // 1024
        tracemalloc.stop()
        if best is None or stops > best[2]:
            best = (path.stem, save, stops)
    assert best is not None
    history = History.from_save(best[1], best[0])  # the same game again, for stepping
    memory[id(history)] = held_kb[best[0]]
    return best[0], history


def _replay_ms(history: History) -> float:
    """Rebuilding the position at the end from the actions (the alternative to keeping
    every state): one full replay, in ms."""
    save = history.game().to_save()
    t = time.perf_counter()
    replay_save(save)
    return (time.perf_counter() - t) * 1000


async def _stepping(history: History) -> dict[str, Any]:

    app = GcacwApp(game=GameOptions("training", 1, "human", "human"))
    async with app.run_test(size=(160, 45)) as pilot:
        # wait for the pane and its widgets: on a loaded machine the pane is mounted well
        # before its log is (a bare query for the pane let the bench fail with NoMatches)
        for _ in range(1500):
            await pilot.pause(0.02)
            panes = app.query(GamePane)
            if panes and panes.first().query("#game-log"):
                break
        await app.workers.wait_for_complete()
        pane = app.query_one(GamePane)
        pane.set_history(history)
        await pilot.pause()
        widgets = [pane.query_one(w) for w in ("#game-map", "#game-log", "#game-status")]
        widgets.append(pane.query_one("#game-info"))

        def one(target: int) -> tuple[float, float]:
            t, c = time.perf_counter(), time.thread_time()
            pane._go(target)  # noqa: SLF001
            for w in widgets:
                w.render_lines(Region(0, 0, w.size.width, w.size.height))
            return (time.perf_counter() - t) * 1000, (time.thread_time() - c) * 1000

        history.go(0)
        forward = [one(history.cursor + 1) for _ in range(len(history.stops) - 1)]
        back = [one(history.cursor - 1) for _ in range(len(history.stops) - 1)]
        rng = random.Random(1)
        jumps = [one(rng.randrange(len(history.stops))) for _ in range(JUMPS)]
        compact = await compact_frames(pilot, pane, history)
        t = time.perf_counter()
        pane.start_game(GameOptions("harrow", 2, "human", "heuristic"))
        for w in widgets:
            w.render_lines(Region(0, 0, w.size.width, w.size.height))
        new_game = (time.perf_counter() - t) * 1000
    return {
        "forward": forward,
        "back": back,
        "jumps": jumps,
        "new_game_ms": new_game,
        "compact": compact,
    }


def _ready_once() -> tuple[float, float]:
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", _CHILD], capture_output=True, text=True, timeout=60, check=False
    )
    lines = [x for x in done.stdout.splitlines() if x.startswith("{")]
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"the game screen did not start: {done.stderr.strip()[-300:]}")
    data = json.loads(lines[-1])
    return float(data["ready"]) - start, float(data["shown"]) - start


def _summary(pairs: list[tuple[float, float]], cpu: bool = False) -> dict[str, float]:
    ordered = sorted(p[1] if cpu else p[0] for p in pairs)
    return {
        "median": round(statistics.median(ordered), 2),
        "p95": round(ordered[int(len(ordered) * 0.95) - 1], 2),
        "max": round(ordered[-1], 2),
    }


def run() -> dict[str, Any]:
    try:
        name, history = _longest_game()
        timings = asyncio.run(_stepping(history))
        runs = [_ready_once() for _ in range(RUNS)]
        ready = [r[0] for r in runs]
        shown = [r[1] for r in runs]
    except Exception as exc:  # noqa: BLE001 - a bench must report, not crash
        return {"game_screen": {"error": f"{type(exc).__name__}: {exc}"}}
    return {
        "game_screen": {
            "scenario": name,
            "events": len(history.stops),
            "actions": len(history.nodes) - 2,
            "step_ms": _summary(timings["forward"]),
            "back_ms": _summary(timings["back"]),
            "jump_ms": _summary(timings["jumps"]),
            "step_cpu_ms": _summary(timings["forward"], cpu=True),
            "back_cpu_ms": _summary(timings["back"], cpu=True),
            "jump_cpu_ms": _summary(timings["jumps"], cpu=True),
            "new_game_ms": round(timings["new_game_ms"], 1),
            "compact_frame_ms": timings["compact"],
            "history_kb": memory.get(id(history)),
            "replay_from_actions_ms": round(_replay_ms(history), 1),
            "ready_s": round(statistics.median(ready), 3),
            "ready_runs_s": [round(r, 3) for r in ready],
            "game_shown_s": round(statistics.median(shown), 3),
        }
    }


def render(result: dict[str, Any]) -> str:
    g = result.get("game_screen", {})
    if "error" in g:
        return _("Game screen: not measured ({error})").format(error=g["error"])
    return _render_steps(g) + _render_compact(g.get("compact_frame_ms", {}))


def _render_compact(frames: dict[str, Any]) -> str:
    """The compact map's frame at each hex width, widest first."""
    parts = [
        _("width {width} ({size}) {median:.2f} ms median, {max:.2f} ms max").format(
            width=width, size=f["size"], median=f["median"], max=f["max"]
        )
        for width, f in sorted(frames.items(), reverse=True)
    ]
    if not parts:
        return ""
    return "; " + _("the compact map, one frame from nothing: {parts}").format(
        parts=", ".join(parts)
    )


def _render_steps(g: dict[str, Any]) -> str:
    return _(
        "Game screen ({scenario}, {events} events): one step {step:.1f} ms median, "
        "{step_max:.1f} ms max ({step_cpu:.1f} ms CPU); one step back {back:.1f} ms median, "
        "{back_max:.1f} ms max ({back_cpu:.1f} ms CPU); any jump {jump_max:.1f} ms max "
        "({jump_cpu:.1f} ms CPU; target 100 at the max for all three); a new harrow game "
        "drawn in {new:.0f} ms (target 1000); ready for keys in {ready:.2f} s (target 1.5), "
        "the game on screen at {shown:.2f} s; the history holds {kb} KB (target 10,000; "
        "replaying the whole game from its actions: {replay:.0f} ms)"
    ).format(
        scenario=g["scenario"],
        events=g["events"],
        step=g["step_ms"]["median"],
        step_max=g["step_ms"]["max"],
        step_cpu=g["step_cpu_ms"]["max"],
        back=g["back_ms"]["median"],
        back_max=g["back_ms"]["max"],
        back_cpu=g["back_cpu_ms"]["max"],
        jump_max=g["jump_ms"]["max"],
        jump_cpu=g["jump_cpu_ms"]["max"],
        new=g["new_game_ms"],
        ready=g["ready_s"],
        shown=g["game_shown_s"],
        kb=g["history_kb"],
        replay=g["replay_from_actions_ms"],
    )
