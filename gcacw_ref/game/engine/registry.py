"""The table of frame kinds: how each step of play runs itself or asks for a decision.

A frame kind has either `auto` (it needs no decision: run it and go on) or `options`
(the legal actions of the player named by the frame) and `decide` (apply one of them).
Engine modules register their kinds on import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gcacw_ref.game.actions import Action

Frame = dict[str, Any]
AutoFn = Callable[[Any, Frame], None]
OptionsFn = Callable[[Any, Frame], list[Action]]
DecideFn = Callable[[Any, Frame, Action], None]


@dataclass(frozen=True)
class Handler:
    auto: AutoFn | None = None
    options: OptionsFn | None = None
    decide: DecideFn | None = None


HANDLERS: dict[str, Handler] = {}


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    """Register `fn` as the automatic step of frames of `kind`."""

    def wrap(fn: AutoFn) -> AutoFn:
        HANDLERS[kind] = Handler(auto=fn)
        return fn

    return wrap


def decision(kind: str, options: OptionsFn, decide: DecideFn) -> None:
    """Register a decision step: its legal actions and how one is applied."""
    HANDLERS[kind] = Handler(options=options, decide=decide)
