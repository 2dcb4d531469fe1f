"""`gcacw-ref bench [--json]`: the benchmark. Each area contributes a section.

A section is a module with `run() -> dict` (JSON-ready) and `render(result) -> str`.
"""

from __future__ import annotations

import argparse
import importlib
import json
from typing import Any

from gcacw_ref.commands import command_help
from gcacw_ref.errors import InputError
from gcacw_ref.i18n import _, join_list

SECTIONS = [
    "gcacw_ref.bench.search",  # search median/p95, import_s
    "gcacw_ref.bench.tui",  # startup_s
    "gcacw_ref.bench.move",  # reachable-set time
    "gcacw_ref.bench.board",  # each board question, a 20x20 board included
    "gcacw_ref.bench.play",  # full bot game, soak
    "gcacw_ref.bench.game_screen",  # game screen: one step, one step back, ready
]


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("bench", help=command_help("bench"))
    p.add_argument("--json", action="store_true", help=_("print the measurements as JSON"))
    p.add_argument(
        "--serve",
        action="store_true",
        help=_(
            "only the browser: gcacw-ref serve in Chromium (first screen, typed question, memory)"
        ),
    )
    p.add_argument(
        "--soak",
        type=int,
        metavar="N",
        help=_("only the soak: N bot games across the shipped scenarios and every bot pairing"),
    )
    p.add_argument("--seed", type=int, default=1, help=_("first seed of the soak (default 1)"))
    p.add_argument(
        "--replays",
        type=int,
        default=8,
        metavar="N",
        help=_("soak: games replayed to check their hash (default 8)"),
    )
    p.add_argument(
        "--no-coverage",
        action="store_true",
        help=_("soak: do not measure which engine lines run"),
    )
    p.add_argument(
        "--balance",
        type=int,
        metavar="N",
        help=_(
            "only the balance: N games of each shipped scenario per pairing "
            "(heuristic against heuristic and against random), wins of each side"
        ),
    )
    p.add_argument(
        "--balance-seed",
        type=int,
        metavar="S",
        help=_("first seed of the balance games (default: 1001, past the seeds used for tuning)"),
    )
    p.set_defaults(func=cmd_bench)


def cmd_bench(args: argparse.Namespace) -> int:
    if args.soak is not None or args.balance is not None:
        return _cmd_soak(args)
    sections = ["gcacw_ref.bench.serve"] if args.serve else SECTIONS
    result: dict[str, Any] = {}
    texts: list[str] = []
    for name in sections:
        module = importlib.import_module(name)
        part = module.run()
        result.update(part)
        texts.append(module.render(part))
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print("\n".join(t for t in texts if t))
        if not args.serve:
            print(measured_line(result))
    return 0


def measured_line(result: dict[str, Any]) -> str:
    """One plain sentence: what this run measured, and over which rulebooks."""
    search = result.get("search", {})
    source = search.get("source")
    if source == "seeds":
        return _(
            "Measured: import and search over the seed rulebooks (in a temporary directory), "
            "then start-up, movement and whole games."
        )
    if source == "none":
        return _(
            "No seed rulebooks and no imported book: import and search were not measured; "
            "start-up, movement and whole games were."
        )
    return _(
        "No seed rulebooks found ($GCACW_REF_SEEDS): search was measured over your imported "
        "books ({books}), import time was not measured; start-up, movement and whole games "
        "were measured as usual."
    ).format(books=join_list(search.get("books", [])))


def _cmd_soak(args: argparse.Namespace) -> int:
    # lazy: loaded only by the subcommand that needs it; --help stays fast
    from gcacw_ref.bench.balance import BALANCE_SEED, balance
    from gcacw_ref.bench.soak import soak

    if args.soak is not None and args.soak < 1:
        raise InputError(_("--soak: give a number of games, 1 or more"))
    if args.balance is not None and args.balance < 1:
        raise InputError(_("--balance: give a number of games, 1 or more"))
    out: dict[str, Any] = {}
    texts: list[str] = []
    failed = False
    if args.soak is not None:
        res = soak(args.soak, seed0=args.seed, replays=args.replays, coverage=not args.no_coverage)
        out["soak"] = res
        texts.append(soak_text(res))
        failed = bool(res["errors"] or res["hash_mismatches"] or res["oracle"]["violations"])
    if args.balance is not None:
        seed0 = BALANCE_SEED if args.balance_seed is None else args.balance_seed
        out["balance"] = balance(args.balance, seed0=seed0)
        texts.append(balance_text(out["balance"]))
    print(json.dumps(out, indent=2) if args.json else "\n".join(texts))
    return 1 if failed else 0


