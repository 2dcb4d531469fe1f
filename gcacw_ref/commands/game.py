"""`play`, `replay`, `scenario check` (owned by the game engine)."""

from __future__ import annotations

import argparse
import json
import secrets
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any
from unicodedata import east_asian_width

from gcacw_ref.commands import command_help
from gcacw_ref.errors import InputError, printable, quoted
from gcacw_ref.i18n import N_, _, current_language
from gcacw_ref.paths import check_write_target

if TYPE_CHECKING:  # the engine loads only for game commands (see `_output`)
    from gcacw_ref.game.play.replay import Game


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help=command_help("play"))
    p.add_argument(
        "--scenario", required=True, metavar="ID|FILE", help=_("built-in id (training) or a file")
    )
    p.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=_(
            "the dice seed: the same seed and bots give the same game "
            "(default: one is picked and printed)"
        ),
    )
    p.add_argument(
        "--bots",
        default="heuristic,heuristic",
        metavar="A,B",
        help=_("Union and Confederate bots: random, heuristic"),
    )
    p.add_argument("--json", action="store_true", help=_("print events and result as JSON"))
    p.add_argument("--save", metavar="FILE", help=_("save the game (a replay) to FILE"))
    p.add_argument(
        "--actions",
        metavar="FILE",
        help=_("a JSON list of actions to play first (by hand); the bots play the rest"),
    )
    p.set_defaults(func=cmd_play)

    r = sub.add_parser("replay", help=command_help("replay"))
    r.add_argument("file", metavar="FILE", help=_("a saved game (from play --save or the TUI)"))
    r.add_argument(
        "--verify", action="store_true", help=_("prove the replay reproduces the saved state")
    )
    r.add_argument(
        "--scenario",
        metavar="FILE",
        help=_("with --verify: the scenario file the game was played from (one not built in)"),
    )
    r.add_argument("--json", action="store_true", help=_("print events and result as JSON"))
    r.set_defaults(func=cmd_replay)

    g = sub.add_parser("game", help=command_help("game"))
    g.add_argument(
        "--scenario",
        default="training",
        metavar="ID|FILE",
        help=_("built-in id (see scenario list) or a scenario file (default training)"),
    )
    g.add_argument(
        "--seed",
        default=1,
        type=int,
        metavar="N",
        help=_("the dice seed: the same seed and bots give the same game (default 1)"),
    )
    g.add_argument(
        "--bots",
        default="human,heuristic",
        metavar="A,B",
        help=_("who plays the Union and the Confederates: human, heuristic, random"),
    )
    g.add_argument(
        "--open", metavar="SAVE", help=_("open a saved game (from play --save or the TUI)")
    )
    g.set_defaults(func=cmd_game)

    s = sub.add_parser("scenario", help=command_help("scenario"))
    ssub = s.add_subparsers(dest="scenario_command", metavar="COMMAND")
    s.set_defaults(func=lambda _args: _usage(s))
    c = ssub.add_parser("check", help=_("validate a scenario file"))
    c.add_argument("file", metavar="FILE", help=_("the scenario file (TOML or JSON)"))
    c.add_argument("--json", action="store_true", help=_("print the check's result as JSON"))
    c.set_defaults(func=cmd_scenario_check)
    sl = ssub.add_parser("list", help=_("list the built-in scenarios"))
    sl.add_argument(
        "--json", action="store_true", help=_("print the list as JSON (one object a scenario)")
    )
    sl.set_defaults(func=cmd_scenario_list)


def _usage(parser: argparse.ArgumentParser) -> int:
    raise InputError(_("scenario: choose a command: check FILE (see --help)"))


def _bots(text: str, human: bool = False) -> tuple[str, str]:
    """`--bots A,B`: the Union's and the Confederates' players (`human` too where allowed)."""
    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.game.play.bots import BOT_NAMES

    names = (*BOT_NAMES, "human") if human else BOT_NAMES
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or any(p not in names for p in parts):
        raise InputError(
            _("--bots: expected two of {names} separated by a comma, got {bots}").format(
                names=", ".join(names), bots=quoted(text)
            )
        )
    return parts[0], parts[1]


