"""Standard output of a command, guarded: what a command prints can never drive the
terminal, and an output that cannot be written is one clear line and exit 2.

- Every C0 and C1 control character other than newline and tab is written as a
  `\\u00XX` escape (valid inside a JSON string, readable in text), an escape character
  included: a `\\x1b[1m` in a text is shown, never obeyed, whoever wrote it. The only
  escape sequences let through are the styles the program itself asked for with
  `style()` (bold, reverse video and their ends): a marker holding a secret drawn when
  the process starts, which no file, argument or save can know, and which the guard
  turns into the style's escape sequence.
- A character the output's encoding cannot hold (`PYTHONIOENCODING=ascii`, a C locale),
  a closed standard output, or a full disk is an `OutputError` naming the cause.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import re
import secrets
import sys
from typing import TextIO

from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _

OWN_STYLES = ("0", "1", "7", "22", "27")  # what `search`, `rule` and `ref` use on a tty
_SECRET = secrets.token_hex(8)  # this process's: text from outside cannot hold it
_MARK = "\x1b" + _SECRET
_UNSAFE = re.compile(
    re.escape(_MARK) + r"\[(?:" + "|".join(OWN_STYLES) + r")m|[\x00-\x08\x0b-\x1f\x7f-\x9f]"
)


def style(code: str) -> str:
    """One of our own text styles (`OWN_STYLES`: "1" bold, "22" its end, "7" reverse
    video, "27" its end, "0" plain), marked so that the output guard writes it as the
    escape sequence `ESC[<code>m`; everything else that looks like a style is escaped."""
    if code not in OWN_STYLES:
        raise ValueError(code)
    return f"{_MARK}[{code}m"


class OutputError(InputError):
    """The output cannot be written (its encoding, a closed stream, a full disk)."""


def _escape(match: re.Match[str]) -> str:
    got = match.group()
    return "\x1b" + got[len(_MARK) :] if len(got) > 1 else f"\\u{ord(got):04x}"


def guarded(text: str) -> str:
    """`text` with every control character but newline and tab escaped, and the styles
    marked by `style()` written as their escape sequences."""
    return _UNSAFE.sub(_escape, text)


class GuardedOutput(io.TextIOBase):
    """A text stream in front of the real standard output (see the module docstring)."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__()
        self.stream = stream

    @property
    def encoding(self) -> str:  # type: ignore[override]  # typeshed: an attribute; io: a property
        return getattr(self.stream, "encoding", None) or "utf-8"

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.stream is not None and self.stream.isatty()

    def write(self, s: str) -> int:
        if self.stream is None:
            raise OutputError(_("standard output is closed: nothing can be printed"))
        try:
            self.stream.write(guarded(s))
        except UnicodeEncodeError:
            raise OutputError(cannot_encode(self.encoding)) from None
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(cannot_write(exc)) from None
        return len(s)

    def flush(self) -> None:
        if self.stream is None:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(cannot_write(exc)) from None


def cannot_encode(encoding: str) -> str:
    name = codecs.lookup(encoding).name if _known(encoding) else encoding
    return _(
        "the output's encoding ({encoding}) cannot show this text; "
        "set PYTHONIOENCODING=utf-8 or use a UTF-8 locale"
    ).format(encoding=name)


def cannot_write(exc: OSError) -> str:
    return _("cannot write the output ({reason})").format(reason=exc.strerror or exc)


def _known(encoding: str) -> bool:
    try:
        codecs.lookup(encoding)
    except LookupError:
        return False
    return True


def discard_pending_output(stream: object) -> None:
    """After a failed write to the process's own standard output: point it at the null
    device, so the flush at exit finds nowhere to fail (else Python exits 120)."""
    real = sys.__stdout__
    if stream is None or real is None or stream is not real:
        return
    with contextlib.suppress(Exception):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, real.fileno())
        os.close(devnull)
