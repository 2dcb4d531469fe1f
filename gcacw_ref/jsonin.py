"""Reading JSON a user gave us (calculator input, actions, saves, maps) safely.

`json.loads` alone lets through what the rest of the program cannot use: `NaN`,
`Infinity` and `1e999` (not numbers a strength or a die roll can be), integers too long
to convert (more than 4,300 digits: `ValueError`), and documents nested so deep that
reading them overflows the stack (`RecursionError`). `parse_json` refuses each with a
one-line `InputError` naming the source.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, NoReturn

from gcacw_ref.errors import InputError, one_line, quoted
from gcacw_ref.i18n import _

MAX_DEPTH = 64  # far deeper than any document this program reads (a save is about 8)


class _NotANumber(ValueError):
    pass


def _constant(name: str) -> NoReturn:
    raise _NotANumber(name)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotANumber(text)
    return value


def parse_json(
    text: str,
    source: str,
    error: type[InputError] = InputError,
    object_pairs_hook: Callable[[list[tuple[str, Any]]], object] | None = None,
) -> Any:  # noqa: ANN401 -- JSON in: any document; each caller validates its shape
    """The JSON document in `text`; `error` (one line naming `source`) if it is unusable."""
    where = one_line(source)
    try:
        data = json.loads(
            text,
            parse_constant=_constant,
            parse_float=_float,
            object_pairs_hook=object_pairs_hook,
        )
    except json.JSONDecodeError as exc:
        raise error(
            _("{source}: not valid JSON ({reason}, line {line})").format(
                source=where, reason=exc.msg, line=exc.lineno
            )
        ) from None
    except _NotANumber as exc:
        raise error(
            _("{source}: {value} is not a finite number").format(
                source=where, value=quoted(str(exc), 20)
            )
        ) from None
    except RecursionError:
        raise error(_("{source}: the JSON is nested too deeply").format(source=where)) from None
    except ValueError:  # an integer with more digits than Python converts (4,300)
        raise error(
            _("{source}: a number in the JSON has too many digits").format(source=where)
        ) from None
    check_depth(data, where, error)
    return data


def check_depth(data: object, where: str, error: type[InputError] = InputError) -> None:
    """Refuse a document (JSON or TOML, already parsed) nested deeper than `MAX_DEPTH`."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise error(
                _("{source}: nested more than {depth} levels deep").format(
                    source=where, depth=MAX_DEPTH
                )
            )
        if isinstance(item, dict):
            stack.extend((v, depth + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1) for v in item)
