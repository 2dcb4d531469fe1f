"""Small widgets shared by the screens: compact fields, the steps table, validators."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.validation import ValidationResult, Validator
from textual.widgets import Checkbox, Input, Label, OptionList, Select
from textual.widgets.option_list import Option


class Field(Input):
    """A one-line input; the cursor does not blink in headless runs (tests, snapshots)."""

    def on_mount(self) -> None:
        if self.app.is_headless:
            self.cursor_blink = False


class StrengthCheck(Validator):
    """Accepts a combat strength: whole numbers or halves (17, 3 1/2, 3.5, 1/2)."""

    def __init__(self, optional: bool = False) -> None:
        super().__init__("a strength such as 17, 3 1/2, 3.5 or 1/2")
        self.optional = optional

    def validate(self, value: str) -> ValidationResult:
        text = value.strip()
        if not text:
            return self.success() if self.optional else self.failure("required")
        from gcacw_ref.rules.numbers import parse_strength

        try:
            parse_strength(text)
        except Exception:  # noqa: BLE001 - any refusal is a validation failure
            return self.failure()
        return self.success()


class IntCheck(Validator):
    """Accepts a whole number between `low` and `high` (blank allowed when optional)."""

    def __init__(self, low: int, high: int, optional: bool = False) -> None:
        blank = " or blank" if optional else ""
        super().__init__(f"a whole number {low}–{high}{blank}")
        self.low, self.high, self.optional = low, high, optional

    def validate(self, value: str) -> ValidationResult:
        text = value.strip().translate(_FULLWIDTH)
        if not text:
            return self.success() if self.optional else self.failure("required")
        try:
            number = int(text)
        except ValueError:
            return self.failure()
        return self.success() if self.low <= number <= self.high else self.failure()


class UnitsCheck(Validator):
    """Accepts a unit list, e.g. `17 a2 t2, 5 d1` (see `parse_units`)."""

    def __init__(self) -> None:
        super().__init__(UNITS_HELP)

    def validate(self, value: str) -> ValidationResult:
        try:
            parse_units(value, defenders=False)
        except ValueError as exc:
            return self.failure(f"{exc}; {UNITS_HELP}")
        return self.success()


_FULLWIDTH = str.maketrans("０１２３４５６７８９－", "0123456789-")

UNITS_HELP = (
    "units split by commas, each a strength then optional a<n> artillery, t<n> tactical, "
    "d1/d2 demoralized, x disorganized, c cavalry (e.g. 17 a2 t2, 5 d1)"
)


def parse_units(text: str, defenders: bool) -> list[dict[str, Any]]:
    """Turn `17 a2 t2, 3 1/2 d1 c` into the calculator's unit objects (no rule logic here)."""
    from gcacw_ref.rules.numbers import parse_strength

    units: list[dict[str, Any]] = []
    pieces = [p.strip() for p in text.translate(_FULLWIDTH).split(",")]
    if not any(pieces):
        raise ValueError("at least one unit is needed")
    for n, piece in enumerate(pieces, start=1):
        if not piece:
            raise ValueError(f"unit {n} is empty")
        strength_words: list[str] = []
        unit: dict[str, Any] = {}
        for word in piece.split():
            head, tail = word[0].lower(), word[1:]
            if head.isdigit() or head in "./":
                strength_words.append(word)
            elif head in "atd" and tail.isdigit():
                key = {"a": "artillery", "t": "tactical", "d": "demoralized"}[head]
                unit[key] = int(tail)
            elif word.lower() == "x":
                unit["organized"] = False
            elif word.lower() == "c":
                unit["cavalry"] = True
            else:
                raise ValueError(f"unit {n}: cannot read {word!r}")
        if not strength_words:
            raise ValueError(f"unit {n} has no strength")
        try:
            parse_strength(" ".join(strength_words))
        except Exception:  # noqa: BLE001
            raise ValueError(f"unit {n}: {' '.join(strength_words)!r} is not a strength") from None
        if unit.get("demoralized", 0) not in (0, 1, 2):
            raise ValueError(f"unit {n}: demoralized is 1 or 2")
        unit["strength"] = " ".join(strength_words)
        units.append(unit)
    return units


@dataclass
class Spec:
    """One form field: `kind` is strength, int, select, bool or units."""

    key: str
    label: str
    kind: str
    default: Any = None
    options: list[str] = field(default_factory=list)
    low: int = 0
    high: int = 99
    optional: bool = False


class FormRow(Horizontal):
    """A label and its control on one line."""

    def __init__(self, spec: Spec, prefix: str) -> None:
        super().__init__(classes="form-row")
        self.spec = spec
        self.prefix = prefix

    def compose(self) -> ComposeResult:
        spec, wid = self.spec, f"{self.prefix}-{self.spec.key}"
        if spec.kind == "bool":
            yield Checkbox(spec.label, bool(spec.default), id=wid, compact=True)
            return
        yield Label(spec.label, classes="form-label")
        if spec.kind == "select":
            opts = [(o, o) for o in spec.options]
            yield Select(opts, value=spec.default, allow_blank=False, id=wid, compact=True)
            return
        validators: list[Validator]
        if spec.kind == "strength":
            validators = [StrengthCheck(spec.optional)]
        elif spec.kind == "units":
            validators = [UnitsCheck()]
        else:
            validators = [IntCheck(spec.low, spec.high, spec.optional)]
        value = "" if spec.default is None else str(spec.default)
        yield Field(value, id=wid, validators=validators, compact=True, placeholder=_hint(spec))


def _hint(spec: Spec) -> str:
    if spec.kind == "strength":
        return "e.g. 17 or 3 1/2" + (" (optional)" if spec.optional else "")
    if spec.kind == "units":
        return "e.g. 17 a2 t2, 5 d1"
    return f"{spec.low}–{spec.high}" + (" (optional)" if spec.optional else "")


class StepsTable(OptionList):
    """A calculator's breakdown, one line per step with its rule; enter opens that rule."""

    class RuleChosen(Message):
        def __init__(self, rule: str) -> None:
            super().__init__()
            self.rule = rule

    def show(self, steps: list[Any]) -> None:
        self.clear_options()
        self._rules = [str(s.rule) for s in steps]
        for n, step in enumerate(steps):
            line = Text()
            line.append(f"[{step.rule}]", style="bold underline")
            line.append(f" {step.label}")
            if step.value is not None:
                line.append(": ")
                line.append(str(step.value), style="bold")
            self.add_option(Option(line, id=f"step-{n}"))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        rules = getattr(self, "_rules", [])
        if 0 <= event.option_index < len(rules):
            self.post_message(self.RuleChosen(rules[event.option_index]))
