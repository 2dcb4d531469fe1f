"""The table of frame kinds: how each step of play runs itself or asks for a decision.

A frame kind (a model of `gcacw_ref.game.model.frames`) is either automatic (`Auto`: it needs
no decision, run it and go on) or a decision (`Decision`: the legal actions of the side
named by the frame, and how one of them applies). Both are typed by their frame model,
so a handler reads its frame's fields, checked by mypy; the engine's loop sees them all
through the `Handler` protocol. Engine modules register their kinds on import.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

from gcacw_ref.game.engine.work import EngineBug
from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.frames import FrameBase, frame_kind

if TYPE_CHECKING:
    from gcacw_ref.game.engine.work import Work

F = TypeVar("F", bound=FrameBase)


class Handler(Protocol):
    """A registered kind as the engine's loop uses it."""

    @property
    def automatic(self) -> bool: ...

    def run(self, w: Work, frame: FrameBase) -> None: ...

    def options(self, w: Work, frame: FrameBase) -> list[Action]: ...

    def decide(self, w: Work, frame: FrameBase, action: Action) -> None: ...


def _typed(frame_type: type[F], frame: FrameBase) -> F:
    if not isinstance(frame, frame_type):
        raise EngineBug(f"a {frame.kind} frame given to the {frame_type.__name__} handler")
    return frame


@dataclass(frozen=True)
class Auto(Generic[F]):
    """A step that needs no decision."""

    frame_type: type[F]
    step: Callable[[Work, F], None]
    automatic: bool = True

    def run(self, w: Work, frame: FrameBase) -> None:
        self.step(w, _typed(self.frame_type, frame))

    def options(self, w: Work, frame: FrameBase) -> list[Action]:
        raise EngineBug(f"frame {frame.kind} is not a decision")

    def decide(self, w: Work, frame: FrameBase, action: Action) -> None:
        self.options(w, frame)


@dataclass(frozen=True)
class Decision(Generic[F]):
    """A decision: `offer` lists the legal actions, `apply` carries one out."""

    frame_type: type[F]
    offer: Callable[[Work, F], list[Action]]
    apply: Callable[[Work, F, Action], None]
    automatic: bool = False

    def run(self, w: Work, frame: FrameBase) -> None:
        raise EngineBug(f"frame {frame.kind} waits for a decision")

    def options(self, w: Work, frame: FrameBase) -> list[Action]:
        return self.offer(w, _typed(self.frame_type, frame))

    def decide(self, w: Work, frame: FrameBase, action: Action) -> None:
        self.apply(w, _typed(self.frame_type, frame), action)


HANDLERS: dict[str, Handler] = {}


def auto(frame_type: type[F]) -> Callable[[Callable[[Work, F], None]], Callable[[Work, F], None]]:
    """Register the decorated function as the automatic step of `frame_type` frames."""

    def wrap(fn: Callable[[Work, F], None]) -> Callable[[Work, F], None]:
        HANDLERS[frame_kind(frame_type)] = Auto(frame_type, fn)
        return fn

    return wrap


def decision(
    frame_type: type[F],
    options: Callable[[Work, F], list[Action]],
    decide: Callable[[Work, F, Action], None],
) -> None:
    """Register a decision kind: its legal actions and how one is applied."""
    HANDLERS[frame_kind(frame_type)] = Decision(frame_type, options, decide)
