"""Every option of every command says what it does (issue 30), and `play` without a seed
picks one and says which, so the game can be played again."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from gcacw_ref.calculators import CALCULATORS, calculator
from gcacw_ref.cli import COMMAND_MODULES, build_parser, main
from gcacw_ref.commands.calc import calc_parser
from tests.child import last_line


def _missing(parser: argparse.ArgumentParser, path: list[str]) -> list[str]:
    out: list[str] = []
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out += _missing(sub, [*path, name])
            continue
        if not action.help:
            out.append(" ".join([*path, *(action.option_strings or [action.dest])]))
    return out


def test_every_option_of_every_command_has_help() -> None:
    parsers = [(build_parser(), ["gcacw-ref"])]
    parsers += [(build_parser(command), ["gcacw-ref"]) for command in COMMAND_MODULES]
    parsers += [(calc_parser(calculator(n)), ["calc", n]) for n in CALCULATORS]
    missing = [m for parser, path in parsers for m in _missing(parser, path)]
    assert missing == []


def test_play_picks_and_prints_a_seed(
    home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from gcacw_ref.commands import game

    monkeypatch.setattr(game, "pick_seed", lambda: 7)
    assert main(["play", "--scenario", "training"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "seed 7 (play it again with --seed 7)"
    assert main(["play", "--scenario", "training", "--json"]) == 0
    picked = json.loads(capsys.readouterr().out)
    assert main(["play", "--scenario", "training", "--json", "--seed", "7"]) == 0
    given = json.loads(capsys.readouterr().out)
    assert picked["seed"] == given["seed"] == 7
    assert picked["final_state_hash"] == given["final_state_hash"]


def _commands(parser: argparse.ArgumentParser) -> list[str]:
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return [name for action in subs for name in action.choices]


def test_each_command_is_registered_by_the_module_the_table_names() -> None:
    assert _commands(build_parser()) == list(COMMAND_MODULES)
    for command, module in COMMAND_MODULES.items():
        alone = _commands(build_parser(command))
        assert alone == [c for c, m in COMMAND_MODULES.items() if m == module]
    assert _commands(build_parser("no-such-command")) == list(COMMAND_MODULES)


def _helps(parser: argparse.ArgumentParser) -> dict[str, str | None]:
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return {c.dest: c.help for action in subs for c in action._choices_actions}


def test_the_short_help_lists_each_command_as_its_module_registers_it() -> None:
    real: dict[str, str | None] = {}
    for command in COMMAND_MODULES:
        real.update(_helps(build_parser(command)))
    assert _helps(build_parser()) == real
    assert real["search"] == "fuzzy search the imported rulebooks"


@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_version_and_help_import_no_command_module(flag: str, tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from gcacw_ref.cli import main\n"
        f"code = main([{flag!r}])\n"
        "heavy = [m for m in sys.modules if m.startswith(('gcacw_ref.commands.', "
        "'gcacw_ref.calculators', 'gcacw_ref.game', 'gcacw_ref.text', 'pydantic'))]\n"
        "print(code, sorted(heavy))\n"
    )
    assert last_line(code, tmp_path) == "0 []"


def test_a_search_does_not_import_the_calculators_or_the_game(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from gcacw_ref.cli import main\n"
        "main(['search', 'x'])\n"
        "print(sorted(m for m in ('gcacw_ref.calculators', 'gcacw_ref.game', "
        "'gcacw_ref.commands.calc', 'gcacw_ref.commands.game', 'textual') "
        "if m in sys.modules))\n"
    )
    assert last_line(code, tmp_path) == "[]"
