"""Explanations: every result carries the steps that produced it, each citing its rule.

A step's `label` (and a worded `value`) is an English message id, a `str.format` template
filled from `args`: `Step(rule="7.6", label=N_("hex {n} not allowed"), args={"n": 3})`.
The rules core never picks a language; `text()`, `shown_value()`, `line()` and the JSON
form translate through the catalogs (`gcacw_ref.i18n`) where the step is shown. Word
arguments (terrain names and the like) are translated too when the catalog knows them.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from gcacw_ref.i18n import _


def _render(template: str, args: dict[str, str | int]) -> str:
    """`template` in the current language, filled with `args` (their words translated too)."""
    text = _(template)
    if not args:
        return text
    shown = {k: _(v) if isinstance(v, str) else v for k, v in args.items()}
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError):  # a template without those fields: show it as is
        return text


class Step(BaseModel):
    """One line of a breakdown: the rule applied (e.g. "7.4") and what it did, in words."""

    model_config = ConfigDict(frozen=True)

    rule: str
    label: str
    value: str | None = None
    args: dict[str, str | int] = Field(default_factory=dict)

    def text(self) -> str:
        """The label in the current language, its placeholders filled."""
        return _render(self.label, self.args)

    def shown_value(self) -> str | None:
        """The value in the current language (numbers pass through unchanged)."""
        return None if self.value is None else _render(self.value, self.args)

    def line(self) -> str:
        """The step as one readable line, e.g. `[7.4] Artillery modifier: +1`."""
        value = self.shown_value()
        tail = f": {value}" if value is not None else ""
        return f"[{self.rule}] {self.text()}{tail}"

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """JSON: `label` and `value` in the current language; `args` only when there are any."""
        data: dict[str, Any] = handler(self)
        data["label"] = self.text()
        data["value"] = self.shown_value()
        if not self.args:
            data.pop("args", None)
        return data


def render_steps(steps: list[Step]) -> str:
    """All steps, one per line."""
    return "\n".join(step.line() for step in steps)
