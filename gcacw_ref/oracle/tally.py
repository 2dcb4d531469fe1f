"""What the oracle sees of one step, and its count of checks and violations per rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from gcacw_ref.game.model.actions import Action
from gcacw_ref.game.model.state import GameState


@dataclass
class Seen:
    """One step of a game: the state before it, its legal actions, the action, events,
    and the state after it (None when the caller does not give it)."""

    pre: GameState
    legal: list[Action]
    action: Action
    events: list[dict[str, Any]]  # the events as JSON (`as_json`)
    post: GameState | None = None


@dataclass
class Tally:
    """Checks made and violations found, per rule; the first few violations in words."""

    checks: Counter[str] = field(default_factory=Counter)
    violations: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)
    where: str = ""
    max_examples: int = 20

    def check(self, rule: str, ok: bool, detail: str = "") -> None:
        self.checks[rule] += 1
        if not ok:
            self.violations[rule] += 1
            if len(self.examples) < self.max_examples:
                self.examples.append(f"{rule}: {self.where} {detail}".strip())

    def merge(self, other: Tally) -> None:
        self.checks.update(other.checks)
        self.violations.update(other.violations)
        room = self.max_examples - len(self.examples)
        self.examples.extend(other.examples[: max(0, room)])

    def report(self) -> dict[str, Any]:
        rules = sorted(self.checks)
        return {
            "checks": sum(self.checks.values()),
            "violations": sum(self.violations.values()),
            "per_rule": {
                r: {"checks": self.checks[r], "violations": self.violations.get(r, 0)}
                for r in rules
            },
            "examples": list(self.examples),
        }