def cmd_game(args: argparse.Namespace) -> int:
    union, confederate = _bots(args.bots, human=True)
    if args.seed < 0:
        raise InputError(_("--seed: must be 0 or more (got {seed})").format(seed=args.seed))
    if args.open:
        # lazy: the engine (about 1 s to import) loads only for game commands
        from gcacw_ref.game.play.replay import read_save

        read_save(Path(args.open))  # a broken file: one line and exit 2, before the TUI
    else:
        # lazy: the engine (about 1 s to import) loads only for game commands
        from gcacw_ref.game.model.scenario import load_scenario

        load_scenario(args.scenario)
    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.tui.app import GcacwApp

    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.tui.game.dialogs import GameOptions

    options = GameOptions(args.scenario, args.seed, union, confederate, args.open)
    app = GcacwApp(game=options)
    app.run()
    return int(app.return_code or 0)


def _output(
    game: Game,
    as_json: bool,
    seed: int | None = None,
    verification: dict[str, str] | None = None,
) -> None:
    lang = current_language()
    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.game.model.log import event_json, piece_names, render_log, voice

    state = game.state
    names = piece_names(game.scenario, lang)
    done = state.result
    winner_id: str | None = done["winner"] if done else None
    vp: dict[str, int] = done["vp"] if done else state.vp
    turns: int = done["turns_played"] if done else state.turn
    if as_json:
        doc = {
            "events": [event_json(e, lang, names) for e in game.events],
            "result": {"winner": winner_id, "vp": vp, "turns_played": turns},
            "final_state_hash": state.state_hash(),
            "actions": len(game.actions),
        }
        if seed is not None:
            doc["seed"] = seed
        if verification:
            doc["verification"] = verification
        print(json.dumps(doc, ensure_ascii=False))
        return
    print(printable(render_log(game.events, lang, names)))  # unit names come from the file
    v = voice(lang, names)
    winner = v.side(winner_id) if winner_id else v(N_("not decided"))
    print(
        v(
            N_(
                "result: winner {winner}; VP Union {union}, Confederate {confederate}; "
                "turns {turns}"
            )
        ).format(
            winner=winner,
            union=vp.get("union"),
            confederate=vp.get("confederate"),
            turns=turns,
        )
    )
    print(v(N_("final state hash: {state_hash}")).format(state_hash=state.state_hash()))


def cmd_play(args: argparse.Namespace) -> int:
    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.game.model.scenario import load_scenario

    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.game.play.replay import play_bots, save_game

    union, confed = _bots(args.bots)
    seed = pick_seed() if args.seed is None else args.seed
    if seed < 0:
        raise InputError(_("--seed: must be 0 or more (got {seed})").format(seed=seed))
    if args.seed is None and not args.json:  # the JSON says it in its "seed" field
        print(_("seed {seed} (play it again with --seed {seed})").format(seed=seed))
    save_path = Path(args.save) if args.save else None
    if save_path is not None:  # before the game is played: a folder, a link, a device
        check_write_target(save_path)
    scenario = load_scenario(args.scenario)
    scripted = _read_actions(args.actions) if args.actions else None
    game = play_bots(scenario, seed, union, confed, scripted)
    if save_path is not None:
        try:
            save_game(game, save_path)
        except OSError as exc:
            raise InputError(
                _("--save: cannot write {save_path} ({strerror})").format(
                    save_path=save_path, strerror=exc.strerror
                )
            ) from None
    _output(game, args.json, seed)
    return 0


def pick_seed() -> int:
    """A fresh seed for a game the player gave none for (chance lives at the edge)."""
    return secrets.randbelow(1_000_000)