def balance_text(res: dict[str, Any]) -> str:
    """The balance's figures: per scenario and pairing the wins of each side, and each
    target met or not."""
    lines = [
        _("balance: {games} games a scenario and pairing, seeds {first} to {last}").format(
            games=res["games"], first=res["seeds"][0], last=res["seeds"][1]
        )
    ]
    targets = {(c["scenario"], c["pairing"]): c for c in res["checks"]}
    for name, pairings in res["scenarios"].items():
        for pairing, f in pairings.items():
            line = _(
                "{name} {pairing} (Union/Confederate): Union {union} ({union_pct}%), "
                "Confederate {confederate} ({confederate_pct}%), draws {draw}, "
                "mean Union lead {lead} VP"
            ).format(name=name, pairing=pairing, lead=f["mean_union_lead"], **f)
            check = targets.get((name, pairing))
            if check is not None:
                line += " - " + _target_text(check)
            lines.append("  " + line)
    return "\n".join(lines)


def _target_text(check: dict[str, Any]) -> str:
    if check["target"] == "even":
        text = _("target: each side wins 40 to 60 percent")
    else:
        text = _("target: the heuristic bot wins 90 percent or more")
    return text + ": " + (_("met") if check["met"] else _("NOT met"))


def oracle_lines(rep: dict[str, Any] | None) -> list[str]:
    """The rules oracle's checks and violations, in total and per rule."""
    if not rep:
        return []
    lines = [
        _("rules oracle: {checks} checks, {violations} violations").format(
            checks=rep["checks"], violations=rep["violations"]
        )
    ]
    for rule, n in rep["per_rule"].items():
        lines.append(
            "  "
            + _("{rule}: {checks} checks, {violations} violations").format(
                rule=rule, checks=n["checks"], violations=n["violations"]
            )
        )
    lines.extend(f"  ! {line}" for line in rep["examples"])
    return lines


def soak_text(res: dict[str, Any]) -> str:
    """The soak's figures as a few plain lines."""
    none = _("none")
    lines = [
        _(
            "soak: {games} games in {s} s, {errors} errors, event types missing from the play "
            "contract: {missing}, hash mismatches on replay: {mismatches} ({replayed} replayed)"
        ).format(
            games=res["games"],
            s=res["s"],
            errors=res["errors"],
            missing=join_list(res["contract_missing"]) or none,
            mismatches=len(res["hash_mismatches"]),
            replayed=res["replayed"],
        ),
        _("rules paths never reached: {paths}").format(
            paths=join_list(res["paths_missing"]) or none
        ),
        _("largest extended-march loss: {loss}").format(loss=res["extended_march_worst_loss"]),
    ]
    for name, v in res["scenarios"].items():
        lines.append(
            _("{name}: {games} games, {cpu} s CPU, slowest game {slowest} s").format(
                name=name, games=v["games"], cpu=v["cpu_s"], slowest=v["max_s"]
            )
        )
    for name, pairings in res.get("wins", {}).items():
        for pairing, won in pairings.items():
            lines.append(
                _(
                    "{name} {pairing} (Union/Confederate): wins {union}-{confederate}, "
                    "draws {draw}, of {games} games"
                ).format(
                    name=name,
                    pairing=pairing,
                    games=sum(won.values()),
                    union=won.get("union", 0),
                    confederate=won.get("confederate", 0),
                    draw=won.get("draw", 0),
                )
            )
    lines.extend(oracle_lines(res.get("oracle")))
    cov = res.get("coverage")
    if cov is None:
        lines.append(_("engine coverage: not measured (install the test extra for coverage)"))
    else:
        lines.append(
            _("engine coverage: {percent} percent of {statements} lines").format(
                percent=cov["percent"], statements=cov["statements"]
            )
        )
        for name, f in cov["files"].items():
            if f["missing"]:
                lines.append(f"  {name} {f['percent']}%: {f['missing']}")
    lines.extend(f"  {line}" for line in res["first_errors"])
    return "\n".join(lines)
