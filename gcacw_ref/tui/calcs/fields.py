"""One field of a calculator's form: its value read in calculator terms, set back to its
start, to the rulebook's example or to a given value, and what it accepts in one line."""

from __future__ import annotations

from textual.widget import Widget
from textual.widgets import Input

from gcacw_ref.i18n import _, join_list
from gcacw_ref.rules.io.fields import read_text
from gcacw_ref.rules.io.notation import NO_CHOICE, format_units
from gcacw_ref.tui.touchkit import hint
from gcacw_ref.tui.widgets import Choice, Spec


def read_widget(widget: Widget, spec: Spec) -> object:
    """One field's value in calculator terms, or `ValueError("<label>: <what it accepts>")`
    (the command line's flags are read by the same `read_text`)."""
    if isinstance(widget, Choice):
        if spec.kind == "bool":
            return widget.value == "yes"
        return read_text(spec, widget.value)
    assert isinstance(widget, Input)
    result = widget.validate(widget.value)
    if widget.value.strip() and result is not None and not result.is_valid:
        reason = result.failure_descriptions[0] if result.failure_descriptions else "invalid"
        raise ValueError(f"{_(spec.label)}: {reason}")
    return read_text(spec, widget.value)


def clear_field(widget: Widget, spec: Spec) -> None:
    """Back to how the form starts: a text field blank, a choice at its rule default."""
    if isinstance(widget, Input):
        widget.value = ""
    elif isinstance(widget, Choice):
        widget.value = _start_choice(spec)


def show_example(widget: Widget, spec: Spec) -> None:
    """The rulebook's example for this field (a field without one is left alone)."""
    if spec.example is None:
        return
    if isinstance(widget, Input):
        widget.value = _example_text(spec)
    elif isinstance(widget, Choice):
        shown = {True: "yes", False: "no"}.get(spec.example, str(spec.example))
        if shown in widget.options:
            widget.value = shown


def set_field(widget: Widget, value: str) -> None:
    """`value` typed into a text field, or picked in a choice that offers it."""
    if isinstance(widget, Input):
        widget.value = value
    if isinstance(widget, Choice) and value in widget.options:
        widget.value = value


def _start_choice(spec: Spec) -> str:
    if spec.kind == "bool":
        return "yes" if spec.default else "no"
    return NO_CHOICE if spec.default is None else str(spec.default)


def _example_text(spec: Spec) -> str:
    if isinstance(spec.example, list):
        return format_units(spec.example) if spec.kind == "units" else " ".join(spec.example)
    return str(spec.example)


def field_hint(widget: Widget) -> str:
    """What a form control accepts, in one line."""
    if isinstance(widget, Choice):
        shown = join_list(_(o).replace("_", " ") for o in widget.options)
        keys = _("Accepts one of: {shown} (left/right or space to change)")
        return hint(keys, _("Accepts one of: {shown} (a tap changes it)")).format(shown=shown)
    if isinstance(widget, Input):
        texts = [v.failure_description for v in widget.validators if v.failure_description]
        return _("Accepts {what}").format(what=_(texts[0])) if texts else ""
    return ""
