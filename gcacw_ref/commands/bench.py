"""`gcacw-ref bench [--json]`: the benchmark. Each area contributes a section.

A section is a module with `run() -> dict` (JSON-ready) and `render(result) -> str`.
"""

from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

SECTIONS = [
    "gcacw_ref.text.bench",  # search median/p95, import_s
    "gcacw_ref.tui.bench",  # startup_s
    "gcacw_ref.game.bench_move",  # reachable-set time
    "gcacw_ref.game.bench_play",  # full bot game, soak
    "gcacw_ref.tui.game.bench",  # game screen: one step, one step back, ready
]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bench", help="measure search, import, startup and engine speed")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=cmd_bench)


def cmd_bench(args: argparse.Namespace) -> int:
    result: dict[str, Any] = {}
    texts: list[str] = []
    for name in SECTIONS:
        module = importlib.import_module(name)
        part = module.run()
        result.update(part)
        texts.append(module.render(part))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print("\n".join(t for t in texts if t))
    return 0
