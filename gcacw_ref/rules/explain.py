"""Explanations: every result carries the steps that produced it, each citing its rule.

A step's `label` (and a worded `value`) is an English message id, a `str.format` template
filled from `args`: `Step(rule="7.6", label=N_("hex {n} not allowed"), args={"n": 3})`.
The rules core never picks a language; `text()`, `shown_value()`, `line()` and the JSON
form translate through the catalogs (`gcacw_ref.i18n`) where the step is shown. Word
arguments (terrain names and the like) are translated too when the catalog knows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    field_validator,
    model_serializer,
)

from gcacw_ref.i18n import N_, _, current_language
from gcacw_ref.rules.register import register_name

Arg = str | int | float | list[str]
LIST_SEPARATOR = N_(", ")  # how a list of words is joined (Japanese uses 、)
PARTS_SEPARATOR = N_("; ")  # how the parts of a reading ("describe"/"parts" args) are joined
REGISTER_ARGS = ("register", "register_entry", "entry")  # args naming a register entry
LABEL_VALUE = N_("{label}: {value}")  # a breakdown line (Japanese uses a full-width colon)
NESTING = 3  # how deep a word argument may be a template over the others


def _fill(text: str, args: Mapping[str, Arg]) -> str:
    """`text` with its `{name}` fields filled, or `text` itself when the fields do not fit."""
    try:
        return text.format(**args)
    except (KeyError, IndexError, ValueError, TypeError):
        return text


def _render(template: str, args: dict[str, Arg], translate: bool = True) -> str:
    """`template` in the current language (in English when not `translate`), filled with `args`.

    A word argument is translated too when the catalog knows it (a terrain name, a
    retreat kind), and may itself be a template over the same args (`NESTING` levels
    deep), filled with the other words as translated, so a phrase chosen by the rules
    ("{closed} can be entered only along a {allowed}") is worded in the language as a
    whole, terrain names included.
    """
    say = _ if translate else str
    text = say(template)
    if not args:
        return text
    scalars = {k: v for k, v in args.items() if not isinstance(v, list)}
    plain = {k: v for k, v in scalars.items() if not isinstance(v, str)}
    said = {
        k: register_name(v, current_language() if translate else "en")
        if k in REGISTER_ARGS
        else say(v)
        for k, v in scalars.items()
        if isinstance(v, str)
    }
    words: dict[str, Arg] = dict(said)
    for _depth in range(NESTING):  # a phrase's own fields filled with words already worded
        words = {k: _fill(v, {**plain, **words}) for k, v in said.items()}
    filled = {**plain, **words}
    lists = {
        k: say(PARTS_SEPARATOR if k in ("describe", "parts") else LIST_SEPARATOR).join(
            _fill(say(w), filled) for w in v
        )
        for k, v in args.items()
        if isinstance(v, list)
    }
    shown: dict[str, Arg] = {**plain, **words, **lists}
    try:
        return text.format(**shown)
    except (KeyError, IndexError, ValueError, TypeError):  # a translation whose fields do not fit
        return _fill(template, shown)


def english(template: str, args: dict[str, Any]) -> str:
    """`template` filled with `args` in English (a reason kept as a machine value)."""
    return _render(template, {k: _plain(v) for k, v in args.items()}, translate=False)


def _plain(value: object) -> Arg:
    """Numbers, text and lists of words stay; anything else (a Fraction, None, an enum)
    becomes its text, as an f-string would show it."""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return value
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return format(value)


class Step(BaseModel):
    """One line of a breakdown: the rule applied (e.g. "7.4") and what it did, in words.

    Built as `Step(rule=..., label=N_("template {x}"), value=..., args={"x": ...})`: the
    templates are kept (`label_id`, `value_id`) and filled only when read, so building a
    step costs no formatting. `label`/`value` read as the filled English text (what the
    code and the tests compare); `text()`/`shown_value()` give the current language.
    """

    model_config = ConfigDict(frozen=True)

    rule: str
    label_id: str
    value_id: str | None = None
    args: dict[str, Arg] = Field(default_factory=dict)

    def __init__(
        self,
        rule: str,
        label: str,
        value: str | None = None,
        args: Mapping[str, Any] | None = None,
    ) -> None:
        if args:
            super().__init__(rule=rule, label_id=label, value_id=value, args=args)
        else:
            super().__init__(rule=rule, label_id=label, value_id=value)

    @field_validator("args", mode="before")
    @classmethod
    def _plain_args(cls, value: object) -> object:
        """Numbers, text and lists of words stay; anything else becomes its text."""
        if not isinstance(value, dict):
            return value
        return {str(k): _plain(v) for k, v in value.items()}

    @property
    def label(self) -> str:
        """The label in English, its placeholders filled."""
        return _render(self.label_id, self.args, translate=False) if self.args else self.label_id

    @property
    def value(self) -> str | None:
        """The value in English, its placeholders filled (None when the step has none)."""
        if self.value_id is None or not self.args:
            return self.value_id
        return _render(self.value_id, self.args, translate=False)

    def text(self) -> str:
        """The label in the current language, its placeholders filled."""
        return _render(self.label_id, self.args)

    def shown_value(self) -> str | None:
        """The value in the current language (numbers pass through unchanged)."""
        return None if self.value_id is None else _render(self.value_id, self.args)

    def line(self) -> str:
        """The step as one readable line, e.g. `[7.4] Artillery modifier: +1`."""
        value = self.shown_value()
        if value is None:
            return f"[{self.rule}] {self.text()}"
        return f"[{self.rule}] " + _(LABEL_VALUE).format(label=self.text(), value=value)

    @model_serializer(mode="wrap")
    def _serialise(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """JSON: `label` and `value` in the current language; `args` only when there are any."""
        data: dict[str, Any] = handler(self)
        data.pop("label_id", None)
        data.pop("value_id", None)
        data["label"] = self.text()
        data["value"] = self.shown_value()
        if not self.args:
            data.pop("args", None)
        return data


def render_steps(steps: list[Step]) -> str:
    """All steps, one per line."""
    return "\n".join(step.line() for step in steps)
