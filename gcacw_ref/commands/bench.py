"""`gcacw-ref bench [--json]`: the benchmark. Each area contributes a section.

A section is a module with `run() -> dict` (JSON-ready) and `render(result) -> str`.
"""

from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

from gcacw_ref.i18n import _

SECTIONS = [
    "gcacw_ref.text.bench",  # search median/p95, import_s
    "gcacw_ref.tui.bench",  # startup_s
    "gcacw_ref.game.bench_move",  # reachable-set time
    "gcacw_ref.game.bench_play",  # full bot game, soak
]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bench", help=_("measure search, import, startup and engine speed"))
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
        print(measured_line(result))
    return 0


def measured_line(result: dict[str, Any]) -> str:
    """One plain sentence: what this run measured, and over which rulebooks."""
    search = result.get("search", {})
    source = search.get("source")
    if source == "seeds":
        return _(
            "Measured: import and search over the seed rulebooks (in a temporary directory), "
            "then start-up, movement and whole games."
        )
    if source == "none":
        return _(
            "No seed rulebooks and no imported book: import and search were not measured; "
            "start-up, movement and whole games were."
        )
    return _(
        "No seed rulebooks found ($GCACW_REF_SEEDS): search was measured over your imported "
        "books ({books}), import time was not measured; start-up, movement and whole games "
        "were measured as usual."
    ).format(books=", ".join(search.get("books", [])))
