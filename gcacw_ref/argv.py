"""Global options that may stand anywhere on a command line (`--lang`, `--game`)."""

from __future__ import annotations


class MissingValue(ValueError):
    """The option ends the command line without its value."""


def take_global_option(args: list[str], name: str) -> tuple[str | None, list[str]]:
    """Take `name V` / `name=V` out of `args` wherever it stands before a `--`.

    Returns the last value given (None when absent) and the rest of the line in order;
    raises `MissingValue` when `name` is the last word."""
    value: str | None = None
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest.extend(args[i:])
            break
        if arg == name:
            if i + 1 >= len(args):
                raise MissingValue(name)
            value = args[i + 1]
            i += 2
            continue
        if arg.startswith(name + "="):
            value = arg.split("=", 1)[1]
        else:
            rest.append(arg)
        i += 1
    return value, rest
