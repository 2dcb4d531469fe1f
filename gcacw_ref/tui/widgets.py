"""Small widgets shared by the screens: compact fields, the steps table, validators."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.events import Key
from textual.message import Message
from textual.reactive import reactive
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from gcacw_ref.i18n import N_, _
from gcacw_ref.layout_rich import KinsokuText
from gcacw_ref.rules.explain import LABEL_VALUE
from gcacw_ref.rules.io.fields import Spec
from gcacw_ref.rules.io.notation import (
    FULLWIDTH as _FULLWIDTH,
)
from gcacw_ref.rules.io.notation import (
    UNITS_HELP,
    format_units,
    parse_units,
    split_hexes,
)
from gcacw_ref.rules.numbers import parse_strength

__all__ = [
    "UNITS_HELP",
    "Choice",
    "Field",
    "Spec",
    "StepsTable",
    "format_units",
    "form_widgets",
    "parse_units",
    "split_hexes",
]

if TYPE_CHECKING:
    from gcacw_ref.rules.explain import Step


class Field(Input):
    """A one-line input; the cursor does not blink in headless runs (tests, snapshots).
    `hint` words its placeholder, again on each switch of language (F8)."""

    hint: Callable[[], str] | None = None

    def on_mount(self) -> None:
        if self.app.is_headless:
            self.cursor_blink = False

    def relabel(self) -> None:
        if self.hint is not None:
            self.placeholder = self.hint()


def said_field(msgid: str, **kwargs: Any) -> Field:
    """A `Field` whose placeholder is a message id, said again on F8."""
    field = Field(placeholder=_(msgid), **kwargs)
    field.hint = lambda: _(msgid)
    return field


class FormLabel(Label):
    """A label whose words are a message id, said again in the current language on F8,
    and wrapped without splitting a Japanese word (「防御側戦闘力」 never 「防御側戦闘／力」)."""

    def __init__(self, msgid: str, **kwargs: Any) -> None:
        self.msgid = msgid
        self.said = KinsokuText(Text.from_markup(_(msgid)), words=True)
        super().__init__(self.said, **kwargs)

    @property
    def plain(self) -> str:
        """What the label says now, without styles."""
        return self.said.text.plain

    def relabel(self) -> None:
        self.said = KinsokuText(Text.from_markup(_(self.msgid)), words=True)
        self.update(self.said)


class Check(Validator):
    """A validator whose description is written in the interface language when it is
    read (so it follows a language switch, F8, without rebuilding the form)."""

    def describe(self) -> str:
        """What the field accepts, in the current language."""
        raise NotImplementedError

    @property
    def failure_description(self) -> str | None:
        return self.describe()

    @failure_description.setter
    def failure_description(self, value: str | None) -> None:
        """Ignored: the description is written when it is read."""


class StrengthCheck(Check):
    """Accepts a combat strength: whole numbers or halves (17, 3 1/2, 3.5, 1/2)."""

    def __init__(self, optional: bool = False) -> None:
        super().__init__()
        self.optional = optional

    def describe(self) -> str:
        return _("a strength such as 17, 3 1/2, 3.5 or 1/2")

    def validate(self, value: str) -> ValidationResult:
        text = value.strip()
        if not text:
            return self.success() if self.optional else self.failure(_("required"))

        try:
            parse_strength(text)
        except Exception:  # noqa: BLE001 - any refusal is a validation failure
            return self.failure()
        return self.success()


class IntCheck(Check):
    """Accepts a whole number between `low` and `high` (blank allowed when optional)."""

    def __init__(self, low: int, high: int, optional: bool = False) -> None:
        super().__init__()
        self.low, self.high, self.optional = low, high, optional

    def describe(self) -> str:
        blank = _(" or blank") if self.optional else ""
        return _("a whole number {low}–{high}").format(low=self.low, high=self.high) + blank

    def validate(self, value: str) -> ValidationResult:
        text = value.strip().translate(_FULLWIDTH)
        if not text:
            return self.success() if self.optional else self.failure(_("required"))
        try:
            number = int(text)
        except ValueError:
            return self.failure()
        return self.success() if self.low <= number <= self.high else self.failure()


class UnitsCheck(Check):
    """Accepts a unit list, e.g. `17 a2 t2, 5 d1` (see `parse_units`)."""

    def describe(self) -> str:
        return _(UNITS_HELP)

    def validate(self, value: str) -> ValidationResult:
        try:
            parse_units(value)
        except ValueError as exc:
            return self.failure(f"{exc}; {_(UNITS_HELP)}")
        return self.success()


class HexListCheck(Check):
    """Accepts hex numbers such as `0101 0102` (four digits, split by spaces or commas)."""

    def __init__(self, optional: bool = False) -> None:
        super().__init__()
        self.optional = optional

    def describe(self) -> str:
        blank = _(" (or blank)") if self.optional else ""
        return _("hex numbers like 0101 0102, split by spaces or commas") + blank

    def validate(self, value: str) -> ValidationResult:
        hexes = split_hexes(value)
        if not hexes:
            return self.success() if self.optional else self.failure(_("required"))
        ok = all(len(h) == 4 and h.isascii() and h.isdigit() for h in hexes)
        return self.success() if ok else self.failure()


class TextCheck(Check):
    """Accepts any non-blank text (a file path or a built-in name). `what` is an English
    message id (marked with `N_`), translated when shown."""

    def __init__(self, what: str) -> None:
        super().__init__()
        self.what = what

    def describe(self) -> str:
        return _(self.what)

    def validate(self, value: str) -> ValidationResult:
        return self.success() if value.strip() else self.failure(_("required"))


class Choice(Widget, can_focus=True):
    """A one-line choice among fixed options: left/right (or space) cycle, a letter jumps."""

    DEFAULT_CSS = """
    Choice { height: 1; width: 1fr; background: $boost; }
    Choice:focus { background: $accent 40%; text-style: bold; }
    """
    BINDINGS = [
        Binding("right,space,enter", "cycle(1)", "Next choice", show=False),
        Binding("left", "cycle(-1)", "Previous choice", show=False),
    ]

    value: reactive[str] = reactive("")

    class Changed(Message):
        def __init__(self, choice: Choice, value: str) -> None:
            super().__init__()
            self.choice = choice
            self.value = value

        @property
        def control(self) -> Choice:
            return self.choice

    def __init__(
        self, options: list[str], value: str, *, id: str | None = None, type_into: str = ""
    ) -> None:
        super().__init__(id=id)
        self.options = list(options)
        self.type_into = type_into  # an Input that receives typed text instead (a selector)
        self.set_reactive(Choice.value, value if value in options else options[0])

    def render(self) -> Text:
        text = Text("‹ ", style="dim")
        # option values stay machine words; what is shown is translated (a book id is not)
        text.append(_(self.value).replace("_", " "))
        text.append(" ›", style="dim")
        return text

    def relabel(self) -> None:
        """The shown choice in the current language (its value stays the machine word)."""
        self.refresh()

    def action_cycle(self, step: int) -> None:
        index = self.options.index(self.value) if self.value in self.options else 0
        self.value = self.options[(index + step) % len(self.options)]

    def watch_value(self, value: str) -> None:
        self.post_message(self.Changed(self, value))

    def on_key(self, event: Key) -> None:
        if self.type_into and event.is_printable and event.character:
            event.stop()  # a typed letter belongs to the text box beside: never swallowed
            box = self.screen.query_one(self.type_into, Input)
            box.insert_text_at_cursor(event.character)
            keep, box.select_on_focus = box.select_on_focus, False  # no select-all to overtype
            # focus now (not `focus()`, which defers): the box's Focus event is queued before
            # the restore below and before the next key, so a quick second letter is kept
            self.screen.set_focus(box)
            box.call_later(setattr, box, "select_on_focus", keep)
            return
        char = (event.character or "").lower()
        if len(char) == 1 and char.isalnum():
            matches = [o for o in self.options if o.lower().startswith(char)]
            if matches:
                event.stop()
                current = matches.index(self.value) if self.value in matches else -1
                self.value = matches[(current + 1) % len(matches)]

    def on_click(self) -> None:
        self.focus()
        self.action_cycle(1)


def form_widgets(spec: Spec, prefix: str) -> list[Widget]:
    """The label and the control of one form field (laid out by the form's grid)."""
    wid = f"{prefix}-{spec.key}"
    label = FormLabel(spec.label, id=f"{wid}-label", classes="form-label")
    if spec.kind == "bool":
        return [label, Choice(["no", "yes"], "yes" if spec.default else "no", id=wid)]
    if spec.kind in ("select", "tristate"):
        return [label, Choice(spec.options, str(spec.default), id=wid)]
    validators: list[Validator]
    if spec.kind == "hexes":
        validators = [HexListCheck(spec.optional)]
    elif spec.kind == "text":
        validators = [TextCheck(N_("a map file path or a built-in map id such as example"))]
    elif spec.kind == "strength":
        validators = [StrengthCheck(spec.optional)]
    elif spec.kind == "units":
        validators = [UnitsCheck()]
    else:
        validators = [IntCheck(spec.low, spec.high, spec.optional)]
    # a text field starts empty: the example is only a dim placeholder, never a value
    field = Field("", id=wid, validators=validators, compact=True, placeholder=_hint(spec))
    field.hint = lambda: _hint(spec)
    return [label, field]


def _hint(spec: Spec) -> str:
    if spec.example is not None and spec.example != "":
        shown = " ".join(spec.example) if isinstance(spec.example, list) else str(spec.example)
        optional = _(" (optional)") if spec.optional else ""
        return _("e.g. {example}").format(example=shown) + optional
    if spec.kind == "hexes":
        return _("e.g. 0101 0102") + (
            _(" (optional)") if spec.optional else _(" (start hex first)")
        )
    if spec.kind == "text":
        return _("example")
    if spec.kind == "strength":
        return _("e.g. 17 or 3 1/2") + (_(" (optional)") if spec.optional else "")
    if spec.kind == "units":
        return _("e.g. 17 a2 t2, 5 d1")
    return f"{spec.low}–{spec.high}" + (_(" (optional)") if spec.optional else "")


class StepsTable(OptionList):
    """A calculator's breakdown, one line per step with its rule; enter opens that rule.

    A line is lit as soon as the table has the focus, so `enter` works at once; the lit
    line stays lit across recalculations."""

    class RuleChosen(Message):
        def __init__(self, rule: str, step: Step | None = None) -> None:
            super().__init__()
            self.rule = rule
            self.step = step

    class StepShown(Message):
        """A line was lit: its step (for the rule beside the answer)."""

        def __init__(self, step: Step) -> None:
            super().__init__()
            self.step = step

    steps: list[Step]

    def show(self, steps: list[Step]) -> None:
        lit = self.highlighted
        self.clear_options()
        self.steps = list(steps)
        for n, step in enumerate(steps):
            line = Text()
            line.append(f"[{step.rule}]", style="bold underline")
            line.append(f" {step.text()}")
            if step.value is not None:
                line.append(_(LABEL_VALUE).format(label="", value=""))  # ": " or 「：」
                line.append(str(step.shown_value()), style="bold")
            self.add_option(Option(KinsokuText(line), id=f"step-{n}"))  # Japanese breaks
        if steps and (lit is not None or self.has_focus):
            self.highlighted = min(lit or 0, len(steps) - 1)

    def on_focus(self) -> None:
        if self.highlighted is None and self.option_count:
            self.highlighted = 0

    @on(OptionList.OptionHighlighted)
    def _lit(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        steps = getattr(self, "steps", [])
        if 0 <= event.option_index < len(steps):
            self.post_message(self.StepShown(steps[event.option_index]))

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        steps = getattr(self, "steps", [])
        if 0 <= event.option_index < len(steps):
            step = steps[event.option_index]
            self.post_message(self.RuleChosen(step.rule, step))
