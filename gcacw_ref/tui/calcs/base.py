"""The shape every calculator pane shares: a form, a summary and the step-by-step breakdown.

The pane gathers the form into the calculator's documented JSON input, validates it with
the module's `Input`, calls `run()` and shows the `Output`; it never computes a rule.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.events import DescendantFocus
from textual.widget import Widget
from textual.widgets import Input, Static, TabbedContent

from gcacw_ref.calculators import calculator
from gcacw_ref.errors import GcacwError
from gcacw_ref.i18n import _, join_list
from gcacw_ref.rules.tables import describe_validation_error
from gcacw_ref.tui.calcs.form import specs_for
from gcacw_ref.tui.ruleside import RuleSide
from gcacw_ref.tui.widgets import (
    Choice,
    Spec,
    StepsTable,
    form_widgets,
    parse_units,
    split_hexes,
)


class CalcPane(Vertical):
    """Base class; subclasses set NAME, TITLE, FIELDS and override `build` / `summary`.

    `FIELDS` names the fields of the calculator's `Input` model the form shows, in order:
    labels, choices, bounds and examples are read from the model (`calcs/form.py`).
    """

    NAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    FIELDS: ClassVar[list[str]] = []
    SPECS: ClassVar[list[Spec]] = []  # only for a form with no input model of its own
    _specs: ClassVar[list[Spec] | None] = None

    @classmethod
    def specs(cls) -> list[Spec]:
        """Every field of the form (read from the input model once, when first needed)."""
        if cls.__dict__.get("_specs") is None:
            cls._specs = cls.make_specs()
        return cls._specs or []

    @classmethod
    def make_specs(cls) -> list[Spec]:
        if not cls.FIELDS:
            return list(cls.SPECS)
        return specs_for(calculator(cls.NAME).Input, cls.FIELDS)

    BINDINGS: ClassVar[list[Any]] = [
        Binding("f9", "breakdown", "Breakdown"),
        Binding("ctrl+f", "side_search", "Search beside", show=False),
    ]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(classes="calc-pane", **kwargs)
        self.last_field: Widget | None = None  # where the cursor was in the form
        self.output: Any = None
        self.error: str | None = None
        self.started = False  # set when first shown: the calculator loads lazily
        self._pending = False
        self._presets: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        if not self.started:  # built the first time the pane is shown (fast start-up)
            yield Static("Loading the calculator…", classes="calc-status")
            return
        with Horizontal(classes="calc"):
            with VerticalScroll(classes="calc-form"):
                yield from self.compose_form_top()
                with Grid(classes="form-grid"):
                    for spec in self.main_specs():
                        yield from form_widgets(spec, self.NAME)
                yield from self.compose_form_bottom()
                yield Static("", id=f"{self.NAME}-hint", classes="field-hint")
            with VerticalScroll(classes="calc-result"):
                yield Static("", classes="calc-status", id=f"{self.NAME}-status")
                yield Static("", classes="calc-summary", id=f"{self.NAME}-summary")
                yield from self.compose_result_extra()
                yield Static(
                    _("Breakdown (F9) · enter on a line opens its rule"), classes="calc-caption"
                )
                yield StepsTable(id=f"{self.NAME}-steps", classes="steps")
            yield RuleSide(id=f"{self.NAME}-ruleside", classes="rule-side")

    def main_specs(self) -> list[Spec]:
        """The fields shown unfolded (all of them unless a pane folds some away)."""
        return self.specs()

    def compose_form_top(self) -> ComposeResult:
        yield from ()

    def compose_form_bottom(self) -> ComposeResult:
        yield from ()

    def compose_result_extra(self) -> ComposeResult:
        yield from ()

    @on(Input.Changed)
    @on(Choice.Changed)
    def _changed(self) -> None:
        self.request_recalc()

    @on(DescendantFocus)
    def _focused(self, event: DescendantFocus) -> None:
        """Say what the focused field accepts; remember it (F9 and back return to it)."""
        if any(
            isinstance(a, VerticalScroll) and a.has_class("calc-form")
            for a in event.widget.ancestors
        ):
            self.last_field = event.widget
        hints = self.query(f"#{self.NAME}-hint")
        if hints:
            hints.first(Static).update(Text(field_hint(event.widget), style="dim italic"))

    def request_recalc(self) -> None:
        """Recalculate once after the current burst of changes (typing, building the form)."""
        if self.started and not self._pending:
            self._pending = True
            self.call_after_refresh(self._recalc_now)

    def _recalc_now(self) -> None:
        self._pending = False
        self.recalc()

    async def start(self) -> None:
        """Build the form, run the calculator once, and put the cursor in the first field."""
        if not self.started:
            self.started = True
            await self.recompose()
            self.setup()
            self._apply_presets()
            self.request_recalc()
        self.focus_first()

    def preset(self, key: str, value: str) -> None:
        """Fill field `key` (now, or as soon as the form is built)."""
        self._presets[key] = value
        if self.query(".calc"):
            self._apply_presets()

    def _apply_presets(self) -> None:
        for key, value in self._presets.items():
            for widget in self.query(f"#{self.NAME}-{key}"):
                if isinstance(widget, Input):
                    widget.value = value
                if isinstance(widget, Choice) and value in widget.options:
                    widget.value = value
        self._presets.clear()

    def setup(self) -> None:
        """Subclasses prepare widgets after the form is built."""

    def is_shown(self) -> bool:
        """Whether this pane is the visible one (focusing a hidden pane would switch to it)."""
        try:
            outer = self.app.query_one("#tabs", TabbedContent).active
            inner = self.app.query_one("#calc-tabs", TabbedContent).active
        except NoMatches:
            return True
        return outer == "calc" and inner == f"calc-{self.NAME}"

    def action_breakdown(self) -> None:
        """F9: from any field to the breakdown (its first line lit); again: back to the field."""
        steps = self.query(f"#{self.NAME}-steps")
        if not steps:
            return
        table = steps.first(StepsTable)
        if self.app.focused is table:
            self.focus_first()
        else:
            table.focus()

    def action_side_search(self) -> None:
        """ctrl+f: the search box beside the calculator (wide), else the search screen."""
        for box in self.query("#side-search"):
            if box.region.width:
                box.focus()
                return
        self.app.action_show_tab("search")  # type: ignore[attr-defined]

    @on(StepsTable.StepShown)
    def _step_shown(self, event: StepsTable.StepShown) -> None:
        """The lit breakdown line: its rule beside the answer (wide terminals)."""
        for side in self.query(RuleSide):
            if side.display and side.region.width:
                side.show_step(event.step)

    def focus_first(self) -> None:
        """Put the cursor back in the field it was in, else in the first control of the form
        (only while the pane is shown)."""
        if not self.is_shown() or not self.query(".calc-form"):
            return
        last = self.last_field
        if last is not None and last.is_attached and last.display and last.focusable:
            last.focus()
            return
        form = self.query_one(".calc-form")
        for widget in form.query("*"):
            if widget.focusable:
                widget.focus()
                return

    # -- reading the form -------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        """The form's values by key; a `ValueError` names the first field that is wrong."""
        out: dict[str, Any] = {}
        for spec in self.specs():
            widget = self.query_one(f"#{self.NAME}-{spec.key}")
            out[spec.key] = read_widget(widget, spec)
        return out

    def build(self, values: dict[str, Any]) -> dict[str, Any]:
        """The calculator's JSON input from the form values (drop blanks by default)."""
        return {k: v for k, v in values.items() if v is not None}

    # -- running ----------------------------------------------------------------------

    def recalc(self) -> None:
        """Validate the form, run the calculator, show the result; never raises."""
        if not self.started or not self.query(".calc"):
            return
        try:
            data = self.build(self.values())
        except ValueError as exc:
            self.fail(str(exc))
            return
        try:
            module = calculator(self.NAME)
        except ImportError:
            self.fail(f"The {self.NAME} calculator is not installed yet.")
            return
        try:
            inp = module.Input.model_validate(data)
            out = module.run(inp)
        except ValidationError as exc:
            self.fail(describe_validation_error(self.NAME, exc).split(": ", 1)[-1])
            return
        except GcacwError as exc:
            self.fail(str(exc))
            return
        except Exception as exc:  # noqa: BLE001 - a bug elsewhere must not end the app
            self.fail(f"internal error in the {self.NAME} calculator: {type(exc).__name__}: {exc}")
            return
        self.error = None
        self.output = out
        self.query_one(f"#{self.NAME}-status", Static).update("")
        self.query_one(f"#{self.NAME}-summary", Static).update(self.summary(out))
        self.query_one(f"#{self.NAME}-steps", StepsTable).show(list(out.steps))
        self.show_extra(out)
        remember = getattr(self.app, "remember_calculation", None)
        if remember is not None:
            remember(self.NAME, out)

    def fail(self, message: str) -> None:
        self.error = message
        self.output = None
        line = Text("⚠ ", style="bold red")
        line.append(message)
        self.query_one(f"#{self.NAME}-status", Static).update(line)
        self.query_one(f"#{self.NAME}-summary", Static).update("")
        self.query_one(f"#{self.NAME}-steps", StepsTable).show([])
        self.clear_extra()

    def summary(self, out: Any) -> Text:
        return Text("")

    def show_extra(self, out: Any) -> None:
        """Subclasses draw extra result widgets (tables, pictures)."""

    def clear_extra(self) -> None:
        """Subclasses blank their extra result widgets."""


