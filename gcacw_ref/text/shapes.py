"""Checking parsed data (JSON, TOML) field by field, for the text layer's read-only shapes.

The text layer's data shapes are plain dataclasses (`models.py`, the glossary, cards and
asks): a question from the command line then never imports pydantic (about 0.1 s of CPU
for the import and the models, measured). What a file holds is checked here instead, as
strictly: every field's type (no bool for a number, no number for a text), required
fields present, lists and texts that must not be empty, and a `ShapeError` naming the
first bad field by its path (`term.0.ja`), as the validation library did.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum
from typing import Any, Final


class ShapeError(ValueError):
    """A parsed file that does not have the expected shape: `where` is the field's path."""

    def __init__(self, where: tuple[str | int, ...], message: str) -> None:
        self.where = where
        self.message = message
        super().__init__(f"{'.'.join(map(str, where)) or 'file'}: {message}")


class _Missing(Enum):
    MISSING = 0


_MISSING: Final = _Missing.MISSING


class Fields:
    """The fields of one parsed object (a dict), read with their types checked."""

    __slots__ = ("data", "where")

    def __init__(self, data: object, where: tuple[str | int, ...] = ()) -> None:
        if not isinstance(data, dict):
            raise ShapeError(where, "should be a table of fields")
        self.data: dict[str, Any] = data
        self.where = where

    def _get(self, key: str, default: object) -> object:
        if key in self.data:
            return self.data[key]
        if default is _MISSING:
            raise ShapeError((*self.where, key), "field required")
        return default

    def text(self, key: str, default: str | _Missing = _MISSING, *, nonempty: bool = False) -> str:
        value = self._get(key, default)
        if type(value) is not str:
            raise ShapeError((*self.where, key), "should be a text")
        if nonempty and not value:
            raise ShapeError((*self.where, key), "should have at least 1 character")
        return value

    def optional_text(self, key: str) -> str | None:
        value = self._get(key, None)
        if value is None:
            return None
        return self.text(key)

    def whole(self, key: str, default: int | _Missing = _MISSING) -> int:
        value = self._get(key, default)
        if type(value) is not int:
            raise ShapeError((*self.where, key), "should be a whole number")
        return value

    def texts(
        self, key: str, default: list[str] | _Missing = _MISSING, *, nonempty: bool = False
    ) -> list[str]:
        value = self._get(key, default)
        where = (*self.where, key)
        if type(value) is not list:
            raise ShapeError(where, "should be a list")
        if nonempty and not value:
            raise ShapeError(where, "should have at least 1 item")
        for i, item in enumerate(value):
            if type(item) is not str:
                raise ShapeError((*where, i), "should be a text")
        return list(value)

    def tables(
        self, key: str, default: list[object] | _Missing = _MISSING, *, nonempty: bool = False
    ) -> Iterator[Fields]:
        """The fields of each table of a list of tables."""
        value = self._get(key, default)
        where = (*self.where, key)
        if type(value) is not list:
            raise ShapeError(where, "should be a list")
        if nonempty and not value:
            raise ShapeError(where, "should have at least 1 item")
        for i, item in enumerate(value):
            yield Fields(item, (*where, i))

    def table(self, key: str) -> Fields:
        return Fields(self._get(key, _MISSING), (*self.where, key))

    def raw(self, key: str) -> object:
        """A field's value as parsed, for the caller to check."""
        return self._get(key, _MISSING)
