"""`play`, `replay`, `scenario check` (owned by the game engine)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from gcacw_ref.errors import InputError


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a scenario with two bots")
    p.add_argument(
        "--scenario", required=True, metavar="ID|FILE", help="built-in id (training) or a file"
    )
    p.add_argument("--seed", required=True, type=int, metavar="N")
    p.add_argument(
        "--bots",
        default="heuristic,heuristic",
        metavar="A,B",
        help="Union and Confederate bots: random, heuristic",
    )
    p.add_argument("--json", action="store_true", help="print events and result as JSON")
    p.add_argument("--save", metavar="FILE", help="save the game (a replay) to FILE")
    p.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the text log")
    p.add_argument(
        "--actions",
        metavar="FILE",
        help="a JSON list of actions to play first (by hand); the bots play the rest",
    )
    p.set_defaults(func=cmd_play)

    r = sub.add_parser("replay", help="replay a saved game")
    r.add_argument("file", metavar="FILE")
    r.add_argument(
        "--verify", action="store_true", help="prove the replay reproduces the saved state"
    )
    r.add_argument("--json", action="store_true")
    r.add_argument("--lang", choices=("en", "ja"), default="en")
    r.set_defaults(func=cmd_replay)

    g = sub.add_parser("game", help="open the TUI on the game screen (watch, step, play)")
    g.add_argument("--scenario", default="training", metavar="ID|FILE")
    g.add_argument("--seed", default=1, type=int, metavar="N")
    g.add_argument(
        "--bots",
        default="human,heuristic",
        metavar="A,B",
        help="who plays the Union and the Confederates: human, heuristic, random",
    )
    g.add_argument("--open", metavar="SAVE", help="open a saved game (from play --save or the TUI)")
    g.set_defaults(func=cmd_game)

    s = sub.add_parser("scenario", help="scenario tools")
    ssub = s.add_subparsers(dest="scenario_command", metavar="COMMAND")
    s.set_defaults(func=lambda _args: _usage(s))
    c = ssub.add_parser("check", help="validate a scenario file")
    c.add_argument("file", metavar="FILE")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_scenario_check)


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help()
    return 2


def _bots(text: str) -> tuple[str, str]:
    from gcacw_ref.game.bots import BOT_NAMES

    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or any(p not in BOT_NAMES for p in parts):
        raise InputError(
            f"--bots: expected two of {', '.join(BOT_NAMES)} separated by a comma, got {text!r}"
        )
    return parts[0], parts[1]


def cmd_game(args: argparse.Namespace) -> int:
    from gcacw_ref.game.bots import BOT_NAMES

    names = (*BOT_NAMES, "human")
    parts = [p.strip() for p in args.bots.split(",")]
    if len(parts) != 2 or any(p not in names for p in parts):
        raise InputError(
            f"--bots: expected two of {', '.join(names)} separated by a comma, got {args.bots!r}"
        )
    if args.seed < 0:
        raise InputError(f"--seed: must be 0 or more (got {args.seed})")
    if args.open:
        from gcacw_ref.game.replay import read_save

        read_save(Path(args.open))  # a broken file: one line and exit 2, before the TUI
    else:
        from gcacw_ref.game.scenario import load_scenario

        load_scenario(args.scenario)
    from gcacw_ref.tui.app import GcacwApp
    from gcacw_ref.tui.game.dialogs import GameOptions

    options = GameOptions(args.scenario, args.seed, parts[0], parts[1], args.open)
    app = GcacwApp(game=options)
    app.run()
    return int(app.return_code or 0)


def _output(game: Any, as_json: bool, lang: str) -> None:
    from gcacw_ref.game.log import render_log

    state = game.state
    result = state.result or {"winner": None, "vp": state.vp, "turns_played": state.turn}
    if as_json:
        doc = {
            "events": game.events,
            "result": {
                "winner": result["winner"],
                "vp": result["vp"],
                "turns_played": result["turns_played"],
            },
            "final_state_hash": state.state_hash(),
            "actions": len(game.actions),
        }
        print(json.dumps(doc, ensure_ascii=False))
        return
    print(render_log(game.events, lang))
    print(f"result: winner {result['winner']}, VP {result['vp']}, turns {result['turns_played']}")
    print(f"final state hash: {state.state_hash()}")


def cmd_play(args: argparse.Namespace) -> int:
    from gcacw_ref.game.replay import play_bots, save_game
    from gcacw_ref.game.scenario import load_scenario

    union, confed = _bots(args.bots)
    if args.seed < 0:
        raise InputError(f"--seed: must be 0 or more (got {args.seed})")
    save_path = Path(args.save) if args.save else None
    if save_path is not None and save_path.is_dir():
        raise InputError(f"--save: {save_path} is a directory")
    scenario = load_scenario(args.scenario)
    scripted = _read_actions(args.actions) if args.actions else None
    game = play_bots(scenario, args.seed, union, confed, scripted)
    if save_path is not None:
        try:
            save_game(game, save_path)
        except OSError as exc:
            raise InputError(f"--save: cannot write {save_path} ({exc.strerror})") from None
    _output(game, args.json, args.lang)
    return 0


def _read_actions(source: str) -> list[Any]:
    from gcacw_ref.commands.calc import read_json_input
    from gcacw_ref.game.actions import parse_action

    data = read_json_input(source)
    if not isinstance(data, list):
        raise InputError(f"{source}: expected a JSON list of actions")
    return [parse_action(item) for item in data]


def cmd_replay(args: argparse.Namespace) -> int:
    from gcacw_ref.game.replay import read_save, replay_save, verify

    path = Path(args.file)
    save = read_save(path)
    game = replay_save(save, str(path))
    if args.verify:
        verify(save, game, str(path))
    _output(game, args.json, args.lang)
    return 0


def cmd_scenario_check(args: argparse.Namespace) -> int:
    from gcacw_ref.game.scenario import load_scenario

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
            f"{args.file}: ok - scenario {scen.id}, {info['units']} units, "
            f"{info['leaders']} leaders, {info['turns']} turns on map {info['map']}"
        )
    return 0
