"""The command line as text: one decoding policy for every argument, and the global
options that may stand anywhere on it (`--lang`, `--game`).

The policy (`argument`): a command-line argument is read as UTF-8. Python hands over the
bytes it could not decode as escaped surrogates (U+DC80-U+DCFF); those are read back as
UTF-8 (a C locale without UTF-8 mode), and whatever still is not UTF-8 (a stray `\\xff`,
an encoded surrogate) becomes U+FFFD, the replacement character. So no command, no
tokenizer and no output ever meets a lone surrogate: a question with a bad byte is still
asked, and a file name with one is simply not found (exit 2, one line).
"""

from __future__ import annotations

import re

_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPED_BYTE = re.compile("[\udc80-\udcff]+")
REPLACEMENT = "\ufffd"


def well_formed(text: str) -> str:
    """`text` with every lone surrogate (which no UTF-8 output can hold) replaced by
    U+FFFD: for text decoded elsewhere that may still carry one (a JSON `\\ud800`)."""
    return _SURROGATE.sub(REPLACEMENT, text) if _SURROGATE.search(text) else text


def argument(arg: str) -> str:
    """One command-line argument as text, by the policy above."""
    if not _SURROGATE.search(arg):
        return arg
    pieces: list[str] = []
    last = 0
    for match in _ESCAPED_BYTE.finditer(arg):  # each run of bytes Python could not read
        pieces.append(arg[last : match.start()])
        raw = bytes(ord(ch) - 0xDC00 for ch in match.group())
        pieces.append(raw.decode("utf-8", errors="replace"))
        last = match.end()
    pieces.append(arg[last:])
    return well_formed("".join(pieces))


def arguments(args: list[str]) -> list[str]:
    """Every argument of a command line, by the policy above (`cli.main` applies it once,
    before any option is read, so no command sees a surrogate)."""
    return [argument(a) for a in args]


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
