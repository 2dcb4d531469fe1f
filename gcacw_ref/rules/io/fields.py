"""A calculator's fields as a player gives them: one declaration for the TUI form and the
command line's flags, and one parser for the text typed into either.

A `Spec` is read from the calculator's pydantic input model (its choices, bounds, default,
example and form label); a `Form` lists the fields a calculator asks for, in their fixed
order (the TUI's Tab order and the order of `calc NAME --help`), says what each means
and which rule it feeds, and turns the values given into the calculator's JSON input.
The notation typed for units, hexes and neighbours is read in `notation`.
Nothing here decides a rule: the numbers come from the calculator's `run()`.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import Enum
from fractions import Fraction
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from annotated_types import Ge, Gt, Le, Lt
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _, join_list
from gcacw_ref.rules.io.notation import (
    FULLWIDTH,
    NO_CHOICE,
    UNITS_HELP,
    Mark,
    format_units,
    parse_units,
    split_hexes,
)
from gcacw_ref.rules.numbers import parse_strength

FieldValue = bool | int | str | list[str] | list[dict[str, Any]] | None
"""One field's typed text read in calculator terms (`read_text`): a unit list is the
calculator's JSON unit objects."""


@dataclass
class Spec:
    """One field: `kind` is strength, int, select, bool, tristate, units, hexes or text.

    `default` is the rule's default (what a choice shows at the start; text fields always
    start empty), `example` the value shown dim as a placeholder and loaded only on
    request. `label` and `help` are English message ids, translated where shown; `source`
    names the input-model field it was read from; `flag` is its command-line option."""

    key: str
    label: str
    kind: str
    default: Any = None
    options: list[str] = field(default_factory=list)
    low: int = 0
    high: int = 99
    optional: bool = False
    source: str = ""
    example: Any = None
    help: str = ""
    flag: str = ""

    @property
    def option(self) -> str:
        """The command-line option of this field (`--defender-terrain`)."""
        return "--" + (self.flag or self.key.replace("_", "-"))


# -- reading the input models -------------------------------------------------------------


def _split_optional(annotation: object) -> tuple[object, bool]:
    """`X | None` -> (X, True); anything else -> (annotation, False); `Annotated` unwrapped."""
    optional = False
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(args) < len(get_args(annotation)):
            annotation, optional = args[0], True
    if get_origin(annotation) is Annotated:
        annotation = get_args(annotation)[0]
    return annotation, optional


def choices_of(annotation: object) -> list[str] | None:
    """The values of a `Literal[...]` or an enum, in order; `None` for other types."""
    base, _optional = _split_optional(annotation)
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
            low = _whole(item.ge)
        elif isinstance(item, Gt):
            low = _whole(item.gt) + 1
        elif isinstance(item, Le):
            high = _whole(item.le)
        elif isinstance(item, Lt):
            high = _whole(item.lt) - 1
    return low, high


def _whole(bound: object) -> int:
    """A model's numeric bound as a whole number (the forms' bounds are numbers)."""
    if isinstance(bound, int | float | Fraction):
        return int(bound)
    raise TypeError(f"the bound {bound!r} is not a number")


def label_of(model: type[BaseModel], key: str) -> str:
    """The field's short form label (an English message id; translate where shown)."""
    extra = model.model_fields[key].json_schema_extra
    label = extra.get("label") if isinstance(extra, dict) else None
    return str(label) if label else key.replace("_", " ").capitalize()


def _kind(base: object) -> str:
    if base is bool:
        return "bool"
    if base is int:
        return "int"
    if base is Fraction:
        return "strength"
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


def _plain_value(value: object) -> object:
    if value is PydanticUndefined:
        return None
    if isinstance(value, Enum):
        return value.value
    return value


def spec_for(
    model: type[BaseModel], key: str, *, name: str | None = None, help: str = "", flag: str = ""
) -> Spec:
    """The field `model.key` (shown under id `name`, default `key`)."""
    info = model.model_fields[key]
    base, may_be_null = _split_optional(info.annotation)
    default = None if info.is_required() else _plain_value(info.default)
    examples = info.examples or []
    example = _plain_value(examples[0]) if examples else None
    options = choices_of(base)
    common: dict[str, Any] = {
        "source": key,
        "example": example,
        "help": help,
        "flag": flag,
    }
    wid = name or key
    label = label_of(model, key)
    if options is not None:
        if may_be_null or default is None:  # may be left open (null) or must be chosen
            options = [NO_CHOICE, *options]
        shown = NO_CHOICE if default is None else str(default)
        return Spec(wid, label, "select", shown, options=options, optional=may_be_null, **common)
    kind = _kind(base)
    if kind == "bool":
        if default is None:  # a yes/no that may be left unsaid
            return Spec(
                wid, label, "tristate", NO_CHOICE, options=[NO_CHOICE, "yes", "no"], **common
            )
        return Spec(wid, label, "bool", bool(default), **common)
    if kind == "units" and isinstance(example, list):
        common["example"] = format_units(example)
    low, high = bounds_of(info)
    spec = Spec(wid, label, kind, default, optional=not info.is_required(), **common)
    if kind == "int":
        spec.low = 0 if low is None else low
        spec.high = 99 if high is None else high
    return spec