def _read_actions(source: str) -> list[Any]:
    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.commands.calc import read_json_input

    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.game.model.actions import IllegalAction, parse_action

    data = read_json_input(source)
    if not isinstance(data, list):
        raise InputError(_("{source}: expected a JSON list of actions").format(source=source))
    actions = []
    for i, item in enumerate(data, 1):
        try:
            actions.append(parse_action(item))
        except IllegalAction as exc:  # as a replay names it: which action, then why
            raise IllegalAction(f"action {i}: {exc}") from None
    return actions


def cmd_replay(args: argparse.Namespace) -> int:
    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.game.model.scenario import load_scenario
    from gcacw_ref.game.play.replay import read_save, replay_save, verify_save

    if args.scenario and not args.verify:
        raise InputError(
            _("--scenario: give it with --verify (it is what the save is checked against)")
        )
    path = Path(args.file)
    save = read_save(path)
    given = load_scenario(args.scenario) if args.scenario else None
    game = replay_save(save, str(path))
    verification: dict[str, str] | None = None
    bots = copy = None
    if args.verify:
        bots, copy = verify_save(save, game, str(path), given, args.scenario or "")
        verification = {"bots": bots, "scenario": copy}
    _output(game, args.json, verification=verification)
    if args.verify:  # verify_save() raised if anything differed
        out = sys.stderr if args.json else sys.stdout
        line = _("verified: replaying {file} reproduces the saved game exactly").format(file=path)
        print(line, file=out)
        if bots == "unverified":
            note = _(
                "not verified: the players named in the save ({bots}) (people played or "
                "dice were typed at the table, so no bot can replay their choices)"
            ).format(bots=",".join(save.bots or []))
            print(note, file=out)
        if copy == "changed":
            note = _(
                "note: the shipped scenario {id} has changed since this game was saved; the "
                "game was verified under the copy of the scenario stored in the save"
            ).format(id=game.scenario.id)
            print(note, file=out)
    return 0


def cmd_scenario_check(args: argparse.Namespace) -> int:
    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.game.model.scenario import load_scenario

    scen = load_scenario(args.file)
    info = {
        "id": scen.id,
        "ok": True,
        "units": len(scen.units),
        "leaders": len(scen.leaders),
        "turns": scen.scenario.turns,
        "map": scen.scenario.map,
    }
    if args.json:
        print(json.dumps(info, ensure_ascii=False))
    else:
        print(
            _(
                "{file}: ok - scenario {id}, {units} units, {leaders} leaders, "
                "{turns} turns on map {map}"
            ).format(
                file=printable(str(args.file)),
                id=printable(scen.id),
                units=info["units"],
                leaders=info["leaders"],
                turns=info["turns"],
                map=printable(str(info["map"])),
            )
        )
    return 0


def cmd_scenario_list(args: argparse.Namespace) -> int:
    """The built-in scenarios: a small table, or `--json` (a list of objects)."""
    # lazy: the engine (about 1 s to import) loads only for game commands
    from gcacw_ref.game.model.scenario_list import builtin_scenarios

    found = builtin_scenarios()
    if args.json:
        print(json.dumps([s.to_json() for s in found], ensure_ascii=False))
        return 0
    head = [_("id"), _("name"), _("game"), _("year"), _("turns"), _("units"), _("map")]
    japanese = current_language() == "ja"
    rows = [
        [
            s.id,
            s.name_ja if japanese and s.name_ja else s.name,
            s.game,
            str(s.year),
            str(s.turns),
            str(s.units),
            f"{s.map} ({s.map_size})",
        ]
        for s in found
    ]
    print(_table(head, rows))
    return 0


def _table(head: list[str], rows: list[list[str]]) -> str:
    """Columns padded to their widest cell (East Asian wide characters count double)."""

    def width(text: str) -> int:
        return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)

    widths = [max(width(r[i]) for r in [head, *rows]) for i in range(len(head))]
    lines = []
    for r in [head, ["-" * w for w in widths], *rows]:
        cells = [cell + " " * (w - width(cell)) for cell, w in zip(r, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)
