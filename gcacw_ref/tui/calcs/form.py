"""Form fields read from the calculators' pydantic input models: one declaration per field.

A calculator's `Input` model (in `gcacw_ref.rules.io` and `gcacw_ref.rules.combat_models`)
already says everything a form needs: the choices (its `Literal`s and enums), the bounds
(`ge`/`le`), whether a field may be left blank, its default, and, in `json_schema_extra`,
a short `label` for forms and an example to start from (`examples`). The TUI asks the
model instead of repeating any of it; a pane only says which fields it shows, in order.
"""

from __future__ import annotations

import types
from enum import Enum
from fractions import Fraction
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from gcacw_ref.tui.widgets import Spec, format_units

NO_CHOICE = "-"
"""The choice shown for an optional choice left open (sent as `null`, i.e. not given)."""


def _split_optional(annotation: Any) -> tuple[Any, bool]:
    """`X | None` -> (X, True); anything else -> (annotation, False); `Annotated` unwrapped."""
    optional = False
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(args) < len(get_args(annotation)):
            annotation, optional = args[0], True
    if get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return annotation, optional


def choices_of(annotation: Any) -> list[str] | None:
    """The values of a `Literal[...]` or an enum, in order; `None` for other types."""
    base, _ = _split_optional(annotation)
    if get_origin(base) is Literal:
        return [str(v) for v in get_args(base)]
    if isinstance(base, type) and issubclass(base, Enum):
        return [str(m.value) for m in base]
    return None


def bounds_of(info: FieldInfo) -> tuple[int | None, int | None]:
    """The field's lower and upper bounds as whole numbers (`ge`/`gt`, `le`/`lt`)."""
    low = high = None
    for item in info.metadata:
        if isinstance(item, Ge):
            low = int(item.ge)  # type: ignore[call-overload]
        elif isinstance(item, Gt):
            low = int(item.gt) + 1  # type: ignore[call-overload]
        elif isinstance(item, Le):
            high = int(item.le)  # type: ignore[call-overload]
        elif isinstance(item, Lt):
            high = int(item.lt) - 1  # type: ignore[call-overload]
    return low, high


def _extra(info: FieldInfo) -> dict[str, Any]:
    extra = info.json_schema_extra
    return extra if isinstance(extra, dict) else {}


def label_of(model: type[BaseModel], key: str) -> str:
    """The field's short form label (an English message id; translate where shown)."""
    info = model.model_fields[key]
    label = _extra(info).get("label")
    return str(label) if label else key.replace("_", " ").capitalize()


def _kind(base: Any) -> str:
    if base is bool:
        return "bool"
    if base is int:
        return "int"
    if base is Fraction:
        return "strength"
    if base is str:
        return "text"
    if get_origin(base) is list:
        (item,) = get_args(base) or (None,)
        if (
            isinstance(item, type)
            and issubclass(item, BaseModel)
            and "strength" in item.model_fields
        ):
            return "units"
        return "hexes"
    return "text"


def spec_for(model: type[BaseModel], key: str, *, name: str | None = None) -> Spec:
    """The form field for `model.key` (shown under id `name`, default `key`)."""
    info = model.model_fields[key]
    base, optional = _split_optional(info.annotation)
    optional = optional or not info.is_required()
    label = label_of(model, key)
    examples = info.examples or []
    default = examples[0] if examples else info.default
    if default is PydanticUndefined:
        default = None
    if isinstance(default, Enum):
        default = default.value
    options = choices_of(base)
    wid = name or key
    if options is not None:
        if _split_optional(info.annotation)[1]:  # may be left open: sent as null
            options = [NO_CHOICE, *options]
        shown = NO_CHOICE if default is None else str(default)
        return Spec(wid, label, "select", shown, options=options, source=key)
    kind = _kind(base)
    if kind == "bool":
        if info.default is None:  # a yes/no that may be left unsaid
            shown = {True: "yes", False: "no", None: NO_CHOICE}[default]
            return Spec(wid, label, "tristate", shown, options=[NO_CHOICE, "yes", "no"], source=key)
        return Spec(wid, label, "bool", bool(default), source=key)
    low, high = bounds_of(info)
    blank_ok = info.default is None
    if kind == "units" and isinstance(default, list):
        default = format_units(default)
    spec = Spec(wid, label, kind, default, optional=blank_ok, source=key)
    if kind == "int":
        spec.low = 0 if low is None else low
        spec.high = 99 if high is None else high
    return spec


def specs_for(model: type[BaseModel], keys: list[str]) -> list[Spec]:
    """The form fields for `keys` of `model`, in that order."""
    return [spec_for(model, key) for key in keys]
