"""The shape every calculator pane shares: a form, a summary and the step-by-step breakdown.

The pane reads its fields from the calculator's registry entry (`gcacw_ref.calculators`):
their order is the Tab order and the order of `calc NAME --help`. Every text field starts
empty (the example is a dim placeholder) and every choice at its rule default; nothing is
computed until the required fields are given, and the result names the optional inputs
left at their default. The form's values go through the same parser and `build` as the
command line's flags, then the calculator's `Input`, `run()` and `Output`; the pane never
computes a rule. One field's reading and filling is in `fields`; the answer's words in
`summary`.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches
from textual.events import DescendantFocus, Key
from textual.widget import Widget
from textual.widgets import Input, Static, TabbedContent

from gcacw_ref.calculators import CALCULATORS, Calculator, calculator
from gcacw_ref.errors import GcacwError
from gcacw_ref.i18n import N_, _, join_list, shown_error
from gcacw_ref.rules.games import DEFAULT_GAME
from gcacw_ref.rules.io.fields import Form, missing
from gcacw_ref.rules.tables import describe_validation_error
from gcacw_ref.tui.calcs.fields import clear_field, field_hint, read_widget, set_field, show_example
from gcacw_ref.tui.calcs.summary import context_line
from gcacw_ref.tui.messages import Calculated, ChartMarks, ShowTab
from gcacw_ref.tui.ruleside import RuleSide
from gcacw_ref.tui.services import Services
from gcacw_ref.tui.touchkit import hint
from gcacw_ref.tui.widgets import Choice, FormLabel, Spec, StepsTable, form_widgets

R = TypeVar("R", bound=BaseModel)
"""A calculator's result model (its registry entry's `Output`)."""


BREAKDOWN_CAPTION = N_("Breakdown (F9) · enter on a line opens its rule")
BREAKDOWN_CAPTION_TOUCH = N_("Breakdown · a tap on a line opens its rule")


class CalcPane(Vertical, Generic[R]):
    """Base class; subclasses set NAME and override `summary` (and extra widgets); `R` is
    the calculator's result model.

    The form's fields, their order, labels, choices, bounds and examples come from the
    calculator's `form` in the registry (read once, when the pane is first shown)."""

    NAME: ClassVar[str] = ""

    @staticmethod
    def chart_marks(out: R) -> ChartMarks:
        """The chart labels the result `out` reported (none by default)."""
        return ChartMarks()

    @classmethod
    def title(cls) -> str:
        """The calculator's one title (an English message id; translate where shown)."""
        return CALCULATORS[cls.NAME].title

    @classmethod
    def calc(cls) -> Calculator[Any, Any]:
        return calculator(cls.NAME)

    @classmethod
    def form(cls) -> Form:
        return cls.calc().form

    @classmethod
    def specs(cls) -> list[Spec]:
        """Every field of the form, in the fixed Tab order."""
        return cls.form().specs

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the focus moves on at once, before the keys typed after Tab in the
        # same burst are handed out (else they land in the field Tab was meant to leave)
        Binding("tab", "next_place(1)", "Next field", show=False, priority=True),
        Binding("shift+tab", "next_place(-1)", "Previous field", show=False, priority=True),
        Binding("f9", "breakdown", "Breakdown"),
        Binding("ctrl+f", "side_search", "Search beside", show=False),
        Binding("ctrl+l", "clear_form", "Clear form"),
        Binding("ctrl+g", "load_example", "Example"),
    ]

    def __init__(self, services: Services, *, id: str | None = None) -> None:
        super().__init__(classes="calc-pane", id=id)
        self.services = services
        self.last_field: Widget | None = None  # where the cursor was in the form
        self.output: R | None = None
        self.error: str | None = None
        self.started = False  # set when first shown: the calculator loads lazily
        self._pending = False
        self._presets: dict[str, str] = {}
        self.game: str = DEFAULT_GAME  # the player's game (the app sets it)
        self.absent: list[str] = []  # the required fields still blank (keys)
        self.example_loaded = False
        self._example_on_start = False  # asked for before the form was built
        self._held: list[tuple[str, str | None]] | None = None  # keys typed while building

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
                yield FormLabel(
                    hint(BREAKDOWN_CAPTION, BREAKDOWN_CAPTION_TOUCH), classes="calc-caption"
                )
                yield StepsTable(id=f"{self.NAME}-steps", classes="steps")
            yield RuleSide(self.services.books, id=f"{self.NAME}-ruleside", classes="rule-side")

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

    def set_game(self, game: str) -> None:
        """The player's game changed: the form's game-specific parts and the answer follow."""
        self.game = game
        self.game_changed()
        self.request_recalc()

    def game_changed(self) -> None:
        """Subclasses show or hide what depends on the game."""

    def action_clear_form(self) -> None:
        """ctrl+l: every field back to how the form starts (blank, or the rule default); an
        example asked for before the form was built is not loaded after all."""
        self.example_loaded = False
        self._example_on_start = False
        for spec in self.specs():
            for widget in self.query(f"#{self.NAME}-{spec.key}"):
                clear_field(widget, spec)
        self.clear_pictures()
        self.request_recalc()

    def action_load_example(self) -> None:
        """ctrl+g: fill the form with the rulebook's example, said as such in the result."""
        if not self.query(".calc"):  # not built yet: as soon as it is
            self._example_on_start = True
            return
        self.action_clear_form()
        for spec in self.specs():
            for widget in self.query(f"#{self.NAME}-{spec.key}"):
                show_example(widget, spec)
        self.example_loaded = True
        self.request_recalc()

    def clear_pictures(self) -> None:
        """Subclasses empty what is not a field (the hex pictures)."""

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

    def relabel(self) -> None:
        """F8: the hint under the form in the new language (labels, placeholders, choices
        and the caption relabel themselves; the app recalculates the result)."""
        focused = self.screen.focused if self.is_attached else None
        hints = self.query(f"#{self.NAME}-hint")
        if hints and focused is not None and self in focused.ancestors:
            hints.first(Static).update(Text(field_hint(focused), style="dim italic"))

    def request_recalc(self) -> None:
        """Recalculate once after the current burst of changes (typing, building the form)."""
        if self.started and not self._pending:
            self._pending = True
            self.call_after_refresh(self._recalc_now)

    def _recalc_now(self) -> None:
        self._pending = False
        self.recalc()

    def hold_keys(self) -> None:
        """Shown for the first time, the form is still to be built: the pane takes the
        keys typed meanwhile (a burst after F4) and hands them on once the form is there,
        in order, instead of letting them land in the screen left behind (a hidden box)."""
        if not self.started:
            self._held = self._held or []
            self.can_focus = True
            self.screen.set_focus(self)

    def on_key(self, event: Key) -> None:
        if self._held is not None:
            self._held.append((event.key, event.character))
            event.stop()
            event.prevent_default()

    async def start(self) -> None:
        """Build the form, run the calculator once, and put the cursor in the first field."""
        if not self.started:
            self.started = True
            await self.recompose()
            self.setup()
            self._apply_presets()
            if self._example_on_start:
                self._example_on_start = False
                self.action_load_example()
            self.request_recalc()
        self.focus_first()
        if self._held is not None:  # after the keys already on their way to the pane
            self.call_later(self._hand_on_keys)

    def _hand_on_keys(self) -> None:
        held, self._held = self._held or [], None
        self.can_focus = False
        for key, character in held:  # to the field that has the focus now
            self.app.post_message(Key(key, character))

    def preset(self, key: str, value: str) -> None:
        """Fill field `key` (now, or as soon as the form is built)."""
        self._presets[key] = value
        if self.query(".calc"):
            self._apply_presets()

    def _apply_presets(self) -> None:
        for key, value in self._presets.items():
            for widget in self.query(f"#{self.NAME}-{key}"):
                set_field(widget, value)
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

    def action_next_place(self, delta: int) -> None:
        """Tab / shift+Tab: the next (previous) control, in the screen's own order."""
        if self._held is not None:  # the form is being built: Tab waits in line
            self.post_message(Key(*(("tab", "\t") if delta > 0 else ("shift+tab", None))))
            return
        if delta > 0:
            self.screen.focus_next()
        else:
            self.screen.focus_previous()

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
        self.post_message(ShowTab("search"))

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

    def values(self) -> dict[str, object]:
        """The form's values by key; a `ValueError` names the first field that is wrong."""
        out: dict[str, object] = {}
        for spec in self.specs():
            widget = self.query_one(f"#{self.NAME}-{spec.key}")
            out[spec.key] = read_widget(widget, spec)
        return out

    def extra_values(self) -> dict[str, Any]:
        """Values that are not fields (the hex pictures' six neighbours)."""
        return {}

    # -- running ----------------------------------------------------------------------

    def recalc(self) -> None:
        """Validate the form, run the calculator, show the result; never raises."""
        if not self.started or not self.query(".calc"):
            return
        try:
            values = self.values()
            form = self.form()
            absent = missing(form, values)
            if absent:
                self.waiting(absent)
                return
            data = form.build({**values, **self.extra_values()}, self.game)
        except ValueError as exc:
            self.fail(str(exc))
            return
        calc = self.calc()
        try:
            inp = calc.Input.model_validate(data)
            out = calc.run(inp)
        except ValidationError as exc:
            self.fail(describe_validation_error(self.NAME, exc).split(": ", 1)[-1])
            return
        except GcacwError as exc:
            self.fail(shown_error(exc))
            return
        except Exception as exc:  # noqa: BLE001 - a bug elsewhere must not end the app
            self.fail(f"internal error in the {self.NAME} calculator: {type(exc).__name__}: {exc}")
            return
        self.error = None
        self.absent = []
        self.output = out
        context = context_line(form, data, self.game, self.example_loaded)
        self.query_one(f"#{self.NAME}-status", Static).update(context)
        self.query_one(f"#{self.NAME}-summary", Static).update(self.summary(out))
        self.query_one(f"#{self.NAME}-steps", StepsTable).show(list(out.steps))
        self.show_extra(out)
        self.post_message(Calculated(self.NAME, self.chart_marks(out)))

    def waiting(self, absent: list[Spec]) -> None:
        """Required fields are blank: say which, compute nothing."""
        self.error = None
        self.output = None
        self.absent = [s.key for s in absent]
        names = join_list(_(s.label) for s in absent)
        self.query_one(f"#{self.NAME}-status", Static).update(
            Text(_("To compute, fill in: {names}").format(names=names), style="italic")
        )
        self.query_one(f"#{self.NAME}-summary", Static).update("")
        self.query_one(f"#{self.NAME}-steps", StepsTable).show([])
        self.clear_extra()

    def fail(self, message: str) -> None:
        self.error = message
        self.absent = []
        self.output = None
        line = Text("⚠ ", style="bold red")
        line.append(message)
        self.query_one(f"#{self.NAME}-status", Static).update(line)
        self.query_one(f"#{self.NAME}-summary", Static).update("")
        self.query_one(f"#{self.NAME}-steps", StepsTable).show([])
        self.clear_extra()

    def summary(self, out: R) -> Text:
        return Text("")

    def show_extra(self, out: R) -> None:
        """Subclasses draw extra result widgets (tables, pictures)."""

    def clear_extra(self) -> None:
        """Subclasses blank their extra result widgets."""
