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

from gcacw_ref.errors import DataError, one_line, quoted
from gcacw_ref.i18n import _
from gcacw_ref.jsonin import check_depth
from gcacw_ref.paths import read_user_bytes, tables_dir

M = TypeVar("M", bound=BaseModel)


class Source(BaseModel):
    """Where a table's figures come from."""

    model_config = ConfigDict(extra="forbid")

    seed: str  # e.g. "003_56b5f71750bd5483.txt"
    where: str  # e.g. "戦闘表 (combat results chart)"
    rules: list[str] = []  # rule numbers the table serves, e.g. ["7.4"]
    note: str | None = None  # our own words


def describe_validation_error(path: Path | str, exc: ValidationError) -> str:
    """One line naming the file, the first bad field and the problem (user text quoted)."""

    err = exc.errors()[0]
    where = ".".join(str(p) for p in err["loc"]) or "(top level)"
    more = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
    return _("{path}: field {field}: {problem}{more}").format(
        path=one_line(str(path)), field=quoted(where), problem=one_line(err["msg"][:300]), more=more
    )


def read_toml(path: Path) -> dict[str, object]:
    """Parse a TOML file, turning every failure into a `DataError` that names the file.

    Only a regular file is read (`read_user_bytes`), and a document nested too deeply
    is refused rather than overflowing the stack."""
    data = read_user_bytes(path)
    name = one_line(str(path))
    try:
        doc = tomllib.loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise DataError(_("{path}: not UTF-8 text").format(path=name)) from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(
            _("{path}: not valid TOML ({reason})").format(path=name, reason=one_line(str(exc)))
        ) from None
    except RecursionError:
        raise DataError(_("{path}: the TOML is nested too deeply").format(path=name)) from None
    check_depth(doc, name, DataError)
    return doc


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
