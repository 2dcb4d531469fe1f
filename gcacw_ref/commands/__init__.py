"""Sub-commands of `gcacw-ref`. Each module has `register(subparsers)` and handlers.

Handlers return an exit code and raise `InputError` for a user's mistake; `cli.main`
turns that into one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Iterable
from typing import Any, NoReturn

from gcacw_ref.errors import one_line
from gcacw_ref.i18n import N_, _

# Each command, the module of `gcacw_ref.commands` that registers it, and its one-line help:
# `--help` and an unknown command list them from here without importing any module, and each
# module's `register` reads its help here (the order is `--help`'s).
COMMANDS: dict[str, tuple[str, str]] = {
    "books": ("text", N_("import, list and remove rulebooks")),
    "search": ("text", N_("fuzzy search the imported rulebooks")),
    "rule": ("text", N_("print a rule with its neighbours")),
    "calc": ("calc", N_("run a calculator from flags or a JSON input")),
    "ref": ("calc", N_("quick reference: sequence of play, actions, combat, retreat, recovery")),
    "discrepancies": ("calc", N_("list the register of conflicts and gaps")),
    "play": ("game", N_("play a scenario with two bots")),
    "replay": ("game", N_("replay a saved game")),
    "game": ("game", N_("open the TUI on the game screen (watch, step, play)")),
    "scenario": ("game", N_("scenario tools")),
    "board": (
        "board",
        N_("put your own board to the rules engine: check it, show it, ask about it"),
    ),
    "bench": ("bench", N_("measure search, import, startup and engine speed")),
    "serve": ("serve", N_("serve the app to a browser (a phone or a tablet at the table)")),
}


def command_help(name: str) -> str:
    """The one-line help of the command `name`, in the interface language."""
    return _(COMMANDS[name][1])


# argparse writes its own words (the usage prefix, section titles, its help option, its
# errors) in English; these are the same words through the catalog, so `--help` and a
# usage error speak the chosen language.
ARGPARSE_ERRORS = (
    (
        r"the following arguments are required: (?P<args>.*)",
        N_("the following arguments are required: {args}"),
    ),
    (r"unrecognized arguments: (?P<args>.*)", N_("unrecognized arguments: {args}")),
    (
        r"argument (?P<arg>[^:]+): invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
        N_("argument {arg}: invalid choice: {value} (choose from {choices})"),
    ),
    (
        r"argument (?P<arg>[^:]+): expected one argument",
        N_("argument {arg}: expected one argument"),
    ),
    (
        r"argument (?P<arg>[^:]+): invalid (?P<type>\w+) value: (?P<value>.*)",
        N_("argument {arg}: invalid {type} value: {value}"),
    ),
    (
        r"argument (?P<arg>[^:]+): not allowed with argument (?P<other>.*)",
        N_("argument {arg}: not allowed with argument {other}"),
    ),
    (
        r"ambiguous option: (?P<arg>\S+) could match (?P<choices>.*)",
        N_("ambiguous option: {arg} could match {choices}"),
    ),
)


def translate_argparse_error(message: str) -> str:
    """One of argparse's error messages in the interface language (as it is when unknown)."""
    for pattern, msgid in ARGPARSE_ERRORS:
        found = re.fullmatch(pattern, message)
        if found:
            return _(msgid).format(**found.groupdict())
    return message


class _Formatter(argparse.HelpFormatter):
    def add_usage(
        self,
        usage: str | None,
        actions: Iterable[argparse.Action],
        groups: Iterable[argparse._MutuallyExclusiveGroup],
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)


class Parser(argparse.ArgumentParser):
    """An argument parser in the interface language (argparse's own words through the
    catalog) whose usage errors are one line on stderr and exit 2."""

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs["add_help"] = False  # ours below, in the interface language
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", help=_("show this help and exit"))

    def format_help(self) -> str:
        """The help, its section titles closed the language's way (「オプション：」)."""
        text = super().format_help()
        for group in self._action_groups:
            if group.title:
                text = text.replace(
                    f"{group.title}:\n", _("{title}:").format(title=group.title) + "\n"
                )
        return text

    def error(self, message: str) -> NoReturn:
        text = one_line(translate_argparse_error(message))
        self.exit(2, _("gcacw-ref: {message} (see --help)").format(message=text) + "\n")