# -- one parser for typed text --------------------------------------------------------------


def shown_option(option: str) -> str:
    """A choice as the player reads it: the machine word in English, the word of the
    interface language otherwise (typing either is accepted, see `read_text`)."""
    return _(option).replace("_", " ") if _(option) != option else option


def shown_options(options: Iterable[str]) -> str:
    """The choices of a field as one list of the interface language (none left blank)."""
    return join_list(shown_option(o) for o in options if o != NO_CHOICE)


def option_typed(options: list[str], raw: str) -> str | None:
    """The machine word a typed choice stands for: the word itself (any case) or its
    wording in the interface language (`森` for `woods`), else None."""
    word = raw.lower()
    for option in options:
        if word in (option.lower(), option.lower().replace("_", " ")) or raw in (
            _(option),
            shown_option(option),
        ):
            return option
    return None


def accepts(spec: Spec) -> str:
    """What the field accepts, in one phrase of the interface language."""
    if spec.kind in ("select", "tristate", "bool"):
        options = ["no", "yes"] if spec.kind == "bool" else spec.options
        return _("one of: {shown}").format(shown=shown_options(options))
    if spec.kind == "units":
        return _(UNITS_HELP)
    if spec.kind == "hexes":
        return _("hex numbers like 0101 0102, split by spaces or commas")
    if spec.kind == "strength":
        return _("a strength such as 17, 3 1/2, 3.5 or 1/2")
    if spec.kind == "int":
        return _("a whole number {low}–{high}").format(low=spec.low, high=spec.high)
    return _("a map file path or a built-in map id such as example")


def read_text(spec: Spec, text: str | None) -> FieldValue:
    """One field's typed text in calculator terms: `None` when blank; a `ValueError`
    ("<label>: <what it accepts>") when it cannot be read. The TUI form and the command
    line both read through here."""
    raw = (text or "").strip().translate(FULLWIDTH)
    if not raw or raw == NO_CHOICE:
        return None
    label = _(spec.label)
    try:
        if spec.kind in ("select", "tristate", "bool"):
            options = ["no", "yes"] if spec.kind == "bool" else spec.options
            word = option_typed(options, raw)
            if word is None or word == NO_CHOICE:
                raise ValueError(
                    _("{label}: {value!r} is not one of: {shown}").format(
                        label=label, value=raw, shown=shown_options(options)
                    )
                )
            if spec.kind in ("bool", "tristate"):
                return word == "yes"
            return word
        if spec.kind == "int":
            number = int(raw)
            if not spec.low <= number <= spec.high:
                raise ValueError
            return number
        if spec.kind == "strength":
            parse_strength(raw)
            return raw
        if spec.kind == "units":
            try:
                return parse_units(raw)
            except ValueError as exc:
                raise ValueError(f"{label}: {exc}; {_(UNITS_HELP)}") from None
        if spec.kind == "hexes":
            hexes = split_hexes(raw)
            if not all(len(h) == 4 and h.isascii() and h.isdigit() for h in hexes):
                raise ValueError
            return hexes
        return raw
    except (ValueError, InputError) as exc:
        if str(exc).startswith(label + ":"):
            raise
        raise ValueError(f"{label}: {accepts(spec)}") from None


# -- a calculator's form ---------------------------------------------------------------------

Build = Callable[[dict[str, Any], str], dict[str, Any]]


@dataclass(frozen=True)
class Unset:
    """An optional input left at its rule default: the field (`key` of the input), the
    default value, and how a result says so ("no leader")."""

    key: str
    default: Any
    note: str


@dataclass(frozen=True)
class Form:
    """What a calculator asks a player for, in the fixed order of its fields.

    `build(values, game)` turns the values (by spec key, `None` when left blank) and the
    player's game into the calculator's JSON input. `positional` fields are given without
    a flag on the command line; `uses_game` says the game is part of the input; `unset`
    lists the optional inputs a result names when they are left at their default."""

    specs: list[Spec]
    build: Build
    positional: tuple[str, ...] = ()
    uses_game: bool = False
    unset: tuple[Unset, ...] = ()
    hexes: list[Mark] | None = None
    hexes_help: str = ""

    def spec(self, key: str) -> Spec:
        return next(s for s in self.specs if s.key == key)


def drop_blanks(values: dict[str, Any], game: str) -> dict[str, Any]:
    """The default `build`: every field given, by its input name."""
    return {k: v for k, v in values.items() if v is not None}


def missing(form: Form, values: dict[str, Any]) -> list[Spec]:
    """The required fields left blank (nothing can be computed until they are given)."""
    return [
        s
        for s in form.specs
        if values.get(s.key) is None and not s.optional and s.kind not in ("bool", "tristate")
    ]


def left_at_default(form: Form, data: dict[str, Any]) -> list[str]:
    """The optional inputs of `data` (a calculator input) left at their rule default, each
    as a short phrase in the interface language ("no leader", "no flank bonus")."""
    return [_(u.note) for u in form.unset if data.get(u.key, u.default) in (u.default, None)]