def read_widget(widget: Any, spec: Spec) -> Any:
    """One field's value in calculator terms, or `ValueError("<label>: <what it accepts>")`."""
    if isinstance(widget, Choice) and spec.kind == "bool":
        return widget.value == "yes"
    if isinstance(widget, Choice) and spec.kind == "tristate":
        return {"yes": True, "no": False}.get(widget.value)
    if isinstance(widget, Choice):
        return None if widget.value == "-" else widget.value
    assert isinstance(widget, Input)
    text = widget.value.strip()
    result = widget.validate(widget.value)
    if result is not None and not result.is_valid:
        reason = result.failure_descriptions[0] if result.failure_descriptions else "invalid"
        raise ValueError(f"{_(spec.label)}: {reason}")
    if not text:
        return None
    if spec.kind == "int":
        return int(text.translate(str.maketrans("０１２３４５６７８９－", "0123456789-")))
    if spec.kind == "units":
        return parse_units(text)
    if spec.kind == "hexes":
        return split_hexes(text)
    return text


def field_hint(widget: Any) -> str:
    """What a form control accepts, in one line."""
    if isinstance(widget, Choice):
        shown = join_list(_(o).replace("_", " ") for o in widget.options)
        return _("Accepts one of: {shown} (left/right or space to change)").format(shown=shown)
    if isinstance(widget, Input):
        texts = [v.failure_description for v in widget.validators if v.failure_description]
        return _("Accepts {what}").format(what=_(texts[0])) if texts else ""
    return ""


def pairs(label: str, value: Any, style: str = "bold") -> Text:
    """`label value` with the value emphasised (for summaries)."""
    text = Text(f"{_(label)} ")  # labels are marked N_() where written
    text.append("—" if value is None else str(value), style=style)
    return text


def lines(*parts: Text) -> Text:
    return Text("\n").join(parts)
