"""Explanations: every result carries the steps that produced it, each citing its rule."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class Step(BaseModel):
    """One line of a breakdown: the rule applied (e.g. "7.4") and what it did, in words."""

    model_config = ConfigDict(frozen=True)

    rule: str
    label: str
    value: str | None = None

    def line(self) -> str:
        """The step as one readable line, e.g. `[7.4] Artillery modifier: +1`."""
        tail = f": {self.value}" if self.value is not None else ""
        return f"[{self.rule}] {self.label}{tail}"


def render_steps(steps: list[Step]) -> str:
    """All steps, one per line."""
    return "\n".join(step.line() for step in steps)
