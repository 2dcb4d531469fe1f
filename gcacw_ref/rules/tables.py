"""Load `tables/*.toml` through pydantic models; a bad file names the file and the field.

Each table file has a `[source]` block (seed file and rule or chart it comes from) and
the figures. Modules that use a table call `load_table("name", Model)` once (cached).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from typing import TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from gcacw_ref.errors import DataError
from gcacw_ref.i18n import _
from gcacw_ref.paths import tables_dir

M = TypeVar("M", bound=BaseModel)


class Source(BaseModel):
    """Where a table's figures come from."""

    model_config = ConfigDict(extra="forbid")

    seed: str  # e.g. "003_56b5f71750bd5483.txt"
    where: str  # e.g. "戦闘表 (combat results chart)"
    rules: list[str] = []  # rule numbers the table serves, e.g. ["7.4"]
    note: str | None = None  # our own words


def describe_validation_error(path: Path | str, exc: ValidationError) -> str:
    """One line naming the file, the first bad field and the problem."""
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "(top level)"
    if exc.error_count() > 1:
        return _("{path}: field '{where}': {problem} (and {more} more)").format(
            path=path, where=where, problem=err["msg"], more=exc.error_count() - 1
        )
    return _("{path}: field '{where}': {problem}").format(
        path=path, where=where, problem=err["msg"]
    )


def read_toml(path: Path) -> dict[str, object]:
    """Parse a TOML file, turning every failure into a `DataError` that names the file."""
    try:
        with open(path, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise DataError(_("{path}: file not found").format(path=path)) from None
    except OSError as exc:
        raise DataError(
            _("{path}: cannot read ({strerror})").format(path=path, strerror=exc.strerror)
        ) from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise DataError(_("{path}: not valid TOML ({exc})").format(path=path, exc=exc)) from None


def validate_file(path: Path, model: type[M]) -> M:
    """Read a TOML file and validate it as `model`."""
    data = read_toml(path)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DataError(describe_validation_error(path, exc)) from None


@cache
def _load_cached(name: str, model: type[BaseModel]) -> BaseModel:
    return validate_file(tables_dir() / f"{name}.toml", model)


def load_table(name: str, model: type[M]) -> M:
    """The table `tables/<name>.toml` validated as `model` (cached per process)."""
    result = _load_cached(name, model)
    assert isinstance(result, model)
    return result
