"""A board question's answer: the calculator it ran, the input it derived from the board,
the calculator's result, and what the board adds (hexes read, refusals, drawing marks).

`to_json` is the contract's shape: the calculator's own `--json` for the derived input,
plus `"input"` (which `calc NAME --input` answers identically) and `"board"`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, ValidationError

from gcacw_ref.calculators import calculator
from gcacw_ref.errors import InputError
from gcacw_ref.rules.tables import describe_validation_error


@dataclass(frozen=True)
class Marks:
    """What the picture draws on the board for an answer: hexes reached (hex -> label),
    paths (each a list of hexes), hexes picked out (hex -> kind: flank, refused, target,
    stop, command) and the unit or hex the question is about."""

    reach: dict[str, str] = field(default_factory=dict)
    paths: list[list[str]] = field(default_factory=list)
    picked: dict[str, str] = field(default_factory=dict)
    subject: str | None = None


@dataclass(frozen=True)
class Answer:
    """One question's answer. `lines` are the board's own lines (already in the current
    language) shown after the calculator's text."""

    calc: str
    input: dict[str, Any]
    output: BaseModel | None
    board: dict[str, Any]
    lines: list[str]
    marks: Marks

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = (
            json.loads(self.output.model_dump_json()) if self.output is not None else {}
        )
        data["input"] = self.input
        data["board"] = self.board
        return data

    def text(self) -> str:
        ran = self.output is not None and self.calc
        parts = [calculator(self.calc).render(self.output)] if ran and self.output else []
        return "\n".join([*parts, *self.lines])


def run_calc(name: str, data: dict[str, Any]) -> BaseModel:
    """Calculator `name` run on `data`, exactly as `calc NAME --input` runs it."""
    calc = calculator(name)
    try:
        inp = calc.Input.model_validate(data)
    except ValidationError as exc:
        raise InputError(describe_validation_error(f"calc {name} input", exc)) from None
    out: BaseModel = calc.run(inp)
    return out
